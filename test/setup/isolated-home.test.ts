import { existsSync, realpathSync } from 'node:fs'
import { homedir, tmpdir } from 'node:os'
import { relative, isAbsolute } from 'node:path'
import { describe, expect, it } from 'vitest'

describe('a test file’s home folder', () => {
  it('is a fresh folder inside the run’s temporary folder, never the operator’s home', () => {
    const home = realpathSync(homedir())
    const within = relative(realpathSync(tmpdir()), home)
    expect(existsSync(home)).toBe(true)
    expect(within.startsWith('..') || isAbsolute(within)).toBe(false)
    expect(within).toMatch(/^sd-test-home-/)
  })
})
