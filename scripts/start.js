// `npm start`: fetch Electron's binary on first use, build and launch the app, or say in one line why it cannot here.
import { spawnSync } from 'node:child_process'
import { planElectronStart } from './electron-binary.js'

const CANNOT_START_HINT =
  'Without Electron you can still use `npx sender-desk` (CLI) and `npm run harness` (the window in a browser).'

let plan = planElectronStart()
if (plan.kind === 'install') {
  console.log('Sender Desk: downloading the Electron binary (first start after npm ci)…')
  const install = spawnSync(process.execPath, [plan.installer], { stdio: 'inherit' })
  plan = planElectronStart()
  if (install.status !== 0 || plan.kind !== 'launch') {
    console.error(
      `Sender Desk cannot start: Electron's installer could not download the binary (exit ${install.status ?? 'killed'}; output above). ${CANNOT_START_HINT}`
    )
    process.exit(1)
  }
}
if (plan.kind === 'refuse') {
  console.error(`Sender Desk cannot start: ${plan.reason}. ${CANNOT_START_HINT}`)
  process.exit(1)
}
// `npm start -- <switches>` hands the switches to the app (e.g. --sandbox-webhooks-to-this-computer).
const appSwitches = process.argv.slice(2)
const result = spawnSync(
  process.execPath,
  [
    'node_modules/electron-vite/bin/electron-vite.js',
    'preview',
    ...(appSwitches.length > 0 ? ['--', ...appSwitches] : [])
  ],
  { stdio: 'inherit' }
)
process.exit(result.status ?? 1)
