// The drafts' kept files are written by the app and the terminal on one data folder: a change by one is never
// written over by the other's copy of the list.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { DraftFiles, type KeptFile } from './draft-files'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sd-draft-files-'))
})
afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
})

const file = (handle: string): KeptFile => ({
  handle,
  name: `${handle}.pdf`,
  owned: false,
  pinned: { dev: 1, ino: 2, size: 3, mtimeMs: 4, realPath: join(dir, `${handle}.pdf`) }
})

it("keeps the other process's change made after this one read the list", async () => {
  const path = join(dir, 'draft-files.json')
  const app = new DraftFiles(path)
  const terminal = new DraftFiles(path)
  await app.set(7, [file('reply-7')])
  await app.set(8, [file('reply-8')])
  // The terminal has read the list; the app then keeps a file for the Send view's draft.
  expect(await terminal.of(7)).toHaveLength(1)
  await app.set(undefined, [file('send-draft')])
  await terminal.set(7, [])
  const fresh = new DraftFiles(path)
  expect((await fresh.of(undefined)).map((kept) => kept.handle)).toEqual(['send-draft'])
  expect(await fresh.of(7)).toEqual([])
  expect((await fresh.of(8)).map((kept) => kept.handle)).toEqual(['reply-8'])
})

it('waits for the lock another process holds, then changes the list as that process left it', async () => {
  const path = join(dir, 'draft-files.json')
  const terminal = new DraftFiles(path)
  await terminal.set(7, [file('reply-7')])
  // The app holds the lock while it writes its change.
  writeFileSync(`${path}.lock`, 'app')
  let done = false
  const change = terminal.set(7, []).then(() => (done = true))
  await new Promise((resolve) => setTimeout(resolve, 100))
  expect(done).toBe(false)
  writeFileSync(
    path,
    JSON.stringify({ version: 1, files: [file('send-draft')], replies: { 7: [file('reply-7')] } })
  )
  rmSync(`${path}.lock`)
  await change
  const fresh = new DraftFiles(path)
  expect((await fresh.of(undefined)).map((kept) => kept.handle)).toEqual(['send-draft'])
  expect(await fresh.of(7)).toEqual([])
})
