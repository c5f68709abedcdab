/**
 * The unpacked app as electron-builder really lays it out (Linux `dir` target), built from the real configuration
 * files by the real packaging pipeline. Only the Electron distribution is a stand-in (the binary cannot be downloaded
 * here): a file carrying Electron's fuse wire, so the fuses electron-builder flips are read back by @electron/fuses.
 * What this cannot show (real installers, a real binary's fuses, better-sqlite3 loading inside Electron) needs a
 * machine with internet: see README "Native modules" and the packaging notes.
 */
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createRequire } from 'node:module'
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '../..')
const asar = createRequire(join(root, 'package.json'))('@electron/asar') as {
  listPackage(archive: string, options?: object): string[]
  statFile(archive: string, path: string): { unpacked?: boolean }
  extractFile(archive: string, path: string): Buffer
}
const built = existsSync(join(root, 'out/main/index.js')) && existsSync(join(root, 'out/renderer/index.html'))
if (!built) console.warn('[packaged-layout] skipped: run `npm run build` first (npm test does)')

const FUSE_ON = 49
const FUSE_OFF = 48

function pack(configFile: string, workDir: string, extraConfig: object = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['test/packaging/pack-with-stand-in-electron.js', configFile, workDir, JSON.stringify(extraConfig)],
      { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] }
    )
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.on('error', reject)
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`packaging failed (${code}):\n${output}`))
    )
  })
}

async function fuses(appDir: string): Promise<Record<string, boolean>> {
  const wire = (await getCurrentFuseWire(join(appDir, 'sender-desk'))) as unknown as Record<string, number>
  const states: Record<string, boolean> = {}
  for (const [name, index] of Object.entries(FuseV1Options)) {
    if (typeof index !== 'number') continue
    expect([FUSE_ON, FUSE_OFF], name).toContain(wire[index])
    states[name] = wire[index] === FUSE_ON
  }
  return states
}

const RELEASE_FUSES = {
  RunAsNode: false,
  EnableCookieEncryption: true,
  EnableNodeOptionsEnvironmentVariable: false,
  EnableNodeCliInspectArguments: false,
  EnableEmbeddedAsarIntegrityValidation: true,
  OnlyLoadAppFromAsar: true,
  LoadBrowserProcessSpecificV8Snapshot: false,
  GrantFileProtocolExtraPrivileges: false
}

describe('the packaged app (Linux dir target, stand-in Electron)', () => {
  let work: string
  const release = (): string => join(work, 'release/dist/linux-unpacked')
  const testBuild = (): string => join(work, 'test-build/dist/linux-unpacked')

  beforeAll(async () => {
    // Packing needs the built app; npm test builds it first. Failing here beats a silent skip.
    if (!built) throw new Error('out/ is not built: run `npm run build` before this test')
    work = mkdtempSync(join(tmpdir(), 'sd-pack-'))
    await Promise.all([
      pack('electron-builder.js', join(work, 'release')),
      pack('electron-builder.test-build.js', join(work, 'test-build'))
    ])
  }, 180_000)
  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true })
  })

  it('puts the build, package.json and the icons the shell reads into app.asar', () => {
    const files = new Set(asar.listPackage(join(release(), 'resources/app.asar')))
    for (const file of [
      '/package.json',
      '/out/main/index.js',
      '/out/main/cli.js',
      '/out/preload/index.cjs',
      '/out/renderer/index.html',
      '/resources/icon.png',
      // out/main/../../resources/tray, where the shell loads its tray icons from.
      '/resources/tray/ok-linux.png',
      '/resources/tray/errorTemplate@2x.png',
      '/resources/tray/warning-dark@2x.png'
    ]) {
      expect(files.has(file), file).toBe(true)
    }
    expect([...files].some((file) => file.startsWith('/out/renderer/assets/') && file.endsWith('.js'))).toBe(
      true
    )
  })

  it('keeps sources, tests, scripts and dev tooling out', () => {
    const files = asar.listPackage(join(release(), 'resources/app.asar'))
    const topLevel = new Set(files.map((file) => file.split('/')[1]))
    expect([...topLevel].sort()).toEqual(['node_modules', 'out', 'package.json', 'resources'])
    const modules = new Set(files.filter((f) => f.startsWith('/node_modules/')).map((f) => f.split('/')[2]))
    for (const runtime of ['better-sqlite3', 'electron-log', 'qrcode', 'ws', 'zod']) {
      expect(modules.has(runtime), runtime).toBe(true)
    }
    for (const devOnly of [
      'electron',
      'electron-builder',
      'react',
      'vitest',
      'typescript',
      'playwright-core'
    ]) {
      expect(modules.has(devOnly), devOnly).toBe(false)
    }
  })

  it('ships better-sqlite3’s JavaScript and only the target’s prebuilt binaries, no sources or build folder', () => {
    const files = asar.listPackage(join(release(), 'resources/app.asar'))
    const sqlite = files.filter((file) => file.startsWith('/node_modules/better-sqlite3/'))
    expect(sqlite).toContain('/node_modules/better-sqlite3/lib/index.js')
    expect(sqlite.filter((file) => /\/(build|deps|src)\//.test(file))).toEqual([])
    // better-sqlite3 13 ships Node-API prebuilds for six targets; a Linux x64 package needs glibc's and musl's x64.
    expect(sqlite.filter((file) => file.endsWith('.node')).sort()).toEqual([
      '/node_modules/better-sqlite3/prebuilds/linux-x64.node',
      '/node_modules/better-sqlite3/prebuilds/linuxmusl-x64.node'
    ])
  })

  it('unpacks the prebuilt binary next to the asar, where Electron can load it, and packs no .node inside', () => {
    const archive = join(release(), 'resources/app.asar')
    // One Node-API binary serves Node and Electron: the one npm installed is the one the app loads.
    const binding = 'node_modules/better-sqlite3/prebuilds/linux-x64.node'
    expect(asar.statFile(archive, binding).unpacked).toBe(true)
    expect(existsSync(join(release(), 'resources/app.asar.unpacked', binding))).toBe(true)
    const packedNativeFiles = asar
      .listPackage(archive)
      .filter((file) => file.endsWith('.node'))
      .filter((file) => !asar.statFile(archive, file.slice(1)).unpacked)
    expect(packedNativeFiles).toEqual([])
  })

  it('names the Linux app as its desktop entry does, so the dock matches window and launcher', () => {
    const packaged = JSON.parse(
      asar.extractFile(join(release(), 'resources/app.asar'), 'package.json').toString('utf8')
    ) as { desktopName?: string }
    expect(packaged.desktopName).toBe('sender-desk.desktop')
  })

  it('flips every fuse of the release build to its production value', async () => {
    expect(await fuses(release())).toEqual(RELEASE_FUSES)
  })

  it('leaves only the inspect fuse on in the test build', async () => {
    expect(await fuses(testBuild())).toEqual({ ...RELEASE_FUSES, EnableNodeCliInspectArguments: true })
  })
})
