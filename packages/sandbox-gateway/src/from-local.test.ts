// The four *-from-local endpoints in every encoding: base64 in a form or JSON, and a multipart file part.

import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { MAX_MEDIA_BYTES } from './media-rules'
import { form, openSandbox, type TestSandbox } from './sandbox-fixture'

let t: TestSandbox
let token: string

beforeEach(async () => {
  t = await openSandbox()
  token = t.sandbox.world.createDevice({ linked: true }).token
})
afterEach(() => t.close())

const bytes = (size: number): Uint8Array => new Uint8Array(size).map((_, i) => i % 251)
const base64 = (size: number): string => Buffer.from(bytes(size)).toString('base64')

function multipart(
  fields: Record<string, string>,
  file?: { name: string; size: number; field?: string }
): FormData {
  const data = new FormData()
  for (const [key, value] of Object.entries(fields)) data.append(key, value)
  if (file) data.append(file.field ?? 'file', new Blob([bytes(file.size)]), file.name)
  return data
}

describe('*-from-local encodings', () => {
  it('image: form-urlencoded base64 with data={"name":…} (the PHP $_FILES entry)', async () => {
    const res = await t.call('/api/send-image-from-local', {
      token,
      method: 'POST',
      body: form({
        phone: '08123456789',
        caption: 'receipt',
        file: base64(1000),
        data: JSON.stringify({
          name: 'receipt.png',
          type: 'image/png',
          tmp_name: '/tmp/php1',
          error: 0,
          size: 1000
        })
      })
    })
    expect(res.body.status).toBe(true)
    expect(res.body.data.messages[0]).toMatchObject({
      image: 'receipt.png',
      caption: 'receipt',
      status: 'pending'
    })
    expect(t.sandbox.world.messages()[0]).toMatchObject({
      kind: 'image',
      fileName: 'receipt.png',
      fileBytes: 1000
    })
  })

  it('video: JSON base64 with data as an object or a JSON string', async () => {
    const asObject = await t.call('/api/send-video-from-local', {
      token,
      method: 'POST',
      body: { phone: '08123456789', caption: 'clip', file: base64(2048), data: { name: 'clip.mp4' } }
    })
    expect(asObject.body.data.messages[0]).toMatchObject({ video: 'clip.mp4', caption: 'clip' })
    const asString = await t.call('/api/send-video-from-local', {
      token,
      method: 'POST',
      body: { phone: '08123456789', file: `data:video/mp4;base64,${base64(10)}`, data: '{"name":"b.mpeg"}' }
    })
    expect(asString.body.data.messages[0].video).toBe('b.mpeg')
    expect(t.sandbox.world.messages().map((m) => m.fileBytes)).toEqual([2048, 10])
  })

  it('audio: multipart with a binary file part, named by the part', async () => {
    const res = await t.call('/api/send-audio-from-local', {
      token,
      method: 'POST',
      body: multipart({ phone: '08123456789', ref_id: 'voice-1' }, { name: 'note.ogg', size: 5000 })
    })
    expect(res.body.data.messages[0]).toMatchObject({
      audio: 'note.ogg',
      caption: 'audio',
      ref_id: 'voice-1'
    })
    expect(t.sandbox.world.messages()[0]?.fileBytes).toBe(5000)
  })

  it('document: multipart with base64 text in `file` and name_file; filename overrides the name', async () => {
    const text = await t.call('/api/send-document-from-local', {
      token,
      method: 'POST',
      body: multipart({ phone: '08123456789', file: base64(300), name_file: 'Invoice.pdf' })
    })
    expect(text.body.data.messages[0].document).toBe('Invoice.pdf')
    const custom = await t.call('/api/send-document-from-local', {
      token,
      method: 'POST',
      body: multipart(
        { phone: '08123456789', filename: 'January invoice' },
        { name: 'inv-01.pdf', size: 300 }
      )
    })
    // A custom name without an extension: the type comes from the uploaded file's name.
    expect(custom.body.data.messages[0].document).toBe('January invoice')
  })

  it('image from local takes gif (the URL variant does not) and a legacy groupId', async () => {
    const res = await t.call('/api/send-image-from-local', {
      token,
      method: 'POST',
      body: form({ groupId: '6287817274185-1632192971', file: base64(20), filename: 'wave.gif' })
    })
    expect(res.body.data.messages[0]).toMatchObject({ phone: '6287817274185-1632192971', image: 'wave.gif' })
    expect(t.sandbox.world.messages()[0]?.isGroup).toBe(true)
  })
})

describe('*-from-local limits', () => {
  it('2 MB is the most a file may have', async () => {
    const atLimit = await t.call('/api/send-document-from-local', {
      token,
      method: 'POST',
      body: multipart({ phone: '08123456789' }, { name: 'big.pdf', size: MAX_MEDIA_BYTES })
    })
    expect(atLimit.body.status).toBe(true)
    const over = await t.call('/api/send-document-from-local', {
      token,
      method: 'POST',
      body: form({ phone: '08123456789', file: base64(MAX_MEDIA_BYTES + 1), data: '{"name":"big.pdf"}' })
    })
    expect(over.status).toBe(413)
    expect(over.body).toEqual({ status: false, message: 'file size too large, maximum file size is 2 MB' })
    expect(t.sandbox.world.messages()).toHaveLength(1)
  })

  it('refuses wrong types, missing names, missing files, bad base64 and long custom names', async () => {
    const post = (path: string, body: URLSearchParams | FormData): ReturnType<TestSandbox['call']> =>
      t.call(path, { token, method: 'POST', body })
    expect(
      (
        await post(
          '/api/send-audio-from-local',
          multipart({ phone: '08123456789' }, { name: 'a.wav', size: 10 })
        )
      ).body.message
    ).toMatch(/file type \.wav not allowed for audio/)
    expect(
      (await post('/api/send-document-from-local', form({ phone: '08123456789', file: base64(10) }))).body
        .message
    ).toMatch(/file name is required/)
    expect(
      (await post('/api/send-image-from-local', form({ phone: '08123456789', filename: 'a.png' }))).body
        .message
    ).toBe('file is required')
    expect(
      (
        await post(
          '/api/send-image-from-local',
          form({ phone: '08123456789', filename: 'a.png', file: '%%%' })
        )
      ).body.message
    ).toMatch(/base64/)
    expect(
      (
        await post(
          '/api/send-image-from-local',
          form({ phone: '08123456789', filename: `${'n'.repeat(61)}.png`, file: base64(4) })
        )
      ).body.message
    ).toMatch(/filename maximum 60/)
    expect(
      (
        await post(
          '/api/send-video-from-local',
          multipart({ phone: '08123456789' }, { name: 'empty.mp4', size: 0 })
        )
      ).body.message
    ).toBe('file is empty')
    expect(t.sandbox.world.messages()).toHaveLength(0)
  })
})
