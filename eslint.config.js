// Lint rules, including the process boundaries (only src/main/shell and src/preload import electron) and the
// core's layers (docs/architecture.md): which folder may import which, checked the way VS Code checks its layering.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import { frontDoorImports } from './eslint-rules/front-door-imports.js'

const electronBan = {
  paths: [
    {
      name: 'electron',
      message:
        'Only src/main/shell and src/preload may import electron; keep this code runnable under plain Node.'
    }
  ],
  patterns: [
    { group: ['electron/*', '@electron-toolkit/*'], message: 'Electron-only module outside the shell.' }
  ]
}

/** The layering rules below apply to code, not to tests and test doubles, which may reach into a layer to set it up. */
const TESTS = ['**/*.test.ts', '**/testing/**']

/** The sandbox gateway is its own package, reached over HTTP: the app imports only its public entry point. */
const noSandboxInternals = {
  regex: '^@sender-desk/sandbox-gateway/|(^|/)packages/sandbox-gateway(/|$)',
  message:
    'Use the sandbox through @sender-desk/sandbox-gateway (startSandbox, SandboxControl): its internals are its own.'
}

/** The inbox relay too: the app uses its public entry point (and talks to a running relay over HTTP). */
const noInboxRelayInternals = {
  regex: '^@sender-desk/inbox-relay/|(^|/)packages/inbox-relay(/|$)',
  message:
    'Use the inbox relay through @sender-desk/inbox-relay (startNodeRelay, openRelayEvent): its internals are its own.'
}

/** Electron's ban plus one layer's own import rules, as one rule setting (a later block replaces, not merges, it). */
function restrict(...patterns) {
  return [
    'error',
    {
      paths: electronBan.paths,
      patterns: [...electronBan.patterns, noSandboxInternals, noInboxRelayInternals, ...patterns]
    }
  ]
}

// Core modules every layer may use: the clock, time zones, seeded randomness, the redacting logger, private files.
const FOUNDATION = '(clock|zoned-time|seeded-random|logging|private-files)'
const FEATURES = [
  'devices',
  'outbox',
  'files',
  'campaigns',
  'reminders',
  'webhooks',
  'autoreplies',
  'settings',
  'sandbox-control',
  'inbox'
]

const noTransport = {
  regex: '(^|/)(shell|cli|preload|renderer|harness)(/|$)|^ws$',
  message:
    'Nothing under src/main/core imports transport or front-door code; the front doors import the core.'
}
const noDispatcher = {
  regex: '(^|/)ipc-dispatch$',
  message:
    'Only the composition (compose.ts) and the front doors use the contract dispatcher; throw ApiFailure from ./commands.'
}
const layers = {
  domain: {
    regex: '^(\\.\\./|node:|electron|@sender-desk/)',
    message: 'src/shared/domain holds pure rules: it imports nothing of ours and does no I/O.'
  },
  domainNested: {
    regex: '^(\\.\\./\\.\\./|node:|electron|@sender-desk/)',
    message: 'src/shared/domain holds pure rules: it imports nothing of ours and does no I/O.'
  },
  foundation: {
    regex: `^\\.\\./(?!${FOUNDATION}$)|^\\.\\./\\.\\./`,
    message: 'The foundation (clock, logging, private files…) imports no other part of the app.'
  },
  foundationRoot: {
    regex: `^\\./(?!${FOUNDATION}$)|^\\.\\./`,
    message: 'The foundation (clock, logging, private files…) imports no other part of the app.'
  },
  infrastructure: {
    regex: `^\\.\\./(?!\\.\\./|${FOUNDATION}$)|^\\.\\./\\.\\./(?!\\.\\./shared/(contract|domain)(/|$))`,
    message:
      'gateway/, store/ and vault/ import only shared/domain, the contract and the foundation (clock, logging, private files), never a feature.'
  },
  featureDeep: {
    regex: '^\\.\\./(?!\\.\\./)[^/]+/',
    message:
      'Import another feature or layer only through its public index.ts (e.g. ../devices, not ../devices/registry).'
  },
  featureUp: {
    regex: '^\\.\\./(compose|compose-command-line|notices)$',
    message: 'Features do not import the composition; compose.ts wires them together.'
  },
  compositionDeep: {
    regex: '^\\./[^/]+/',
    message: 'The composition uses each feature and layer through its public index.ts.'
  }
}

