// The one table of layers (docs/architecture.md, "Dependency rules"): which folder may import which, and through which
// front door. eslint-rules/layer-imports.js enforces it on where each import lands; the docs' table is generated from
// it (`node scripts/layers-table.js --write`) and test/boundaries.test.ts checks the two agree.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'

export const root = resolve(import.meta.dirname, '..')

/**
 * Where the rule applies: every file here belongs to exactly one layer, or the lint fails (fail closed). A module
 * ending in `/*` stands for each folder directly inside it that no other layer names: a new feature folder under
 * src/main/core, or a new package, is covered the moment it exists.
 */
export const LAYERED = ['src', 'packages', 'test/harness']

/** Packages the core may not import although they are on npm: the WebSocket transport belongs to the front doors. */
const TRANSPORT_PACKAGES = ['ws']
const CORE = 'src/main/core'
/** The layers every feature stands on (and the composition with them). */
const BENEATH_FEATURES = [
  'domain',
  'contract',
  'i18n',
  'foundation',
  'gateway',
  'store',
  'vault',
  'core commands'
]

/**
 * Each layer: `modules` (a folder, reached through its index.ts, or a file), extra public `entries`, the layers it
 * may `import` (through their front doors; its own modules too), and whether it may use Node built-ins, electron and
 * npm packages. `tests: true` holds the layer's tests to the rule too; elsewhere tests and test doubles (`*.test.ts`,
 * `testing/`) may reach into a layer to set it up.
 */
