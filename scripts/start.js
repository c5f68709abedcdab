// `npm start`: build and launch the app with Electron, or say in one line why it cannot here.
import { spawnSync } from 'node:child_process'
import { locateElectronBinary } from './electron-binary.js'

const found = locateElectronBinary()
if ('missing' in found) {
  console.error(
    `Sender Desk cannot start: ${found.missing}. Without Electron you can still use \`npx sender-desk\` (CLI) and \`npm run harness\` (the window in a browser).`
  )
  process.exit(1)
}
const result = spawnSync(process.execPath, ['node_modules/electron-vite/bin/electron-vite.js', 'preview'], {
  stdio: 'inherit'
})
process.exit(result.status ?? 1)
