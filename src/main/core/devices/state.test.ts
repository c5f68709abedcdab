// Unit tests for the pure device state machine: every info shape and every error code it maps.
import { describe, expect, it } from 'vitest'
import { GatewayError, type GatewayErrorCode } from '../gateway/errors'
import type { DeviceInfo } from '../gateway/types'
import { decodeNote, encodeNote, translateNote } from '../../../shared/i18n/notes'
import {
  expiryInstant,
  expiryOnGatewayClock,
  isSendable,
  nextState,
  pendingNumberChange,
  stateFromError,
  stateFromInfo,
  type StateVerdict
} from './state'

/** The note as the CLI and an English window read it (ours are stored as translation keys). */
const english = (verdict: StateVerdict): string | null => translateNote('en', verdict.note)

const NOW = Date.UTC(2026, 0, 15, 3, 0, 0)

function info(overrides: Partial<DeviceInfo> = {}): DeviceInfo {
  return {
    name: 'Shop',
    serial: 'SER1',
    sender: '6281234567890',
    quota: 100,
    expiresAt: '2026-12-31',
    active: true,
    connection: 'connected',
    statusText: 'connected',
    note: null,
    shape: 'current',
    ...overrides
  }
}

const gatewayError = (
  code: GatewayErrorCode,
  extra: Partial<{ gatewayMessage: string; httpStatus: number }> = {}
) => new GatewayError({ code, message: `failed: ${code}`, ...extra })

describe('stateFromInfo', () => {
  it.each<[string, Partial<DeviceInfo>, string, RegExp | null]>([
    ['connected and active', {}, 'connected', null],
    [
      'needs scan',
      {
        connection: 'disconnected',
        statusText: 'disconnected',
        note: 'whatsapp sender not connected, need scan qr code again'
      },
      'needs-scan',
      /need scan qr/
    ],
    [
      'awaiting activation',
      { connection: 'connected', active: false, note: 'waiting for activation by IT support' },
      'awaiting-activation',
      /activation by IT support/
    ],
    [
      'connected but not active, no note',
      { active: false },
      'awaiting-activation',
      /waiting for the gateway/
    ],
    [
      'offline (restart may help)',
      { connection: 'disconnected', note: 'phone is offline, try restarting the device' },
      'disconnected',
      /restarting/
    ],
    [
      'web client conflict',
      {
        connection: 'disconnected',
        note: 'disconnected because the number was opened in WhatsApp Web; close it, then scan or restart'
      },
      'disconnected',
      /WhatsApp Web/
    ],
    [
      'disconnected without a note',
      { connection: 'disconnected' },
      'disconnected',
      /restart may bring it back/
    ],
    [
      'disconnected and never activated',
      { connection: 'disconnected', active: false },
      'needs-scan',
      /scan the QR/
    ],
    [
      'expired (active false, date past, note)',
      { active: false, expiresAt: '2026-01-01', note: 'device expired', connection: 'disconnected' },
      'expired',
      /device expired/
    ],
    [
      'expired by date alone when not active',
      { active: false, expiresAt: '2026-01-10 10:00:00' },
      'expired',
      /expired on 2026-01-10/
    ],
    [
      'expired by note even when the date is unknown',
      { expiresAt: null, note: 'device expired' },
      'expired',
      /device expired/
    ],
    ['a past date on an active device trusts the gateway', { expiresAt: '2026-01-01' }, 'connected', null],
    ['legacy shape connected', { shape: 'legacy', active: null, name: null }, 'connected', null],
    [
      'legacy shape disconnected',
      { shape: 'legacy', active: null, connection: 'disconnected' },
      'disconnected',
      /restart/
    ],
    [
      'legacy shape expired by date',
      { shape: 'legacy', active: null, expiresAt: '2025-12-01' },
      'expired',
      /2025-12-01/
    ],
    ['unknown connection', { connection: 'unknown', statusText: 'pending' }, 'unknown', /"pending"/],
    ['unknown connection without text', { connection: 'unknown', statusText: null }, 'unknown', /did not say/]
  ])('%s', (_name, overrides, state, note) => {
    const verdict = stateFromInfo(info(overrides), NOW)
    expect(verdict.state).toBe(state)
    if (note) expect(english(verdict)).toMatch(note)
    else expect(verdict.note).toBeNull()
  })

  it("names a WhatsApp Web take-over as the cause, quoting the gateway's words (QA16 Q16-09)", () => {
    const said = 'disconnected because the number was opened in WhatsApp Web at the same time'
    const verdict = stateFromInfo(info({ connection: 'disconnected', note: said }), NOW)
    expect(verdict.state).toBe('disconnected')
    expect(decodeNote(verdict.note)).toEqual({ key: 'desktop.device.webConflict', params: { gateway: said } })
    // Any other reason stays the gateway's own words.
    const offline = stateFromInfo(info({ connection: 'disconnected', note: 'phone is offline' }), NOW)
    expect(offline.note).toBe('phone is offline')
  })

  it('keeps the gateway note on a connected device', () => {
    expect(stateFromInfo(info({ note: 'ready to use' }), NOW)).toEqual({
      state: 'connected',
      note: 'ready to use'
    })
  })
})

