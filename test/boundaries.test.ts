/**
 * Process boundaries (core, CLI and shared code run under plain Node, so they may not import electron) and the
 * core's layers (docs/architecture.md): the lint rules reject each kind of layering violation and allow the legal import.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..')
const ELECTRON_IMPORT =
  /(?:from\s+['"]electron(?:\/[^'"]*)?['"]|require\(\s*['"]electron['"]\s*\)|import\(\s*['"]electron['"]\s*\))/

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sourceFiles(path)
    return /\.(ts|tsx|js|mjs|cjs)$/.test(name) ? [path] : []
  })
}

describe('process boundaries', () => {
  for (const folder of ['src/main/core', 'src/main/cli', 'src/shared', 'src/renderer']) {
    it(`${folder} does not import electron`, () => {
      const offenders = sourceFiles(join(root, folder))
        .filter((file) => ELECTRON_IMPORT.test(readFileSync(file, 'utf8')))
        .map((file) => relative(root, file))
      expect(offenders).toEqual([])
    })
  }

  it('the lint rule rejects an electron import under src/main/core', async () => {
    const eslint = new ESLint({ cwd: root })
    const [result] = await eslint.lintText("import { app } from 'electron'\nexport const x = app\n", {
      filePath: join(root, 'src/main/core/example.ts')
    })
    expect(result?.messages.map((m) => m.ruleId)).toContain('no-restricted-imports')
  })

  it('the lint rule allows electron in the shell', async () => {
    const eslint = new ESLint({ cwd: root })
    const [result] = await eslint.lintText("import { app } from 'electron'\nexport const x = app\n", {
      filePath: join(root, 'src/main/shell/example.ts')
    })
    expect(result?.messages.map((m) => m.ruleId)).not.toContain('no-restricted-imports')
  })
})

/** The rule ids ESLint reports for `source` placed at `file`. */
async function ruleIdsFor(file: string, source: string): Promise<(string | null)[]> {
  const eslint = new ESLint({ cwd: root })
  const [result] = await eslint.lintText(source, { filePath: join(root, file) })
  return result?.messages.map((m) => m.ruleId) ?? []
}

const importing = (specifier: string): string =>
  `import * as imported from '${specifier}'\nexport const x = imported\n`
/** The CLI loads each command's module when it runs: the layer rule must see through `await import()` too. */
const importingLater = (specifier: string): string =>
  `export const load = async (): Promise<unknown> => await import('${specifier}')\n`
const reExporting = (specifier: string): string => `export * from '${specifier}'\n`

/** The rules that enforce the layers: import patterns, and the front doors' rule on where an import resolves. */
const LAYER_RULES = ['no-restricted-imports', 'layers/front-door-imports']
const breaksALayer = (ruleIds: (string | null)[]): boolean =>
  ruleIds.some((id) => id !== null && LAYER_RULES.includes(id))

