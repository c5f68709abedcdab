// A file removed between its check and its copy: the copy is refused, never an uncaught stream error (which would
// reach the main process's last-resort handler). Its own file, since it replaces node:fs/promises' stat.
import { mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it, vi } from 'vitest'
import { AttachmentError, storeAttachment } from './attachments'

vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>()
  return {
    ...actual,
    // The operator deletes the file right after it was checked.
    stat: async (path: string) => {
      const info = await actual.stat(path)
      if (String(path).endsWith('vanishing.pdf')) unlinkSync(path)
      return info
    }
  }
})

let dir: string
afterEach(() => rmSync(dir, { recursive: true, force: true }))

it('refuses a file removed after its check, as unreadable, without an uncaught error', async () => {
  dir = mkdtempSync(join(tmpdir(), 'attachments-vanish-'))
  const source = join(dir, 'vanishing.pdf')
  writeFileSync(source, '%PDF-1.4 gone soon')
  const copying = storeAttachment(join(dir, 'data'), source)
  await expect(copying).rejects.toBeInstanceOf(AttachmentError)
  await expect(copying).rejects.toMatchObject({ code: 'unreadable' })
  // Give a stray stream error a turn to surface: vitest fails the run on an uncaught exception.
  await new Promise((resolve) => setTimeout(resolve, 50))
})
