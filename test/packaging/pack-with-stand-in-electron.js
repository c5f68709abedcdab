// Runs the real electron-builder packaging pipeline (Linux, `dir` target) against a stand-in Electron distribution,
// because the real Electron binary cannot be downloaded on the offline test machine. The stand-in is a file with
// Electron's fuse wire in it, so @electron/fuses flips and reads it exactly as it would the real binary.
// Usage (by test/packaging/packaged-layout.test.ts):
//   node pack-with-stand-in-electron.js <electron-builder config file> <work dir> [extra config JSON]
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import builder from 'electron-builder'

/** Electron's default fuse wire for the eight V1 fuses ('1' on, '0' off), as in an unflipped Electron 45 binary. */
export const DEFAULT_FUSE_WIRE = '10110001'
const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX'
const FUSE_WIRE_VERSION = 1

export function writeStandInElectron(dir) {
  mkdirSync(join(dir, 'resources'), { recursive: true })
  const wire = Buffer.from(DEFAULT_FUSE_WIRE, 'ascii')
  const binary = Buffer.concat([
    Buffer.from('stand-in for the electron executable\n'),
    Buffer.from(FUSE_SENTINEL, 'ascii'),
    Buffer.from([FUSE_WIRE_VERSION, wire.length]),
    wire,
    Buffer.from('\n')
  ])
  writeFileSync(join(dir, 'electron'), binary, { mode: 0o755 })
  writeFileSync(join(dir, 'chrome-sandbox'), 'stand-in', { mode: 0o755 })
  writeFileSync(join(dir, 'LICENSE'), 'stand-in')
}

async function main() {
  const [configFile, workDir, extraJson] = process.argv.slice(2)
  const projectDir = resolve(import.meta.dirname, '../..')
  const electronDist = join(workDir, 'electron-dist')
  writeStandInElectron(electronDist)
  await builder.build({
    projectDir,
    targets: builder.Platform.LINUX.createTarget('dir', builder.Arch.x64),
    publish: 'never',
    config: {
      // electron-builder loads this file with its own loader and merges the settings below over it.
      extends: resolve(projectDir, configFile),
      ...JSON.parse(extraJson ?? '{}'),
      electronDist,
      electronVersion: JSON.parse(
        readFileSync(join(projectDir, 'node_modules/electron/package.json'), 'utf8')
      ).version,
      directories: { output: join(workDir, 'dist') }
    }
  })
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  main().catch((error) => {
    console.error(error)
    process.exit(1)
  })
}
