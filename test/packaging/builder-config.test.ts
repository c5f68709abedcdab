/**
 * The electron-builder configuration, loaded and schema-checked by electron-builder's own code: targets per OS, what
 * goes into app.asar, native modules, every fuse stated with its production value, and the test-build variant that
 * differs only in the inspect fuse (desktop-lessons §13 and pitfall 8).
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { FuseV1Options } from '@electron/fuses'
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config'
import { DebugLogger } from 'builder-util'
import type { Configuration, TargetConfiguration } from 'electron-builder'
import { beforeAll, describe, expect, it } from 'vitest'
// @ts-expect-error plain JS configuration file
import { macSigning } from '../../electron-builder.js'

const root = join(import.meta.dirname, '../..')
// electron-builder's own glob library, so the patterns are read the way it reads them.
const builderRequire = createRequire(resolveFromProject('app-builder-lib/package.json'))
const { minimatch } = builderRequire('minimatch') as {
  minimatch: (path: string, pattern: string, options: object) => boolean
}
const plist = builderRequire('plist') as { parse: (xml: string) => unknown }

function resolveFromProject(id: string): string {
  return createRequire(join(root, 'package.json')).resolve(id)
}

const PRODUCTION_FUSES = {
  runAsNode: false,
  enableNodeOptionsEnvironmentVariable: false,
  enableNodeCliInspectArguments: false,
  onlyLoadAppFromAsar: true,
  enableEmbeddedAsarIntegrityValidation: true,
  enableCookieEncryption: true,
  grantFileProtocolExtraPrivileges: false,
  loadBrowserProcessSpecificV8Snapshot: false
}

async function load(configFile: string | null): Promise<Configuration> {
  const config = await getConfig(root, configFile, null)
  await validateConfiguration(config, new DebugLogger(false))
  return config
}

function targetNames(targets: unknown): string[] {
  const list = Array.isArray(targets) ? targets : [targets]
  return list.map((target) => (typeof target === 'string' ? target : (target as TargetConfiguration).target))
}

/** The patterns of `files`, which electron-builder's loader normalises into `[{ filter: [...] }]`. */
function filePatterns(config: Configuration): string[] {
  const entries = Array.isArray(config.files) ? config.files : [config.files]
  return entries.flatMap((entry) => {
    if (typeof entry === 'string') return [entry]
    const filter = (entry as { filter?: string | string[] } | null)?.filter ?? []
    return Array.isArray(filter) ? filter : [filter]
  })
}

/**
 * electron-builder semantics: production node_modules are always added; otherwise a path is packed when the last
 * pattern that matches it is not a negation.
 */
function isPacked(files: string[], path: string): boolean {
  let packed = path.startsWith('node_modules/')
  for (const pattern of files) {
    const negated = pattern.startsWith('!')
    if (minimatch(path, negated ? pattern.slice(1) : pattern, { dot: true })) packed = !negated
  }
  return packed
}

let production: Configuration
let testBuild: Configuration
beforeAll(async () => {
  production = await load(null)
  testBuild = await load(join(root, 'electron-builder.test-build.js'))
})