describe('stateFromError', () => {
  it.each<[GatewayErrorCode, string, RegExp]>([
    ['token_invalid', 'token-invalid', /rejected the token/],
    ['secret_invalid', 'token-invalid', /secret key/],
    ['device_not_found', 'token-invalid', /does not know/],
    ['device_not_connected', 'disconnected', /not connected/],
    ['network', 'unreachable', /network/],
    ['timeout', 'unreachable', /in time/],
    ['rate_limited', 'unreachable', /rate limited/],
    ['server_error', 'unreachable', /failing/],
    ['bad_response', 'unreachable', /unreadable/],
    ['not_supported', 'unreachable', /server URL/],
    ['rejected', 'unknown', /failed: rejected/]
  ])('%s → %s', (code, state, note) => {
    const verdict = stateFromError(gatewayError(code))
    expect(verdict.state).toBe(state)
    expect(english(verdict)).toMatch(note)
  })

  it('quotes the gateway message and the HTTP status', () => {
    expect(
      english(stateFromError(gatewayError('token_invalid', { gatewayMessage: 'token invalid' })))
    ).toMatch(/gateway: "token invalid"/)
    expect(english(stateFromError(gatewayError('server_error', { httpStatus: 503 })))).toMatch(/HTTP 503/)
  })

  it('calls "token invalid or device expired" expired when the last known expiry has passed', () => {
    const last = info({ expiresAt: '2026-01-01' })
    expect(stateFromError(gatewayError('token_invalid'), last, NOW).state).toBe('expired')
    expect(stateFromError(gatewayError('token_invalid'), info(), NOW).state).toBe('token-invalid')
  })

  it('tells an address that answered as a gateway before from one that never did (QA16 Q16-08)', () => {
    const never = stateFromError(gatewayError('not_supported'), null, NOW)
    expect(decodeNote(never.note)?.key).toBe('desktop.device.notSupported')
    const before = stateFromError(gatewayError('not_supported'), info(), NOW)
    expect(before.state).toBe('unreachable')
    expect(decodeNote(before.note)?.key).toBe('desktop.device.notSupportedNow')
  })

  it('says the built-in sandbox not reached as the sandbox’s: it runs inside Sender Desk, with no network to check', () => {
    const sandbox = { baseUrl: 'http://127.0.0.1:5000', sandbox: true }
    const failed = nextState(
      { kind: 'error', error: gatewayError('network') },
      { now: NOW, consecutiveFailures: 2, device: sandbox }
    )
    expect(failed.state).toBe('unreachable')
    expect(english(failed)).toBe('The sandbox gateway at http://127.0.0.1:5000 did not answer.')
    const hosted = { baseUrl: 'https://solo.wablas.com' }
    expect(english(stateFromError(gatewayError('network'), null, NOW, hosted))).toBe(
      'Cannot reach the gateway (network).'
    )
  })

  it('words its own notes in the operator language, and quotes the gateway as it came', () => {
    const indonesian = (verdict: StateVerdict): string | null => translateNote('id', verdict.note)
    expect(indonesian(stateFromError(gatewayError('network')))).toBe(
      'Gateway tidak dapat dihubungi (jaringan).'
    )
    expect(indonesian(stateFromInfo(info({ connection: 'disconnected', active: false }), NOW))).toBe(
      'Belum tertaut: pindai kode QR dengan ponsel pengirim.'
    )
    expect(
      indonesian(stateFromError(gatewayError('secret_invalid', { gatewayMessage: 'secret wrong' })))
    ).toBe('Gateway menolak secret key (gateway: "secret wrong").')
    const fromGateway = stateFromInfo(info({ connection: 'disconnected', note: 'phone is offline' }), NOW)
    expect(indonesian(fromGateway)).toBe('phone is offline')
  })

  it('does not leak details of unexpected errors', () => {
    expect(stateFromError(new Error('secret stuff'))).toEqual({
      state: 'unknown',
      note: expect.not.stringMatching(/secret/)
    })
  })
})

