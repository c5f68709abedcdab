#!/usr/bin/env node
// The `sender-desk` command: runs the CLI built from src/main/cli under plain Node. `npm ci` runs no install scripts
// (see .npmrc), so nothing has built the project yet on a fresh clone: the first run builds it once.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import * as nodeModule from 'node:module'
import { homedir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

// Checked before anything loads better-sqlite3: its Node-API v10 binary crashes (SIGSEGV, no message) on Node before
// 22.14, and Node 20 lacks what the CLI uses. Only namespace imports above, so an old Node gets this far.
const [major, minor] = process.versions.node.split('.').map(Number)
if (major < 22 || (major === 22 && minor < 14)) {
  console.error(
    `sender-desk: needs Node.js 22.14 or newer; this is Node ${process.versions.node}. Install a current Node (.nvmrc says 24).`
  )
  process.exit(2)
}

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
// Node keeps the compiled code of the CLI's chunks on disk, so each later command starts without compiling them again:
// most of a fresh process's time went to loading code (issue 18). Node's default folder is the system's temporary
// folder, per user on macOS and Windows but shared by every user in Linux's /tmp, where another account could plant
// a cache entry: there it goes in the user's own cache folder.
nodeModule.enableCompileCache(
  process.platform === 'linux'
    ? join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'sender-desk', 'node-compile-cache')
    : undefined
)
const { main } = await import(pathToFileURL(built).href)
process.exitCode = await main(process.argv.slice(2))
