// The send-queue kernel stays small enough to follow: no module of it (its folder and its store's parts) over 400
// lines, so a producer or a policy lands beside it instead of growing it (issue 24).
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'

const root = join(import.meta.dirname, '..')
const kernelModules = [
  ...readdirSync(join(root, 'src/main/core/outbox'))
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .map((name) => join('src/main/core/outbox', name)),
  ...readdirSync(join(root, 'src/main/core/store'))
    .filter((name) => /^outbox-.*\.ts$/.test(name) && !name.endsWith('.test.ts'))
    .map((name) => join('src/main/core/store', name))
]

it('finds the kernel', () => {
  expect(kernelModules).toContain('src/main/core/outbox/kernel.ts')
  expect(kernelModules).toContain('src/main/core/store/outbox-store.ts')
})

it.each(kernelModules)('%s is at most 400 lines', (file) => {
  expect(readFileSync(join(root, file), 'utf8').split('\n').length).toBeLessThanOrEqual(400)
})

/** Every source file below `dir` (tests and test doubles aside). */
function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sources(path)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : []
  })
}

it("no module outside the kernel's store and the migrations reads or writes the kernel's table", () => {
  const kernelStore = /^src\/main\/core\/store\/(outbox-[a-z-]+|migrations)\.ts$/
  const touching = sources('src/main/core').filter(
    (file) =>
      !kernelStore.test(file) && /\boutbox_(items|history)\b/.test(readFileSync(join(root, file), 'utf8'))
  )
  expect(touching).toEqual([])
})
