// The linking state machine: resume on the right step, steps driven by device events, QR rotation with cap and pause, the baton.
import { act } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { DeviceView, QrView } from '../../../shared/contract'
import type { FakeApi } from '../testing/fake-api'
import { makeDevice } from '../testing/fixtures'
import { installFakeApi, seedStores } from '../testing/render'
import { makeBootstrap } from '../testing/fixtures'
import { useDevices } from './devices'
import { MAX_ROTATIONS, QR_RETRY_MS, problemFromCode, useLinking } from './linking'
import { useNavigation } from './navigation'

let fake: FakeApi
let qrCount = 0

function qr(refreshAfterMs = 20_000): QrView {
  qrCount++
  return { kind: 'text', text: `QR-${qrCount}`, fetchedAt: new Date().toISOString(), refreshAfterMs }
}

function withDevice(overrides: Partial<DeviceView>): void {
  const device = makeDevice(overrides)
  seedStores(makeBootstrap({ devices: [device] }))
  fake.handle('linking:begin', () => useDevices.getState().devices.find((d) => d.id === device.id) ?? device)
}

const flush = async (): Promise<void> => {
  for (let i = 0; i < 5; i++) await Promise.resolve()
}

function emitDevice(overrides: Partial<DeviceView>): void {
  const devices = [makeDevice(overrides)]
  act(() => fake.emit('devices:changed', { devices }))
  useDevices.getState().setDevices(devices)
}

beforeEach(() => {
  qrCount = 0
  fake = installFakeApi()
  fake.handle('devices:qr', () => qr())
})

afterEach(() => {
  vi.useRealTimers()
})

describe('linking store: resume on the step the state implies', () => {
  it.each([
    ['needs-scan', 'qr'],
    ['disconnected', 'qr'],
    ['awaiting-activation', 'activation'],
    ['connected', 'done']
  ] as const)('%s → %s', async (state, step) => {
    withDevice({ state })
    await useLinking.getState().open('dev-1')
    await flush()
    expect(useLinking.getState().step).toBe(step)
    expect(useNavigation.getState().view).toBe('linking')
    expect(fake.requests('linking:begin')).toEqual([{ id: 'dev-1' }])
    expect(fake.requests('devices:qr').length).toBe(step === 'qr' ? 1 : 0)
  })

  it('relink (forceQr) on a device that turns out connected ends on "connected", not an error', async () => {
    withDevice({ state: 'connected' })
    fake.fail('devices:qr', { code: 'gateway_error', message: 'device already connected' })
    await useLinking.getState().open('dev-1', { forceQr: true })
    await flush()
    expect(useLinking.getState().step).toBe('done')
    expect(useLinking.getState().problem).toBeNull()
  })

  it('relink (forceQr) shows the QR step even for a connected device', async () => {
    withDevice({ state: 'connected' })
    await useLinking.getState().open('dev-1', { forceQr: true })
    await flush()
    expect(useLinking.getState().step).toBe('qr')
    expect(useLinking.getState().qr?.kind).toBe('text')
  })
})

