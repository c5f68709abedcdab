#!/usr/bin/env node
// The `sender-desk` command: runs the CLI built from src/main/cli under plain Node. `npm ci` runs no install scripts
// (see .npmrc), so nothing has built the project yet on a fresh clone: the first run builds it once.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath, pathToFileURL } from 'node:url'

const projectDir = fileURLToPath(new URL('..', import.meta.url))
const built = fileURLToPath(new URL('../out/main/cli.js', import.meta.url))
const builder = fileURLToPath(new URL('../node_modules/electron-vite/bin/electron-vite.js', import.meta.url))

if (!existsSync(built)) {
  if (!existsSync(builder)) {
    console.error(
      'sender-desk: the CLI is not built and electron-vite is missing; run `npm ci` in the Sender Desk folder.'
    )
    process.exit(2)
  }
  // stderr, so a script reading the CLI's JSON from stdout is not disturbed by the build's output.
  console.error('sender-desk: first run after install, building the project once (npm run build)…')
  const build = spawnSync(process.execPath, [builder, 'build'], {
    cwd: projectDir,
    stdio: ['ignore', process.stderr, process.stderr]
  })
  if (build.status !== 0 || !existsSync(built)) {
    console.error('sender-desk: the build failed (output above); fix it and run `npm run build`.')
    process.exit(2)
  }
}
const { main } = await import(pathToFileURL(built).href)
process.exitCode = await main(process.argv.slice(2))
