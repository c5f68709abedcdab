// Lint rules, including the layers (docs/architecture.md, Dependency rules): one table in eslint-rules/layers.js says
// which folder may import which, through which front door, and who may use Node, electron and npm packages.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import { layerImports } from './eslint-rules/layer-imports.js'
import { sandboxFlag } from './eslint-rules/sandbox-flag.js'
import { LAYERED } from './eslint-rules/layers.js'

/** The benchmarks run under plain Node too, outside the layers: electron is off limits there. */
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

/** Every file of src/, packages/ and the harness belongs to one layer of eslint-rules/layers.js (fail closed). */
const LAYERED_FILES = LAYERED.map((folder) => `${folder}/**/*.{ts,tsx,js,mjs,cjs}`)

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
    files: ['bench/**'],
    rules: { 'no-restricted-imports': ['error', electronBan] }
  },
  {
    files: ['src/renderer/**', 'test/harness/bridge/**'],
    languageOptions: { globals: { ...globals.browser } }
  },
  {
    files: ['src/renderer/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules
  },
  {
    // The layers (docs/architecture.md, Dependency rules): one table, checked on where each import lands.
    files: LAYERED_FILES,
    plugins: { layers: { rules: { 'layer-imports': layerImports } } },
    rules: { 'layers/layer-imports': 'error' }
  },
  {
    // A promise nobody awaits loses its rejection and its ordering (an un-awaited write). Type-aware, so only over the
    // app and its packages, whose tsconfigs (tsconfig.node.json, tsconfig.web.json) the project service reads.
    files: LAYERED_FILES,
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error'
    }
  },
  {
    // "Is this a sandbox device" has one rule, isSandboxDevice (device-status.ts, its owner, reads the flag): a new
    // direct read of `device.sandbox` fails here. Type-aware, so it rides on the block above's project service.
    files: LAYERED_FILES,
    ignores: ['src/shared/device-status.ts'],
    plugins: { device: { rules: { 'sandbox-flag': sandboxFlag } } },
    rules: { 'device/sandbox-flag': 'error' }
  },
  {
    // Only the CLI's output module writes to the terminal; everything else logs through the redacting logger.
    files: ['src/main/**/*.ts'],
    ignores: ['src/main/cli/output.ts'],
    rules: { 'no-console': 'error' }
  }
)
