// Keeps better-sqlite3 usable by both runtimes without rebuilding it back and forth (desktop-lessons pitfall 3).
//
//   node_modules/better-sqlite3/build/Release/better_sqlite3.node   Node's ABI: vitest, the CLI, the benchmarks
//   node_modules/better-sqlite3/build-electron/better_sqlite3.node  Electron's ABI: the app, loaded through
//                                                                   better-sqlite3's `nativeBinding` option
//
// The Electron copy is compiled (or downloaded as a prebuild) in a scratch copy of the package, so the Node build is
// never touched, and it lives outside build/ because `node-gyp rebuild` wipes build/. build-info.json next to it
// records what it was built for; a copy that does not match the installed Electron is rebuilt.
//
// Electron (≥ 42) no longer downloads its binary when installed, yet electron-vite and `npm start` need it in
// node_modules/electron/dist. So after `npm ci` this also fetches it with Electron's own installer, unless
// ELECTRON_SKIP_BINARY_DOWNLOAD is set (offline machines: then everything stays on Node's ABI).
//
// Runs as `postinstall` (never fails `npm ci`), from the electron-builder config before packaging each arch, and by
// hand: `npm run rebuild:native`.
// The decisions are pure functions (planNativeModules and friends), tested in test/packaging/native-modules.test.ts.
import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { locateElectronBinary } from './electron-binary.js'

export const SQLITE_PACKAGE = 'better-sqlite3'
export const BINDING_FILE = 'better_sqlite3.node'
/** Inside node_modules/better-sqlite3; not under build/, which `node-gyp rebuild` deletes. */
export const ELECTRON_BINDING_DIR = 'build-electron'
export const BUILD_INFO_FILE = 'build-info.json'
/** Where the app finds its binding, relative to the project (or app.asar) root. */
export const ELECTRON_BINDING_PATH = `node_modules/${SQLITE_PACKAGE}/${ELECTRON_BINDING_DIR}/${BINDING_FILE}`
/** The one command that repairs both builds; quoted in the README and in every failure message. */
export const FIX_COMMAND = 'npm run rebuild:native'

const PROJECT_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const LOG_PREFIX = 'native-modules:'

// ---------------------------------------------------------------------------------------------------------------
// Pure decision logic
// ---------------------------------------------------------------------------------------------------------------

/**
 * What an Electron-ABI build is for. Two builds are interchangeable only when every field matches: the ABI alone is
 * not enough (a better-sqlite3 upgrade changes the native code; an arch change needs another binary).
 * @param {{ electronVersion: string, electronAbi: string | null, platform: string, arch: string, sqliteVersion: string }} facts
 */
export function electronBuildTarget({ electronVersion, electronAbi, platform, arch, sqliteVersion }) {
  return {
    runtime: 'electron',
    electronVersion,
    abi: electronAbi,
    platform,
    arch,
    betterSqlite3: sqliteVersion
  }
}

/** True when a recorded build-info.json describes exactly the wanted target. */
export function buildInfoMatches(recorded, wanted) {
  if (!recorded || typeof recorded !== 'object') return false
  return ['runtime', 'electronVersion', 'abi', 'platform', 'arch', 'betterSqlite3'].every(
    (key) => recorded[key] === wanted[key]
  )
}

/**
 * Classifies the result of loading better-sqlite3 under plain Node.
 * @param {{ ok: boolean, message?: string }} probe
 * @returns {'ok' | 'abi-mismatch' | 'missing' | 'broken'}
 */
export function classifyNodeBinding(probe) {
  if (probe.ok) return 'ok'
  const message = probe.message ?? ''
  if (/NODE_MODULE_VERSION|compiled against a different Node\.js version/i.test(message))
    return 'abi-mismatch'
  if (/Could not locate the bindings file|Cannot find module '[^']*better_sqlite3\.node'/i.test(message)) {
    return 'missing'
  }
  return 'broken'
}

/** ELECTRON_SKIP_BINARY_DOWNLOAD as Electron's installer used to read it, except that "0" and "false" mean no. */
export function skipBinaryDownloadRequested(env) {
  const value = (env.ELECTRON_SKIP_BINARY_DOWNLOAD ?? '').trim().toLowerCase()
  return value !== '' && value !== '0' && value !== 'false'
}

