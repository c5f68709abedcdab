// The outbox's pure rules: backoff with jitter, what each gateway error makes the outbox do, how report statuses map.
import { describe, expect, it } from 'vitest'
import { GatewayError } from '../gateway/errors'
import { backoffDelay } from './backoff'
import { classifySendError } from './send-errors'
import { createGatewayClient } from '../gateway/client'
import { failureRemedy } from '../../../shared/domain'
import { translateNote } from '../../../shared/i18n/notes'
import { mapReportStatus, rank, trackableBelow } from './status'

describe('backoffDelay', () => {
  it('doubles from the base, caps, and jitters within the upper half of the nominal delay', () => {
    const policy = (r: number) => ({ baseMs: 1000, capMs: 15 * 60_000, random: () => r })
    expect([1, 2, 3, 4].map((n) => backoffDelay(n, policy(1 - Number.EPSILON)))).toEqual([
      1000, 2000, 4000, 8000
    ])
    expect(backoffDelay(3, policy(0))).toBe(2000)
    expect(backoffDelay(40, policy(0.999))).toBeLessThanOrEqual(15 * 60_000)
    expect(backoffDelay(40, policy(0))).toBe(7.5 * 60_000)
  })
})

describe('classifySendError', () => {
  const error = (code: ConstructorParameters<typeof GatewayError>[0]['code'], causeCode?: string) =>
    new GatewayError({
      code,
      message: code,
      cause: causeCode ? Object.assign(new Error('x'), { code: causeCode }) : undefined
    })

  it('retries only what surely never reached the gateway', () => {
    expect(classifySendError(error('rate_limited')).action).toBe('retry')
    expect(classifySendError(error('network', 'ECONNREFUSED')).action).toBe('retry')
    expect(classifySendError(error('network', 'ENOTFOUND')).action).toBe('retry')
  })

  it('reconciles whatever may have reached it', () => {
    for (const code of ['timeout', 'bad_response', 'server_error', 'aborted'] as const) {
      expect(classifySendError(error(code)).action, code).toBe('reconcile')
    }
    expect(classifySendError(error('network', 'ECONNRESET')).action).toBe('reconcile')
    expect(classifySendError(error('network')).action).toBe('reconcile')
    expect(classifySendError(new Error('bug')).action).toBe('reconcile')
  })

  it('fails the item for item errors and pauses the device for device errors', () => {
    for (const code of [
      'rejected',
      'file_too_large',
      'file_type',
      'invalid_input',
      'not_supported'
    ] as const) {
      expect(classifySendError(error(code)).action, code).toBe('fail-item')
    }
    for (const code of [
      'token_invalid',
      'secret_invalid',
      'device_not_found',
      'device_not_connected',
      'quota_exceeded'
    ] as const) {
      expect(classifySendError(error(code)).action, code).toBe('pause-device')
    }
  })
})

describe('an audio file sent with a caption (QA32 Q32-01)', () => {
  it("is a permanent item failure, worded in the operator's language, that Retry does not offer", async () => {
    const client = createGatewayClient({ baseUrl: 'http://127.0.0.1:9', token: 'token' })
    const refusal = await client
      .sendLocalFile({
        phone: '6281255556666',
        kind: 'audio',
        file: { name: 'voice.mp3', bytes: new Uint8Array([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0, 0]) },
        caption: 'Dokumen Anda'
      })
      .then(
        () => null,
        (error: unknown) => error
      )
    const classified = classifySendError(refusal)
    expect(classified.action).toBe('fail-item')
    expect(failureRemedy(classified.code)).not.toBe('retry')
    expect(translateNote('id', classified.reason)).not.toMatch(/Send-audio|caption/)
    expect(translateNote('id', classified.reason)).not.toBe(translateNote('en', classified.reason))
  })
})

describe('report statuses', () => {
  it('map every documented gateway status', () => {
    expect(mapReportStatus('pending')).toEqual({ kind: 'pending' })
    expect(mapReportStatus('sent')).toEqual({ kind: 'progress', status: 'sent' })
    expect(mapReportStatus('Received')).toEqual({ kind: 'progress', status: 'delivered' })
    expect(mapReportStatus('delivered')).toEqual({ kind: 'progress', status: 'delivered' })
    expect(mapReportStatus('read')).toEqual({ kind: 'progress', status: 'read' })
    expect(mapReportStatus('cancel')).toEqual({
      kind: 'taken_back',
      status: 'cancelled_at_gateway',
      gatewayStatus: 'cancel'
    })
    expect(mapReportStatus('reject')).toMatchObject({ kind: 'failed', code: 'gateway_rejected' })
    expect(mapReportStatus('failed')).toMatchObject({ kind: 'failed', code: 'gateway_failed' })
    expect(mapReportStatus('revoke')).toEqual({
      kind: 'taken_back',
      status: 'revoked',
      gatewayStatus: 'revoke'
    })
  })

  it('rank progress so a report can only move an item forward', () => {
    expect(rank('accepted')).toBeLessThan(rank('sent'))
    expect(rank('delivered')).toBeLessThan(rank('read'))
    expect(trackableBelow('read')).toEqual(['accepted', 'sent', 'delivered'])
    expect(trackableBelow('sent')).toEqual(['accepted'])
  })
})
