// The §4.12 sends beside WhatsApp: channel/{telegram|line|facebook|twitter} and the legacy sms/send. The device's token
// stands for the channel token; the sends are recorded as the device's messages, with `channel` set.

import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { GATEWAY_MESSAGES } from './rejections'
import { form, openSandbox, type TestSandbox } from './sandbox-fixture'

let t: TestSandbox

beforeEach(async () => {
  t = await openSandbox()
})
afterEach(() => t.close())

const CHANNELS = ['telegram', 'line', 'facebook', 'twitter'] as const

describe('channel/{telegram|line|facebook|twitter}', () => {
  it.each(CHANNELS)(
    '%s: a text to a user_id is pending, answered in the send envelope and recorded',
    async (channel) => {
      const { token, serial } = t.sandbox.world.createDevice({ linked: true, quota: 5 })
      const res = await t.call(`/api/channel/${channel}`, {
        token,
        method: 'POST',
        body: form({ user_id: 'U4af4980629', message: 'Halo dari kanal' })
      })
      expect(res.status).toBe(200)
      expect(res.body).toEqual({
        status: true,
        message: GATEWAY_MESSAGES.messagePending,
        data: {
          device_id: serial,
          quota: 4,
          messages: [
            {
              id: expect.any(String),
              user_id: 'U4af4980629',
              message: 'Halo dari kanal',
              status: 'pending',
              ref_id: ''
            }
          ]
        }
      })
      // Visible through the control API, as every send is.
      const recorded = await t.call('/__sandbox/messages')
      expect(recorded.body.messages).toEqual([
        expect.objectContaining({
          id: res.body.data.messages[0].id,
          phone: 'U4af4980629',
          kind: 'text',
          text: 'Halo dari kanal',
          channel,
          endpoint: `/api/channel/${channel}`
        })
      ])
    }
  )

  it.each(CHANNELS)('%s: without user_id or message it answers 400 with status false', async (channel) => {
    const { token } = t.sandbox.world.createDevice({ linked: true, quota: 5 })
    const noUser = await t.call(`/api/channel/${channel}`, {
      token,
      method: 'POST',
      body: form({ message: 'Halo' })
    })
    expect(noUser.status).toBe(400)
    expect(noUser.body).toEqual({ status: false, message: 'user_id is required' })
    const noMessage = await t.call(`/api/channel/${channel}`, {
      token,
      method: 'POST',
      body: form({ user_id: '12345' })
    })
    expect(noMessage.status).toBe(400)
    expect(noMessage.body).toEqual({ status: false, message: 'message is required' })
    expect(t.sandbox.world.messages()).toEqual([])
  })

  it.each(CHANNELS)(
    '%s: a wrong token is refused with 401, and a device with a secret needs it',
    async (channel) => {
      const res = await t.call(`/api/channel/${channel}`, {
        token: 'not-a-channel-token',
        method: 'POST',
        body: form({ user_id: '12345', message: 'Halo' })
      })
      expect(res.status).toBe(401)
      expect(res.body).toEqual({ status: false, message: GATEWAY_MESSAGES.tokenInvalid })
      const { token, secret } = t.sandbox.world.createDevice({ linked: true, quota: 5, secret: true })
      const bare = await t.call(`/api/channel/${channel}`, {
        token,
        method: 'POST',
        body: form({ user_id: '12345', message: 'Halo' })
      })
      expect(bare.body).toEqual({ status: false, message: GATEWAY_MESSAGES.needSecret })
      const withSecret = await t.call(`/api/channel/${channel}`, {
        token: `${token}.${secret ?? ''}`,
        method: 'POST',
        body: form({ user_id: '12345', message: 'Halo' })
      })
      expect(withSecret.status).toBe(200)
      expect(t.sandbox.world.messages()).toHaveLength(1)
    }
  )

  it('media: type image/video/audio with urlFile, message as the caption; other types and a missing urlFile are refused', async () => {
    const { token } = t.sandbox.world.createDevice({ linked: true, quota: 'unlimited' })
    const send = (fields: Record<string, string>) =>
      t.call('/api/channel/telegram', { token, method: 'POST', body: form({ user_id: '12345', ...fields }) })
    const image = await send({
      type: 'image',
      urlFile: 'https://files.example.com/promo.jpg',
      message: 'Promo'
    })
    expect(image.status).toBe(200)
    expect(image.body.data.messages[0]).toMatchObject({
      user_id: '12345',
      message: 'Promo',
      type: 'image',
      urlFile: 'https://files.example.com/promo.jpg',
      status: 'pending'
    })
    const audio = await send({ type: 'audio', urlFile: 'https://files.example.com/voice.mp3' })
    expect(audio.body.data.messages[0]).toMatchObject({ message: null, type: 'audio' })
    expect(t.sandbox.world.messages().map((m) => [m.kind, m.fileName, m.channel])).toEqual([
      ['image', 'promo.jpg', 'telegram'],
      ['audio', 'voice.mp3', 'telegram']
    ])

    expect((await send({ type: 'document', urlFile: 'https://files.example.com/a.pdf' })).body).toEqual({
      status: false,
      message: 'type invalid, use image, video or audio'
    })
    expect((await send({ type: 'video' })).body).toEqual({ status: false, message: 'urlFile is required' })
  })

  it('an unknown channel is not a route: 404', async () => {
    const { token } = t.sandbox.world.createDevice({ linked: true, quota: 5 })
    const res = await t.call('/api/channel/myspace', {
      token,
      method: 'POST',
      body: form({ user_id: '1', message: 'x' })
    })
    expect(res.status).toBe(404)
    expect(res.body.status).toBe(false)
  })
})