describe('linking store: device events move the wizard', () => {
  it('qr → activation (when the gateway sees the phone) → done, and back to qr when the phone logs out', async () => {
    withDevice({ state: 'needs-scan' })
    await useLinking.getState().open('dev-1')
    await flush()
    expect(useLinking.getState().step).toBe('qr')

    emitDevice({ state: 'awaiting-activation', stateSince: '2025-05-01T09:30:00.000Z' })
    expect(useLinking.getState().step).toBe('activation')
    expect(useLinking.getState().scannedAt).toBe('2025-05-01T09:30:00.000Z')

    emitDevice({ state: 'connected' })
    expect(useLinking.getState().step).toBe('done')

    emitDevice({ state: 'needs-scan' })
    expect(useLinking.getState().step).toBe('qr')
    expect(useLinking.getState().rescan).toBe(true)
    await flush()
    expect(fake.requests('devices:qr').length).toBe(2)
  })

  it('an unreachable gateway shows a problem, and the code comes back when it answers again', async () => {
    withDevice({ state: 'needs-scan' })
    await useLinking.getState().open('dev-1')
    await flush()
    expect(useLinking.getState().qrPhase).toBe('showing')
    emitDevice({ state: 'unreachable', stateNote: 'connect ETIMEDOUT' })
    expect(useLinking.getState().problem).toEqual({
      kind: 'unreachable',
      words: { message: 'connect ETIMEDOUT' }
    })
    // The code on screen is no longer refreshed: drawn as stale, not as one to scan (an operator's probe saw a
    // 49-second-old code drawn crisp under the problem).
    expect(useLinking.getState().qrPhase).toBe('expired')
    emitDevice({ state: 'needs-scan' })
    await flush()
    expect(useLinking.getState().problem).toBeNull()
    expect(useLinking.getState().qrPhase).toBe('showing')
    expect(fake.requests('devices:qr').length).toBe(2)
  })

  // QA60: in Indonesian the wizard printed the gateway's "device expired" as its own sentence.
  it("says a device's ended subscription with the gateway's own words as the gateway's", async () => {
    withDevice({ state: 'needs-scan' })
    await useLinking.getState().open('dev-1')
    await flush()
    emitDevice({ state: 'expired', stateNote: 'device expired' })
    // Kept as the gateway's own words, for the wizard's panel to say as the gateway's.
    expect(useLinking.getState().problem).toEqual({
      kind: 'device-expired',
      words: { message: 'device expired' },
      gatewayWords: true
    })
  })

  it('explains a refused token from devices:qr', async () => {
    withDevice({ state: 'needs-scan' })
    fake.fail('devices:qr', { code: 'token_invalid', message: 'Unauthorized: token invalid' })
    await useLinking.getState().open('dev-1')
    await flush()
    expect(useLinking.getState().problem).toEqual({
      kind: 'token-invalid',
      words: { message: 'Unauthorized: token invalid' }
    })
  })

  it('a removed device sends the wizard back to "choose the device"', async () => {
    withDevice({ state: 'needs-scan' })
    await useLinking.getState().open('dev-1')
    await flush()
    act(() => useDevices.getState().setDevices([]))
    expect(useLinking.getState().step).toBe('pick')
    expect(useLinking.getState().problem?.kind).toBe('removed')
  })

  it('leaving the view ends linking', async () => {
    withDevice({ state: 'needs-scan' })
    await useLinking.getState().open('dev-1')
    await flush()
    useNavigation.getState().navigate('devices')
    await flush()
    expect(fake.requests('linking:end')).toEqual([{ id: 'dev-1' }])
    expect(useLinking.getState().deviceId).toBeNull()
  })
})

describe('problemFromCode', () => {
  it.each([
    ['token_invalid', 'token-invalid'],
    ['token_locked', 'locked'],
    ['unreachable', 'unreachable'],
    ['gateway_timeout', 'unreachable'],
    ['qr_expired', 'qr-expired'],
    ['device_expired', 'device-expired'],
    ['not_found', 'removed'],
    ['server_error', 'unreachable'],
    ['rate_limited', 'unreachable'],
    ['gateway_error', 'failed']
  ] as const)('%s → %s', (code, kind) => {
    expect(problemFromCode(code)).toBe(kind)
  })
})

