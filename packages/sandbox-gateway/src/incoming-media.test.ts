// A contact's image, document, video or audio: the §5.2 payload names it (messageType, file, url on the sandbox's own
// origin, mimeType, the caption as message) and the sandbox serves its bytes at that url, over the control route too.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SandboxControl } from './control-client'
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver'
import { form, openSandbox, type TestSandbox } from './sandbox-fixture'

let t: TestSandbox
let receiver: WebhookReceiver
let token: string

beforeEach(async () => {
  receiver = await startWebhookReceiver()
  t = await openSandbox()
  token = t.sandbox.world.createDevice({ linked: true, quota: 50 }).token
  receiver.route('POST /in', { status: 200, headers: { 'content-type': 'text/plain' }, body: 'OK' })
  for (const [path, fields] of [
    ['/api/device/change-webhook-url', { webhook_url: `${receiver.url}/in` }],
    ['/api/device/incoming', { incoming: 'active' }]
  ] as const) {
    expect((await t.call(path, { token, method: 'POST', body: form(fields) })).body.status).toBe(true)
  }
})
afterEach(async () => {
  await t.close()
  await receiver.close()
})

const payloads = (): Record<string, unknown>[] =>
  receiver.requests.filter((r) => r.path === '/in').map((r) => r.json as Record<string, unknown>)