describe('legacy sms/send', () => {
  it('phone and message: pending in the send-message answer, recorded as an SMS', async () => {
    const { token, serial } = t.sandbox.world.createDevice({ linked: true, quota: 5 })
    const res = await t.call('/api/sms/send', {
      token,
      method: 'POST',
      body: form({ phone: '0812-3456-789', message: 'Kode 1234' })
    })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      status: true,
      message: GATEWAY_MESSAGES.messagePending,
      data: {
        device_id: serial,
        quota: 4,
        messages: [
          { id: expect.any(String), phone: 628123456789, message: 'Kode 1234', status: 'pending', ref_id: '' }
        ]
      }
    })
    const recorded = await t.call('/__sandbox/messages')
    expect(recorded.body.messages).toEqual([
      expect.objectContaining({ phone: '628123456789', channel: 'sms', endpoint: '/api/sms/send' })
    ])
  })

  it('without phone or message, or with a bad phone, it answers 400 with status false', async () => {
    const { token } = t.sandbox.world.createDevice({ linked: true, quota: 5 })
    const send = (fields: Record<string, string>) =>
      t.call('/api/sms/send', { token, method: 'POST', body: form(fields) })
    const noPhone = await send({ message: 'x' })
    expect(noPhone.status).toBe(400)
    expect(noPhone.body).toEqual({ status: false, message: 'phone is required' })
    expect((await send({ phone: '081234567890' })).body).toEqual({
      status: false,
      message: 'message is required'
    })
    expect((await send({ phone: 'abc', message: 'x' })).body).toEqual({
      status: false,
      message: 'phone number abc invalid'
    })
    expect(t.sandbox.world.messages()).toEqual([])
  })

  it('a wrong token is refused with 401', async () => {
    t.sandbox.world.createDevice({ linked: true, quota: 5 })
    const res = await t.call('/api/sms/send', {
      token: 'wrong',
      method: 'POST',
      body: form({ phone: '081234567890', message: 'x' })
    })
    expect(res.status).toBe(401)
    expect(res.body).toEqual({ status: false, message: GATEWAY_MESSAGES.tokenInvalid })
  })
})
