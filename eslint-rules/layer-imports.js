// The layer rule: every file of src/, packages/ and the harness belongs to one layer of eslint-rules/layers.js, and
// imports only what its layer may, through the front door. Checked on where an import lands, not on how it is
// spelled: `./../devices/registry`, `../../core/devices/registry`, `await import()`, `require()`,
// `import x = require()`, `export * from`, `import type` and `typeof import()` all resolve to the same place, and
// `'fs'` is the Node built-in `node:fs`. A file in no layer is an error, so the lint fails closed.
import { builtinModules } from 'node:module'
import { dirname, relative, resolve } from 'node:path'
import { LAYERS, isTestCode, ownerOf, root, workspacePackages } from './layers.js'

const builtins = new Set(builtinModules)
const packages = workspacePackages()

/** A repository path without extension or a trailing /index: how modules and entries are written in the table. */
const asModulePath = (path) =>
  path
    .replaceAll('\\', '/')
    .replace(/\.(ts|tsx|js|mjs|cjs|json)$/, '')
    .replace(/\/index$/, '')

const within = (path, folder) => path === folder || path.startsWith(`${folder}/`)
const list = (names) => (names.length === 0 ? 'nothing of ours' : names.join(', '))

/** What a specifier names: a Node built-in, electron, a workspace package, a path in the repository, or npm. */
function classify(file, specifier) {
  if (specifier.startsWith('node:') || builtins.has(specifier)) return { kind: 'node' }
  if (/^electron(\/|$)|^@electron-toolkit\//.test(specifier)) return { kind: 'electron' }
  if (specifier.startsWith('.') || specifier.startsWith('/')) {
    return {
      kind: 'path',
      target: asModulePath(relative(root, resolve(dirname(file), specifier))),
      byPath: true
    }
  }
  const [scopeOrName, maybeName, ...rest] = specifier.split('/')
  const name = scopeOrName.startsWith('@') ? `${scopeOrName}/${maybeName}` : scopeOrName
  const workspace = packages.get(name)
  if (workspace) {
    const inner = scopeOrName.startsWith('@')
      ? rest
      : [maybeName, ...rest].filter((part) => part !== undefined)
    return { kind: 'path', target: [workspace.module, ...inner].join('/'), byPath: false }
  }
  return { kind: 'npm', name }
}

/** A module's front doors: itself, its layer's entries inside it, and for a package what its `exports` open. */
const frontDoors = (layer, module) => [
  module,
  ...(layer.entries ?? []).filter((entry) => within(entry, module)),
  ...([...packages.values()].find((workspace) => workspace.module === module)?.doors ?? [])
]

/** @type {import('eslint').Rule.RuleModule} */
export const layerImports = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'Each layer imports only the layers it may, through their front doors (eslint-rules/layers.js); a file in no layer is an error.'
    },
    schema: [],
    messages: {
      noLayer:
        '{{file}} belongs to no layer: put it in a layer’s folder, or add it to eslint-rules/layers.js (docs/architecture.md, Dependency rules).',
      unknown: 'Import only literal paths, so the layer rule can check where they land.',
      node: '{{specifier}} is a Node built-in: the {{layer}} layer ({{why}}) imports none.',
      electron:
        '{{specifier}}: only the shell and the preload import electron; keep the {{layer}} layer runnable without it.',
      npm: '{{specifier}}: the {{layer}} layer does not import this package ({{why}}).',
      outside: '{{specifier}} lands in {{target}}, which belongs to no layer.',
      testCode: '{{specifier}} lands in {{target}}, which is test code: only tests import it.',
      layer:
        '{{specifier}} lands in {{target}} (the {{targetLayer}} layer): the {{layer}} layer imports only {{allowed}} (docs/architecture.md, Dependency rules).',
      frontDoor:
        '{{specifier}} lands in {{target}}, inside {{module}}: import it through its front door ({{doors}}), not its inner files.',
      byName: '{{specifier}} reaches into the package {{module}} by path: import it by its package name.'
    }
  },
  create(context) {
    // The importer keeps a trailing /index: src/main/index.ts is a module of its own, not the folder src/main.
    const file = relative(root, context.filename)
      .replaceAll('\\', '/')
      .replace(/\.(ts|tsx|js|mjs|cjs)$/, '')
    const own = ownerOf(file)
    // Tests and test doubles may reach into a layer to set it up; they still run where their layer runs (no electron).
    const exempt = isTestCode(file) && !own?.layer.tests
    if (!own) {
      if (exempt) return {}
      return {
        Program: (node) => context.report({ node, messageId: 'noLayer', data: { file } })
      }
    }
    const { layer, module } = own
    const allowed = [layer.name, ...layer.imports]

    const check = (source) => {
      const specifier =
        source?.type === 'Literal' && typeof source.value === 'string'
          ? source.value
          : source?.type === 'TemplateLiteral' && source.expressions.length === 0
            ? source.quasis[0].value.cooked
            : undefined
      if (specifier === undefined) {
        if (!exempt) context.report({ node: source, messageId: 'unknown' })
        return
      }
      const report = (messageId, data = {}) =>
        context.report({
          node: source,
          messageId,
          data: { specifier, layer: layer.name, why: layer.why, ...data }
        })
      const what = classify(context.filename, specifier)
      if (what.kind === 'electron') return layer.electron ? undefined : report('electron')
      if (exempt) return
      if (what.kind === 'node') return layer.node ? undefined : report('node')
      if (what.kind === 'npm') {
        return layer.npm && !(layer.notNpm ?? []).includes(what.name) ? undefined : report('npm')
      }
      const { target } = what
      if (within(target, module)) return
      if (isTestCode(target)) return report('testCode', { target })
      const owner = ownerOf(target)
      if (!owner) return report('outside', { target })
      if (owner.layer.byName && what.byPath) return report('byName', { module: owner.module })
      if ((layer.modulesToo ?? []).includes(target)) return
      if (!allowed.includes(owner.layer.name)) {
        const may = [...layer.imports, ...(layer.modulesToo ?? [])]
        return report('layer', { target, targetLayer: owner.layer.name, allowed: list(may) })
      }
      const doors = frontDoors(owner.layer, owner.module)
      if (!doors.includes(target))
        return report('frontDoor', { target, module: owner.module, doors: doors.join(', ') })
    }
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => node.source && check(node.source),
      ImportExpression: (node) => check(node.source),
      TSImportType: (node) => check(node.source ?? node.argument?.literal),
      TSImportEqualsDeclaration: (node) =>
        node.moduleReference.type === 'TSExternalModuleReference' && check(node.moduleReference.expression),
      CallExpression: (node) =>
        node.callee.type === 'Identifier' &&
        node.callee.name === 'require' &&
        check(node.arguments[0] ?? node)
    }
  }
}

/** The layers, for the docs and the tests. */
export { LAYERS }
