#!/usr/bin/env node
// The `sender-desk` command: runs the CLI built from src/main/cli under plain Node.
import { existsSync } from 'node:fs'
import { fileURLToPath, pathToFileURL } from 'node:url'

const built = fileURLToPath(new URL('../out/main/cli.js', import.meta.url))
if (!existsSync(built)) {
  console.error('sender-desk: the CLI is not built yet; run `npm run build` in the Sender Desk folder.')
  process.exit(2)
}
const { main } = await import(pathToFileURL(built).href)
process.exitCode = await main(process.argv.slice(2))