/** What a front door may import besides its own folder: the composition and the shared contract, by their entry. */
const FRONT_DOOR_ALLOWS = [
  'src/main/core/compose',
  'src/main/core/compose-command-line',
  'src/shared/contract',
  'src/shared/content-security-policy',
  'src/shared/domain',
  'src/shared/i18n'
]
const layerPlugin = { rules: { 'front-door-imports': frontDoorImports } }
/** The front-door rule for the front door in `own` (see eslint-rules/front-door-imports.js), plus `rules`. */
function frontDoor(own, rules = {}) {
  return {
    plugins: { layers: layerPlugin },
    rules: { 'layers/front-door-imports': ['error', { own, allow: FRONT_DOOR_ALLOWS }], ...rules }
  }
}

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'test-results/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off'
    }
  },
  {
    files: [
      'src/main/core/**',
      'src/main/cli/**',
      'src/shared/**',
      'test/harness/**',
      'bench/**',
      'packages/**'
    ],
    rules: { 'no-restricted-imports': ['error', electronBan] }
  },
  {
    files: ['src/renderer/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          paths: electronBan.paths,
          patterns: [
            ...electronBan.patterns,
            {
              group: ['**/main/**', 'node:*'],
              message: 'The renderer talks to the core only through the contract API.'
            }
          ]
        }
      ]
    }
  },
  {
    files: ['test/harness/bridge/**'],
    languageOptions: { globals: { ...globals.browser } }
  },
  {
    // The sandbox package imports nothing of the app, tests included (the app's client against it is the app's test).
    files: ['packages/sandbox-gateway/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict({
        regex: '(^|/)src/(main|shared|renderer|preload)(/|$)|^@sender-desk/',
        message: 'The sandbox package owns what it uses; it imports nothing from the app.'
      })
    }
  },
  {
    // Like the sandbox: the relay imports nothing of the app, tests included. (Its Worker side must also stay free of
    // node:* modules; test/worker.test.ts bundles it for a neutral platform, which fails on one.)
    files: ['packages/inbox-relay/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict({
        regex: '(^|/)src/(main|shared|renderer|preload)(/|$)|^@sender-desk/',
        message: 'The inbox relay package owns what it uses; it imports nothing from the app.'
      })
    }
  },
  // --- The core's layers (docs/architecture.md). Each block is one layer; a file belongs to one of them.
  {
    files: ['src/shared/domain/*.ts'],
    ignores: TESTS,
    rules: { 'no-restricted-imports': restrict(layers.domain) }
  },
  {
    files: ['src/shared/domain/*/**/*.ts'],
    ignores: TESTS,
    rules: { 'no-restricted-imports': restrict(layers.domainNested) }
  },
  {
    files: ['src/main/core/{clock,zoned-time,seeded-random}.ts'],
    ignores: TESTS,
    rules: { 'no-restricted-imports': restrict(layers.foundationRoot, noTransport) }
  },
  {
    files: ['src/main/core/{logging,private-files}/**/*.ts'],
    ignores: TESTS,
    rules: { 'no-restricted-imports': restrict(layers.foundation, noTransport) }
  },
  {
    files: ['src/main/core/{gateway,store,vault}/**/*.ts'],
    ignores: TESTS,
    rules: { 'no-restricted-imports': restrict(layers.infrastructure, noTransport, noDispatcher) }
  },
  {
    files: [`src/main/core/{${FEATURES.join(',')}}/**/*.ts`],
    ignores: TESTS,
    rules: {
      'no-restricted-imports': restrict(layers.featureDeep, layers.featureUp, noTransport, noDispatcher)
    }
  },
  {
    files: ['src/main/core/{commands,core-events,notices}.ts'],
    ignores: TESTS,
    rules: { 'no-restricted-imports': restrict(layers.compositionDeep, noTransport, noDispatcher) }
  },
  {
    files: ['src/main/core/{compose,compose-command-line,ipc-dispatch}.ts'],
    ignores: TESTS,
    rules: { 'no-restricted-imports': restrict(layers.compositionDeep, noTransport) }
  },
  {
    files: ['src/main/shell/**/*.ts'],
    ignores: TESTS,
    ...frontDoor('src/main/shell')
  },
  {
    files: ['src/main/cli/**/*.ts'],
    ignores: TESTS,
    ...frontDoor('src/main/cli', { 'no-restricted-imports': restrict() })
  },
  {
    files: ['test/harness/**/*.ts'],
    ignores: [...TESTS, 'test/harness/bridge/**'],
    ...frontDoor('test/harness', { 'no-restricted-imports': restrict() })
  },
  {
    // Only the CLI's output module writes to the terminal; everything else logs through the redacting logger.
    files: ['src/main/**/*.ts'],
    ignores: ['src/main/cli/output.ts'],
    rules: { 'no-console': 'error' }
  }
)