describe('a contact sends a file', () => {
  it('posts an image with its caption and serves a real PNG at the payload url', async () => {
    const delivery = t.sandbox.world.receive(token, {
      from: '0812777888',
      message: 'Foto pesanan',
      media: { kind: 'image' }
    })
    await vi.waitFor(() => expect(payloads()).toHaveLength(1))
    const payload = payloads()[0]!
    expect(payload).toMatchObject({ messageType: 'image', message: 'Foto pesanan', mimeType: 'image/png' })
    expect(payload.file).toBe(delivery.incoming.media?.file)
    expect(payload.url).toBe(`${t.sandbox.baseUrl}/image/${encodeURIComponent(String(payload.file))}`)

    const served = await fetch(String(payload.url))
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/png')
    const bytes = Buffer.from(await served.arrayBuffer())
    expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
    expect(bytes.subarray(-8, -4).toString('latin1')).toBe('IEND')
    expect(Number(served.headers.get('content-length'))).toBe(bytes.length)
  })

  it('names documents, videos and audio by kind, with the type the test declares', async () => {
    t.sandbox.world.receive(token, {
      from: '0812777888',
      message: 'Invoice',
      media: { kind: 'document', fileName: 'invoice 7.pdf' }
    })
    t.sandbox.world.receive(token, { from: '0812777888', message: '', media: { kind: 'video' } })
    t.sandbox.world.receive(token, {
      from: '0812777888',
      message: '',
      media: { kind: 'audio', mimeType: 'audio/mpeg' }
    })
    await vi.waitFor(() => expect(payloads()).toHaveLength(3))
    const [document, video, audio] = payloads()
    expect(document).toMatchObject({
      messageType: 'document',
      file: 'invoice 7.pdf',
      mimeType: 'application/pdf'
    })
    expect(document!.url).toBe(`${t.sandbox.baseUrl}/document/invoice%207.pdf`)
    expect(video).toMatchObject({ messageType: 'video', mimeType: 'video/mp4' })
    expect(audio).toMatchObject({ messageType: 'audio', mimeType: 'audio/mpeg' })
    const pdf = Buffer.from(await (await fetch(String(document!.url))).arrayBuffer())
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    // The kind is part of the path: the same name under another kind is not that file.
    expect((await fetch(`${t.sandbox.baseUrl}/image/invoice%207.pdf`)).status).toBe(404)
  })

  it('serves a video and a voice note a player opens: an MP4 with its movie, an Ogg Opus stream of whole seconds', async () => {
    const video = t.sandbox.world.receive(token, {
      from: '0812777888',
      message: '',
      media: { kind: 'video' }
    })
    const voice = t.sandbox.world.receive(token, {
      from: '0812777888',
      message: '',
      media: { kind: 'audio' }
    })
    const mp4 = Buffer.from(await (await fetch(video.incoming.media!.url)).arrayBuffer())
    const boxes: string[] = []
    for (let at = 0; at < mp4.length; at += mp4.readUInt32BE(at))
      boxes.push(mp4.toString('latin1', at + 4, at + 8))
    expect(boxes.slice(0, 2)).toEqual(['ftyp', 'moov'])
    expect(boxes).toContain('mdat')

    const ogg = Buffer.from(await (await fetch(voice.incoming.media!.url)).arrayBuffer())
    const pages: { type: number; granule: bigint; sequence: number; body: Buffer }[] = []
    for (let at = 0; at < ogg.length;) {
      expect(ogg.toString('latin1', at, at + 4)).toBe('OggS')
      const segments = ogg[at + 26]!
      const bodyLength = [...ogg.subarray(at + 27, at + 27 + segments)].reduce((sum, n) => sum + n, 0)
      const bodyAt = at + 27 + segments
      pages.push({
        type: ogg[at + 5]!,
        granule: ogg.readBigInt64LE(at + 6),
        sequence: ogg.readUInt32LE(at + 18),
        body: ogg.subarray(bodyAt, bodyAt + bodyLength)
      })
      at = bodyAt + bodyLength
    }
    expect(pages.map((page) => page.sequence)).toEqual(pages.map((_, index) => index))
    expect(pages[0]!.body.toString('latin1', 0, 8)).toBe('OpusHead')
    expect(pages[0]!.type).toBe(0x02)
    expect(pages[1]!.body.toString('latin1', 0, 8)).toBe('OpusTags')
    expect(pages.at(-1)!.type).toBe(0x04)
    const preSkip = pages[0]!.body.readUInt16LE(10)
    const seconds = Number(pages.at(-1)!.granule - BigInt(preSkip)) / 48_000
    // A player counts whole seconds: under one, it read "0:00 / 0:00".
    expect(seconds).toBeGreaterThan(2)
    expect(seconds).toBeLessThan(3)
  })

  it('pads a file to the size asked for, to try a client size cap', async () => {
    const { incoming } = t.sandbox.world.receive(token, {
      from: '0812777888',
      message: 'big',
      media: { kind: 'video', sizeBytes: 300_000 }
    })
    const served = await fetch(incoming.media!.url)
    expect((await served.arrayBuffer()).byteLength).toBe(300_000)
  })

  it('keeps a text a text: empty file fields and no media', async () => {
    const { incoming } = t.sandbox.world.receive(token, { from: '0812777888', message: 'halo' })
    expect(incoming.media).toBeNull()
    await vi.waitFor(() => expect(payloads()).toHaveLength(1))
    expect(payloads()[0]).toMatchObject({ messageType: 'text', file: '', url: '', mimeType: '' })
  })

  it('answers 404 for a file nobody sent', async () => {
    const answer = await fetch(`${t.sandbox.baseUrl}/image/nothing.png`)
    expect(answer.status).toBe(404)
  })

  it('takes the file over the control route, and refuses a name with a slash', async () => {
    const control = new SandboxControl(t.sandbox.baseUrl, t.sandbox.controlToken)
    const delivery = await control.receive(token, {
      from: '0812777888',
      message: 'lihat',
      media: { kind: 'image', fileName: 'photo.png' }
    })
    expect(delivery.incoming.media).toMatchObject({ kind: 'image', file: 'photo.png' })
    expect((await fetch(delivery.incoming.media!.url)).status).toBe(200)
    await expect(
      control.receive(token, {
        from: '0812777888',
        message: '',
        media: { kind: 'image', fileName: '../x.png' }
      })
    ).rejects.toThrow()
  })
})
