// `npm run bench`: runs every benchmark and prints its same-run ratios (no thresholds; numbers are for reading).
// `npm run bench -- <word>` runs only the sections whose title contains the word (e.g. `memory`).
import { runCampaignImportBench } from './campaign-import'
import { runCampaignImportMemoryBench } from './campaign-import-memory'
import { runCampaignPacingBench } from './campaign-pacing'
import { runDevicesBench } from './devices'
import { runInboxRelayBench } from './inbox-relay'
import { runInboxBench } from './inbox'
import { runOutboxBench } from './outbox'
import { runSandboxBench } from './sandbox'
import { runWindowBench } from './window'
import { runWindowCampaignBench } from './window-campaign'
import { runWindowInboxBench } from './window-inbox'

console.log(`sender-desk bench — node ${process.version}, ${process.platform}/${process.arch}`)
const only = process.argv[2]
const sections: [string, () => Promise<unknown>][] = [
  ['outbox', runOutboxBench],
  ['campaign import', runCampaignImportBench],
  ['campaign import at its limits (memory, 1,000,000 rows)', runCampaignImportMemoryBench],
  ['campaign pacing (sandbox timestamps)', runCampaignPacingBench],
  ['devices (50 polled vs a bare polling client)', runDevicesBench],
  ['inbox (100,000 messages in 5,000 conversations)', runInboxBench],
  ['sandbox', runSandboxBench],
  ['messages in (relay: webhook → desktop latency, a week of catch-up)', runInboxRelayBench],
  ['window (Chromium over the browser harness)', runWindowBench],
  ['campaign import in the window (Chromium over the browser harness)', runWindowCampaignBench],
  ['the inbox in the window (Chromium over the browser harness)', runWindowInboxBench]
]
for (const [title, run] of sections) {
  if (only !== undefined && !title.includes(only)) continue
  console.log(`\n# ${title}`)
  await run()
}