export const LAYERS = [
  {
    name: 'domain',
    modules: ['src/shared/domain'],
    // Entries of their own for the window's start: the index brings the phone rules (libphonenumber) with it, and
    // formatting for reading loads libphonenumber's full metadata, which the core never needs.
    entries: [
      'src/shared/domain/enums',
      'src/shared/domain/finish-estimate',
      'src/shared/domain/limits',
      'src/shared/domain/phone-display',
      'src/shared/domain/schedule-time',
      'src/shared/domain/status-buckets',
      'src/shared/domain/campaign-buckets',
      'src/shared/domain/recipient-search',
      // QA82: what a customer wrote as it is drawn, for the conversation's name without the phone rules.
      'src/shared/domain/shown-text',
      // QA76: the one name of a zone, which the start-loaded date formatting appends to every zoned time.
      'src/shared/domain/zone-name'
    ],
    imports: [],
    npm: true,
    why: 'pure rules: nothing else of ours, no I/O'
  },
  {
    name: 'contract',
    modules: [
      'src/shared/campaign-bucket-words',
      'src/shared/campaign-part-words',
      'src/shared/contract',
      'src/shared/contract-client',
      'src/shared/contract-pipe',
      'src/shared/device-status',
      // Why a device's messages wait: the Outbox's words, apart from device-status' start strings.
      'src/shared/device-waits',
      // Its table of cases, run against device-status' quotaToppedUpBy.
      'src/shared/quota-topped-up.cases',
      'src/shared/relay-status',
      // What a draft's start set aside: the window's line and the terminal's `campaign start`, one rule and key.
      'src/shared/set-aside-at-start',
      'src/shared/take-back-holds',
      // A webhook delivery's headline and the message it names: the window's inspector and `webhook deliveries`.
      'src/shared/webhook-headline',
      'src/shared/zod-jitless'
    ],
    imports: ['domain'],
    // The sandbox's control actions, named once by the package; this entry is a plain list (no server with it).
    modulesToo: ['packages/sandbox-gateway/device-actions'],
    npm: true,
    why: 'the window and the core share it: no I/O, no Node, no electron'
  },
  {
    name: 'i18n',
    modules: ['src/shared/i18n'],
    // row-problems words a campaign row's problems once, for the window and the core's exports. The window imports
    // the lookup without the tables (translate, note-text, pacing, renamed-file) and loads Indonesian (id) when chosen, so its start
    // carries one language (issue 29); the index and notes have every table, for the main process. Its start has
    // English's start strings (en-start) and loads the rest (en) after the shell. numbers: counts grouped with no table
    // (the CLI's --help). inbox-unread: what waits in Messages in, worded once for the tab's badge, the Overview and
    // the tray. late-by: how late a held schedule is, worded once for Schedules and the CLI's `outbox list`.
    entries: [
      'src/shared/i18n/notes',
      'src/shared/i18n/row-problems',
      'src/shared/i18n/translate',
      'src/shared/i18n/numbers',
      'src/shared/i18n/note-text',
      'src/shared/i18n/pacing',
      'src/shared/i18n/renamed-file',
      'src/shared/i18n/inbox-unread',
      'src/shared/i18n/late-by',
      'src/shared/i18n/id',
      'src/shared/i18n/en-start',
      'src/shared/i18n/en'
    ],
    imports: [],
    why: 'strings'
  },
  {
    name: 'window policy',
    modules: ['src/shared/content-security-policy'],
    imports: [],
    why: 'the CSP the app, the dev server and the harness send'
  },
  {
    name: 'foundation',
    modules: [
      `${CORE}/clock`,
      `${CORE}/clock-jumps`,
      `${CORE}/seeded-random`,
      `${CORE}/logging`,
      `${CORE}/private-files`,
      `${CORE}/error-codes`
    ],
    imports: [],
    node: true,
    npm: true,
    notNpm: TRANSPORT_PACKAGES,
    why: 'every layer may use it; it uses no other part of the app'
  },
  ...['gateway', 'store', 'vault'].map((name) => ({
    name,
    modules: [`${CORE}/${name}`],
    imports: ['domain', 'contract', 'foundation'],
    node: true,
    npm: true,
    notNpm: TRANSPORT_PACKAGES,
    why: 'infrastructure: no feature, no other infrastructure layer'
  })),
  {
    name: 'core commands',
    modules: [`${CORE}/commands`, `${CORE}/core-events`],
    imports: ['domain', 'contract', 'i18n', 'gateway'],
    npm: true,
    notNpm: TRANSPORT_PACKAGES,
    why: "what every feature's commands are built from, free of any transport"
  },
  {
    name: 'feature',
    modules: [`${CORE}/*`],
    // The terminal's composition moves a conversation when the gateway takes its message, as the app's does: the
    // conversations without the rest of the inbox (its index brings the relay package's crypto to every command).
    // The app's sandbox's control token kept for the terminal: the file alone, not the sandbox's commands with it.
    entries: [`${CORE}/inbox/conversations`, `${CORE}/sandbox-control/control-file`],
    imports: [...BENEATH_FEATURES, 'feature', 'package'],
    node: true,
    npm: true,
    notNpm: TRANSPORT_PACKAGES,
    why: 'any folder of src/main/core no other layer names; features meet only at their index.ts'
  },
  {
    name: 'notices',
    modules: [`${CORE}/notices`],
    imports: ['domain', 'contract', 'i18n', 'foundation'],
    npm: true,
    notNpm: TRANSPORT_PACKAGES,
    why: 'which changes deserve a notification; the composition wires it'
  },
  {
    name: 'dispatcher',
    modules: [`${CORE}/ipc-dispatch`],
    imports: ['contract', 'i18n', 'core commands'],
    npm: true,
    notNpm: TRANSPORT_PACKAGES,
    why: 'checks the contract and calls the commands; only the composition hands it to the front doors'
  },
  {
    name: 'composition',
    modules: [`${CORE}/compose`, `${CORE}/compose-command-line`],
    imports: [...BENEATH_FEATURES, 'feature', 'notices', 'dispatcher'],
    node: true,
    npm: true,
    notNpm: TRANSPORT_PACKAGES,
    why: 'wires the features; the front doors reach the core only through it'
  },
  {
    name: 'shell',
    modules: ['src/main/shell'],
    entries: ['src/main/shell/app'],
    imports: ['composition', 'contract', 'domain', 'i18n', 'window policy'],
    node: true,
    electron: true,
    npm: true,
    why: 'the Electron front door'
  },
  {
    name: 'main entry',
    modules: ['src/main/index'],
    imports: ['shell'],
    why: "Electron's entry point: hands over to the shell"
  },
  {
    name: 'CLI',
    modules: ['src/main/cli'],
    imports: ['composition', 'contract', 'domain', 'i18n', 'package'],
    node: true,
    npm: true,
    why: 'the terminal front door'
  },
  {
    name: 'preload',
    modules: ['src/preload'],
    imports: ['contract'],
    electron: true,
    why: 'exposes the contract pipe to the window, nothing else'
  },
  {
    name: 'renderer',
    modules: ['src/renderer'],
    imports: ['contract', 'domain', 'i18n'],
    npm: true,
    why: 'the window talks to the core only through the contract'
  },
  {
    name: 'harness',
    modules: ['test/harness'],
    imports: ['composition', 'contract', 'domain', 'i18n', 'window policy'],
    node: true,
    npm: true,
    why: 'the browser harness front door'
  },
  {
    name: 'harness bridge',
    modules: ['test/harness/bridge'],
    imports: ['contract'],
    npm: true,
    why: "the harness's stand-in for the preload, bundled into the page"
  },
  {
    name: 'package',
    modules: ['packages/*'],
    imports: ['package'],
    node: true,
    npm: true,
    tests: true,
    byName: true,
    why: 'a package owns what it uses: nothing from src/, other packages only by their package name'
  }
]

