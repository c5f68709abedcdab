/**
 * Attack: a file changes between the check at registration and the copy at queue time (grown, swapped for a
 * symlink, rewritten as another type), or passes the type check on a partial signature. Outcome: refused with
 * "<name> changed after you added it; add it again", nothing queued, the secret file never copied.
 */
import { appendFile, readdir, rename, stat, symlink, truncate, utimes, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { open } from 'node:fs/promises'
import { detectFileType } from '../../src/main/core/files/file-type'
import { AttachmentTooLongError, storeAttachmentFrom } from '../../src/main/core/store'
import { startCore, type SecurityCore } from './core-fixture'
import { coreText } from '../../src/shared/i18n/notes'

const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]),
  Buffer.from('JFIF\0'),
  Buffer.alloc(1000, 7)
])
const SECRET = 'root:x:0:0:root:/root:/bin/bash\n'

let sec: SecurityCore
beforeEach(async () => {
  sec = await startCore()
})
afterEach(async () => sec.core.stop())

async function registerPhoto(
  options: { wholeSecondTimes?: boolean } = {}
): Promise<{ path: string; handle: string }> {
  const path = join(sec.dataDir, 'photo.jpg')
  await writeFile(path, JPEG)
  // Times Node can put back exactly (utimes takes seconds as a double; sub-microsecond digits would be lost).
  if (options.wholeSecondTimes) await utimes(path, 1_700_000_000, 1_700_000_000)
  const { files, rejected } = await sec.core.handlers['files:register']({ sources: [{ kind: 'path', path }] })
  expect(rejected).toEqual([])
  return { path, handle: files[0]!.handle }
}

async function enqueue(handle: string) {
  return sec.invoke('outbox:enqueue', {
    deviceId: sec.deviceId,
    recipients: ['081234567890'],
    entries: [{ kind: 'file', handle }]
  })
}

async function expectRefusedAndNothingQueued(handle: string): Promise<void> {
  expect(await enqueue(handle)).toMatchObject({
    ok: false,
    error: { code: 'file_changed', message: 'photo.jpg changed after you added it; add it again.' }
  })
  expect((await sec.core.handlers['outbox:list']({ offset: 0, limit: 50 })).items).toEqual([])
}

/** Every byte stored under attachments/, to prove a secret never lands there. */
async function attachmentBytes(): Promise<string> {
  const dir = join(sec.dataDir, 'attachments')
  const names = await readdir(dir).catch(() => [] as string[])
  const { readFile } = await import('node:fs/promises')
  return (await Promise.all(names.map((n) => readFile(join(dir, n), 'latin1')))).join('')
}

