// The front doors (shell, CLI, harness) reach the core only through the composition and the contract. Checked on the
// path an import resolves to, not on how it is spelled: `./../core/gateway/errors`, `../../main/core/gateway` and a
// dynamic `await import('../core/gateway')` all land in the same folder, and no-restricted-imports' patterns see
// only the text of static imports.
import { dirname, relative, resolve } from 'node:path'

const root = resolve(import.meta.dirname, '..')

/** Where a relative import lands, from the repository root, without extension or a trailing /index. */
function landing(file, specifier) {
  return relative(root, resolve(dirname(file), specifier))
    .replaceAll('\\', '/')
    .replace(/\.(ts|tsx|js|mjs|cjs)$/, '')
    .replace(/\/index$/, '')
}

const within = (path, folder) => path === folder || path.startsWith(`${folder}/`)

/** @type {import('eslint').Rule.RuleModule} */
export const frontDoorImports = {
  meta: {
    type: 'problem',
    docs: {
      description: 'Front doors import only their own folder, the composition and the shared contract.'
    },
    schema: [
      {
        type: 'object',
        properties: {
          own: { type: 'string' },
          allow: { type: 'array', items: { type: 'string' } }
        },
        required: ['own', 'allow'],
        additionalProperties: false
      }
    ],
    messages: {
      outside:
        '{{specifier}} resolves to {{target}}: the shell, the CLI and the harness import only the composition (src/main/core/compose) and the contract (src/shared).',
      unknown: 'A front door imports only literal paths, so the layer rule can check them.'
    }
  },
  create(context) {
    const { own, allow } = context.options[0]
    const check = (source) => {
      if (source.type !== 'Literal' || typeof source.value !== 'string') {
        context.report({ node: source, messageId: 'unknown' })
        return
      }
      const specifier = source.value
      if (!specifier.startsWith('.')) return // packages: electron and the sandbox package have their own rules
      const target = landing(context.filename, specifier)
      // The allowed modules by their public entry (`src/shared/domain`, not `src/shared/domain/phone`).
      if (within(target, own) || allow.includes(target)) return
      context.report({ node: source, messageId: 'outside', data: { specifier, target } })
    }
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => node.source && check(node.source),
      ImportExpression: (node) => check(node.source)
    }
  }
}
