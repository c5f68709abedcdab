/**
 * Process boundaries (core, CLI and shared code run under plain Node, so they may not import electron) and the
 * core's layers (docs/architecture.md): the lint rules reject each kind of layering violation and allow the legal import.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'
import {
  LAYERED,
  LAYERS_TABLE_END,
  LAYERS_TABLE_START,
  isTestCode,
  markdownTable,
  ownerOf
} from '../eslint-rules/layers.js'

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

  const usingElectron = "import { app } from 'electron'\nexport const x = app\n"
  it('the lint rule rejects an electron import under src/main/core, in its tests too', async () => {
    expect(breaksALayer(await ruleIdsFor('src/main/core/outbox/example.ts', usingElectron))).toBe(true)
    expect(breaksALayer(await ruleIdsFor('src/main/core/outbox/example.test.ts', usingElectron))).toBe(true)
  })

  it('the lint rule allows electron in the shell and the preload', async () => {
    expect(breaksALayer(await ruleIdsFor('src/main/shell/example.ts', usingElectron))).toBe(false)
    expect(breaksALayer(await ruleIdsFor('src/preload/index.ts', usingElectron))).toBe(false)
  })
})

/**
 * The lint's type-aware rules need a file the TypeScript project knows; the layer cases place code at files that do
 * not exist (a new feature folder, a stray file), so they lint without types, which the layer rule does not use.
 */
const withoutTypes = {
  languageOptions: { parserOptions: { projectService: false, project: null } },
  rules: { '@typescript-eslint/no-floating-promises': 'off', '@typescript-eslint/no-misused-promises': 'off' }
} as const
const untyped = new ESLint({ cwd: root, overrideConfig: withoutTypes })
const typed = new ESLint({ cwd: root })

/** The rule ids ESLint reports for `source` placed at `file`. */
async function ruleIdsFor(file: string, source: string, eslint = untyped): Promise<(string | null)[]> {
  const [result] = await eslint.lintText(source, { filePath: join(root, file) })
  return result?.messages.map((m) => m.ruleId) ?? []
}

const importing = (specifier: string): string =>
  `import * as imported from '${specifier}'\nexport const x = imported\n`
/** The CLI loads each command's module when it runs: the layer rule must see through `await import()` too. */
const importingLater = (specifier: string): string =>
  `export const load = async (): Promise<unknown> => await import('${specifier}')\n`
const reExporting = (specifier: string): string => `export * from '${specifier}'\n`
const importingTypes = (specifier: string): string =>
  `import type * as imported from '${specifier}'\nexport type X = typeof imported\n`
const typeOfImport = (specifier: string): string => `export type X = typeof import('${specifier}')\n`
const requiring = (specifier: string): string => `export const imported: unknown = require('${specifier}')\n`
const importEqualsRequire = (specifier: string): string =>
  `import imported = require('${specifier}')\nexport const x = imported\n`

