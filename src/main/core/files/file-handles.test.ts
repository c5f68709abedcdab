import { mkdtemp, mkdir, readFile, realpath, rm, stat, symlink, truncate, writeFile } from 'node:fs/promises'
import { MAX_SPREADSHEET_BYTES } from '../../../shared/domain'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import { FileHandles } from './file-handles'
import { detectFileType } from './file-type'

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46])
const PDF = Buffer.from('%PDF-1.7\n%âãÏÓ\n', 'latin1')
const MP4 = Buffer.from([0, 0, 0, 0x20, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d])
const OGG = Buffer.from('OggS\0\x02', 'latin1')
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04, 20, 0])

describe('detectFileType', () => {
  it('trusts magic bytes, not the file name', () => {
    expect(detectFileType(PNG, 'photo.jpg')?.mime).toBe('image/png')
    expect(detectFileType(JPEG, 'x.png')?.kind).toBe('image')
    expect(detectFileType(PDF, 'report')?.kind).toBe('document')
    expect(detectFileType(MP4, 'clip.bin')?.kind).toBe('video')
    expect(detectFileType(OGG, 'voice')?.kind).toBe('audio')
    expect(detectFileType(Buffer.from('MZ\x90\0', 'latin1'), 'invoice.pdf')).toBeNull()
  })

  it('tells zip-based office documents apart by extension only after the zip signature', () => {
    expect(detectFileType(ZIP, 'a.docx')?.extension).toBe('docx')
    expect(detectFileType(ZIP, 'a.zip')).toBeNull()
    expect(detectFileType(Buffer.from('hello'), 'a.docx')).toBeNull()
  })

  it('accepts text and csv only when they really are text', () => {
    expect(detectFileType(Buffer.from('name,phone\nA,0812\n'), 'list.csv')?.mime).toBe('text/csv')
    expect(detectFileType(Buffer.from([0x41, 0x00, 0x42]), 'list.csv')).toBeNull()
    expect(detectFileType(Buffer.from('just text'), 'notes.md')).toBeNull()
  })
})

