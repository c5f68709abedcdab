/**
 * The built main process and CLI carry zod and libphonenumber-js inside their bundle (electron.vite.config.ts): left
 * as packages, a fresh process resolved, read and compiled about 95 module files for each before its first line
 * ran, the largest part of a fresh `sender-desk outbox list` (issue 18).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'

const outMain = join(import.meta.dirname, '../../out/main')
const BUNDLED = ['zod', 'libphonenumber-js']

function builtFiles(): { name: string; text: string }[] {
  return readdirSync(outMain, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.js'))
    .map((name) => ({ name, text: readFileSync(join(outMain, name), 'utf8') }))
}

beforeAll(() => {
  // npm test builds first; a missing bundle must fail loudly rather than skip.
  if (!existsSync(join(outMain, 'cli.js')))
    throw new Error('out/main is not built: run `npm run build` first')
})

describe('the built main bundle', () => {
  it('imports neither zod nor libphonenumber-js as a package', () => {
    const imports = builtFiles().flatMap(({ name, text }) =>
      [...text.matchAll(/\b(?:from|import\()\s*["']([^"']+)["']/g)]
        .map((match) => match[1] ?? '')
        .filter((specifier) => BUNDLED.some((pkg) => specifier === pkg || specifier.startsWith(`${pkg}/`)))
        .map((specifier) => `${name}: ${specifier}`)
    )
    expect(imports).toEqual([])
  })

  it('has their code inside (the check above sees the bundle, not an empty folder)', () => {
    const sources = builtFiles().map(({ text }) => text)
    for (const pkg of BUNDLED)
      expect(
        sources.some((text) => text.includes(`// node_modules/${pkg}/`)),
        pkg
      ).toBe(true)
  })
})
