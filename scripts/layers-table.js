// Writes the docs' dependency-rules table (docs/architecture.md) from the layer rule's own table
// (eslint-rules/layers.js), between its two markers; test/boundaries.test.ts fails when they disagree.
// Usage: node scripts/layers-table.js (prints the table) | node scripts/layers-table.js --write
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { LAYERS_TABLE_END, LAYERS_TABLE_START, markdownTable, root } from '../eslint-rules/layers.js'

const table = markdownTable()
if (!process.argv.includes('--write')) {
  console.log(table)
} else {
  const path = join(root, 'docs/architecture.md')
  const docs = readFileSync(path, 'utf8')
  const start = docs.indexOf(LAYERS_TABLE_START)
  const end = docs.indexOf(LAYERS_TABLE_END)
  if (start < 0 || end < start)
    throw new Error(`docs/architecture.md lacks the ${LAYERS_TABLE_START} markers`)
  writeFileSync(path, `${docs.slice(0, start + LAYERS_TABLE_START.length)}\n\n${table}\n\n${docs.slice(end)}`)
}