describe('FileHandles', () => {
  let dir: string
  let handles: FileHandles
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sd-files-'))
    handles = new FileHandles({ dataDir: join(dir, 'data'), maxFileBytes: () => 2 * 1024 * 1024 })
  })

  it('registers a spreadsheet to read under its own limit, apart from the files a send can use', async () => {
    const list = join(dir, 'list.csv')
    // Windows-1252 text over the send limit: refused to send, accepted to read.
    await writeFile(
      list,
      Buffer.concat([Buffer.from('Nama;HP\nAndr\xe9;0812\n', 'latin1'), Buffer.alloc(3 << 20, 0x20)])
    )
    expect((await handles.register([{ kind: 'path', path: list }])).rejected).toMatchObject([
      { code: 'too_large' }
    ])
    const { files } = await handles.register([{ kind: 'path', path: list }], 'spreadsheet')
    const handle = files[0]?.handle ?? ''
    expect(handles.get(handle)).toBeUndefined()
    const taken = await handles.takeSpreadsheet(handle)
    expect(Buffer.from(taken?.bytes.subarray(0, 16) ?? [])).toEqual(
      Buffer.from('Nama;HP\nAndr\xe9;08', 'latin1')
    )
    expect(await handles.takeSpreadsheet(handle)).toBeNull()

    const huge = join(dir, 'huge.csv')
    await writeFile(huge, 'a')
    await truncate(huge, MAX_SPREADSHEET_BYTES + 1)
    expect((await handles.register([{ kind: 'path', path: huge }], 'spreadsheet')).rejected).toMatchObject([
      {
        code: 'too_large',
        // One byte over reads as the limit at any decimals ("50.0 MB; … up to 50 MB" before): said in bytes.
        message: 'huge.csv is 52,428,801 bytes; a campaign reads spreadsheets up to 52,428,800 bytes.',
        // The window words it in the operator's language from the key (issue 13).
        messageKey: 'desktop.fileRefused.spreadsheetTooLarge',
        messageParams: { name: 'huge.csv', size: '52,428,801 bytes', max: '52,428,800 bytes' }
      }
    ])
  })

  it('sends a spreadsheet held for the question (a tray drop) once the operator attaches it, if the gateway can', async () => {
    const list = join(dir, 'pelanggan.csv')
    await writeFile(list, 'Nama,HP\nBudi,0812\n')
    const held = (await handles.register([{ kind: 'path', path: list }], 'spreadsheet')).files[0]!
    // A spreadsheet's handle is not a send's: nothing can send the customer list until it is attached.
    expect(handles.get(held.handle)).toBeUndefined()
    const sent = await handles.asAttachment(held.handle)
    expect(sent).toMatchObject({ name: 'pelanggan.csv', kind: 'document', mime: 'text/csv' })
    expect(handles.get((sent as { handle: string }).handle)).toMatchObject({ name: 'pelanggan.csv' })
    // The spreadsheet's handle is gone: it can no longer be read, nor attached twice.
    expect(await handles.takeSpreadsheet(held.handle)).toBeNull()
    expect(await handles.asAttachment(held.handle)).toBeNull()
    // A send's handle is not a spreadsheet's.
    expect(await handles.asAttachment((sent as { handle: string }).handle)).toBeNull()

    // A list the gateway cannot send (a .tsv) is refused by name, as a window drop attached is; its handle goes too.
    const tsv = join(dir, 'pelanggan.tsv')
    await writeFile(tsv, 'Nama\tHP\nBudi\t0812\n')
    const heldTsv = (await handles.register([{ kind: 'path', path: tsv }], 'spreadsheet')).files[0]!
    expect(await handles.asAttachment(heldTsv.handle)).toMatchObject({
      name: 'pelanggan.tsv',
      code: 'unsupported_type',
      messageKey: 'desktop.fileRefused.unsupported'
    })
    expect(await handles.takeSpreadsheet(heldTsv.handle)).toBeNull()

    // A list the spreadsheet limit took but the send limit does not is refused as too large to send.
    const big = join(dir, 'big.csv')
    await writeFile(big, `Nama,HP\n${'Budi,0812\n'.repeat(500)}`)
    await truncate(big, 3 << 20)
    const heldBig = (await handles.register([{ kind: 'path', path: big }], 'spreadsheet')).files[0]!
    expect(await handles.asAttachment(heldBig.handle)).toMatchObject({ name: 'big.csv', code: 'too_large' })
  })

  it('hands out an opaque handle for a real file and keeps the path on the main side', async () => {
    const path = join(dir, 'photo.png')
    await writeFile(path, PNG)
    const { files, rejected } = await handles.register([{ kind: 'path', path }])
    expect(rejected).toEqual([])
    expect(files[0]).toMatchObject({ name: 'photo.png', kind: 'image', mime: 'image/png', size: PNG.length })
    expect(files[0]?.handle).not.toContain(dir)
    expect(handles.get(files[0]!.handle)?.path).toBe(path)
  })

  it("keeps a pasted file the draft holds through the next run's cleanup, and restores it", async () => {
    const pasted = await handles.register([
      { kind: 'bytes', name: 'pasted.png', dataBase64: PNG.toString('base64') }
    ])
    const dropped = await handles.register([
      { kind: 'bytes', name: 'dropped.png', dataBase64: PNG.toString('base64') }
    ])
    await handles.keepForDraft([pasted.files[0]!.handle])
    const nextRun = new FileHandles({ dataDir: join(dir, 'data'), maxFileBytes: () => 2 * 1024 * 1024 })
    await nextRun.cleanupLeftovers()
    const { files, rejected } = await nextRun.restoreDraft()
    expect(rejected).toEqual([])
    expect(files).toMatchObject([{ name: 'pasted.png', kind: 'image', owned: true }])
    // The pasted file the draft no longer held is gone with the old run.
    await expect(stat(dropped.files[0]!.path)).rejects.toThrow()
  })

  it('replaces the old handles when a reloaded window asks for the draft again in the same run', async () => {
    const pasted = await handles.register([
      { kind: 'bytes', name: 'pasted.png', dataBase64: PNG.toString('base64') }
    ])
    const old = pasted.files[0]!
    await handles.keepForDraft([old.handle])
    const { files } = await handles.restoreDraft()
    expect(files).toMatchObject([{ name: 'pasted.png', path: old.path, owned: true }])
    expect(handles.get(old.handle)).toBeUndefined()
    // The pasted file itself stays: the new handle stands for it.
    expect((await stat(old.path)).size).toBe(PNG.length)
    expect(handles.get(files[0]!.handle)?.path).toBe(old.path)
  })

  it("keeps a reply draft's pasted file beside the send draft's, each restored to its own draft", async () => {
    const paste = (name: string) =>
      handles.register([{ kind: 'bytes', name, dataBase64: PNG.toString('base64') }])
    const [forSend, forReply, forOtherReply] = await Promise.all([
      paste('send.png'),
      paste('reply.png'),
      paste('other.png')
    ])
    // Kept at once (the window's Send view and a reply box each say what their draft holds): neither is lost.
    await Promise.all([
      handles.keepForDraft([forSend.files[0]!.handle]),
      handles.keepForDraft([forReply.files[0]!.handle], 7),
      handles.keepForDraft([forOtherReply.files[0]!.handle], 8)
    ])
    // The other reply was sent or removed: its file goes, the others stay.
    await handles.release([forOtherReply.files[0]!.handle])
    const nextRun = new FileHandles({ dataDir: join(dir, 'data'), maxFileBytes: () => 2 * 1024 * 1024 })
    await nextRun.cleanupLeftovers()
    expect((await nextRun.restoreDraft()).files).toMatchObject([{ name: 'send.png', owned: true }])
    expect((await nextRun.restoreDraft(7)).files).toMatchObject([{ name: 'reply.png', owned: true }])
    expect(await nextRun.restoreDraft(8)).toEqual({ files: [], rejected: [] })
    await expect(stat(forOtherReply.files[0]!.path)).rejects.toThrow()
  })

  it('lets a reply draft of an earlier run go by its old handle (the conversation cleared before it was opened)', async () => {
    const path = join(dir, 'katalog.pdf')
    await writeFile(path, PDF)
    const { files } = await handles.register([{ kind: 'path', path }])
    await handles.keepForDraft([files[0]!.handle], 7)
    const nextRun = new FileHandles({ dataDir: join(dir, 'data'), maxFileBytes: () => 2 * 1024 * 1024 })
    await nextRun.release([files[0]!.handle])
    expect(await nextRun.restoreDraft(7)).toEqual({ files: [], rejected: [] })
    // Not the operator's file: only the core's note of it goes.
    expect((await stat(path)).size).toBe(PDF.length)
  })

  it("deletes a reply draft's pasted copy from an earlier run when it is let go by its old handle", async () => {
    const { files } = await handles.register([
      { kind: 'bytes', name: 'pasted.png', dataBase64: PNG.toString('base64') }
    ])
    const pasted = files[0]!
    await handles.keepForDraft([pasted.handle], 7)
    // The window throws the draft away in the next run (its conversation id now stands for another chat).
    const nextRun = new FileHandles({ dataDir: join(dir, 'data'), maxFileBytes: () => 2 * 1024 * 1024 })
    await nextRun.release([pasted.handle])
    expect(await nextRun.restoreDraft(7)).toEqual({ files: [], rejected: [] })
    await expect(stat(pasted.path)).rejects.toThrow()
  })

  it('lets go by an old handle only a pasted copy in its own incoming folder, never a file elsewhere', async () => {
    const { files } = await handles.register([
      { kind: 'bytes', name: 'pasted.png', dataBase64: PNG.toString('base64') }
    ])
    await handles.keepForDraft([files[0]!.handle], 7)
    // A kept list that says "ours" of a file outside incoming/ (damaged, or written by hand) deletes nothing there.
    const outside = join(dir, 'operator.png')
    await writeFile(outside, PNG)
    const listPath = join(dir, 'data', 'draft-files.json')
    const list = JSON.parse(await readFile(listPath, 'utf8')) as {
      replies: Record<string, { pinned: { realPath: string } }[]>
    }
    list.replies['7']![0]!.pinned.realPath = await realpath(outside)
    await writeFile(listPath, JSON.stringify(list))
    const nextRun = new FileHandles({ dataDir: join(dir, 'data'), maxFileBytes: () => 2 * 1024 * 1024 })
    await nextRun.release([files[0]!.handle])
    expect(await nextRun.restoreDraft(7)).toEqual({ files: [], rejected: [] })
    expect((await stat(outside)).size).toBe(PNG.length)
  })

  it('refuses by name a kept file that was deleted, in place of its inner path', async () => {
    const path = join(dir, 'gone.pdf')
    await writeFile(path, PDF)
    const { files } = await handles.register([{ kind: 'path', path }])
    await handles.keepForDraft([files[0]!.handle])
    await rm(path)
    const nextRun = new FileHandles({ dataDir: join(dir, 'data'), maxFileBytes: () => 2 * 1024 * 1024 })
    const restored = await nextRun.restoreDraft()
    expect(restored.files).toEqual([])
    expect(restored.rejected).toMatchObject([{ name: 'gone.pdf', code: 'not_found' }])
  })

  it('checks handles a window kept: one from an earlier run, a moved, a changed, and a file as it was added', async () => {
    const paths = ['same.png', 'moved.png', 'changed.png'].map((name) => join(dir, name))
    for (const path of paths) await writeFile(path, PNG)
    const { files } = await handles.register(paths.map((path) => ({ kind: 'path' as const, path })))
    const [same, moved, changed] = files
    await rm(moved!.path)
    await writeFile(changed!.path, Buffer.concat([PNG, PNG]))
    const asked = [...files, { handle: 'from-an-earlier-run', name: 'katalog.png' }].map((f) => ({
      handle: f.handle,
      name: f.name
    }))
    const rejected = await handles.check(asked)
    expect(rejected.map(({ handle, code, name }) => ({ handle, code, name }))).toEqual([
      { handle: moved!.handle, code: 'not_found', name: 'moved.png' },
      { handle: changed!.handle, code: 'changed', name: 'changed.png' },
      { handle: 'from-an-earlier-run', code: 'file_gone', name: 'katalog.png' }
    ])
    expect(rejected[2]!.message).toBe(
      'katalog.png is no longer attached: Sender Desk restarted since it was added; add it again.'
    )
    expect(rejected.map((r) => r.handle)).not.toContain(same!.handle)
    // Checking lets nothing go: the file as it was added is still there to send.
    expect(handles.get(same!.handle)?.path).toBe(paths[0])
  })

  it('rejects directories, missing files, empty, oversized and disguised files with reasons', async () => {
    await mkdir(join(dir, 'folder.png'))
    await writeFile(join(dir, 'empty.png'), '')
    await writeFile(join(dir, 'big.png'), Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]))
    await writeFile(join(dir, 'evil.jpg'), Buffer.from('#!/bin/sh\nrm -rf /\n'))
    const { files, rejected } = await handles.register([
      { kind: 'path', path: join(dir, 'folder.png') },
      { kind: 'path', path: join(dir, 'missing.png') },
      { kind: 'path', path: join(dir, 'empty.png') },
      { kind: 'path', path: join(dir, 'big.png') },
      { kind: 'path', path: join(dir, 'evil.jpg') }
    ])
    expect(files).toEqual([])
    expect(rejected.map((r) => r.code)).toEqual([
      'not_a_file',
      'not_found',
      'empty',
      'too_large',
      'disguised'
    ])
    // A few bytes over 2 MB read "2 MB" at any decimals: said in bytes, so the size is not said as the limit.
    expect(rejected[3]?.message).toBe(
      `big.png is ${(2 * 1024 * 1024 + PNG.length).toLocaleString('en')} bytes; the gateway accepts files up to 2,097,152 bytes.`
    )
    expect(rejected[4]?.message).toBe(
      'evil.jpg is named as a file of type JPG, but its contents are not one (renamed or damaged).'
    )
  })

  it('follows a symlink only to a regular file it can type-check', async () => {
    await writeFile(join(dir, 'real.pdf'), PDF)
    await symlink(join(dir, 'real.pdf'), join(dir, 'link.pdf'))
    const { files } = await handles.register([{ kind: 'path', path: join(dir, 'link.pdf') }])
    expect(files[0]?.kind).toBe('document')
  })

  it('stores pasted bytes privately and deletes them on release', async () => {
    const { files } = await handles.register([
      { kind: 'bytes', name: 'pasted.png', dataBase64: PNG.toString('base64') }
    ])
    const file = handles.get(files[0]!.handle)!
    expect(file.owned).toBe(true)
    expect((await stat(file.path)).mode & 0o777).toBe(0o600)
    await handles.release([file.handle])
    await expect(stat(file.path)).rejects.toThrow()
    expect(handles.get(file.handle)).toBeUndefined()
  })

  it('names a file so the gateway accepts what its bytes really are', async () => {
    await writeFile(join(dir, 'photo.exe'), JPEG)
    await writeFile(join(dir, 'scan'), PDF)
    await writeFile(join(dir, 'Quarterly.PDF'), PDF)
    const { files } = await handles.register([
      { kind: 'path', path: join(dir, 'photo.exe') },
      { kind: 'path', path: join(dir, 'scan') },
      { kind: 'path', path: join(dir, 'Quarterly.PDF') }
    ])
    expect(files.map((f) => f.name)).toEqual(['photo.jpg', 'scan.pdf', 'Quarterly.PDF'])
  })

  it('sends a file under the extension of what it really is, and says which files were renamed (QA32 Q32-04)', async () => {
    await writeFile(join(dir, 'invoice.pdf'), JPEG)
    await writeFile(join(dir, 'report.csv'), PDF)
    await writeFile(join(dir, 'holiday.jpeg'), JPEG)
    await writeFile(join(dir, 'clip.mpeg'), MP4)
    const { files } = await handles.register([
      { kind: 'path', path: join(dir, 'invoice.pdf') },
      { kind: 'path', path: join(dir, 'report.csv') },
      { kind: 'path', path: join(dir, 'holiday.jpeg') },
      { kind: 'bytes', name: 'clip.mpeg', dataBase64: MP4.toString('base64') }
    ])
    expect(files.map((f) => [f.name, f.kind, f.renamedFrom])).toEqual([
      ['invoice.jpg', 'image', 'invoice.pdf'],
      ['report.pdf', 'document', 'report.csv'],
      // Another name of the same type is no lie: kept, and nothing to say.
      ['holiday.jpeg', 'image', undefined],
      ['clip.mp4', 'video', 'clip.mpeg']
    ])
  })

  it('refuses a QuickTime movie as a video the gateway does not take, whatever it is named (QA32 Q32-04)', async () => {
    const quickTime = Buffer.from([0, 0, 0, 0x14, ...Buffer.from('ftypqt  '), 0, 0, 2, 0])
    expect(detectFileType(quickTime, 'movie.mov')).toBeNull()
    const { files, rejected } = await handles.register([
      { kind: 'bytes', name: 'movie.mov', dataBase64: quickTime.toString('base64') },
      { kind: 'bytes', name: 'movie.mp4', dataBase64: quickTime.toString('base64') }
    ])
    expect(files).toEqual([])
    expect(rejected.map((r) => [r.code, r.message])).toEqual([
      ['unsupported_video', 'movie.mov is a QuickTime video; the gateway takes MP4 and MPEG videos only.'],
      ['unsupported_video', 'movie.mp4 is a QuickTime video; the gateway takes MP4 and MPEG videos only.']
    ])
  })

  it('tells the same content apart from other content, however it was added (QA32 Q32-03)', async () => {
    await writeFile(join(dir, 'promo.jpg'), JPEG)
    await writeFile(join(dir, 'copy of promo.jpg'), JPEG)
    await writeFile(join(dir, 'other.jpg'), Buffer.concat([JPEG, Buffer.from([1])]))
    const { files } = await handles.register([
      { kind: 'path', path: join(dir, 'promo.jpg') },
      { kind: 'path', path: join(dir, 'copy of promo.jpg') },
      { kind: 'bytes', name: 'pasted.jpg', dataBase64: JPEG.toString('base64') },
      { kind: 'path', path: join(dir, 'other.jpg') }
    ])
    const [promo, copy, pasted, other] = files.map((f) => f.contentId)
    expect(promo).toMatch(/^[0-9a-f]{64}$/)
    expect(copy).toBe(promo)
    expect(pasted).toBe(promo)
    expect(other).not.toBe(promo)
    // A draft brought back knows its files' content as well.
    await handles.keepForDraft([files[0]!.handle])
    expect((await handles.restoreDraft()).files[0]?.contentId).toBe(promo)
  })

  it('uses the configured size limit at the time of registering', async () => {
    let max = 10
    const limited = new FileHandles({ dataDir: dir, maxFileBytes: () => max })
    const source = { kind: 'bytes' as const, name: 'a.png', dataBase64: PNG.toString('base64') }
    expect((await limited.register([source])).rejected[0]?.code).toBe('too_large')
    max = 100
    expect((await limited.register([source])).files).toHaveLength(1)
  })
})