/**
 * Decides what to download and rebuild. Modes:
 *   postinstall  after `npm ci`: repair what is broken, build the Electron copy only where Electron can run
 *   manual       `npm run rebuild:native`: same, and --force rebuilds both
 *   package      electron-builder beforePack: the Electron copy for the packaged platform/arch is mandatory
 *                (it needs Electron's headers or a prebuild, not the Electron binary); the Node build is left alone
 * @param {{
 *   mode: 'postinstall' | 'manual' | 'package',
 *   force?: boolean,
 *   electronBinary: { present: boolean, reason?: string },
 *   skipBinaryDownload?: boolean,
 *   wanted: ReturnType<typeof electronBuildTarget>,
 *   nodeBinding: 'ok' | 'abi-mismatch' | 'missing' | 'broken' | 'not-checked',
 *   electronBinding: { exists: boolean, buildInfo: unknown },
 *   host: { platform: string, arch: string }
 * }} facts
 */
export function planNativeModules(facts) {
  const { mode, electronBinary, wanted, nodeBinding, electronBinding, host } = facts
  const force = facts.force === true
  const target = `Electron ${wanted.electronVersion} (ABI ${wanted.abi ?? '?'}) ${wanted.platform}-${wanted.arch}`

  let node
  if (mode === 'package') node = { action: 'keep', reason: 'packaging leaves the Node build alone' }
  else if (force) node = { action: 'rebuild', reason: 'rebuild requested (--force)' }
  else if (nodeBinding === 'ok') node = { action: 'keep', reason: "loads under this Node's ABI" }
  else if (nodeBinding === 'not-checked') node = { action: 'keep', reason: 'not checked' }
  else if (nodeBinding === 'abi-mismatch') {
    node = {
      action: 'rebuild',
      reason:
        'build/Release was compiled for another ABI (Electron, or an older Node) and tests or the CLI would fail'
    }
  } else if (nodeBinding === 'missing') node = { action: 'rebuild', reason: 'build/Release has no binary' }
  else node = { action: 'rebuild', reason: 'the Node build does not load' }

  let binary
  if (mode === 'package') binary = { action: 'keep', reason: 'packaging brings its own Electron' }
  else if (electronBinary.present) binary = { action: 'keep', reason: 'installed' }
  else if (facts.skipBinaryDownload) {
    binary = { action: 'skip', reason: 'ELECTRON_SKIP_BINARY_DOWNLOAD is set' }
  } else
    binary = { action: 'download', reason: 'Electron no longer downloads it on install; npm start needs it' }
  const binaryAvailable = binary.action === 'download' || electronBinary.present

  const upToDate = electronBinding.exists && buildInfoMatches(electronBinding.buildInfo, wanted)
  const stale = electronBinding.exists
    ? 'the existing copy was built for something else'
    : 'there is no copy yet'
  let electron
  if (mode === 'package') {
    electron =
      upToDate && !force
        ? { action: 'keep', reason: `already built for ${target}` }
        : { action: 'build', reason: `packaging needs a build for ${target}; ${stale}` }
  } else if (!binaryAvailable) {
    electron = {
      action: 'skip',
      reason: `no Electron binary to run it with, so better-sqlite3 stays on Node's ABI only (${binary.action === 'skip' ? binary.reason : (electronBinary.reason ?? 'not downloaded')})`
    }
  } else if (upToDate && !force) {
    electron = { action: 'keep', reason: `already built for ${target}` }
  } else {
    electron = {
      action: 'build',
      reason: force ? `rebuild requested (--force) for ${target}` : `${stale}; building for ${target}`
    }
  }

  // A fresh Electron copy is load-checked with the Electron binary itself when that binary can run it.
  const verify =
    electron.action === 'build' &&
    binaryAvailable &&
    wanted.platform === host.platform &&
    wanted.arch === host.arch

  return { binary, node, electron, verify, target }
}

/**
 * Parses the command line of `node scripts/native-modules.js`.
 * @param {string[]} argv
 */
