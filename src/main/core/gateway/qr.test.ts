// device/scan in all its guises: JSON, raw images, text, HTML with inline or same-origin images; never remote HTML out.
import QRCode from 'qrcode'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createGatewayClient } from './client'
import type { GatewayClient } from './types'
import { imageMimeOf, qrFromHtml } from './qr'
import { gatewayRejection } from './testing/gateway-rejection'
import { startWireServer, type WireServer } from './testing/wire-server'
import { SAMPLE_SECRET, SAMPLE_TOKEN } from './testing/samples'

const PAIRING = '2@Xk3vB9qLmN0pQrStUvWx,Yz12AbCdEfGhIjKlMnOp+/=,QrStUvWxYz0123456789ab==,1'
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46])
const GIF = new TextEncoder().encode('GIF89a\x01\x00\x01\x00')
const WEBP = new Uint8Array([
  ...new TextEncoder().encode('RIFF'),
  0x24,
  0,
  0,
  0,
  ...new TextEncoder().encode('WEBPVP8 ')
])

let server: WireServer
let client: GatewayClient
let png: Uint8Array

beforeAll(async () => {
  server = await startWireServer()
  png = new Uint8Array(await QRCode.toBuffer(PAIRING))
})
afterAll(async () => {
  await server.close()
})
beforeEach(() => {
  server.reset()
  client = createGatewayClient({ baseUrl: server.url, token: SAMPLE_TOKEN, secret: SAMPLE_SECRET })
})

const dataUrl = (bytes: Uint8Array, mime = 'image/png') =>
  `data:${mime};base64,${Buffer.from(bytes).toString('base64')}`

describe('scanQr request', () => {
  it('GET /api/device/scan?token=<bare token> (as documented, even with a secret), QR Accept, no Authorization', async () => {
    server.route('GET /api/device/scan', { body: { status: true, qr: PAIRING } })
    expect(await client.scanQr()).toEqual({ kind: 'text', text: PAIRING })
    const request = server.last()
    expect(request.method).toBe('GET')
    expect(request.rawQuery).toBe(`token=${SAMPLE_TOKEN}`)
    expect(request.headers.authorization).toBeUndefined()
    expect(request.headers.accept).toBe('application/json, image/*;q=0.9, text/html;q=0.8')
  })
})

describe('JSON answers', () => {
  it.each([
    ['qr at the top', () => ({ status: true, qr: PAIRING })],
    ['data.qr', () => ({ status: true, data: { qr: PAIRING } })],
    ['data.qrcode', () => ({ status: true, data: { qrcode: PAIRING } })],
    ['message holding the pairing string', () => ({ status: true, message: PAIRING })],
    ['bare data string', () => ({ status: true, data: PAIRING })]
  ])('a QR text under %s', async (_where, body) => {
    server.route('GET /api/device/scan', { body: body() })
    expect(await client.scanQr()).toEqual({ kind: 'text', text: PAIRING })
  })

  it('a data-URL image under data.qrcode, checked by magic bytes', async () => {
    server.route('GET /api/device/scan', {
      body: { status: true, message: 'scan this', data: { qrcode: dataUrl(png) } }
    })
    const qr = await client.scanQr()
    expect(qr.kind).toBe('image')
    expect(qr).toEqual({ kind: 'image', mime: 'image/png', bytes: png })
  })

  it('a bare base64 image under qr, typed by its bytes not by a claimed mime', async () => {
    server.route('GET /api/device/scan', { body: { status: true, qr: Buffer.from(png).toString('base64') } })
    expect(await client.scanQr()).toMatchObject({ kind: 'image', mime: 'image/png' })
    server.route('GET /api/device/scan', { body: { status: true, qr: dataUrl(JPEG, 'image/png') } })
    expect(await client.scanQr()).toMatchObject({ kind: 'image', mime: 'image/jpeg' })
  })

  it('a refusal is classified; a JSON without a QR (a sentence, a short word) is a bad response', async () => {
    server.route('GET /api/device/scan', {
      body: { status: false, message: 'token invalid or device expired' }
    })
    expect((await gatewayRejection(client.scanQr())).code).toBe('token_invalid')
    server.route('GET /api/device/scan', { body: { status: true, message: 'device already connected' } })
    expect((await gatewayRejection(client.scanQr())).code).toBe('bad_response')
    server.route('GET /api/device/scan', { body: { status: true, message: 'Successfully' } })
    expect((await gatewayRejection(client.scanQr())).code).toBe('bad_response')
    server.route('GET /api/device/scan', {
      body: { status: true, data: { qr: 'data:image/png;base64,aGVsbG8gd29ybGQgaGVsbG8=' } }
    })
    expect((await gatewayRejection(client.scanQr())).code).toBe('bad_response')
  })
})

