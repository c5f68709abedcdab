/**
 * scripts/native-modules.js: the decision logic that keeps better-sqlite3 usable by Node (tests, CLI) and by Electron
 * (the app) without rebuilding it back and forth, the scratch-copy build that must never touch the Node build, and
 * the postinstall promise that `npm ci` never fails because of it.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  BINDING_FILE,
  BUILD_INFO_FILE,
  ELECTRON_BINDING_DIR,
  ELECTRON_BINDING_PATH,
  FIX_COMMAND,
  buildElectronBinding,
  buildInfoMatches,
  classifyNodeBinding,
  electronBuildTarget,
  ensureNativeModules,
  failureAdvice,
  parseArguments,
  planNativeModules,
  readElectronPackage,
  skipBinaryDownloadRequested,
  type ElectronRebuild,
  type NativeFacts
} from '../../scripts/native-modules.js'
// @ts-expect-error plain JS helper shared with `npm start`
import { locateElectronBinary } from '../../scripts/electron-binary.js'

const root = join(import.meta.dirname, '../..')
const wanted = electronBuildTarget({
  electronVersion: '45.4.1',
  electronAbi: '140',
  platform: 'linux',
  arch: 'x64',
  sqliteVersion: '12.11.1'
})

function facts(overrides: Partial<NativeFacts> = {}): NativeFacts {
  return {
    mode: 'postinstall',
    electronBinary: { present: true },
    wanted,
    nodeBinding: 'ok',
    electronBinding: { exists: false, buildInfo: null },
    host: { platform: 'linux', arch: 'x64' },
    ...overrides
  }
}

describe('planNativeModules', () => {
  it('here (ELECTRON_SKIP_BINARY_DOWNLOAD=1): downloads nothing, builds nothing, leaves Node’s ABI alone', () => {
    const plan = planNativeModules(
      facts({ electronBinary: { present: false, reason: 'not downloaded' }, skipBinaryDownload: true })
    )
    expect(plan.binary.action).toBe('skip')
    expect(plan.node.action).toBe('keep')
    expect(plan.electron.action).toBe('skip')
    expect(plan.electron.reason).toContain('ELECTRON_SKIP_BINARY_DOWNLOAD')
    expect(plan.verify).toBe(false)
  })

  it('after a plain `npm ci` (Electron ≥ 42 downloads lazily): fetches the binary, then builds and checks the copy', () => {
    const plan = planNativeModules(facts({ electronBinary: { present: false, reason: 'not downloaded' } }))
    expect(plan.binary.action).toBe('download')
    expect(plan.electron.action).toBe('build')
    expect(plan.verify).toBe(true)
  })

  it('with the Electron binary already there: builds the Electron copy and load-checks it with Electron', () => {
    const plan = planNativeModules(facts())
    expect(plan.binary.action).toBe('keep')
    expect(plan.node.action).toBe('keep')
    expect(plan.electron.action).toBe('build')
    expect(plan.verify).toBe(true)
  })

  it('keeps an Electron copy built for exactly this target', () => {
    const plan = planNativeModules(facts({ electronBinding: { exists: true, buildInfo: { ...wanted } } }))
    expect(plan.electron.action).toBe('keep')
    expect(plan.verify).toBe(false)
  })

  it.each([
    ['another Electron version', { electronVersion: '44.0.0', abi: '139' }],
    ['another arch', { arch: 'arm64' }],
    ['another platform', { platform: 'darwin' }],
    ['another better-sqlite3 release', { betterSqlite3: '12.10.0' }]
  ])('rebuilds an Electron copy made for %s', (_label, difference) => {
    const plan = planNativeModules(
      facts({ electronBinding: { exists: true, buildInfo: { ...wanted, ...difference } } })
    )
    expect(plan.electron.action).toBe('build')
    expect(plan.electron.reason).toContain('built for something else')
  })

  it('rebuilds an Electron copy whose build-info.json is missing or unreadable', () => {
    expect(
      planNativeModules(facts({ electronBinding: { exists: true, buildInfo: null } })).electron.action
    ).toBe('build')
    expect(
      planNativeModules(facts({ electronBinding: { exists: true, buildInfo: 'garbage' } })).electron.action
    ).toBe('build')
  })

  it('does not trust build-info.json when the binary itself is gone', () => {
    const plan = planNativeModules(facts({ electronBinding: { exists: false, buildInfo: { ...wanted } } }))
    expect(plan.electron.action).toBe('build')
  })

  it.each(['abi-mismatch', 'missing', 'broken'] as const)(
    'repairs a Node build that is %s, even where Electron is absent (tests and the CLI need it)',
    (nodeBinding) => {
      const plan = planNativeModules(
        facts({ nodeBinding, electronBinary: { present: false }, skipBinaryDownload: true })
      )
      expect(plan.node.action).toBe('rebuild')
      expect(plan.electron.action).toBe('skip')
    }
  )

  it('--force rebuilds both builds even when they are current', () => {
    const plan = planNativeModules(
      facts({ mode: 'manual', force: true, electronBinding: { exists: true, buildInfo: { ...wanted } } })
    )
    expect(plan.node.action).toBe('rebuild')
    expect(plan.electron.action).toBe('build')
  })

  it('--force without the Electron binary (download skipped) cannot use an Electron copy, so it skips it', () => {
    const plan = planNativeModules(
      facts({ mode: 'manual', force: true, electronBinary: { present: false }, skipBinaryDownload: true })
    )
    expect(plan.node.action).toBe('rebuild')
    expect(plan.electron.action).toBe('skip')
  })

  describe('when packaging', () => {
    it('always needs the Electron copy (headers or a prebuild suffice; the binary does not matter)', () => {
      const plan = planNativeModules(
        facts({ mode: 'package', electronBinary: { present: false }, nodeBinding: 'not-checked' })
      )
      expect(plan.electron.action).toBe('build')
      expect(plan.node.action).toBe('keep')
      expect(plan.binary.action).toBe('keep')
      expect(plan.verify).toBe(false)
    })

    it('leaves the Node build alone, whatever its state', () => {
      expect(planNativeModules(facts({ mode: 'package', nodeBinding: 'abi-mismatch' })).node.action).toBe(
        'keep'
      )
    })

    it('reuses a matching copy and rebuilds for another arch without trying to run it on this host', () => {
      const arm = { ...wanted, arch: 'arm64' }
      expect(
        planNativeModules(
          facts({ mode: 'package', electronBinding: { exists: true, buildInfo: { ...wanted } } })
        ).electron.action
      ).toBe('keep')
      const cross = planNativeModules(
        facts({ mode: 'package', wanted: arm, electronBinding: { exists: true, buildInfo: { ...wanted } } })
      )
      expect(cross.electron.action).toBe('build')
      expect(cross.verify).toBe(false)
    })
  })
})

describe('the smaller decisions', () => {
  it('reads ELECTRON_SKIP_BINARY_DOWNLOAD as Electron’s installer did, with 0 and false meaning no', () => {
    expect(skipBinaryDownloadRequested({ ELECTRON_SKIP_BINARY_DOWNLOAD: '1' })).toBe(true)
    expect(skipBinaryDownloadRequested({ ELECTRON_SKIP_BINARY_DOWNLOAD: 'true' })).toBe(true)
    expect(skipBinaryDownloadRequested({ ELECTRON_SKIP_BINARY_DOWNLOAD: '0' })).toBe(false)
    expect(skipBinaryDownloadRequested({ ELECTRON_SKIP_BINARY_DOWNLOAD: 'false' })).toBe(false)
    expect(skipBinaryDownloadRequested({})).toBe(false)
  })

  it('buildInfoMatches compares every field of the target', () => {
    expect(buildInfoMatches({ ...wanted }, wanted)).toBe(true)
    expect(buildInfoMatches({ ...wanted, abi: '139' }, wanted)).toBe(false)
    expect(buildInfoMatches({ ...wanted, runtime: 'node' }, wanted)).toBe(false)
    expect(buildInfoMatches(null, wanted)).toBe(false)
  })

  it('classifies the errors better-sqlite3 throws when its binary does not fit', () => {
    const mismatch =
      "Error: The module '/p/node_modules/better-sqlite3/build/Release/better_sqlite3.node'\nwas compiled against a different Node.js version using\nNODE_MODULE_VERSION 140. This version of Node.js requires\nNODE_MODULE_VERSION 115."
    expect(classifyNodeBinding({ ok: false, message: mismatch })).toBe('abi-mismatch')
    expect(
      classifyNodeBinding({ ok: false, message: 'Error: Could not locate the bindings file. Tried: …' })
    ).toBe('missing')
    expect(
      classifyNodeBinding({ ok: false, message: 'Error: libc.so.6: version GLIBC_2.38 not found' })
    ).toBe('broken')
    expect(classifyNodeBinding({ ok: true })).toBe('ok')
  })

  it('parses the command line', () => {
    expect(parseArguments([])).toEqual({ mode: 'manual', force: false, arch: undefined, platform: undefined })
    expect(parseArguments(['--postinstall'])).toMatchObject({ mode: 'postinstall' })
    expect(parseArguments(['--force', '--arch', 'arm64', '--platform=darwin'])).toEqual({
      mode: 'manual',
      force: true,
      arch: 'arm64',
      platform: 'darwin'
    })
    expect(() => parseArguments(['--electron'])).toThrow(/unknown argument/)
  })

  it('every failure message outside packaging names the fix command', () => {
    expect(failureAdvice('postinstall', new Error('offline'))).toContain(FIX_COMMAND)
    expect(failureAdvice('manual', new Error('offline'))).toContain(FIX_COMMAND)
    expect(failureAdvice('package', new Error('offline'))).toContain('internet')
  })

  it('the app-side binding path is the one the build writes', () => {
    expect(ELECTRON_BINDING_PATH).toBe(`node_modules/better-sqlite3/${ELECTRON_BINDING_DIR}/${BINDING_FILE}`)
    // Outside build/, which `node-gyp rebuild` (and so `npm rebuild better-sqlite3`) deletes.
    expect(ELECTRON_BINDING_PATH.startsWith('node_modules/better-sqlite3/build/')).toBe(false)
  })

  it('reads the installed Electron’s version and ABI without its binary', () => {
    const installed = JSON.parse(readFileSync(join(root, 'node_modules/electron/package.json'), 'utf8')) as {
      version: string
    }
    const electron = readElectronPackage(root)
    expect(electron.version).toBe(installed.version)
    expect(electron.abi).toMatch(/^\d+$/)
    expect(electron.abi).not.toBe(process.versions.modules)
  })
})

describe('buildElectronBinding (with a stand-in for @electron/rebuild)', () => {
  let project: string
  let sqliteDir: string
  const nodeBuild = 'NODE-ABI BINARY'

  beforeEach(() => {
    project = mkdtempSync(join(tmpdir(), 'sd-native-'))
    sqliteDir = join(project, 'node_modules', 'better-sqlite3')
    mkdirSync(join(sqliteDir, 'build', 'Release'), { recursive: true })
    mkdirSync(join(sqliteDir, 'lib'), { recursive: true })
    writeFileSync(
      join(sqliteDir, 'package.json'),
      JSON.stringify({ name: 'better-sqlite3', version: '12.11.1' })
    )
    writeFileSync(join(sqliteDir, 'binding.gyp'), '{}')
    writeFileSync(join(sqliteDir, 'lib', 'index.js'), '')
    writeFileSync(join(sqliteDir, 'build', 'Release', BINDING_FILE), nodeBuild)
  })
  afterEach(() => rmSync(project, { recursive: true, force: true }))

  const fakeRebuild =
    (content: string): ElectronRebuild =>
    async (options) => {
      mkdirSync(join(options.buildPath, 'build', 'Release'), { recursive: true })
      writeFileSync(join(options.buildPath, 'build', 'Release', BINDING_FILE), content)
    }

  it('builds in a scratch copy and installs only the binary, never touching the Node build', async () => {
    const calls: Parameters<ElectronRebuild>[0][] = []
    const seenInScratch: boolean[] = []
    const rebuild: ElectronRebuild = async (options) => {
      calls.push(options)
      seenInScratch.push(existsSync(join(options.buildPath, 'build')))
      await fakeRebuild('ELECTRON-ABI BINARY')(options)
    }
    const installed = await buildElectronBinding({ projectDir: project, target: wanted, rebuild })

    expect(installed).toBe(join(sqliteDir, ELECTRON_BINDING_DIR, BINDING_FILE))
    expect(readFileSync(installed, 'utf8')).toBe('ELECTRON-ABI BINARY')
    expect(readFileSync(join(sqliteDir, 'build', 'Release', BINDING_FILE), 'utf8')).toBe(nodeBuild)
    expect(JSON.parse(readFileSync(join(sqliteDir, ELECTRON_BINDING_DIR, BUILD_INFO_FILE), 'utf8'))).toEqual(
      wanted
    )

    const [call] = calls
    expect(call).toMatchObject({ electronVersion: '45.4.1', platform: 'linux', arch: 'x64', force: true })
    // The scratch copy is its own project root, so @electron/rebuild cannot wander into the real package.
    expect(call?.projectRootPath).toBe(call?.buildPath)
    expect(call?.buildPath.startsWith(join(project, 'node_modules', '.cache'))).toBe(true)
    expect(seenInScratch).toEqual([false])
    expect(existsSync(join(project, 'node_modules', '.cache', 'sender-desk-native'))).toBe(false)
  })

  it('hides npm settings that would point node-gyp at Node’s headers, and restores them afterwards', async () => {
    vi.stubEnv('npm_config_nodedir', '/usr/include/node')
    vi.stubEnv('npm_config_target', '20.20.0')
    vi.stubEnv('npm_config_cache', '/keep/me')
    let during: Record<string, string | undefined> = {}
    try {
      await buildElectronBinding({
        projectDir: project,
        target: wanted,
        rebuild: async (options) => {
          during = {
            nodedir: process.env['npm_config_nodedir'],
            target: process.env['npm_config_target'],
            cache: process.env['npm_config_cache']
          }
          await fakeRebuild('E')(options)
        }
      })
      expect(during).toEqual({ nodedir: undefined, target: undefined, cache: '/keep/me' })
      expect(process.env['npm_config_nodedir']).toBe('/usr/include/node')
      expect(process.env['npm_config_target']).toBe('20.20.0')
    } finally {
      vi.unstubAllEnvs()
    }
  })

  it('a failed build leaves the previous Electron copy and the Node build as they were', async () => {
    await buildElectronBinding({
      projectDir: project,
      target: wanted,
      rebuild: fakeRebuild('OLD ELECTRON COPY')
    })
    const failing: ElectronRebuild = async () => {
      throw new Error('headers download failed')
    }
    await expect(
      buildElectronBinding({
        projectDir: project,
        target: { ...wanted, electronVersion: '46.0.0' },
        rebuild: failing
      })
    ).rejects.toThrow('headers download failed')
    expect(readFileSync(join(sqliteDir, ELECTRON_BINDING_DIR, BINDING_FILE), 'utf8')).toBe(
      'OLD ELECTRON COPY'
    )
    expect(readFileSync(join(sqliteDir, 'build', 'Release', BINDING_FILE), 'utf8')).toBe(nodeBuild)
    expect(existsSync(join(project, 'node_modules', '.cache', 'sender-desk-native'))).toBe(false)
  })

  it('refuses a build that produced no binary', async () => {
    await expect(
      buildElectronBinding({ projectDir: project, target: wanted, rebuild: async () => {} })
    ).rejects.toThrow(/produced no better_sqlite3\.node/)
    expect(existsSync(join(sqliteDir, ELECTRON_BINDING_DIR, BINDING_FILE))).toBe(false)
  })
})

describe('postinstall never breaks `npm ci`', () => {
  it('turns any failure into a warning in postinstall mode, and into an error naming the fix by hand', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'sd-native-empty-'))
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      await expect(
        ensureNativeModules({ mode: 'postinstall', projectDir: empty, log: () => {} })
      ).resolves.toBeNull()
      expect(warn.mock.calls.join('\n')).toContain(FIX_COMMAND)
      await expect(ensureNativeModules({ mode: 'manual', projectDir: empty, log: () => {} })).rejects.toThrow(
        FIX_COMMAND
      )
    } finally {
      warn.mockRestore()
      rmSync(empty, { recursive: true, force: true })
    }
  })

  const located = locateElectronBinary() as { path: string } | { missing: string }
  it.skipIf(/* runs where the Electron binary is absent, as in .ci/run */ 'path' in located)(
    'here, as .ci/run installs (ELECTRON_SKIP_BINARY_DOWNLOAD=1), the postinstall command is a quick no-op',
    () => {
      const result = spawnSync(process.execPath, ['scripts/native-modules.js', '--postinstall'], {
        cwd: root,
        encoding: 'utf8',
        env: { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '1' }
      })
      expect(result.status).toBe(0)
      expect(result.stdout).toMatch(/Node build \(ABI \d+\): keep/)
      expect(result.stdout).toMatch(/Electron binary: skip/)
      expect(result.stdout).toMatch(/Electron build: skip/)
    }
  )
})
