/**
 * The window's start as built (out/renderer): one script and one stylesheet before the shell, with one language's
 * strings, and no bigger than the size the first-load work left it at (issue 29: 452 kB before, 364 kB after). A view
 * or a library imported eagerly by the start shows up here as growth, before it shows up in the window bench.
 */
import { existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { en } from '../../src/shared/i18n/en'
import { enStart } from '../../src/shared/i18n/en-start'
import { id } from '../../src/shared/i18n/id'

const outRenderer = join(import.meta.dirname, '../../out/renderer')
/** The start chunk's size after issue 29's first-load work, plus a margin for ordinary growth; raise it knowingly. */
const START_CHUNK_LIMIT_BYTES = 380_000

function indexHtml(): string {
  return readFileSync(join(outRenderer, 'index.html'), 'utf8')
}

/** The files index.html loads before anything runs: module scripts and stylesheets, as written there. */
function startFiles(): { scripts: string[]; styles: string[] } {
  const html = indexHtml()
  return {
    scripts: [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((match) => match[1] ?? ''),
    styles: [...html.matchAll(/<link\b[^>]*rel="(?:stylesheet|modulepreload)"[^>]*href="([^"]+)"/g)].map(
      (match) => match[1] ?? ''
    )
  }
}

beforeAll(() => {
  // npm test builds first; a missing window must fail loudly rather than skip.
  if (!existsSync(join(outRenderer, 'index.html')))
    throw new Error('out/renderer is not built: run `npm run build` first')
})

describe("the window's start chunk", () => {
  it('is the only script the page loads before the shell, with one stylesheet', () => {
    const { scripts, styles } = startFiles()
    expect(scripts).toHaveLength(1)
    expect(styles).toHaveLength(1)
    expect(styles[0]).toMatch(/\.css$/)
  })

  it('carries English only: Indonesian is a chunk of its own, loaded when it is the chosen language', () => {
    const [script] = startFiles().scripts
    const code = readFileSync(join(outRenderer, script ?? ''), 'utf8')
    expect(code).toContain(JSON.stringify(en['app.loading']).slice(1, -1))
    expect(code).not.toContain(JSON.stringify(id['app.loading']).slice(1, -1))
  })

  it('names no English key beyond the start strings: the rest arrive after the shell, and the views wait for them', () => {
    const [script] = startFiles().scripts
    const code = readFileSync(join(outRenderer, script ?? ''), 'utf8')
    const quoted = (text: string): boolean =>
      ['`', '"', "'"].some((quote) => code.includes(quote + text + quote))
    // Keys named in code, as literals: each must be a start string.
    const beyondStart = Object.keys(en).filter((key) => !(key in enStart) && quoted(key))
    expect(beyondStart).toEqual([])
    // Keys composed in code (`state.${state}`): the whole family must be start strings.
    const families = [...code.matchAll(/`([a-z][\w-]*(?:\.[\w-]+)*\.)\$\{/gi)].map((match) => match[1] ?? '')
    const knownFamilies = families.filter((family) => Object.keys(en).some((key) => key.startsWith(family)))
    expect(knownFamilies.length).toBeGreaterThan(0)
    for (const family of knownFamilies)
      expect(Object.keys(en).filter((key) => key.startsWith(family) && !(key in enStart))).toEqual([])
    // And the start carries the start strings only: a string only the views use is not in it.
    expect(code).toContain(enStart['nav.home'])
    expect(code).not.toContain(en['campaigns.optOuts.remove'].slice(0, 20))
  })

  it(`stays under ${START_CHUNK_LIMIT_BYTES / 1000} kB`, () => {
    const [script] = startFiles().scripts
    expect(statSync(join(outRenderer, script ?? '')).size).toBeLessThanOrEqual(START_CHUNK_LIMIT_BYTES)
  })
})
