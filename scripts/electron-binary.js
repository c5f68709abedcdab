// Finds the Electron binary, or explains why there is none; `npm start` uses it to fetch the binary on first use.
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

const require = createRequire(import.meta.url)

/** @returns {string | null} the installed electron package's folder */
export function electronPackageDir() {
  try {
    return dirname(require.resolve('electron/package.json'))
  } catch {
    return null
  }
}

/** @returns {{ path: string } | { missing: string }} */
export function locateElectronBinary(env = process.env, pkgDir = electronPackageDir()) {
  if (env.ELECTRON_OVERRIDE_DIST_PATH) {
    // Electron treats the override as the folder holding the binary, not the binary itself.
    const name =
      { darwin: 'Electron.app/Contents/MacOS/Electron', win32: 'electron.exe' }[process.platform] ??
      'electron'
    const binary = join(env.ELECTRON_OVERRIDE_DIST_PATH, name)
    return existsSync(binary)
      ? { path: binary }
      : { missing: `ELECTRON_OVERRIDE_DIST_PATH has no Electron binary (${binary})` }
  }
  if (!pkgDir) return { missing: 'the electron package is not installed (run npm ci)' }
  const pathFile = join(pkgDir, 'path.txt')
  if (!existsSync(pathFile)) {
    return {
      missing: env.ELECTRON_SKIP_BINARY_DOWNLOAD
        ? 'the Electron binary was not downloaded because ELECTRON_SKIP_BINARY_DOWNLOAD is set; unset it and run `npm start` on a machine with internet'
        : 'the Electron binary has not been downloaded yet (`npm start` fetches it)'
    }
  }
  const binary = join(pkgDir, 'dist', readFileSync(pathFile, 'utf8').trim())
  return existsSync(binary) ? { path: binary } : { missing: `the Electron binary is missing at ${binary}` }
}

/**
 * What `npm start` does next: launch, run Electron's own installer (install scripts are off, so `npm ci` never
 * ran it), or refuse with the reason when the download is switched off or there is nothing to install from.
 * @returns {{ kind: 'launch', path: string } | { kind: 'install', installer: string } | { kind: 'refuse', reason: string }}
 */
export function planElectronStart(env = process.env, pkgDir = electronPackageDir()) {
  const found = locateElectronBinary(env, pkgDir)
  if ('path' in found) return { kind: 'launch', path: found.path }
  if (env.ELECTRON_SKIP_BINARY_DOWNLOAD || env.ELECTRON_OVERRIDE_DIST_PATH || !pkgDir) {
    return { kind: 'refuse', reason: found.missing }
  }
  return { kind: 'install', installer: join(pkgDir, 'install.js') }
}