describe('nextState', () => {
  const connected = { state: 'connected' as const, note: null }

  it('maps vault outcomes to locked with a reason', () => {
    const locked = nextState({ kind: 'locked', reason: 'the keyring is locked' }, { now: NOW })
    expect(locked.state).toBe('locked')
    expect(english(locked)).toMatch(/^Token locked: the keyring is locked/)
    expect(english(nextState({ kind: 'absent' }, { now: NOW }))).toMatch(/last session only/)
  })

  it('keeps needs-scan against a bare "disconnected" (after logout or number change) but not against a reason', () => {
    const previous = { state: 'needs-scan' as const, note: 'Number changed' }
    const bare = { kind: 'info' as const, info: info({ connection: 'disconnected' }) }
    expect(nextState(bare, { now: NOW, previous })).toBe(previous)
    const offline = {
      kind: 'info' as const,
      info: info({ connection: 'disconnected', note: 'phone offline' })
    }
    expect(nextState(offline, { now: NOW, previous }).state).toBe('disconnected')
    expect(nextState({ kind: 'info', info: info() }, { now: NOW, previous }).state).toBe('connected')
  })

  it("keeps a number change's cause through the gateway's own needs-scan notes and outages until a phone scans (QA16 Q16-01)", () => {
    const changed = encodeNote('desktop.device.numberChanged', { phone: '6285722223333' })
    const previous = { state: 'needs-scan' as const, note: changed }
    const gatewaySaysScan = {
      kind: 'info' as const,
      info: info({
        connection: 'disconnected',
        note: 'whatsapp sender not connected, need scan qr code again'
      })
    }
    // The gateway's generic words would make it a logout: the number change is the cause still.
    expect(nextState(gatewaySaysScan, { now: NOW, previous, numberChange: changed })).toEqual(previous)
    // Through an outage (previous is unreachable now): the cause comes back with the needs-scan.
    const afterOutage = { state: 'unreachable' as const, note: encodeNote('desktop.device.network') }
    expect(nextState(gatewaySaysScan, { now: NOW, previous: afterOutage, numberChange: changed })).toEqual(
      previous
    )
    const bare = { kind: 'info' as const, info: info({ connection: 'disconnected' }) }
    expect(nextState(bare, { now: NOW, previous: afterOutage, numberChange: changed })).toEqual(previous)
    // Scanned: connected, whatever was pending.
    expect(
      nextState({ kind: 'info', info: info() }, { now: NOW, previous, numberChange: changed }).state
    ).toBe('connected')
    // No number change pending: the gateway's words stand.
    expect(nextState(gatewaySaysScan, { now: NOW, previous: afterOutage }).note).toBe(
      'whatsapp sender not connected, need scan qr code again'
    )
  })

  it('finds the number change no phone has scanned since in the history', () => {
    const changed = encodeNote('desktop.device.numberChanged', { phone: '6285722223333' })
    expect(
      pendingNumberChange([
        { state: 'connected', note: null },
        { state: 'needs-scan', note: changed },
        { state: 'needs-scan', note: 'need scan qr code again' },
        { state: 'unreachable', note: encodeNote('desktop.device.network') }
      ])
    ).toBe(changed)
    expect(
      pendingNumberChange([
        { state: 'needs-scan', note: changed },
        { state: 'awaiting-activation', note: null },
        { state: 'needs-scan', note: 'need scan qr code again' }
      ])
    ).toBeNull()
    expect(pendingNumberChange([])).toBeNull()
  })

  it('keeps the last good state through one transient failure, then becomes unreachable', () => {
    const failure = { kind: 'error' as const, error: gatewayError('network') }
    expect(nextState(failure, { now: NOW, previous: connected, consecutiveFailures: 1 })).toBe(connected)
    expect(nextState(failure, { now: NOW, previous: connected, consecutiveFailures: 2 }).state).toBe(
      'unreachable'
    )
    expect(
      nextState(failure, {
        now: NOW,
        previous: connected,
        consecutiveFailures: 1,
        failuresBeforeUnreachable: 1
      }).state
    ).toBe('unreachable')
    // Nothing good to keep: unreachable at once.
    expect(nextState(failure, { now: NOW, consecutiveFailures: 1 }).state).toBe('unreachable')
    expect(
      nextState(failure, {
        now: NOW,
        previous: { state: 'token-invalid', note: null },
        consecutiveFailures: 1
      }).state
    ).toBe('unreachable')
  })

  it('applies permanent errors at once, and ignores our own aborts', () => {
    expect(
      nextState({ kind: 'error', error: gatewayError('token_invalid') }, { now: NOW, previous: connected })
        .state
    ).toBe('token-invalid')
    expect(
      nextState({ kind: 'error', error: gatewayError('aborted') }, { now: NOW, previous: connected })
    ).toBe(connected)
  })
})

