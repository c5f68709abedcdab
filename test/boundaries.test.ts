/** Process boundaries: core, CLI and shared code must run under plain Node, so they may not import electron. */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

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

  it('the lint rule rejects an electron import under src/main/core', async () => {
    const eslint = new ESLint({ cwd: root })
    const [result] = await eslint.lintText("import { app } from 'electron'\nexport const x = app\n", {
      filePath: join(root, 'src/main/core/example.ts')
    })
    expect(result?.messages.map((m) => m.ruleId)).toContain('no-restricted-imports')
  })

  it('the lint rule allows electron in the shell', async () => {
    const eslint = new ESLint({ cwd: root })
    const [result] = await eslint.lintText("import { app } from 'electron'\nexport const x = app\n", {
      filePath: join(root, 'src/main/shell/example.ts')
    })
    expect(result?.messages.map((m) => m.ruleId)).not.toContain('no-restricted-imports')
  })
})
