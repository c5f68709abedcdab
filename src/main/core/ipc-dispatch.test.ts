// The core's refusals cross the wire in English with their translation key, so each front door can word them in
// the operator's language; plain-text refusals (a library's or the gateway's own words) stay as they are.
import { describe, expect, it } from 'vitest'
import type { InvokeResult } from '../../shared/contract'
import { coreText, encodeNote } from '../../shared/i18n/notes'
import { ApiFailure, dispatchInvoke, type ApiHandlers } from './ipc-dispatch'
import { describeCoreError } from './compose'
import { OutboxError } from './outbox'
import { GatewayError } from './gateway'
import { DiskFullError } from './store'
import { VaultFileError } from './vault'

const failingWith = (error: unknown): ApiHandlers =>
  ({
    'devices:remove': () => Promise.reject(error)
  }) as unknown as ApiHandlers

async function refusal(error: unknown): Promise<Extract<InvokeResult, { ok: false }>['error']> {
  const result = await dispatchInvoke(
    failingWith(error),
    'devices:remove',
    { id: 'dev-1' },
    {
      describeError: describeCoreError
    }
  )
  if (result.ok) throw new Error('expected a refusal')
  return result.error
}

describe('refusals over the contract', () => {
  it('carry the key of a keyed refusal, with its English text for the CLI and logs', async () => {
    const error = await refusal(new ApiFailure('not_found', { key: 'desktop.error.deviceGone' }, 'id'))
    expect(error).toEqual({
      code: 'not_found',
      message: 'That device no longer exists.',
      messageKey: 'desktop.error.deviceGone',
      messageParams: {},
      field: 'id'
    })
    expect(coreText('id', error.message, error.messageKey, error.messageParams)).toBe(
      'Perangkat itu sudah tidak ada.'
    )
  })

  it('fill the params of a keyed refusal in either language', async () => {
    const error = await refusal(
      new ApiFailure('too_large', {
        key: 'desktop.error.fileTooLarge',
        params: { name: 'a.pdf', size: '3 MB', limit: '2 MB' }
      })
    )
    expect(error.message).toBe("a.pdf is 3 MB; this device's gateway accepts files up to 2 MB.")
    expect(coreText('id', error.message, error.messageKey, error.messageParams)).toBe(
      'a.pdf berukuran 3 MB; gateway perangkat ini hanya menerima file hingga 2 MB.'
    )
  })

  it('keep plain text as it came', async () => {
    const error = await refusal(new ApiFailure('sandbox_refused', 'from 12 is not a phone number', 'from'))
    expect(error).toEqual({
      code: 'sandbox_refused',
      message: 'from 12 is not a phone number',
      field: 'from'
    })
  })

  it('word the generic failures by key too', async () => {
    const error = await refusal(new Error('boom'))
    expect(error).toMatchObject({ code: 'internal', messageKey: 'desktop.error.internal' })
    expect(coreText('id', error.message, error.messageKey, error.messageParams)).toBe(
      'Terjadi kesalahan; lihat log untuk detailnya.'
    )
    const unknown = await dispatchInvoke(failingWith(null), 'no:such', {})
    expect(unknown).toMatchObject({ ok: false, error: { messageKey: 'desktop.error.unknownChannel' } })
  })
})

describe("the core's typed errors over the contract", () => {
  const inIndonesian = async (error: unknown): Promise<string> => {
    const shape = await refusal(error)
    return coreText('id', shape.message, shape.messageKey, shape.messageParams)
  }

  it('word a gateway refusal (a redirect to another server here) in the operator language', async () => {
    const redirected = new GatewayError({
      code: 'redirect_refused',
      message:
        'send-message: the gateway redirected this request to https://elsewhere.example; it was not followed',
      redirectTarget: 'https://elsewhere.example',
      httpStatus: 307
    })
    const shape = await refusal(redirected)
    expect(shape.code).toBe('redirect_refused')
    expect(shape.message).toMatch(/^the gateway redirected the request to https:\/\/elsewhere\.example;/)
    expect(await inIndonesian(redirected)).toMatch(
      /^gateway mengalihkan permintaan ke https:\/\/elsewhere\.example;/
    )
    const quoted = new GatewayError({ code: 'quota_exceeded', message: 'x', gatewayMessage: 'kuota habis' })
    expect(await inIndonesian(quoted)).toBe('kuota perangkat sudah habis (gateway: "kuota habis")')
  })

  it('word the full disk, the vault file and the outbox refusals in the operator language', async () => {
    expect(await inIndonesian(new DiskFullError())).toBe(
      'Disk penuh: kosongkan sebagian ruang lalu coba lagi (tidak ada yang hilang).'
    )
    const folder = new VaultFileError(
      'EISDIR',
      '/data/secrets.json',
      'The token vault /data/secrets.json is a folder.'
    )
    expect(await refusal(folder)).toMatchObject({ code: 'vault_unavailable' })
    expect(await inIndonesian(folder)).toBe('Brankas token /data/secrets.json adalah folder, bukan file.')
    const odd = new VaultFileError(
      'EIO',
      '/data/secrets.json',
      'The token vault /data/secrets.json cannot be used (EIO).'
    )
    expect(await inIndonesian(odd)).toBe('The token vault /data/secrets.json cannot be used (EIO).')
    const sending = new OutboxError('invalid_state', {
      key: 'desktop.error.cannotCancel',
      params: { why: encodeNote('desktop.error.whyAtGateway') }
    })
    expect((await refusal(sending)).message).toBe('Cannot cancel this item: the gateway already has it.')
    expect(await inIndonesian(sending)).toBe('Pesan ini tidak dapat dibatalkan: gateway sudah menerimanya.')
  })
})
