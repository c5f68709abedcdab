// Runs after `npm ci`/`npm install`: builds the app so the `sender-desk` CLI works straight away.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

if (!existsSync('node_modules/electron-vite')) process.exit(0) // installed as a dependency elsewhere
const result = spawnSync(process.execPath, ['node_modules/electron-vite/bin/electron-vite.js', 'build'], {
  stdio: 'inherit'
})
process.exit(result.status ?? 1)