export function parseArguments(argv) {
  const options = { mode: 'manual', force: false, arch: undefined, platform: undefined }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]
    const [flag, inlineValue] = arg.split('=', 2)
    const value = () => inlineValue ?? argv[++i]
    if (flag === '--postinstall') options.mode = 'postinstall'
    else if (flag === '--force') options.force = true
    else if (flag === '--arch') options.arch = value()
    else if (flag === '--platform') options.platform = value()
    else
      throw new Error(
        `unknown argument ${arg} (expected --postinstall, --force, --arch <arch>, --platform <platform>)`
      )
  }
  return options
}

/** The message for a failure: what failed, why it matters, and the command that fixes it. */
export function failureAdvice(mode, error) {
  const why = error instanceof Error ? error.message : String(error)
  if (mode === 'package') {
    return `could not build better-sqlite3 for Electron before packaging: ${why}. Packaging needs internet access (Electron headers or a better-sqlite3 prebuild).`
  }
  return `could not prepare Electron's native modules: ${why}. Tests and the CLI are unaffected if the Node build loads; to start the app, fix the cause and run \`${FIX_COMMAND}\`.`
}

// ---------------------------------------------------------------------------------------------------------------
// Facts from the file system (small, separately injectable for tests)
// ---------------------------------------------------------------------------------------------------------------

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'))
  } catch {
    return null
  }
}

/** The installed Electron's version and NODE_MODULE_VERSION, read without its binary. */
export function readElectronPackage(projectDir) {
  const packageDir = join(projectDir, 'node_modules', 'electron')
  const version = readJson(join(packageDir, 'package.json'))?.version
  if (!version) throw new Error('the electron package is not installed (run npm ci)')
  let abi = existsSync(join(packageDir, 'abi_version'))
    ? readFileSync(join(packageDir, 'abi_version'), 'utf8').trim()
    : null
  if (!abi) {
    try {
      abi = createRequire(join(projectDir, 'package.json'))('node-abi').getAbi(version, 'electron')
    } catch {
      abi = null
    }
  }
  return { version, abi }
}

export function sqlitePackageDir(projectDir) {
  return join(projectDir, 'node_modules', SQLITE_PACKAGE)
}

/** Loads better-sqlite3 with this Node in a child process (a failed dlopen cannot be unloaded). */
export function probeNodeBinding(projectDir) {
  const result = spawnSync(
    process.execPath,
    ['-e', "const Database = require('better-sqlite3'); new Database(':memory:').close()"],
    { cwd: projectDir, encoding: 'utf8' }
  )
  return { ok: result.status === 0, message: `${result.stderr ?? ''}${result.error?.message ?? ''}` }
}

// ---------------------------------------------------------------------------------------------------------------
// Actions
// ---------------------------------------------------------------------------------------------------------------

function runNpm(args, cwd) {
  // Inside an npm lifecycle script npm_execpath points at npm's own CLI; elsewhere use the npm on PATH.
  const npmCli = process.env.npm_execpath
  const result = npmCli
    ? spawnSync(process.execPath, [npmCli, ...args], { cwd, stdio: 'inherit' })
    : spawnSync('npm', args, { cwd, stdio: 'inherit', shell: process.platform === 'win32' })
  if (result.status !== 0)
    throw new Error(`npm ${args.join(' ')} exited with ${result.status ?? result.error?.message}`)
}

/** Runs the installer the electron package ships (idempotent: it returns at once when the binary is there). */
export function downloadElectronBinary(projectDir) {
  const installer = join(projectDir, 'node_modules', 'electron', 'install.js')
  const result = spawnSync(process.execPath, [installer], { cwd: projectDir, stdio: 'inherit' })
  if (result.status !== 0) {
    throw new Error(
      `downloading the Electron binary failed (exit ${result.status ?? result.error?.message}); without internet access install with ELECTRON_SKIP_BINARY_DOWNLOAD=1`
    )
  }
}

/** Rebuilds build/Release for this Node (better-sqlite3's own install script: prebuild-install, else node-gyp). */
export function rebuildNodeBinding(projectDir) {
  runNpm(['rebuild', SQLITE_PACKAGE], projectDir)
}

async function loadElectronRebuild(projectDir) {
  const requireFromProject = createRequire(join(projectDir, 'package.json'))
  let entry
  try {
    entry = requireFromProject.resolve('@electron/rebuild')
  } catch {
    // Not a direct dependency: use the copy electron-builder itself rebuilds with.
    const builderLib = dirname(requireFromProject.resolve('app-builder-lib/package.json'))
    entry = createRequire(join(builderLib, 'package.json')).resolve('@electron/rebuild')
  }
  const module = await import(pathToFileURL(entry).href)
  return module.rebuild
}

