// The contract with the outside world: every endpoint of the reference answers (never 404) in its documented shape,
// for the request shapes real clients send (form, JSON, multipart, string booleans, Authorization with and without
// the secret, Bearer, Secret-key, double slashes, no /api prefix). Only HTTP: the sandbox is started through its
// public API and driven through its gateway and control routes.

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SandboxControl, startSandbox, type Sandbox } from '../src/index'
import { DOCUMENTED_ENDPOINTS } from './documented-endpoints'

let sandbox: Sandbox
let control: SandboxControl
let token: string
let secret: string
let auth: string

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 17, timings: { sentAfterMs: 5, deliveredAfterMs: 5, readAfterMs: 5 } })
  control = new SandboxControl(sandbox.baseUrl, sandbox.controlToken)
  const created = await control.createDevice({ linked: true, quota: 'unlimited', secret: true })
  token = created.token
  secret = created.secret ?? ''
  auth = `${token}.${secret}`
})
afterAll(async () => {
  await sandbox.close()
})

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are checked by shape below
type Body = any

async function call(
  method: string,
  path: string,
  init: {
    body?: NonNullable<RequestInit['body']> | object
    headers?: Record<string, string>
    authorization?: string | null
  } = {}
): Promise<{ status: number; body: Body; text: string }> {
  const headers = new Headers(init.headers)
  if (init.authorization !== null) headers.set('authorization', init.authorization ?? auth)
  let body: NonNullable<RequestInit['body']> | undefined
  if (
    init.body instanceof URLSearchParams ||
    init.body instanceof FormData ||
    typeof init.body === 'string'
  ) {
    body = init.body
  } else if (init.body !== undefined) {
    headers.set('content-type', 'application/json')
    body = JSON.stringify(init.body)
  }
  const response = await fetch(`${sandbox.baseUrl}${path}`, { method, headers, ...(body ? { body } : {}) })
  const text = await response.text()
  let parsed: Body
  try {
    parsed = JSON.parse(text)
  } catch {
    parsed = undefined
  }
  return { status: response.status, body: parsed, text }
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields)
const keys = (value: object): string[] => Object.keys(value).sort()
const PHONE = '081234567890'
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDAoIDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAACf/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AKp//2Q==',
  'base64'
)

describe('request shapes real clients send', () => {
  it('form, JSON and multipart send-message; string and PHP booleans; every credential form', async () => {
    const forms = await call('POST', '/api/send-message', {
      body: form({ phone: PHONE, message: 'form', isGroup: 'false' })
    })
    const json = await call('POST', '/api/send-message', {
      body: { phone: PHONE, message: 'json', isGroup: false }
    })
    const multi = new FormData()
    multi.set('phone', PHONE)
    multi.set('message', 'multipart')
    multi.set('isGroup', '0')
    const multipart = await call('POST', '/api/send-message', { body: multi })
    for (const answer of [forms, json, multipart]) {
      expect(answer.status).toBe(200)
      expect(answer.body).toMatchObject({ status: true, data: { messages: [{ status: 'pending' }] } })
    }
    const credentials: Record<string, string>[] = [
      { authorization: auth },
      { authorization: `Bearer ${auth}` },
      { authorization: token, 'secret-key': secret },
      // No space after the colon, as juliardi/wablas-client sends it, is the same header to HTTP.
      { authorization: `${token}.${secret}` }
    ]
    for (const headers of credentials) {
      const answer = await call('GET', `/api/report-realtime`, { headers, authorization: null })
      expect(answer.status).toBe(200)
    }
    const query = await call('GET', `/api/send-message?token=${auth}&phone=${PHONE}&message=q`, {
      authorization: null
    })
    expect(query.body.status).toBe(true)
    // Without the secret: refused where the secret is required, served where the docs show the bare token.
    expect((await call('GET', '/api/report-realtime', { authorization: token })).status).toBe(401)
    expect((await call('GET', `/api/device/info?token=${token}`, { authorization: null })).body.status).toBe(
      true
    )
  })

  it('double slashes and a missing /api prefix reach the same route', async () => {
    expect(
      (await call('POST', '//api//send-message', { body: form({ phone: PHONE, message: 'a' }) })).status
    ).toBe(200)
    expect((await call('POST', '/send-message', { body: form({ phone: PHONE, message: 'b' }) })).status).toBe(
      200
    )
  })

  it('random: true spreads over the connected devices of the account, with the array answer', async () => {
    const second = await control.createDevice({ linked: true, sameAccountAs: token, quota: 'unlimited' })
    const phones = Array.from({ length: 12 }, (_, i) => `0812000000${String(i).padStart(2, '0')}`)
    const answer = await call('POST', '/api/send-message', {
      body: form({ phone: phones.join(','), message: 'r', random: 'true' })
    })
    expect(answer.body.message).toBe('Messages processed successfully')
    expect(Array.isArray(answer.body.data)).toBe(true)
    for (const part of answer.body.data) expect(keys(part)).toEqual(['device_id', 'messages', 'quota'])
    const serials = answer.body.data.map((part: Body) => part.device_id).sort()
    const known = [(await control.device(token)).serial, second.serial].sort()
    expect(serials).toEqual(known)
    const v2 = await call('POST', '/api/v2/send-message', {
      body: { data: [{ phone: PHONE, message: 'x', random: true }] }
    })
    expect(Array.isArray(v2.body.data)).toBe(true)
  })
})