/** The layer rule (eslint-rules/layer-imports.js, driven by eslint-rules/layers.js), and electron's ban in bench/. */
const LAYER_RULES = ['layers/layer-imports', 'no-restricted-imports']
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
    },
    // Spellings the lint let through while it checked how an import was written, not where it lands (issue 24).
    {
      rule: 'a feature reaches another only through its index, however the path is spelled',
      file: 'src/main/core/outbox/commands.ts',
      illegal: './../devices/registry',
      legal: './../devices'
    },
    {
      rule: 'a feature reaches another only through its index, also from the top of the tree',
      file: 'src/main/core/outbox/commands.ts',
      illegal: '../../core/devices/registry',
      legal: '../../core/devices'
    },
    {
      rule: 'a feature reaches another only through its index, also when it loads it later',
      file: 'src/main/core/campaigns/campaigns.ts',
      illegal: '../outbox/outbox',
      legal: '../outbox',
      as: importingLater
    },
    {
      rule: 'a feature reaches another only through its index, also with require',
      file: 'src/main/core/outbox/commands.ts',
      illegal: '../devices/registry',
      legal: '../devices',
      as: requiring
    },
    {
      rule: 'a feature reaches another only through its index, also with import = require',
      file: 'src/main/core/outbox/commands.ts',
      illegal: '../../core/devices/registry',
      legal: '../../core/devices',
      as: importEqualsRequire
    },
    {
      rule: 'a feature reaches another only through its index, also in a type',
      file: 'src/main/core/webhooks/commands.ts',
      illegal: '../devices/registry',
      legal: '../devices',
      as: typeOfImport
    },
    {
      rule: 'a feature does not use the contract dispatcher, also when it loads it later',
      file: 'src/main/core/settings/commands.ts',
      illegal: '../ipc-dispatch',
      legal: '../commands',
      as: importingLater
    },
    {
      rule: 'a new feature folder is a feature without anyone listing it',
      file: 'src/main/core/brand-new-feature/commands.ts',
      illegal: '../devices/registry',
      legal: '../devices'
    },
    {
      rule: 'gateway/ imports no feature, however the path is spelled, types included',
      file: 'src/main/core/gateway/client.ts',
      illegal: './../outbox',
      legal: './../logging',
      as: importingTypes
    },
    {
      rule: 'store/ imports no feature, also with require',
      file: 'src/main/core/store/outbox-store.ts',
      illegal: '../devices',
      legal: '../logging',
      as: requiring
    },
    {
      rule: 'shared/domain does no I/O, also through a bare built-in name',
      file: 'src/shared/domain/limits.ts',
      illegal: 'fs',
      legal: 'libphonenumber-js'
    },
    {
      rule: 'shared/domain does no I/O, also with require',
      file: 'src/shared/domain/phone.ts',
      illegal: 'node:child_process',
      legal: './limits',
      as: requiring
    },
    {
      rule: 'the contract imports only the domain',
      file: 'src/shared/contract.ts',
      illegal: '../main/core/outbox',
      legal: './domain'
    },
    {
      rule: 'the contract re-exports only the domain',
      file: 'src/shared/contract.ts',
      illegal: '../main/core/gateway',
      legal: './domain',
      as: reExporting
    },
    {
      rule: 'the contract does no I/O',
      file: 'src/shared/contract-pipe.ts',
      illegal: 'fs',
      legal: 'zod'
    },
    {
      rule: 'the contract uses the domain through its index',
      file: 'src/shared/contract.ts',
      illegal: './domain/phone',
      legal: './domain',
      as: importingTypes
    },
    {
      rule: 'the preload imports only the contract and electron',
      file: 'src/preload/index.ts',
      illegal: '../main/core/compose',
      legal: '../shared/contract-pipe'
    },
    {
      rule: 'the preload exposes no Node module',
      file: 'src/preload/index.ts',
      illegal: 'fs',
      legal: 'electron'
    },
    {
      rule: 'the window does no I/O of its own, also through a bare built-in name',
      file: 'src/renderer/src/api.ts',
      illegal: 'fs',
      legal: 'zustand'
    },
    {
      rule: 'i18n holds strings and imports nothing else of ours',
      file: 'src/shared/i18n/en.ts',
      illegal: '../contract',
      legal: './id',
      as: importingTypes
    },
    {
      rule: 'the sandbox package imports nothing from src/, also with require',
      file: 'packages/sandbox-gateway/src/world.ts',
      illegal: '../../../src/shared/domain',
      legal: './clock',
      as: requiring
    },
    {
      rule: 'a package reaches another package only by its package name',
      file: 'packages/sandbox-gateway/src/world.ts',
      illegal: '../../inbox-relay/src/index',
      legal: 'zod'
    },
    {
      rule: 'a package’s tests import nothing from src/ either',
      file: 'packages/sandbox-gateway/src/world.test.ts',
      illegal: '../../../src/main/core/outbox',
      legal: './world',
      as: requiring
    },
    {
      rule: 'production code does not import test doubles',
      file: 'src/main/core/outbox/outbox.ts',
      illegal: './../testing/event-loop',
      legal: './../store'
    }
  ]
  for (const { rule, file, illegal, legal, as = importing } of cases) {
    it(`${rule}: rejects ${illegal} in ${file}, allows ${legal}`, async () => {
      expect(breaksALayer(await ruleIdsFor(file, as(illegal)))).toBe(true)
      expect(breaksALayer(await ruleIdsFor(file, as(legal)))).toBe(false)
    })
  }

  it('rejects a promise nobody awaits, in the core and in the window', async () => {
    const floating =
      'export async function save(): Promise<void> {}\nexport function onClick(): void {\n  save()\n}\n'
    // Type-aware: placed over a file the project knows, so the project service has its tsconfig.
    const rule = '@typescript-eslint/no-floating-promises'
    expect(await ruleIdsFor('src/main/core/clock.ts', floating, typed)).toContain(rule)
    expect(await ruleIdsFor('src/renderer/src/api.ts', floating, typed)).toContain(rule)
    const voided = floating.replace('  save()', '  void save()')
    expect(await ruleIdsFor('src/main/core/clock.ts', voided, typed)).not.toContain(rule)
    // Type-aware lint builds the TypeScript programs first: 8 s on a quiet 2-core machine, over 20 s on a busy one.
  }, 120_000)

  it('reads whether a device is the sandbox’s only through isSandboxDevice, and no other `sandbox` is caught', async () => {
    const rule = 'device/sandbox-flag'
    const reports = async (body: string): Promise<number> =>
      (
        await ruleIdsFor(
          'src/renderer/src/ui/DeviceSelect.tsx',
          "import type { DeviceView, ReminderView } from '../../../shared/contract'\n" +
            "import { isSandboxDevice } from '../../../shared/device-status'\n" +
            body,
          typed
        )
      ).filter((id) => id === rule).length
    // The flag read directly, optionally, destructured: each a report.
    expect(
      await reports(
        'export const a = (device: DeviceView): boolean => device.sandbox\n' +
          'export const b = (device?: DeviceView): boolean => device?.sandbox === true\n' +
          'export const c = ({ sandbox }: DeviceView): boolean => sandbox\n'
      )
    ).toBe(3)
    // The rule itself, and a reminder's sandbox schedule (an object of the same name): none.
    expect(
      await reports(
        'export const a = (device: DeviceView): boolean => isSandboxDevice(device)\n' +
          'export const b = (reminder: ReminderView): string | undefined => reminder.sandbox?.nextAt\n' +
          'export const c = ({ sandbox }: ReminderView): boolean => sandbox !== null\n'
      )
    ).toBe(0)
    // Type-aware, as the promise rule above: slow on a busy 2-core machine.
  }, 120_000)

  it('bans console in src/main outside the CLI output module', async () => {
    const logging = "console.error('outbox task failed')\n"
    expect(await ruleIdsFor('src/main/core/outbox/context.ts', logging)).toContain('no-console')
    expect(await ruleIdsFor('src/main/shell/app.ts', logging)).toContain('no-console')
    expect(await ruleIdsFor('src/main/cli/output.ts', logging)).not.toContain('no-console')
  })

  it('fails closed: a file that belongs to no layer is an error, whatever it imports', async () => {
    for (const file of [
      'src/main/core/stray.ts',
      'src/main/stray.ts',
      'src/shared/stray.ts',
      'src/stray.ts'
    ]) {
      expect(breaksALayer(await ruleIdsFor(file, 'export const x = 1\n')), file).toBe(true)
    }
    expect(
      breaksALayer(await ruleIdsFor('src/main/core/brand-new-feature/index.ts', 'export const x = 1\n'))
    ).toBe(false)
  })

  it('every source file of src/, packages/ and the harness belongs to one layer', () => {
    const unowned = LAYERED.flatMap((folder) => sourceFiles(join(root, folder)))
      .map((file) => relative(root, file).replace(/\.(ts|tsx|js|mjs|cjs)$/, ''))
      .filter((file) => !isTestCode(file) && ownerOf(file) === undefined)
    expect(unowned).toEqual([])
  })

  it('the docs’ dependency-rules table is the one the rule uses', () => {
    // Cell by cell, so Prettier may pad the columns as it likes.
    const cells = (table: string): string[][] =>
      table
        .trim()
        .split('\n')
        .map((row) => row.split('|').map((cell) => cell.trim()))
    const docs = readFileSync(join(root, 'docs/architecture.md'), 'utf8')
    const start = docs.indexOf(LAYERS_TABLE_START)
    const end = docs.indexOf(LAYERS_TABLE_END)
    expect(start, 'docs/architecture.md keeps the generated table’s markers').toBeGreaterThan(-1)
    expect(
      cells(docs.slice(start + LAYERS_TABLE_START.length, end)),
      'run node scripts/layers-table.js --write'
    ).toEqual(cells(markdownTable()))
  })

  it('lets a test of a layer without I/O read its fixtures from disk', async () => {
    expect(breaksALayer(await ruleIdsFor('src/shared/domain/phone.test.ts', importing('node:fs')))).toBe(
      false
    )
    expect(breaksALayer(await ruleIdsFor('src/renderer/src/api.test.ts', importing('fs')))).toBe(false)
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
