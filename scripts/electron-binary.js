// Finds the Electron binary that `npm ci` downloads, or explains why there is none.
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

const require = createRequire(import.meta.url)

/** @returns {{ path: string } | { missing: string }} */
export function locateElectronBinary() {
  if (process.env.ELECTRON_OVERRIDE_DIST_PATH) {
    // Electron treats the override as the folder holding the binary, not the binary itself.
    const name =
      { darwin: 'Electron.app/Contents/MacOS/Electron', win32: 'electron.exe' }[process.platform] ??
      'electron'
    const binary = join(process.env.ELECTRON_OVERRIDE_DIST_PATH, name)
    return existsSync(binary)
      ? { path: binary }
      : { missing: `ELECTRON_OVERRIDE_DIST_PATH has no Electron binary (${binary})` }
  }
  let pkgDir
  try {
    pkgDir = dirname(require.resolve('electron/package.json'))
  } catch {
    return { missing: 'the electron package is not installed (run npm ci)' }
  }
  const pathFile = join(pkgDir, 'path.txt')
  if (!existsSync(pathFile)) {
    return {
      missing:
        'the Electron binary was not downloaded (ELECTRON_SKIP_BINARY_DOWNLOAD was set or the download failed); run `npm ci` on a machine with internet'
    }
  }
  const binary = join(pkgDir, 'dist', readFileSync(pathFile, 'utf8').trim())
  return existsSync(binary) ? { path: binary } : { missing: `the Electron binary is missing at ${binary}` }
}