describe('the release configuration', () => {
  it('is found by electron-builder without flags and passes its schema', () => {
    expect(production.appId).toBe('id.senderdesk.app')
    expect(production.productName).toBe('Sender Desk')
  })

  it('targets AppImage and deb on Linux, NSIS on Windows, dmg on macOS', () => {
    expect(targetNames(production.linux?.target)).toEqual(['AppImage', 'deb'])
    expect(targetNames(production.win?.target)).toEqual(['nsis'])
    expect(targetNames(production.mac?.target)).toEqual(['dmg'])
  })

  it('packs the build, the runtime resources and package.json, and nothing else of the project', () => {
    const files = filePatterns(production)
    for (const path of [
      'out/main/index.js',
      'out/main/cli.js',
      'out/preload/index.cjs',
      'out/renderer/index.html',
      'out/renderer/assets/index-abc123.js',
      'resources/icon.png',
      'resources/tray/ok-linux.png',
      'resources/tray/okTemplate@2x.png',
      'package.json',
      'node_modules/better-sqlite3/prebuilds/linux-x64.node'
    ]) {
      expect(isPacked(files, path), path).toBe(true)
    }
    for (const path of [
      'src/main/index.ts',
      'test/e2e/electron-launch.e2e.ts',
      'scripts/start.js',
      'electron-builder.js',
      'README.md',
      'out/main/index.js.map',
      'node_modules/better-sqlite3/build/Release/better_sqlite3.node',
      'node_modules/better-sqlite3/deps/sqlite3/sqlite3.c',
      'node_modules/better-sqlite3/src/better_sqlite3.cpp'
    ]) {
      expect(isPacked(files, path), path).toBe(false)
    }
  })

  it('unpacks native addons from the asar (better-sqlite3’s prebuilt binary)', () => {
    expect(production.asar).not.toBe(false)
    expect(production.asarUnpack).toContain('**/*.node')
    expect(
      minimatch('node_modules/better-sqlite3/prebuilds/win32-arm64.node', '**/*.node', { dot: true })
    ).toBe(true)
  })

  it('keeps only the target’s better-sqlite3 prebuild in each installer', () => {
    const prebuilds = [
      'darwin-arm64',
      'darwin-x64',
      'linux-arm64',
      'linux-x64',
      'linuxmusl-arm64',
      'linuxmusl-x64',
      'win32-arm64',
      'win32-x64'
    ]
    const kept = (files: string[] | undefined, arch: string): string[] => {
      // electron-builder expands ${arch} before matching.
      const expanded = (files ?? []).map((pattern) => pattern.replaceAll('${arch}', arch))
      return prebuilds.filter((name) =>
        isPacked(expanded, `node_modules/better-sqlite3/prebuilds/${name}.node`)
      )
    }
    const platformFiles = (options: { files?: unknown } | null | undefined): string[] =>
      filePatterns({ files: options?.files } as Configuration)
    expect(kept(platformFiles(production.linux), 'x64')).toEqual(['linux-x64', 'linuxmusl-x64'])
    expect(kept(platformFiles(production.linux), 'arm64')).toEqual(['linux-arm64', 'linuxmusl-arm64'])
    expect(kept(platformFiles(production.win), 'x64')).toEqual(['win32-x64'])
    expect(kept(platformFiles(production.mac), 'arm64')).toEqual(['darwin-arm64'])
    expect(kept(platformFiles(production.mac), 'x64')).toEqual(['darwin-x64'])
    // A platform's list replaces the top-level one, so each must still carry the app itself.
    for (const options of [production.linux, production.win, production.mac]) {
      expect(isPacked(platformFiles(options), 'out/main/index.js')).toBe(true)
      expect(isPacked(platformFiles(options), 'src/main/index.ts')).toBe(false)
    }
  })

  it('rebuilds nothing and runs no packaging hooks: the prebuilds load in Electron as they are', () => {
    expect(production.npmRebuild).toBe(false)
    expect(production.beforePack).toBeUndefined()
    expect(production.afterAllArtifactBuild).toBeUndefined()
  })

  it('states every fuse electron-builder and @electron/fuses know, with the production values', () => {
    expect(production.electronFuses).toEqual(PRODUCTION_FUSES)

    const schema = JSON.parse(readFileSync(resolveFromProject('app-builder-lib/scheme.json'), 'utf8')) as {
      definitions: { FuseOptionsV1: { properties: Record<string, unknown> } }
    }
    const builderFuses = Object.keys(schema.definitions.FuseOptionsV1.properties).filter(
      (key) => key !== 'resetAdHocDarwinSignature'
    )
    const wireFuses = Object.keys(FuseV1Options)
      .filter((key) => Number.isNaN(Number(key)))
      .map((name) => name[0]!.toLowerCase() + name.slice(1))
    for (const fuse of [...builderFuses, ...wireFuses]) {
      expect(typeof (production.electronFuses as Record<string, unknown>)[fuse], fuse).toBe('boolean')
    }
  })

  it('Linux: desktop entry with categories, deb depending on libsecret for safeStorage', () => {
    expect(production.linux?.category).toBe('Network')
    const entry = (production.linux?.desktop as { entry: Record<string, string> }).entry
    // Electron takes WM_CLASS / the Wayland app_id from package.json's desktopName (without ".desktop"); the entry
    // electron-builder writes is named after executableName and must claim that class.
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { desktopName?: string }
    expect(pkg.desktopName).toBe(`${production.linux?.executableName}.desktop`)
    expect(entry['StartupWMClass']).toBe(pkg.desktopName?.replace(/\.desktop$/, ''))
    expect(entry['Categories']).toMatch(/^Network;/)
    expect(entry['Name']).toBe('Sender Desk')
    expect(production.deb?.depends).toContain('libsecret-1-0')
    expect(production.linux?.executableName).toBe('sender-desk')
  })

  it('Windows: per-user NSIS with shortcuts, keeping the operator’s data on uninstall', () => {
    expect(production.nsis).toMatchObject({
      perMachine: false,
      allowElevation: false,
      createDesktopShortcut: true,
      createStartMenuShortcut: true,
      deleteAppDataOnUninstall: false
    })
  })

  it('macOS: signs ad hoc when no identity is configured, hardened runtime with a real one', () => {
    expect(macSigning({})).toEqual({ identity: '-', hardenedRuntime: false })
    expect(macSigning({ CSC_LINK: 'cert.p12' })).toEqual({ hardenedRuntime: true })
    expect(macSigning({ CSC_NAME: 'Developer ID Application: Someone' })).toEqual({ hardenedRuntime: true })
    const expected = macSigning(process.env)
    expect(production.mac?.identity).toBe(expected.identity)
    expect(production.mac?.hardenedRuntime).toBe(expected.hardenedRuntime)
  })

  it('macOS: a valid entitlements plist that grants only the JIT', () => {
    for (const file of [production.mac?.entitlements, production.mac?.entitlementsInherit]) {
      expect(file).toBe('build/entitlements.mac.plist')
      const parsed = plist.parse(readFileSync(join(root, file as string), 'utf8'))
      expect(parsed).toEqual({ 'com.apple.security.cs.allow-jit': true })
    }
  })

  it('uses the 512×512 app icon on every platform', () => {
    for (const icon of [production.linux?.icon, production.win?.icon, production.mac?.icon]) {
      expect(icon).toBe('resources/icon.png')
    }
    const png = readFileSync(join(root, 'resources/icon.png'))
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG')
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([512, 512])
  })
})

