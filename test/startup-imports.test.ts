// What a module imports statically is what every start pays for (issue 18): `sender-desk --help` must start about as
// fast as a bare `node -e 0`, and a fresh app or CLI process must not load libraries only one rare command uses.
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..')

/** Specifiers of the value imports and re-exports a module loads before it runs (type-only ones are erased). */
function staticImports(source: string): string[] {
  const statements = source.matchAll(/^(?:import|export)\s+(?!type\s)[^;'"]*?from\s+['"]([^'"]+)['"]/gm)
  const bare = source.matchAll(/^import\s+['"]([^'"]+)['"]/gm)
  return [...statements, ...bare].map((match) => match[1] ?? '')
}

function resolveLocal(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier)
  return [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((path) => existsSync(path))
}

/** Every module (local path or package name) loaded before the entry's first line runs. */
function loadedAtStart(entry: string): Set<string> {
  const seen = new Set<string>()
  const pending = [entry]
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (seen.has(file)) continue
    seen.add(file)
    for (const specifier of staticImports(readFileSync(file, 'utf8'))) {
      if (!specifier.startsWith('.')) {
        seen.add(specifier)
        continue
      }
      const local = resolveLocal(file, specifier)
      if (local) pending.push(local)
    }
  }
  return seen
}

/**
 * The sandbox gateway's server, by package name. Its light entry (`/device-actions`, the control actions the contract
 * names) is a plain list with no imports (checked below), so the contract loads it at every start without the server.
 */
const SANDBOX_SERVER = /^@sender-desk\/sandbox-gateway(?!\/device-actions$)/

describe('the sandbox package’s light entry', () => {
  it('imports nothing, so whoever loads it loads no server', () => {
    const entry = join(root, 'packages/sandbox-gateway/src/device-actions.ts')
    expect(staticImports(readFileSync(entry, 'utf8'))).toEqual([])
  })
})

describe('the CLI start', () => {
  const loaded = [...loadedAtStart(join(root, 'src/main/cli/index.ts'))]

  it('loads none of the core, zod, SQLite or the phone rules before a command needs them', () => {
    const heavy = loaded.filter((module) =>
      /(\/src\/main\/core\/|^zod|^better-sqlite3|^libphonenumber-js|\/shared\/domain\/phone)/.test(module)
    )
    expect(heavy).toEqual([])
  })

  it('loads no table of strings (both languages are ~280 kB of source to compile for a --help)', () => {
    expect(loaded.filter((module) => /\/src\/shared\/i18n\/(index|en|id)\.ts$/.test(module))).toEqual([])
  })

  it('still sees the entry’s own imports (the walk works)', () => {
    expect(loaded.some((module) => module.endsWith('/src/main/cli/args.ts'))).toBe(true)
    expect(loaded.some((module) => module.endsWith('/src/main/cli/output.ts'))).toBe(true)
  })
})

describe.each(['outbox-commands.ts', 'campaign-commands.ts'])('a terminal command’s core (%s)', (file) => {
  // The CLI's outbox, send and campaign commands compose from compose-command-line.ts: the app's compose.ts would
  // load the sandbox gateway and every feature before a fresh `outbox list` or `campaign status` could answer.
  const loaded = [...loadedAtStart(join(root, 'src/main/cli', file))]

  it('loads neither the app’s composition nor the features a terminal command never runs', () => {
    const unused = loaded.filter(
      (module) =>
        (/(\/src\/main\/core\/(compose|sandbox-control|webhooks|reminders|autoreplies|notices)(\.ts|\/)|^qrcode)/.test(
          module
        ) &&
          // The app's sandbox's control-token file alone (a JSON read, its own layer entry), not the sandbox's commands.
          !module.endsWith('/src/main/core/sandbox-control/control-file.ts')) ||
        SANDBOX_SERVER.test(module)
    )
    expect(unused).toEqual([])
  })

  it('still loads what it runs: the database, the outbox and the contract', () => {
    for (const needed of [
      '/src/main/core/store/database.ts',
      '/src/main/core/outbox/kernel.ts',
      '/src/main/core/sending/outbox.ts',
      '/src/shared/contract.ts'
    ])
      expect(
        loaded.some((module) => module.endsWith(needed)),
        needed
      ).toBe(true)
  })
})

describe('the composed core', () => {
  it('loads the sandbox gateway only when a sandbox starts', () => {
    const loaded = [...loadedAtStart(join(root, 'src/main/core/compose.ts'))]
    expect(loaded.filter((module) => SANDBOX_SERVER.test(module))).toEqual([])
    expect(
      loaded.some((module) => module.endsWith('/src/main/core/sandbox-control/embedded-sandbox.ts'))
    ).toBe(true)
  })

  it('loads exceljs only when a workbook is read or written', () => {
    const loaded = [...loadedAtStart(join(root, 'src/main/core/compose.ts'))]
    expect(loaded.filter((module) => module.startsWith('exceljs'))).toEqual([])
    expect(loaded.some((module) => module.endsWith('/src/main/core/campaigns/spreadsheet.ts'))).toBe(true)
  })
})

describe('the window’s start', () => {
  // What the window evaluates before its shell: the shell is drawn from the core's first answer, and zod with the
  // contract (every channel's schemas and the domain rules behind them) loads after it, then checks that answer
  // (issue 18).
  const loaded = [...loadedAtStart(join(root, 'src/renderer/src/main.tsx'))]

  it('loads neither zod nor any part of the contract’s schemas or client', () => {
    expect(loaded.filter((module) => /^zod|\/src\/shared\/contract(-[a-z]+)?\.ts$/.test(module))).toEqual([])
  })

  it('loads no phone rules (libphonenumber’s metadata is about 200 kB; the send view brings them)', () => {
    expect(
      loaded.filter((module) => /^libphonenumber-js|\/src\/shared\/domain\/(index|phone)\.ts$/.test(module))
    ).toEqual([])
  })

  it('still sees the window’s modules (the walk works)', () => {
    expect(loaded.some((module) => module.endsWith('/src/renderer/src/App.tsx'))).toBe(true)
    expect(loaded.some((module) => module.endsWith('/src/renderer/src/api.ts'))).toBe(true)
  })
})
