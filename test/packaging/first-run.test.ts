/**
 * After `npm ci` with install scripts off nothing is built and Electron's binary is not downloaded: `npm start`
 * must fetch Electron with its own installer (or say why it cannot), and `npx sender-desk` must build itself once.
 */
import { spawnSync } from 'node:child_process'
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
// @ts-expect-error plain JS helper shared with `npm start`
import { planElectronStart } from '../../scripts/electron-binary.js'

type Plan =
  | { kind: 'launch'; path: string }
  | { kind: 'install'; installer: string }
  | { kind: 'refuse'; reason: string }
const plan = planElectronStart as (env: Record<string, string>, pkgDir: string | null) => Plan

const root = join(import.meta.dirname, '../..')
const scratch: string[] = []
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sd-first-run-'))
  scratch.push(dir)
  return dir
}
afterEach(() => scratch.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })))

describe('npm start on a fresh install', () => {
  it('runs Electron’s own installer when the binary was never downloaded', () => {
    const electronDir = tempDir()
    expect(plan({}, electronDir)).toEqual({ kind: 'install', installer: join(electronDir, 'install.js') })
  })

  it('refuses in one line, naming the variable, when ELECTRON_SKIP_BINARY_DOWNLOAD is set', () => {
    const result = plan({ ELECTRON_SKIP_BINARY_DOWNLOAD: '1' }, tempDir())
    expect(result.kind).toBe('refuse')
    expect((result as { reason: string }).reason).toContain('ELECTRON_SKIP_BINARY_DOWNLOAD')
    expect((result as { reason: string }).reason).not.toContain('\n')
  })

  it('reinstalls when path.txt names a binary that is gone, and launches one that is there', () => {
    const electronDir = tempDir()
    writeFileSync(join(electronDir, 'path.txt'), 'electron')
    expect(plan({}, electronDir).kind).toBe('install')
    mkdirSync(join(electronDir, 'dist'))
    writeFileSync(join(electronDir, 'dist', 'electron'), '')
    expect(plan({}, electronDir)).toEqual({ kind: 'launch', path: join(electronDir, 'dist', 'electron') })
  })

  it('says the electron package is missing when it is', () => {
    expect(plan({}, null)).toMatchObject({ kind: 'refuse', reason: expect.stringContaining('npm ci') })
  })

  // Skipped where Electron was downloaded: `npm start` would launch the app instead of refusing.
  it.skipIf(existsSync(join(root, 'node_modules/electron/path.txt')))(
    'prints the one-line reason and exits 1 under ELECTRON_SKIP_BINARY_DOWNLOAD (skipped where Electron is installed)',
    () => {
      const run = spawnSync(process.execPath, ['scripts/start.js'], {
        cwd: root,
        env: { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '1' },
        encoding: 'utf8'
      })
      expect(run.status).toBe(1)
      expect(run.stderr.trim().split('\n')).toHaveLength(1)
      expect(run.stderr).toMatch(/^Sender Desk cannot start: .*ELECTRON_SKIP_BINARY_DOWNLOAD/)
    }
  )
})

describe('npx sender-desk on a fresh install', () => {
  /** A copy of bin/ beside a stand-in electron-vite that "builds" a CLI answering with its arguments. */
  function fakeProject(buildExit: number): string {
    const dir = tempDir()
    mkdirSync(join(dir, 'bin'))
    copyFileSync(join(root, 'bin/sender-desk.js'), join(dir, 'bin/sender-desk.js'))
    mkdirSync(join(dir, 'node_modules/electron-vite/bin'), { recursive: true })
    writeFileSync(join(dir, 'package.json'), '{"type":"module"}')
    writeFileSync(
      join(dir, 'node_modules/electron-vite/bin/electron-vite.js'),
      `import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs'
appendFileSync('builds.log', process.argv.slice(2).join(' ') + '\\n')
if (${buildExit} === 0) {
  mkdirSync('out/main', { recursive: true })
  writeFileSync('out/main/cli.js', 'export async function main(args) { process.stdout.write(JSON.stringify(args)); return 0 }')
}
process.exit(${buildExit})
`
    )
    return dir
  }

  it('builds once on first use, keeps stdout for the command’s own output, and starts at once afterwards', () => {
    const dir = fakeProject(0)
    const first = spawnSync(process.execPath, [join(dir, 'bin/sender-desk.js'), 'device', 'info'], {
      cwd: tmpdir(),
      encoding: 'utf8'
    })
    expect(first.status).toBe(0)
    expect(first.stdout).toBe('["device","info"]')
    expect(first.stderr).toContain('building the project once')
    const second = spawnSync(process.execPath, [join(dir, 'bin/sender-desk.js'), 'outbox'], {
      encoding: 'utf8'
    })
    expect(second.stdout).toBe('["outbox"]')
    expect(second.stderr).toBe('')
    expect(readFileSync(join(dir, 'builds.log'), 'utf8')).toBe('build\n')
  })

  it('exits 2 with a clear message when the build fails', () => {
    const dir = fakeProject(1)
    const run = spawnSync(process.execPath, [join(dir, 'bin/sender-desk.js'), 'outbox'], { encoding: 'utf8' })
    expect(run.status).toBe(2)
    expect(run.stderr).toContain('the build failed')
    expect(run.stdout).toBe('')
  })
})