/**
 * Builds the Electron copy in a scratch copy of the package, then moves just the binary into place.
 * @param {{ projectDir: string, target: ReturnType<typeof electronBuildTarget>, rebuild?: Function, log?: Function }} options
 */
export async function buildElectronBinding({ projectDir, target, rebuild, log = () => {} }) {
  const packageDir = sqlitePackageDir(projectDir)
  // Under node_modules so @electron/rebuild finds prebuild-install by walking up from the scratch copy.
  const scratchRoot = join(projectDir, 'node_modules', '.cache', 'sender-desk-native')
  const scratchPackage = join(scratchRoot, `${SQLITE_PACKAGE}-${target.platform}-${target.arch}`)
  rmSync(scratchPackage, { recursive: true, force: true })
  mkdirSync(scratchRoot, { recursive: true })
  const skipped = new Set(
    ['build', ELECTRON_BINDING_DIR, 'node_modules', 'prebuilds'].map((name) => join(packageDir, name))
  )
  cpSync(packageDir, scratchPackage, { recursive: true, filter: (source) => !skipped.has(source) })

  // node-gyp reads npm_config_* from the environment: a global `nodedir` (common on offline machines) or `target`
  // would silently compile against Node's headers instead of Electron's and produce the wrong ABI.
  const hiddenSettings = hideNodeGypOverrides()
  try {
    const electronRebuild = rebuild ?? (await loadElectronRebuild(projectDir))
    log(
      `building ${SQLITE_PACKAGE} for Electron ${target.electronVersion} ${target.platform}-${target.arch} in ${relative(projectDir, scratchPackage)}`
    )
    await electronRebuild({
      buildPath: scratchPackage,
      // Stops @electron/rebuild from walking up into the project's node_modules and rebuilding the real package.
      projectRootPath: scratchPackage,
      onlyModules: [],
      electronVersion: target.electronVersion,
      platform: target.platform,
      arch: target.arch,
      force: true,
      mode: 'sequential'
    })
    const built = join(scratchPackage, 'build', 'Release', BINDING_FILE)
    if (!existsSync(built)) throw new Error(`the Electron build produced no ${BINDING_FILE}`)

    const destinationDir = join(packageDir, ELECTRON_BINDING_DIR)
    mkdirSync(destinationDir, { recursive: true })
    const destination = join(destinationDir, BINDING_FILE)
    // Copy then rename: a half-written binary must never sit at the path the app loads.
    cpSync(built, `${destination}.partial`)
    rmSync(join(destinationDir, BUILD_INFO_FILE), { force: true })
    renameSync(`${destination}.partial`, destination)
    writeFileSync(join(destinationDir, BUILD_INFO_FILE), `${JSON.stringify(target, null, 2)}\n`)
    return destination
  } finally {
    Object.assign(process.env, hiddenSettings)
    rmSync(scratchPackage, { recursive: true, force: true })
    rmSync(scratchRoot, { recursive: true, force: true })
  }
}

/** npm settings that would override the Electron target node-gyp is given; the names as npm exports them. */
export const NODE_GYP_OVERRIDES = ['nodedir', 'target', 'runtime', 'disturl', 'dist_url', 'build_from_source']

/** Removes NODE_GYP_OVERRIDES from process.env and returns them, so the caller can put them back. */
function hideNodeGypOverrides() {
  const hidden = {}
  for (const key of Object.keys(process.env)) {
    const setting = key.toLowerCase().replace(/^npm_config_/, '')
    if (
      key.toLowerCase().startsWith('npm_config_') &&
      NODE_GYP_OVERRIDES.includes(setting.replace(/-/g, '_'))
    ) {
      hidden[key] = process.env[key]
      delete process.env[key]
    }
  }
  return hidden
}