describe('linking store: QR rotation', () => {
  it('refreshes before expiry, caps the rotations, then waits for "Show a new code"', async () => {
    vi.useFakeTimers()
    withDevice({ state: 'needs-scan' })
    await useLinking.getState().open('dev-1')
    await vi.advanceTimersByTimeAsync(0)
    expect(fake.requests('devices:qr').length).toBe(1)
    expect(useLinking.getState().refreshAt).toBe(Date.now() + 20_000)

    await vi.advanceTimersByTimeAsync(19_999)
    expect(fake.requests('devices:qr').length).toBe(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(fake.requests('devices:qr').length).toBe(2)
    expect(useLinking.getState().rotations).toBe(1)

    await vi.advanceTimersByTimeAsync(20_000 * MAX_ROTATIONS)
    expect(fake.requests('devices:qr').length).toBe(1 + MAX_ROTATIONS)
    expect(useLinking.getState().qrPhase).toBe('exhausted')
    await vi.advanceTimersByTimeAsync(120_000)
    expect(fake.requests('devices:qr').length).toBe(1 + MAX_ROTATIONS)

    await useLinking.getState().newCode()
    await vi.advanceTimersByTimeAsync(0)
    expect(useLinking.getState().qrPhase).toBe('showing')
    expect(useLinking.getState().rotations).toBe(0)
  })

  it('pauses while the window is hidden and fetches a fresh code when it is shown again', async () => {
    vi.useFakeTimers()
    withDevice({ state: 'needs-scan' })
    await useLinking.getState().open('dev-1')
    await vi.advanceTimersByTimeAsync(0)
    useLinking.getState().setHidden(true)
    await vi.advanceTimersByTimeAsync(60_000)
    expect(fake.requests('devices:qr').length).toBe(1)
    useLinking.getState().setHidden(false)
    await vi.advanceTimersByTimeAsync(0)
    expect(fake.requests('devices:qr').length).toBe(2)
    expect(useLinking.getState().qrPhase).toBe('showing')
  })

  // The card's advice for a gateway that answered 503 or 429, said by the wizard for its code request, promises that
  // Sender Desk keeps trying: the wizard asks for a code again by itself (not while hidden), and shows it once it comes.
  it.each([
    ['server_error', 'server-error'],
    ['rate_limited', 'rate-limited']
  ] as const)(
    'asks again by itself for a code the gateway answered with %s, and not while hidden',
    async (code, cause) => {
      vi.useFakeTimers()
      withDevice({ state: 'needs-scan' })
      fake.fail('devices:qr', { code, message: 'The gateway is having trouble; try again in a moment.' })
      await useLinking.getState().open('dev-1')
      await vi.advanceTimersByTimeAsync(0)
      expect(useLinking.getState().problem).toMatchObject({ kind: 'unreachable', cause })
      expect(fake.requests('devices:qr').length).toBe(1)
      await vi.advanceTimersByTimeAsync(QR_RETRY_MS)
      expect(fake.requests('devices:qr').length).toBe(2)

      useLinking.getState().setHidden(true)
      await vi.advanceTimersByTimeAsync(QR_RETRY_MS * 3)
      expect(fake.requests('devices:qr').length).toBe(2)
      fake.handle('devices:qr', () => qr())
      useLinking.getState().setHidden(false)
      await vi.advanceTimersByTimeAsync(0)
      expect(fake.requests('devices:qr').length).toBe(3)
      expect(useLinking.getState().problem).toBeNull()
      expect(useLinking.getState().qrPhase).toBe('showing')
    }
  )

  it('does not ask again by itself for a code whose request failed otherwise', async () => {
    vi.useFakeTimers()
    withDevice({ state: 'needs-scan' })
    fake.fail('devices:qr', { code: 'gateway_error', message: 'Scanning the code failed unexpectedly.' })
    await useLinking.getState().open('dev-1')
    await vi.advanceTimersByTimeAsync(QR_RETRY_MS * 3)
    expect(useLinking.getState().problem?.kind).toBe('failed')
    expect(fake.requests('devices:qr').length).toBe(1)
  })

  it('keeps the previous code on screen while the next one is on its way', async () => {
    withDevice({ state: 'needs-scan' })
    await useLinking.getState().open('dev-1')
    await flush()
    const first = useLinking.getState().qr
    const next = fake.defer('devices:qr')
    void useLinking.getState().newCode()
    await next.called
    expect(useLinking.getState().qr).toBe(first)
    expect(useLinking.getState().qrPhase).toBe('showing')
    next.resolve(qr())
    await flush()
    expect(useLinking.getState().qr).not.toBe(first)
  })
})

describe('linking store: the baton drops stale replies', () => {
  it('a late linking:begin for the previous device does not move the wizard', async () => {
    const a = makeDevice({ id: 'a', state: 'needs-scan' })
    const b = makeDevice({ id: 'b', state: 'connected' })
    seedStores(makeBootstrap({ devices: [a, b] }))
    const slow = fake.defer('linking:begin')
    const first = useLinking.getState().open('a')
    await slow.called
    fake.handle('linking:begin', () => b)
    await useLinking.getState().open('b')
    await flush()
    slow.resolve({ ...a, state: 'awaiting-activation' })
    await first
    await flush()
    expect(useLinking.getState().deviceId).toBe('b')
    expect(useLinking.getState().step).toBe('done')
    expect(fake.requests('linking:end')).toEqual([{ id: 'a' }])
  })

  it('an older QR reply arriving after a newer one is discarded', async () => {
    withDevice({ state: 'needs-scan' })
    const older = fake.defer('devices:qr')
    void useLinking.getState().open('dev-1')
    await older.called
    fake.handle('devices:qr', () => ({
      kind: 'text',
      text: 'NEWER',
      fetchedAt: new Date().toISOString(),
      refreshAfterMs: 20_000
    }))
    await useLinking.getState().newCode()
    await flush()
    older.resolve({
      kind: 'text',
      text: 'OLDER',
      fetchedAt: new Date().toISOString(),
      refreshAfterMs: 20_000
    })
    await flush()
    const shown = useLinking.getState().qr
    expect(shown?.kind === 'text' ? shown.text : null).toBe('NEWER')
  })

  it('a QR reply after the device connected does not pull the wizard back', async () => {
    withDevice({ state: 'needs-scan' })
    await useLinking.getState().open('dev-1')
    await flush()
    const late = fake.defer('devices:qr')
    void useLinking.getState().newCode()
    await late.called
    emitDevice({ state: 'connected' })
    late.resolve(qr())
    await flush()
    expect(useLinking.getState().step).toBe('done')
    expect(useLinking.getState().refreshAt).toBeNull()
  })
})