describe('image and text bodies', () => {
  it.each([
    ['image/png', () => png, 'image/png'],
    ['image/jpeg', () => JPEG, 'image/jpeg'],
    ['image/gif', () => GIF, 'image/gif'],
    ['image/webp', () => WEBP, 'image/webp'],
    ['application/octet-stream', () => png, 'image/png']
  ] as const)('a %s body', async (contentType, bytes, mime) => {
    server.route('GET /api/device/scan', { headers: { 'content-type': contentType }, body: bytes() })
    expect(await client.scanQr()).toEqual({ kind: 'image', mime, bytes: bytes() })
  })

  it('a plain SVG passes; an SVG with script or an image header over HTML bytes does not', async () => {
    const svg = await QRCode.toString(PAIRING, { type: 'svg' })
    server.route('GET /api/device/scan', { headers: { 'content-type': 'image/svg+xml' }, body: svg })
    expect(await client.scanQr()).toMatchObject({ kind: 'image', mime: 'image/svg+xml' })
    const scripted = svg.replace('</svg>', '<script>alert(1)</script></svg>')
    server.route('GET /api/device/scan', { headers: { 'content-type': 'image/svg+xml' }, body: scripted })
    expect((await gatewayRejection(client.scanQr())).code).toBe('bad_response')
    const handler = svg.replace('<svg ', '<svg onload="alert(1)" ')
    server.route('GET /api/device/scan', { headers: { 'content-type': 'image/svg+xml' }, body: handler })
    expect((await gatewayRejection(client.scanQr())).code).toBe('bad_response')
    server.route('GET /api/device/scan', {
      headers: { 'content-type': 'image/png' },
      body: '<html>not an image</html>'
    })
    expect((await gatewayRejection(client.scanQr())).code).toBe('bad_response')
  })

  it('a text/plain pairing string is QR text; a plain word is not', async () => {
    server.route('GET /api/device/scan', { headers: { 'content-type': 'text/plain' }, body: `${PAIRING}\n` })
    expect(await client.scanQr()).toEqual({ kind: 'text', text: PAIRING })
    server.route('GET /api/device/scan', { headers: { 'content-type': 'text/plain' }, body: 'Unauthorized' })
    expect((await gatewayRejection(client.scanQr())).code).toBe('bad_response')
  })
})

describe('HTML pages', () => {
  it('takes the inline data-URL image of the page', async () => {
    const html = `<!doctype html><html><body><h1>Scan</h1><img class="logo" src="/logo.svg">
      <img id="qrcode" alt="QR" src="${dataUrl(png)}"></body></html>`
    server.route('GET /api/device/scan', {
      headers: { 'content-type': 'text/html; charset=utf-8' },
      body: html
    })
    expect(await client.scanQr()).toEqual({ kind: 'image', mime: 'image/png', bytes: png })
    expect(server.requests).toHaveLength(1)
  })

  it('fetches a same-origin <img src> (relative, entity-encoded) without sending credentials', async () => {
    const html = `<html><body><img src='qr/current.png?device=A5DOYJ&amp;v=2' alt="qr code"></body></html>`
    server.route('GET /api/device/scan', { headers: { 'content-type': 'text/html' }, body: html })
    server.route('GET /api/device/qr/current.png', { headers: { 'content-type': 'image/png' }, body: png })
    expect(await client.scanQr()).toEqual({ kind: 'image', mime: 'image/png', bytes: png })
    const image = server.last()
    expect(image.path).toBe('/api/device/qr/current.png')
    expect(image.rawQuery).toBe('device=A5DOYJ&v=2')
    expect(image.headers.authorization).toBeUndefined()
    expect(image.rawQuery).not.toContain(SAMPLE_TOKEN)
  })

  it('never follows an image on another origin, and a linked non-image is refused', async () => {
    const html = '<html><body><img src="https://evil.example.com/qr.png"></body></html>'
    server.route('GET /api/device/scan', { headers: { 'content-type': 'text/html' }, body: html })
    expect((await gatewayRejection(client.scanQr())).code).toBe('bad_response')
    expect(server.requests).toHaveLength(1)

    server.route('GET /api/device/scan', {
      headers: { 'content-type': 'text/html' },
      body: `<img src="${server.url}/qr.png">`
    })
    server.route('GET /qr.png', { headers: { 'content-type': 'text/html' }, body: '<html>login</html>' })
    expect((await gatewayRejection(client.scanQr())).code).toBe('bad_response')
    server.route('GET /qr.png', { status: 404, body: '' })
    expect((await gatewayRejection(client.scanQr())).code).toBe('not_supported')
  })

  it('an unrecognised page is a bad_response whose error carries none of the page', async () => {
    const html = '<html><body><p>Your device is ready</p><script>secretStuff()</script></body></html>'
    server.route('GET /api/device/scan', { headers: { 'content-type': 'text/html' }, body: html })
    const error = await gatewayRejection(client.scanQr())
    expect(error.code).toBe('bad_response')
    expect(JSON.stringify(error)).not.toContain('secretStuff')
    expect(JSON.stringify(error)).not.toContain('<')
  })

  it('an HTML status error is mapped by status', async () => {
    server.route('GET /api/device/scan', {
      status: 404,
      headers: { 'content-type': 'text/html' },
      body: '<h1>404</h1>'
    })
    expect((await gatewayRejection(client.scanQr())).code).toBe('not_supported')
  })
})

describe('qr.ts pieces', () => {
  it('imageMimeOf reads magic bytes only', () => {
    expect(imageMimeOf(png)).toBe('image/png')
    expect(imageMimeOf(JPEG)).toBe('image/jpeg')
    expect(imageMimeOf(GIF)).toBe('image/gif')
    expect(imageMimeOf(WEBP)).toBe('image/webp')
    expect(imageMimeOf(new TextEncoder().encode('<html><svg></svg></html>'))).toBeNull()
    expect(imageMimeOf(new Uint8Array([0x89, 0x50]))).toBeNull()
  })

  it('qrFromHtml prefers the image that mentions qr and skips broken data URLs', () => {
    const html = `<img src="data:image/png;base64,AAAA"><img src="/a.png"><img alt="QR" src="${dataUrl(JPEG, 'image/jpeg')}">`
    expect(qrFromHtml(html, 'http://gw.test/api/device/scan', 'http://gw.test')).toMatchObject({
      mime: 'image/jpeg'
    })
    expect(qrFromHtml('<img src="/a.png">', 'http://gw.test/x/', 'http://gw.test')).toEqual({
      kind: 'url',
      url: 'http://gw.test/a.png'
    })
    expect(qrFromHtml('<img src="//evil.test/a.png">', 'http://gw.test/x/', 'http://gw.test')).toBeNull()
  })
})