describe('every documented endpoint answers in its documented shape', () => {
  it('v2 media and rich sends', async () => {
    for (const kind of ['image', 'video', 'audio', 'document'] as const) {
      const file = { image: 'a.jpg', video: 'a.mp4', audio: 'a.mp3', document: 'a.pdf' }[kind]
      const answer = await call('POST', `/api/v2/send-${kind}`, {
        body: { data: [{ phone: PHONE, [kind]: `https://files.example.com/${file}`, caption: 'c' }] }
      })
      expect(answer.status).toBe(200)
      expect(answer.body.data.messages[0]).toMatchObject({ status: 'pending', [kind]: file })
    }
    const link = await call('POST', '/api/v2/send-link', {
      body: { data: [{ phone: PHONE, message: { text: 'see', link: 'https://example.com' } }] }
    })
    expect(link.body.message).toBe(
      'Link Preview Message is pending and waiting to be processed, with error: 0'
    )
    const list = await call('POST', '/api/v2/send-list', {
      body: {
        data: [
          {
            phone: PHONE,
            message: {
              title: 'T',
              description: 'D',
              buttonText: 'Pick',
              lists: [{ title: 'a', description: 'b' }],
              footer: 'f'
            }
          }
        ]
      }
    })
    expect(list.body.status).toBe(true)
    const location = await call('POST', '/api/v2/send-location', {
      body: {
        data: [
          {
            phone: PHONE,
            message: { name: 'Monas', address: 'Jakarta', latitude: -6.1754, longitude: 106.8272 }
          }
        ]
      }
    })
    // The location object comes back serialised as a JSON string, as documented.
    expect(JSON.parse(location.body.data.messages[0].message)).toMatchObject({ name: 'Monas' })
    const button = await call('POST', '/api/v2/send-button', {
      body: { data: [{ phone: PHONE, message: { content: 'Ok?', buttons: ['Ya', 'Tidak'], footer: 'f' } }] }
    })
    expect(button.body.status).toBe(true)
    const template = await call('POST', '/api/v2/send-template', {
      body: { data: [{ phone: PHONE, message: { content: 'Kode 1234', footer: 'f', buttons: {} } }] }
    })
    expect(template.body.status).toBe(true)
    const bad = await call('POST', '/api/v2/send-location', {
      body: { data: [{ phone: PHONE, message: { latitude: 'x' } }] }
    })
    expect(bad.body.status).toBe(false)
  })

  it('resend, cancel, cancel-all and revoke', async () => {
    await control.act(token, 'offline')
    const queued = await call('POST', '/api/send-message', {
      body: form({ phone: `${PHONE},081298765432`, message: 'wait' })
    })
    const [a, b] = queued.body.data.messages.map((m: Body) => m.id as string)
    const canceled = await call('GET', `/api/cancel-message?id=${a}`)
    expect(canceled.body).toMatchObject({
      status: true,
      message: 'Message is canceled and waiting to be processed'
    })
    expect(canceled.body.data.messages[0]).toMatchObject({ id: a, status: 'cancel' })
    const again = await call('GET', `/api/cancel-message?id=${a}`)
    // As the reference documents the refusal item: no id (the sandbox's tidy mode adds it).
    expect(again.body.data.messages[0]).toEqual({
      message: 'Id Invalid or message is not pending anymore',
      status: false
    })
    const resent = await call('GET', `/api/resend-message?id=${a}`)
    expect(resent.body).toMatchObject({
      message: 'Resend Message is pending and waiting to be processed',
      data: { messages: [{ id: a, status: 'pending' }] }
    })
    const all = await call('GET', '/api/cancel-all-message')
    expect(all.body.message).toMatch(/^Cancel \d+ pending messages$/)
    expect(all.body.data.messages.map((m: Body) => m.id)).toEqual(expect.arrayContaining([a, b]))
    await control.act(token, 'online')
    const sent = await call('POST', '/api/send-message', { body: form({ phone: PHONE, message: 'oops' }) })
    const id = sent.body.data.messages[0].id
    await new Promise((resolve) => setTimeout(resolve, 50))
    const revoked = await call('GET', `/api/revoke-message?id=${id}`)
    expect(revoked.body).toMatchObject({
      message: 'Message is being deleted and waiting to be processed',
      data: { messages: [{ id, status: 'revoke' }] }
    })
  })

  it('upload and media delete', async () => {
    const upload = new FormData()
    upload.set('file', new Blob([JPEG], { type: 'image/jpeg' }), 'photo.jpg')
    const uploaded = await call('POST', '/api/upload/image', { body: upload })
    expect(uploaded.body).toMatchObject({ status: true, message: 'Upload file successfully' })
    expect(uploaded.body.data.messages[0].url).toMatch(/\/image\/.+photo\.jpg$/)
    expect(uploaded.body.data.url).toBe(uploaded.body.data.messages[0].url)
    const sent = await call('POST', '/api/send-image', {
      body: form({ phone: PHONE, image: 'https://files.example.com/a.jpg' })
    })
    const removed = await call('DELETE', `/api/v2/media/delete/${sent.body.data.messages[0].id}`)
    expect(removed.body).toEqual({ status: true, message: 'image file succesfully removed' })
  })

  it('contacts, contact groups and their sends, blacklist, agents', async () => {
    const added = await call('POST', '/api/v2/contact', {
      body: { data: [{ name: 'Budi', phone: '081211112222', birth_day: '1990-01-31' }] }
    })
    expect(added.body).toMatchObject({
      status: true,
      message: 'Successfully Add contact',
      data: { messages: [{ phone: '6281211112222', status: true }] }
    })
    const twice = await call('POST', '/api/v2/create-contact', {
      body: { data: [{ name: 'Budi', phone: '081211112222' }] }
    })
    expect(twice.body.data.messages[0]).toMatchObject({
      message: '6281211112222 already add on contact',
      status: false
    })
    expect(
      (
        await call('POST', '/api/v2/contact/update', {
          body: { data: [{ name: 'Budi S', phone: '081211112222' }] }
        })
      ).body.data.messages[0].status
    ).toBe(true)
    const listed = await call('GET', '/api/v2/contact')
    expect(keys(listed.body)).toEqual(['message', 'page', 'perPage', 'status', 'totalData', 'totalPage'])
    expect(keys(listed.body.message[0])).toEqual(
      [
        'address',
        'birth_day',
        'date',
        'email',
        'gender',
        'id',
        'name',
        'nickname',
        'phone',
        'photo',
        'status'
      ].sort()
    )
    const group = await call('POST', '/api/group/add', {
      body: form({ name: 'pelanggan', phone: '081211112222,081233334444,x' })
    })
    expect(group.body.data).toEqual([
      { info: '6281211112222 added to group pelanggan', status: true },
      { info: '6281233334444 added to group pelanggan', status: true },
      { phone: 'x', message: 'format phone invalid', status: false }
    ])
    const toGroup = await call('POST', '/api/v2/group/text', {
      body: { data: [{ group_id: 'pelanggan', message: 'Promo' }] }
    })
    expect(toGroup.body.message).toBe('Message to Group pelanggan is pending and waiting to be processed')
    expect(toGroup.body.data.messages).toHaveLength(2)
    expect(
      (
        await call('POST', '/api/group/delete-phone', {
          body: form({ name: 'pelanggan', phone: '081233334444' })
        })
      ).body.status
    ).toBe(true)
    const deleted = await call('DELETE', '/api/contact?phone=081211112222')
    expect(deleted.body.message).toBe('Successfully deleted contacts: 6281211112222')

    const blocked = await call('GET', `/api/blacklist?token=${token}&phone=081255556666`, {
      authorization: null
    })
    expect(blocked.body).toEqual({ status: true, message: 'Add 6281255556666 to blacklist succesfully' })
    const toBlocked = await call('POST', '/api/send-message', {
      body: form({ phone: '081255556666', message: 'no' })
    })
    const report = await call('GET', `/api/report/message?message_id=${toBlocked.body.data.messages[0].id}`)
    expect(report.body.message[0]).toMatchObject({ status: 'reject', note: 'number is on the blacklist' })
    expect(
      (await call('GET', `/api/blacklist/cancel?token=${auth}&phone=081255556666`, { authorization: null }))
        .body
    ).toEqual({
      status: true,
      message: 'sucessfully cancel 6281255556666 from blacklist'
    })

    const agent = await call('POST', '/api/create-agent', {
      body: form({ name: 'Sari', phone: '081277778888', email: 'sari@example.com', password: 'rahasia1' })
    })
    expect(agent.body).toEqual({
      status: true,
      message: 'Create Agent Success',
      data: { 'Total Agent': 1, 'Remaining Slot': 4 },
      'Info Agent': [{ name: 'Sari', email: 'sari@example.com', phone: '6281277778888' }]
    })
    expect(
      (
        await call('POST', '/api/v2/create-agent', {
          body: {
            data: [{ name: 'Joko', phone: '081299990000', email: 'joko@example.com', password: 'rahasia2' }]
          }
        })
      ).body.data
    ).toEqual({
      'Total Agent': 2,
      'Remaining Slot': 3
    })
    expect(
      (
        await call('POST', '/api/assign-agent', {
          body: form({ phone: PHONE, email: 'sari@example.com', message_id: 'x' })
        })
      ).body.message
    ).toBe(`Message from phone 6281234567890 succesfully assigned to agent Sari`)
    expect((await call('GET', `/api/close-ticket/${PHONE}`)).body.message).toBe(
      `ticket for ${PHONE} successfully closed`
    )
  })

  it('device: speed (10–120 s per 5 messages, and it paces), change-closing, list-server, check-phone, delete', async () => {
    const paced = await control.createDevice({ linked: true, quota: 'unlimited' })
    const pacedAuth = paced.token
    expect(
      (await call('POST', '/api/device/speed', { body: form({ delay: '9' }), authorization: pacedAuth })).body
        .status
    ).toBe(false)
    const speed = await call('POST', '/api/device/speed', {
      body: form({ delay: '10' }),
      authorization: pacedAuth
    })
    expect(speed.body).toEqual({
      status: true,
      data: { deviceId: paced.serial, message: 'delay sending message per 5 messages set to 10 second' }
    })
    const phones = Array.from({ length: 7 }, (_, i) => `08123000000${i}`).join(',')
    await call('POST', '/api/send-message', {
      body: form({ phone: phones, message: 'paced' }),
      authorization: pacedAuth
    })
    await new Promise((resolve) => setTimeout(resolve, 100))
    const statuses = (await control.messages())
      .filter((m) => m.deviceSerial === paced.serial)
      .map((m) => m.status)
    // The first five go at once; the last two wait 10 s for the next batch.
    expect(statuses.filter((s) => s === 'pending')).toHaveLength(2)

    expect(
      (await call('POST', '/api/device/change-closing', { body: form({ closing: 'Terima kasih' }) })).body
    ).toEqual({
      status: true,
      message: 'closing message successfully changed'
    })
    const servers = await call('GET', `/api/list-server?token=${auth}`, { authorization: null })
    expect(servers.body).toMatchObject({ status: true, message: 'succesfuly get available wablas server' })
    expect(Array.isArray(servers.body.server)).toBe(true)
    const sender = (await control.device(token)).sender
    const check = await call('GET', `/check-phone-number?phones=${sender},081200000099`, {
      headers: { url: sandbox.baseUrl },
      authorization: token
    })
    expect(check.body).toEqual({
      status: 'success',
      message: 'Success',
      data: [
        { phone: sender, status: 'online' },
        { phone: '6281200000099', status: 'offline' }
      ]
    })
    const gone = await control.createDevice({ linked: true })
    expect((await call('DELETE', '/api/device/delete', { authorization: gone.token })).body.status).toBe(
      false
    )
    await control.act(gone.token, 'expire')
    expect((await call('DELETE', '/api/device/delete', { authorization: gone.token })).body).toEqual({
      status: true,
      message: 'your device succesfully deleted'
    })
  })

  it('nothing documented answers 404 (the list is checked against the reference in reference.test.ts)', async () => {
    const missing: string[] = []
    for (const { method, path } of DOCUMENTED_ENDPOINTS) {
      const answer = await call(
        method,
        path,
        method === 'GET' || method === 'DELETE' ? {} : { body: form({}) }
      )
      if (answer.status === 404 && answer.body?.message === 'route not found')
        missing.push(`${method} ${path}`)
      if (answer.status === 405) missing.push(`${method} ${path} (405)`)
    }
    expect(missing).toEqual([])
  })
})