describe('a file that changes after it was added', () => {
  it('a 1 KB photo swapped for a 300 MB file is refused before anything is copied', async () => {
    const { path, handle } = await registerPhoto()
    const big = join(sec.dataDir, 'big.jpg')
    await writeFile(big, JPEG)
    await truncate(big, 300 * 1024 * 1024)
    await rename(big, path)
    await expectRefusedAndNothingQueued(handle)
    expect((await attachmentBytes()).length).toBe(0)
  })

  it('a photo that grows in place (same inode, time reset) is refused', async () => {
    const { path, handle } = await registerPhoto()
    const before = await stat(path)
    await appendFile(path, Buffer.alloc(5000, 1))
    await utimes(path, before.atime, before.mtime)
    await expectRefusedAndNothingQueued(handle)
  })

  it('a photo swapped for a symlink to a secret file is refused and the secret is never copied', async () => {
    const { path, handle } = await registerPhoto()
    const secret = join(sec.dataDir, 'passwd')
    await writeFile(secret, SECRET)
    await rename(path, join(sec.dataDir, 'moved.jpg'))
    await symlink(secret, path)
    await expectRefusedAndNothingQueued(handle)
    expect(await attachmentBytes()).not.toContain('root:x:0:0')
  })

  it('a photo rewritten in place as another type with the same size and time is refused by the copy re-check', async () => {
    const { path, handle } = await registerPhoto()
    const before = await stat(path)
    const pdf = Buffer.alloc(JPEG.length, 0x20)
    pdf.write('%PDF-1.7\n', 0, 'latin1')
    await writeFile(path, pdf)
    await utimes(path, before.atime, before.mtime)
    await expectRefusedAndNothingQueued(handle)
  })

  it('a photo rewritten in place with another photo of the same size, its time put back, is refused (change time)', async () => {
    const { path, handle } = await registerPhoto({ wholeSecondTimes: true })
    const before = await stat(path)
    const other = Buffer.from(JPEG)
    // Another image of the same type and size: only the inode's change time tells the rewrite apart.
    other[other.length - 3] = (other[other.length - 3]! + 1) % 256
    await writeFile(path, other)
    await utimes(path, 1_700_000_000, 1_700_000_000)
    expect((await stat(path)).mtimeMs).toBe(before.mtimeMs)
    await expectRefusedAndNothingQueued(handle)
  })

  it('says so in English with the key the window shows in the operator language (Indonesian here)', async () => {
    const { path, handle } = await registerPhoto()
    await appendFile(path, Buffer.alloc(10, 1))
    const result = await enqueue(handle)
    expect(result).toMatchObject({
      ok: false,
      error: {
        code: 'file_changed',
        message: 'photo.jpg changed after you added it; add it again.',
        messageKey: 'send.fileChanged',
        messageParams: { name: 'photo.jpg' }
      }
    })
    if (result.ok) return
    expect(coreText('id', result.error.message, result.error.messageKey, result.error.messageParams)).toBe(
      'photo.jpg berubah setelah Anda menambahkannya; tambahkan lagi.'
    )
  })

  it('an unchanged photo is queued once, from its pinned copy', async () => {
    const { handle } = await registerPhoto()
    expect(await enqueue(handle)).toMatchObject({ ok: true })
    const { items } = await sec.core.handlers['outbox:list']({ offset: 0, limit: 50 })
    expect(items).toHaveLength(1)
    expect(items[0]).toMatchObject({ fileName: 'photo.jpg' })
  })
})

describe('the copy is bounded by the checked size', () => {
  it('a descriptor holding more bytes than checked is refused after limit + 1 bytes and leaves no copy', async () => {
    const path = join(sec.dataDir, 'growing.jpg')
    await writeFile(path, Buffer.alloc(64 * 1024, 1))
    const handle = await open(path, 'r')
    try {
      await expect(storeAttachmentFrom(sec.dataDir, handle, 1000)).rejects.toBeInstanceOf(
        AttachmentTooLongError
      )
    } finally {
      await handle.close()
    }
    expect(await readdir(join(sec.dataDir, 'attachments'))).toEqual([])
  })
})

describe('file types need whole signatures', () => {
  it('FF FB alone (or a sync word with invalid fields) is not MP3; a whole Layer III header is', () => {
    expect(detectFileType(Buffer.from([0xff, 0xfb]), 'song.mp3')).toBeNull()
    expect(detectFileType(Buffer.from([0xff, 0xfb, 0x00, 0x00, 1, 2, 3]), 'song.mp3')).toBeNull()
    expect(detectFileType(Buffer.from([0xff, 0xfb, 0xf0, 0x00, 1, 2, 3]), 'song.mp3')).toBeNull()
    expect(detectFileType(Buffer.from([0xff, 0xfb, 0x90, 0x64, 0, 0, 0]), 'song.mp3')?.mime).toBe(
      'audio/mpeg'
    )
  })

  it('ID3, Ogg, JPEG and MP4 need their whole headers', () => {
    expect(detectFileType(Buffer.from('ID3'), 'a.mp3')).toBeNull()
    expect(detectFileType(Buffer.from('ID3\x04\x00\x00\x00\x00\x01\x7f', 'latin1'), 'a.mp3')?.kind).toBe(
      'audio'
    )
    expect(detectFileType(Buffer.from('OggS', 'latin1'), 'a.ogg')).toBeNull()
    expect(detectFileType(Buffer.from([0xff, 0xd8, 0xff]), 'a.jpg')).toBeNull()
    expect(detectFileType(Buffer.from('\0\0\0\0ftyp', 'latin1'), 'a.mp4')).toBeNull()
  })
})