/** Opens an in-memory database with the Electron copy, using the Electron binary as Node (unfused dev binary). */
export function verifyElectronBinding({ projectDir, electronPath, bindingPath }) {
  const result = spawnSync(
    electronPath,
    [
      '-e',
      "const Database = require('better-sqlite3'); new Database(':memory:', { nativeBinding: process.env.SENDER_DESK_BINDING }).close()"
    ],
    {
      cwd: projectDir,
      encoding: 'utf8',
      env: { ...process.env, ELECTRON_RUN_AS_NODE: '1', SENDER_DESK_BINDING: bindingPath }
    }
  )
  if (result.status !== 0) {
    throw new Error(
      `Electron could not load ${bindingPath}: ${(result.stderr || result.error?.message || '').trim()}`
    )
  }
}

/**
 * Gathers the facts, plans, and carries the plan out.
 * @param {{ mode?: 'postinstall' | 'manual' | 'package', force?: boolean, projectDir?: string, platform?: string,
 *   arch?: string, log?: (line: string) => void }} options
 */
export async function ensureNativeModules(options = {}) {
  const mode = options.mode ?? 'manual'
  const projectDir = options.projectDir ?? PROJECT_DIR
  const log = options.log ?? ((line) => console.log(`${LOG_PREFIX} ${line}`))
  try {
    const packageDir = sqlitePackageDir(projectDir)
    const sqliteVersion = readJson(join(packageDir, 'package.json'))?.version
    if (!sqliteVersion) throw new Error(`${SQLITE_PACKAGE} is not installed (run npm ci)`)
    const electronPackage = readElectronPackage(projectDir)
    let located = locateElectronBinary()
    const electronBinary = 'path' in located ? { present: true } : { present: false, reason: located.missing }
    const host = { platform: process.platform, arch: process.arch }
    const wanted = electronBuildTarget({
      electronVersion: electronPackage.version,
      electronAbi: electronPackage.abi,
      platform: options.platform ?? host.platform,
      arch: options.arch ?? host.arch,
      sqliteVersion
    })
    const bindingDir = join(packageDir, ELECTRON_BINDING_DIR)
    const plan = planNativeModules({
      mode,
      force: options.force,
      electronBinary,
      skipBinaryDownload: skipBinaryDownloadRequested(process.env),
      wanted,
      nodeBinding: mode === 'package' ? 'not-checked' : classifyNodeBinding(probeNodeBinding(projectDir)),
      electronBinding: {
        exists: existsSync(join(bindingDir, BINDING_FILE)),
        buildInfo: readJson(join(bindingDir, BUILD_INFO_FILE))
      },
      host
    })

    log(`Node build (ABI ${process.versions.modules}): ${plan.node.action} — ${plan.node.reason}`)
    if (plan.node.action === 'rebuild') {
      rebuildNodeBinding(projectDir)
      const after = classifyNodeBinding(probeNodeBinding(projectDir))
      if (after !== 'ok')
        throw new Error(`better-sqlite3 still does not load under Node after rebuilding (${after})`)
    }
    if (mode !== 'package') log(`Electron binary: ${plan.binary.action} — ${plan.binary.reason}`)
    if (plan.binary.action === 'download') {
      downloadElectronBinary(projectDir)
      located = locateElectronBinary()
      if ('missing' in located) throw new Error(`the Electron installer finished but ${located.missing}`)
    }
    log(`Electron build: ${plan.electron.action} — ${plan.electron.reason}`)
    if (plan.electron.action === 'build') {
      const bindingPath = await buildElectronBinding({ projectDir, target: wanted, log })
      if (plan.verify && 'path' in located) {
        try {
          verifyElectronBinding({ projectDir, electronPath: located.path, bindingPath })
        } catch (error) {
          // A copy Electron cannot load must not stay behind looking current.
          rmSync(bindingDir, { recursive: true, force: true })
          throw error
        }
      }
      log(`Electron build ready: ${relative(projectDir, bindingPath).split(sep).join('/')}`)
    }
    return plan
  } catch (error) {
    if (mode === 'postinstall') {
      // `npm ci` must succeed regardless: tests and the CLI only need the Node build.
      console.warn(`${LOG_PREFIX} warning: ${failureAdvice(mode, error)}`)
      return null
    }
    throw new Error(failureAdvice(mode, error), { cause: error })
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    await ensureNativeModules(parseArguments(process.argv.slice(2)))
  } catch (error) {
    console.error(`${LOG_PREFIX} ${error instanceof Error ? error.message : error}`)
    process.exitCode = 1
  }
}
