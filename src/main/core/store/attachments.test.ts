// Content-addressed attachment copies: hashing while streaming, private modes, dedup, typed errors, stray-file cleanup.
import { createHash, randomBytes } from 'node:crypto'
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  AttachmentError,
  attachmentPath,
  attachmentsDir,
  readAttachment,
  removeAttachmentFile,
  removeStrayAttachmentFiles,
  storeAttachment
} from './attachments'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'attachments-test-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

describe('attachments', () => {
  it('copies a file under its sha256 with mode 0600, independent of the original', async () => {
    const content = randomBytes(3 * 1024 * 1024 + 17)
    const source = join(dir, 'video.mp4')
    writeFileSync(source, content)
    const stored = await storeAttachment(dir, source)
    expect(stored).toEqual({
      sha256: createHash('sha256').update(content).digest('hex'),
      size: content.length
    })
    const copy = attachmentPath(dir, stored.sha256)
    expect(statSync(copy).mode & 0o777).toBe(0o600)
    rmSync(source)
    expect(Buffer.from(await readAttachment(dir, stored.sha256)).equals(content)).toBe(true)
  })

  it('keeps one copy of identical content and leaves no temp files behind', async () => {
    writeFileSync(join(dir, 'a.txt'), 'same bytes')
    writeFileSync(join(dir, 'b.txt'), 'same bytes')
    const [a, b] = await Promise.all([
      storeAttachment(dir, join(dir, 'a.txt')),
      storeAttachment(dir, join(dir, 'b.txt'))
    ])
    expect(a.sha256).toBe(b?.sha256)
    expect(readdirSync(attachmentsDir(dir))).toEqual([a.sha256])
  })

  it('says why a source cannot be copied', async () => {
    await expect(storeAttachment(dir, join(dir, 'missing.pdf'))).rejects.toMatchObject({ code: 'not_found' })
    mkdirSync(join(dir, 'folder'))
    const error = await storeAttachment(dir, join(dir, 'folder')).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AttachmentError)
    expect(error).toMatchObject({ code: 'not_a_file' })
  })

  it('removes a copy idempotently and refuses names that are not content addresses', async () => {
    writeFileSync(join(dir, 'a.txt'), 'x')
    const { sha256 } = await storeAttachment(dir, join(dir, 'a.txt'))
    removeAttachmentFile(dir, sha256)
    removeAttachmentFile(dir, sha256)
    expect(existsSync(attachmentPath(dir, sha256))).toBe(false)
    expect(() => attachmentPath(dir, '../sender-desk.db')).toThrow(/not an attachment name/)
  })

  it('removes stray files the database does not know once they are old enough', async () => {
    writeFileSync(join(dir, 'a.txt'), 'known')
    writeFileSync(join(dir, 'b.txt'), 'unknown')
    writeFileSync(join(dir, 'c.txt'), 'unknown but fresh')
    const known = await storeAttachment(dir, join(dir, 'a.txt'))
    const stray = await storeAttachment(dir, join(dir, 'b.txt'))
    const fresh = await storeAttachment(dir, join(dir, 'c.txt'))
    const temp = join(attachmentsDir(dir), '.incoming-deadbeef')
    writeFileSync(temp, 'half a copy')
    const old = new Date(Date.now() - 2 * 3_600_000)
    for (const path of [attachmentPath(dir, known.sha256), attachmentPath(dir, stray.sha256), temp])
      utimesSync(path, old, old)

    const removed = await removeStrayAttachmentFiles(
      dir,
      (sha) => sha === known.sha256,
      Date.now(),
      3_600_000
    )
    expect(removed).toBe(2)
    expect(readdirSync(attachmentsDir(dir)).sort()).toEqual([known.sha256, fresh.sha256].sort())
    expect(readFileSync(attachmentPath(dir, known.sha256), 'utf8')).toBe('known')
  })
})