describe('the test build (for Playwright)', () => {
  it('differs from the release only in the inspect fuse, its output folder and its artifact names', () => {
    expect(testBuild.electronFuses).toEqual({ ...PRODUCTION_FUSES, enableNodeCliInspectArguments: true })
    expect(testBuild.directories?.output).toBe('dist/test-build')

    const withoutNames = (config: Configuration): unknown =>
      JSON.parse(
        JSON.stringify(config, (key, value: unknown) =>
          key === 'artifactName' || key === 'electronFuses' || key === 'output' ? undefined : value
        )
      )
    expect(withoutNames(testBuild)).toEqual(withoutNames(production))

    for (const name of [
      testBuild.artifactName,
      testBuild.deb?.artifactName,
      testBuild.nsis?.artifactName,
      testBuild.dmg?.artifactName
    ]) {
      expect(name).toContain('test-build')
    }
  })
})

describe('package.json', () => {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    productName: string
    dependencies: Record<string, string>
    devDependencies: Record<string, string>
    scripts: Record<string, string>
  }

  it('ships better-sqlite3 as a production dependency and names the app as the OS shows it', () => {
    expect(pkg.dependencies['better-sqlite3']).toBeDefined()
    expect(pkg.devDependencies['better-sqlite3']).toBeUndefined()
    // Electron derives the userData folder (~/.config/Sender Desk, …) from productName.
    expect(pkg.productName).toBe('Sender Desk')
  })

  it('runs no install-time script (ignore-scripts makes them dead code) and builds before every packaging script', () => {
    for (const script of ['preinstall', 'install', 'postinstall', 'prepare', 'rebuild:native']) {
      expect(pkg.scripts[script], script).toBeUndefined()
    }
    expect(readFileSync(join(root, '.npmrc'), 'utf8')).toMatch(/^ignore-scripts=true$/m)
    for (const script of ['dist', 'dist:linux', 'dist:win', 'dist:mac', 'dist:test']) {
      expect(pkg.scripts[script], script).toMatch(/^npm run build && electron-builder .*--publish never$/)
    }
    expect(pkg.scripts['dist:test']).toContain('--config electron-builder.test-build.js')
  })
})
