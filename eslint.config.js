// Lint rules, including the process boundaries: only src/main/shell and src/preload may import electron.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

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
  }
)
