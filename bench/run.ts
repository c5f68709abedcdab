// `npm run bench`: runs every benchmark and prints its same-run ratios (no thresholds; numbers are for reading).
import { runCampaignImportBench } from './campaign-import'
import { runCampaignPacingBench } from './campaign-pacing'
import { runDevicesBench } from './devices'
import { runOutboxBench } from './outbox'
import { runSandboxBench } from './sandbox'
import { runWindowBench } from './window'
import { runWindowCampaignBench } from './window-campaign'

console.log(`sender-desk bench — node ${process.version}, ${process.platform}/${process.arch}`)
console.log('\n# outbox')
await runOutboxBench()
console.log('\n# campaign import')
await runCampaignImportBench()
console.log('\n# campaign pacing (sandbox timestamps)')
await runCampaignPacingBench()
console.log('\n# devices (50 polled vs a bare polling client)')
await runDevicesBench()
console.log('\n# sandbox')
await runSandboxBench()
console.log('\n# window (Chromium over the browser harness)')
await runWindowBench()
console.log('\n# campaign import in the window (Chromium over the browser harness)')
await runWindowCampaignBench()