const byName = new Map(LAYERS.map((layer) => [layer.name, layer]))
for (const layer of LAYERS) {
  for (const imported of layer.imports) {
    if (!byName.has(imported)) throw new Error(`Layer ${layer.name} imports an unknown layer: ${imported}`)
  }
}

const within = (path, folder) => path === folder || path.startsWith(`${folder}/`)
const named = LAYERS.flatMap((layer) =>
  layer.modules.filter((module) => !module.endsWith('/*')).map((module) => ({ layer, module }))
).sort((a, b) => b.module.length - a.module.length)
const open = LAYERS.flatMap((layer) =>
  layer.modules
    .filter((module) => module.endsWith('/*'))
    .map((module) => ({ layer, parent: module.slice(0, -2) }))
)

const directories = new Map()
function isDirectory(path) {
  if (!directories.has(path)) {
    const full = join(root, path)
    directories.set(path, existsSync(full) && statSync(full).isDirectory())
  }
  return directories.get(path)
}

/**
 * The layer and module a repository path (no extension) belongs to, or undefined. A named module wins over an open
 * one (`src/main/core/logging` is the foundation, not a feature); an open module is a folder, never a loose file.
 */
export function ownerOf(path) {
  const hit = named.find(({ module }) => within(path, module))
  if (hit) return hit
  for (const { layer, parent } of open) {
    if (!path.startsWith(`${parent}/`)) continue
    const [child, ...rest] = path.slice(parent.length + 1).split('/')
    const module = `${parent}/${child}`
    if (rest.length > 0 || isDirectory(module)) return { layer, module }
  }
  return undefined
}

/** Is this repository path a test or a test double (which may reach into a layer to set it up)? */
export const isTestCode = (path) => /\.test\.tsx?$|\.test$|(^|\/)testing(\/|$)/.test(path)

/**
 * Workspace packages by their package name (`@sender-desk/sandbox-gateway` → packages/sandbox-gateway), with the
 * front doors their package.json `exports` open (`./device-actions` → packages/sandbox-gateway/device-actions).
 */
export function workspacePackages() {
  const packages = new Map()
  if (!existsSync(join(root, 'packages'))) return packages
  for (const folder of readdirSync(join(root, 'packages'))) {
    const manifest = join(root, 'packages', folder, 'package.json')
    if (!existsSync(manifest)) continue
    const { name, exports } = JSON.parse(readFileSync(manifest, 'utf8'))
    const module = `packages/${folder}`
    const subpaths = typeof exports === 'object' && exports !== null ? Object.keys(exports) : []
    const doors = subpaths.filter((key) => key.startsWith('./')).map((key) => `${module}/${key.slice(2)}`)
    packages.set(name, { module, doors: [module, ...doors] })
  }
  return packages
}

const code = (text) => `\`${text}\``
const moduleLabel = (module) =>
  module.endsWith('/*') ? `any folder in ${code(module.slice(0, -2))}` : code(module)

/** The docs' dependency-rules table, one row per layer, written from LAYERS. */
export function markdownTable() {
  const rows = LAYERS.map((layer) => {
    const doors = [...layer.modules.map(moduleLabel), ...(layer.entries ?? []).map(code)].join(', ')
    const may = [
      ...layer.imports,
      ...(layer.modulesToo ?? []).map(code),
      layer.node ? 'Node built-ins' : undefined,
      layer.electron ? 'electron' : undefined,
      layer.npm ? `npm packages${layer.notNpm ? ` but ${layer.notNpm.map(code).join(', ')}` : ''}` : undefined
    ].filter(Boolean)
    return [
      `**${layer.name}**${layer.tests ? ' (tests too)' : ''}`,
      doors,
      may.length === 0 ? 'nothing' : may.join(', '),
      layer.why
    ]
  })
  const header = ['Layer', 'Modules (front doors)', 'May import', 'Why']
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i].length)))
  const line = (cells) => `| ${cells.map((cell, i) => cell.padEnd(widths[i])).join(' | ')} |`
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n')
}

/** The markers around the generated table in docs/architecture.md. */
export const LAYERS_TABLE_START =
  '<!-- layers table: generated by scripts/layers-table.js from eslint-rules/layers.js -->'
export const LAYERS_TABLE_END = '<!-- end of layers table -->'