describe('layers', () => {
  // Each row: a file, an import that breaks its layer's rule, and the legal way to get what it wanted.
  const cases: {
    rule: string
    file: string
    illegal: string
    legal: string
    as?: (specifier: string) => string
  }[] = [
    {
      rule: 'shared/domain imports nothing of ours',
      file: 'src/shared/domain/phone.ts',
      illegal: '../contract',
      legal: 'libphonenumber-js'
    },
    {
      rule: 'shared/domain does no I/O',
      file: 'src/shared/domain/limits.ts',
      illegal: 'node:fs',
      legal: './phone'
    },
    {
      rule: 'gateway/ imports no feature',
      file: 'src/main/core/gateway/client.ts',
      illegal: '../outbox',
      legal: '../../../shared/contract'
    },
    {
      rule: 'store/ imports no feature',
      file: 'src/main/core/store/outbox-store.ts',
      illegal: '../devices',
      legal: '../logging'
    },
    {
      rule: 'a feature imports another feature only through its index',
      file: 'src/main/core/outbox/commands.ts',
      illegal: '../devices/registry',
      legal: '../devices'
    },
    {
      rule: 'a feature imports a layer only through its index',
      file: 'src/main/core/reminders/gateway-reminders.ts',
      illegal: '../gateway/types',
      legal: '../gateway'
    },
    {
      rule: 'a feature does not import the composition',
      file: 'src/main/core/devices/commands.ts',
      illegal: '../compose',
      legal: '../commands'
    },
    {
      rule: 'a feature does not import the terminal’s composition either',
      file: 'src/main/core/outbox/commands.ts',
      illegal: '../compose-command-line',
      legal: '../commands'
    },
    {
      rule: 'nothing under core imports the contract dispatcher (the IPC transport)',
      file: 'src/main/core/devices/errors.ts',
      illegal: '../ipc-dispatch',
      legal: '../commands'
    },
    {
      rule: 'nothing under core imports front-door code',
      file: 'src/main/core/outbox/outbox.ts',
      illegal: '../../shell/ipc',
      legal: '../store'
    },
    {
      rule: 'the shell imports only the composition',
      file: 'src/main/shell/app.ts',
      illegal: '../core/vault',
      legal: '../core/compose'
    },
    {
      rule: 'the CLI imports only the composition',
      file: 'src/main/cli/outbox-commands.ts',
      illegal: '../core/store',
      legal: '../core/compose'
    },
    {
      rule: 'the CLI may use the terminal’s lighter composition, and through it no inner core module',
      file: 'src/main/cli/outbox-commands.ts',
      illegal: '../core/outbox',
      legal: '../core/compose-command-line'
    },
    {
      rule: 'the CLI reaches gateway errors only through the composition',
      file: 'src/main/cli/sandbox-control.ts',
      illegal: '../core/gateway/errors',
      legal: '../core/compose'
    },
    {
      rule: 'the CLI imports only the composition, however the path is spelled',
      file: 'src/main/cli/sandbox-control.ts',
      illegal: './../core/gateway/errors',
      legal: './../core/compose'
    },
    {
      rule: 'the CLI imports only the composition, also when it loads a module later',
      file: 'src/main/cli/index.ts',
      illegal: '../core/gateway',
      legal: '../core/compose',
      as: importingLater
    },
    {
      rule: 'a front door re-exports only the composition',
      file: 'src/main/cli/output.ts',
      illegal: '../core/files',
      legal: '../core/compose',
      as: reExporting
    },
    {
      rule: 'a front door uses the shared rules through their public index',
      file: 'src/main/cli/send-commands.ts',
      illegal: '../../shared/domain/phone',
      legal: '../../shared/domain'
    },
    {
      rule: 'the CLI does not import the shell',
      file: 'src/main/cli/device-commands.ts',
      illegal: '../shell/tray-model',
      legal: './args'
    },
    {
      rule: 'the shell does not import the CLI',
      file: 'src/main/shell/app.ts',
      illegal: '../cli/output',
      legal: './tray'
    },
    {
      rule: 'the harness imports only the composition',
      file: 'test/harness/harness.ts',
      illegal: '../../src/main/core/outbox',
      legal: '../../src/main/core/compose'
    },
    {
      rule: 'the app uses the inbox relay through its public entry point',
      file: 'src/main/cli/relay-commands.ts',
      illegal: '@sender-desk/inbox-relay/src/node-host',
      legal: '@sender-desk/inbox-relay'
    },
    {
      rule: 'the inbox relay package imports nothing of the app',
      file: 'packages/inbox-relay/src/handler.ts',
      illegal: '../../../src/shared/domain',
      legal: './store'
    },
    {
      rule: 'the composition uses features through their index',
      file: 'src/main/core/compose.ts',
      illegal: './devices/registry',
      legal: './devices'
    }
  ]
  for (const { rule, file, illegal, legal, as = importing } of cases) {
    it(`${rule}: rejects ${illegal} in ${file}, allows ${legal}`, async () => {
      expect(breaksALayer(await ruleIdsFor(file, as(illegal)))).toBe(true)
      expect(breaksALayer(await ruleIdsFor(file, as(legal)))).toBe(false)
    })
  }

  it('bans console in src/main outside the CLI output module', async () => {
    const logging = "console.error('outbox task failed')\n"
    expect(await ruleIdsFor('src/main/core/outbox/context.ts', logging)).toContain('no-console')
    expect(await ruleIdsFor('src/main/shell/app.ts', logging)).toContain('no-console')
    expect(await ruleIdsFor('src/main/cli/output.ts', logging)).not.toContain('no-console')
  })

  it('lets tests and test doubles reach into a layer to set it up', async () => {
    expect(
      breaksALayer(await ruleIdsFor('src/main/core/outbox/outbox.test.ts', importing('../devices/registry')))
    ).toBe(false)
    expect(breaksALayer(await ruleIdsFor('src/main/cli/output.test.ts', importing('../core/gateway')))).toBe(
      false
    )
  })
})