describe('expiryInstant', () => {
  it('gives a bare date the whole day in any zone, honours explicit zones, and rejects garbage', () => {
    expect(expiryInstant('2026-01-15')).toBe(Date.UTC(2026, 0, 16, 14))
    expect(expiryInstant('2026-01-15 10:00:00')).toBe(Date.UTC(2026, 0, 16, 0))
    expect(expiryInstant('2026-01-15T10:00:00+07:00')).toBe(Date.UTC(2026, 0, 15, 3))
    expect(expiryInstant('2026-01-15T10:00:00Z')).toBe(Date.UTC(2026, 0, 15, 10))
    expect(expiryInstant('soon')).toBeNull()
    expect(expiryInstant(null)).toBeNull()
  })

  it("reads the expiry on the gateway's clock (WIB) for the window to count to: as the Devices card shows it (QA64)", () => {
    expect(expiryOnGatewayClock('2026-12-31 23:59:59')).toBe(Date.UTC(2026, 11, 31, 16, 59, 59))
    expect(expiryOnGatewayClock('2026-12-31 23:59')).toBe(Date.UTC(2026, 11, 31, 16, 59))
    // A bare date runs to the end of that day on the gateway's calendar.
    expect(expiryOnGatewayClock('2026-12-31')).toBe(Date.UTC(2026, 11, 31, 17))
    expect(expiryOnGatewayClock('2026-01-15T10:00:00+07:00')).toBe(Date.UTC(2026, 0, 15, 3))
    expect(expiryOnGatewayClock('2026-01-15T10:00:00Z')).toBe(Date.UTC(2026, 0, 15, 10))
    expect(expiryOnGatewayClock('2026-02-30 10:00:00')).toBeNull()
    expect(expiryOnGatewayClock('soon')).toBeNull()
    expect(expiryOnGatewayClock(null)).toBeNull()
  })

  it('only connected is sendable', () => {
    expect(isSendable('connected')).toBe(true)
    expect(isSendable('awaiting-activation')).toBe(false)
  })
})
