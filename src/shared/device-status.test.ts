// The one state mapping: every state has an answer, and the answers an operator relies on hold.
import { describe, expect, it } from 'vitest'
import { DeviceState } from './contract'
import {
  adviceKey,
  scanActionKey,
  topsUpInSandbox,
  devicePauseWords,
  deviceStatus,
  offers,
  offersCheckAgain,
  quotaToppedUpBy,
  renewAddress,
  sandboxNotReached,
  stateNameKey,
  unreachablePauseKey,
  wizardUnreachableWords
} from './device-status'
import { quotaWaitKey, stateWaitKey } from './device-waits'
import { translate, type MessageKey } from './i18n'
import { QUOTA_TOPPED_UP_CASES } from './quota-topped-up.cases'

/** A device on a real gateway, not Sender Desk's built-in sandbox gateway (`DeviceView.sandbox`, no window setting). */
const ON_SANDBOX_GATEWAY = false

describe('deviceStatus', () => {
  it('an expired device is offered renewal only: no restart, no QR code', () => {
    expect(deviceStatus('expired').actions).toEqual(['renew'])
    expect(offers('expired', 'restart')).toBe(false)
    expect(offers('expired', 'relink')).toBe(false)
    expect(deviceStatus('expired').wizardStep).toBe('not-linkable')
  })

  it('a logged-out phone is relinked; an unreachable gateway sends the operator to the network', () => {
    expect(deviceStatus('needs-scan').actions).toEqual(['relink'])
    expect(deviceStatus('needs-scan').wizardStep).toBe('scan')
    expect(deviceStatus('unreachable').actions).toEqual(['checkNetwork'])
    expect(offers('unreachable', 'restart')).toBe(false)
  })

  // QA16 Q16-07: Relink on a connected device opened the wizard at "Connected", with no code. The gateway documents no
  // way to log a working device out for a new scan, so Relink waits until the phone is logged out (or the number
  // changes, which asks for the scan itself).
  it('a connected device is offered Restart, not Relink', () => {
    expect(deviceStatus('connected').actions).toEqual(['restart'])
    expect(offers('connected', 'relink')).toBe(false)
    expect(offers('disconnected', 'relink')).toBe(true)
  })

  it('a scanned device waits for activation: the wizard is past the scan step', () => {
    expect(deviceStatus('awaiting-activation').wizardStep).toBe('activation')
    expect(offers('awaiting-activation', 'restart')).toBe(false)
    // Its one action opens the wizard at the message for IT support: named so, not Relink (QA60), and its advice too.
    expect(scanActionKey({ state: 'awaiting-activation', linked: true })).toBe('devices.activationMessage')
    expect(translate('en', 'advice.awaiting-activation')).toContain(
      translate('en', 'devices.activationMessage')
    )
    expect(translate('id', 'advice.awaiting-activation')).toContain(
      translate('id', 'devices.activationMessage')
    )
    expect(scanActionKey({ state: 'needs-scan', linked: true })).toBe('devices.relink')
  })

  it('a refused or unreadable token asks for the token again', () => {
    expect(offers('token-invalid', 'enterToken')).toBe(true)
    expect(offers('locked', 'enterToken')).toBe(true)
  })

  it('only an ended subscription and a refused or unreadable token make the gateway refuse every change', () => {
    expect(DeviceState.options.filter((s) => deviceStatus(s).tokenRefused)).toEqual([
      'expired',
      'token-invalid',
      'locked'
    ])
  })

  it('only a connected or still-checking device needs no attention, and every state has a distinct symbol', () => {
    const states = DeviceState.options
    expect(states.filter((s) => !deviceStatus(s).needsAttention)).toEqual(['unknown', 'connected'])
    expect(new Set(states.map((s) => deviceStatus(s).symbol)).size).toBe(states.length)
  })

  it("an ended subscription is renewed on its gateway's own host; the sandbox and other states get no address", () => {
    const device = {
      state: 'expired' as const,
      baseUrl: 'https://jkt.wablas.com/api',
      sandbox: ON_SANDBOX_GATEWAY
    }
    expect(renewAddress(device)).toEqual({ href: 'https://jkt.wablas.com/', host: 'jkt.wablas.com' })
    expect(renewAddress({ ...device, baseUrl: 'http://127.0.0.1:4010' })).toEqual({
      href: 'http://127.0.0.1:4010/',
      host: '127.0.0.1:4010'
    })
    expect(renewAddress({ ...device, sandbox: true })).toBeNull()
    expect(renewAddress({ ...device, baseUrl: 'not a url' })).toBeNull()
    for (const state of DeviceState.options.filter((s) => s !== 'expired'))
      expect(renewAddress({ ...device, state })).toBeNull()
  })
})

describe('adviceKey', () => {
  it('an unreachable device is advised by its cause: only the network and time-outs send the operator to the internet', () => {
    const unreachable = (stateNoteKey: string): string => adviceKey({ state: 'unreachable', stateNoteKey })
    expect(unreachable('desktop.device.network')).toBe('advice.unreachable')
    expect(unreachable('desktop.device.timeout')).toBe('advice.unreachable')
    expect(unreachable('desktop.device.serverError')).toBe('advice.unreachable.serverError')
    expect(unreachable('desktop.device.serverErrorStatus')).toBe('advice.unreachable.serverError')
    expect(unreachable('desktop.device.rateLimited')).toBe('advice.unreachable.rateLimited')
    expect(unreachable('desktop.device.notSupported')).toBe('advice.unreachable.notSupported')
    expect(adviceKey({ state: 'unreachable' })).toBe('advice.unreachable')
  })

  it('a WhatsApp Web take-over is advised by its cause: close WhatsApp Web, then Restart (QA16 Q16-09)', () => {
    expect(adviceKey({ state: 'disconnected', stateNoteKey: 'desktop.device.webConflict' })).toBe(
      'advice.disconnected.webConflict'
    )
    expect(adviceKey({ state: 'disconnected' })).toBe('advice.disconnected')
    expect(adviceKey({ state: 'needs-scan', stateNoteKey: 'desktop.device.webConflict' })).toBe(
      'advice.needs-scan'
    )
  })

  it('an address that answered before is not advised like one that never did, and neither is sent to Remove first (QA16 Q16-08)', () => {
    const now = { state: 'unreachable', stateNoteKey: 'desktop.device.notSupportedNow' } as const
    expect(adviceKey(now)).toBe('advice.unreachable.notSupportedNow')
    expect(stateNameKey(now)).toBe('state.unreachable.notSupported')
    expect(unreachablePauseKey(now)).toBe('campaigns.autoPause.unreachable.notSupported')
    for (const language of ['en', 'id'] as const) {
      const words = (key: MessageKey): string => translate(language, key)
      // Removing is never the first thing said; where it is said at all, so is what it cancels.
      const remove = language === 'en' ? /remov/i : /hapus|menghapus/i
      expect(words('advice.unreachable.notSupportedNow')).not.toMatch(remove)
      const never = words('advice.unreachable.notSupported')
      expect(never.split(/[.:;]/)[0]).not.toMatch(remove)
      expect(never).toMatch(language === 'en' ? /cancels its waiting messages/ : /membatalkan pesan/)
    }
  })

  it('a connected device whose quota is used up is advised to renew and offered Check again, as the strip says (QA16 Q16-05)', () => {
    const usedUp = { state: 'connected', quota: 0 } as const
    expect(adviceKey(usedUp)).toBe('advice.connected.quotaUsedUp')
    expect(offersCheckAgain(usedUp)).toBe(true)
    expect(adviceKey({ state: 'connected', quota: 5 })).toBe('advice.connected')
    expect(offersCheckAgain({ state: 'connected', quota: 5 })).toBe(false)
    // A state that asks for the operator keeps its own advice and action.
    expect(adviceKey({ state: 'needs-scan', quota: 0 })).toBe('advice.needs-scan')
    expect(offersCheckAgain({ state: 'needs-scan', quota: 0 })).toBe(false)
    expect(offersCheckAgain({ state: 'expired' })).toBe(true)
    expect(offersCheckAgain({ state: 'unreachable' })).toBe(true)
  })

  it('an expired sandbox device is pointed to the sandbox panel’s renew control, not to a provider (QA40 Q40-02)', () => {
    expect(adviceKey({ state: 'expired', sandbox: ON_SANDBOX_GATEWAY })).toBe('advice.expired')
    const onSandbox = adviceKey({ state: 'expired', sandbox: true })
    expect(onSandbox).not.toBe('advice.expired')
    for (const language of ['en', 'id'] as const) {
      const words = translate(language, onSandbox)
      // It names the panel and its button as the window labels them, and sends nobody to a provider.
      expect(words).toContain(translate(language, 'sandbox.title'))
      expect(words).toContain(translate(language, 'sandbox.action.renew'))
      expect(words).not.toMatch(language === 'en' ? /provider/ : /penyedia/)
    }
    // Other states keep their advice on the sandbox too.
    expect(adviceKey({ state: 'needs-scan', sandbox: true })).toBe('advice.needs-scan')
  })

  // QA77 5a: the sandbox set unreachable in its own panel was advised to check the internet connection, which it
  // does not use (it runs inside Sender Desk, on this computer).
  it('an unreachable sandbox device is pointed to its panel’s “reachable again”, not to the internet', () => {
    const network = { state: 'unreachable', stateNoteKey: 'desktop.device.network' } as const
    expect(adviceKey({ ...network, sandbox: ON_SANDBOX_GATEWAY })).toBe('advice.unreachable')
    const onSandbox = adviceKey({ ...network, sandbox: true })
    expect(onSandbox).not.toBe('advice.unreachable')
    expect(adviceKey({ state: 'unreachable', sandbox: true })).toBe(onSandbox)
    for (const language of ['en', 'id'] as const) {
      const words = translate(language, onSandbox)
      expect(words).toContain(translate(language, 'sandbox.title'))
      expect(words).toContain(translate(language, 'sandbox.action.reachable'))
      expect(words).not.toMatch(language === 'en' ? /check the internet/i : /periksa koneksi internet/i)
    }
    // A sandbox gateway that did answer keeps the advice for what it answered.
    expect(
      adviceKey({ state: 'unreachable', stateNoteKey: 'desktop.device.rateLimited', sandbox: true })
    ).toBe('advice.unreachable.rateLimited')
  })

  // The linking wizard's problem reads the same rule (QA77 5a): a sandbox gateway that answered was reached.
  it('sandboxNotReached: a sandbox device whose gateway did not answer at all, and only that', () => {
    expect(
      sandboxNotReached({ state: 'unreachable', stateNoteKey: 'desktop.device.network', sandbox: true })
    ).toBe(true)
    expect(sandboxNotReached({ state: 'unreachable', sandbox: true })).toBe(true)
    expect(sandboxNotReached({ state: 'unreachable', sandbox: ON_SANDBOX_GATEWAY })).toBe(false)
    expect(
      sandboxNotReached({ state: 'unreachable', stateNoteKey: 'desktop.device.serverError', sandbox: true })
    ).toBe(false)
    expect(sandboxNotReached({ state: 'needs-scan', sandbox: true })).toBe(false)
  })

  // Issue 29 point 3: the wizard said "Check the internet connection" to a gateway that answered 503 or 429.
  it('wizardUnreachableWords: the wizard’s next step by the card’s cause, the internet only when nothing answered', () => {
    const next = (stateNoteKey?: string, sandbox = ON_SANDBOX_GATEWAY): string =>
      wizardUnreachableWords({ state: 'unreachable', stateNoteKey, sandbox }).next
    expect(next('desktop.device.network')).toBe('linking.problem.unreachable.next')
    expect(next('desktop.device.serverErrorStatus')).toBe(
      adviceKey({ state: 'unreachable', stateNoteKey: 'desktop.device.serverErrorStatus' })
    )
    expect(next('desktop.device.rateLimited')).toBe(
      adviceKey({ state: 'unreachable', stateNoteKey: 'desktop.device.rateLimited' })
    )
    expect(next('desktop.device.notSupported')).toBe('linking.problem.unreachable.nextNotSupported')
    expect(next('desktop.device.notSupportedNow')).toBe('linking.problem.unreachable.nextNotSupportedNow')
    expect(next('desktop.device.network', true)).toBe('linking.problem.unreachable.nextSandbox')
    expect(next('desktop.device.rateLimited', true)).toBe('advice.unreachable.rateLimited')
    // A request that failed on the network while the device's check says nothing of it: the network's.
    expect(wizardUnreachableWords({ state: 'needs-scan' })).toEqual({
      title: 'linking.problem.unreachable.title',
      next: 'linking.problem.unreachable.next'
    })
    expect(
      wizardUnreachableWords({ state: 'unreachable', stateNoteKey: 'desktop.device.serverError' }).title
    ).toBe('linking.problem.unreachable.title.answered')
  })

  // The wizard's request for a code answered 503 (or 429) while the device's check answered fine: said by the same
  // row as the card's, from the request's cause; a cause the device's check met says more than one request.
  it('wizardUnreachableWords: a request answered with a server error or a 429 is said by the card’s row for it', () => {
    expect(wizardUnreachableWords({ state: 'needs-scan' }, 'server-error')).toEqual({
      title: 'linking.problem.unreachable.title.answered',
      next: adviceKey({ state: 'unreachable', stateNoteKey: 'desktop.device.serverErrorStatus' })
    })
    expect(wizardUnreachableWords({ state: 'needs-scan', sandbox: true }, 'rate-limited')).toEqual({
      title: 'linking.problem.unreachable.title.answered',
      next: adviceKey({ state: 'unreachable', stateNoteKey: 'desktop.device.rateLimited' })
    })
    expect(
      wizardUnreachableWords(
        { state: 'unreachable', stateNoteKey: 'desktop.device.rateLimited' },
        'server-error'
      ).next
    ).toBe('advice.unreachable.rateLimited')
  })

  // The built-in sandbox has no provider: its server error sent the operator to "your gateway provider", and a request
  // for a code that met nothing (its device's check fine) to "the internet connection", which it does not use.
  it('wizardUnreachableWords and adviceKey: the built-in sandbox’s failures are its own, never a provider’s or the internet’s', () => {
    const failing = {
      state: 'unreachable',
      stateNoteKey: 'desktop.device.serverErrorStatus',
      sandbox: true
    } as const
    for (const next of [
      adviceKey(failing),
      wizardUnreachableWords(failing).next,
      wizardUnreachableWords({ state: 'needs-scan', sandbox: true }, 'server-error').next,
      wizardUnreachableWords({ state: 'needs-scan', sandbox: true }).next
    ])
      for (const language of ['en', 'id'] as const) {
        const words = translate(language, next)
        expect(words).not.toMatch(
          language === 'en' ? /provider|internet connection/ : /penyedia|koneksi internet/
        )
        expect(words).toMatch(language === 'en' ? /restart Sender Desk/ : /mulai ulang Sender Desk/)
      }
    // The request met nothing while the sandbox is not set unreachable: its "reachable again" does not apply.
    expect(
      translate('en', wizardUnreachableWords({ state: 'needs-scan', sandbox: true }).next)
    ).not.toContain('reachable again')
    // A gateway's server error is still its provider's.
    expect(adviceKey({ ...failing, sandbox: ON_SANDBOX_GATEWAY })).toBe('advice.unreachable.serverError')
  })

  it('a sandbox device whose quota is spent is pointed to the sandbox panel’s top-up; a gateway’s to its package', () => {
    expect(adviceKey({ state: 'connected', quota: 0, sandbox: ON_SANDBOX_GATEWAY })).toBe(
      'advice.connected.quotaUsedUp'
    )
    const onSandbox = adviceKey({ state: 'connected', quota: 0, sandbox: true })
    expect(onSandbox).not.toBe('advice.connected.quotaUsedUp')
    for (const language of ['en', 'id'] as const) {
      // It says what helps in the words of the button beside it (Top up, which opens the panel on its top-up).
      const words = translate(language, onSandbox).toLowerCase()
      expect(words).toContain(translate(language, 'devices.topUp').toLowerCase())
      expect(words).not.toMatch(language === 'en' ? /package/ : /paket/)
    }
    expect(topsUpInSandbox({ state: 'connected', quota: 0, sandbox: true })).toBe(true)
    expect(topsUpInSandbox({ state: 'connected', quota: 0, sandbox: ON_SANDBOX_GATEWAY })).toBe(false)
    // A sandbox device with quota left needs no advice about it.
    expect(adviceKey({ state: 'connected', quota: 5, sandbox: true })).toBe('advice.connected')
  })

  it('what tops up the quota: the sandbox panel, the gateway package, or for a mix each device by its own', () => {
    const hosted = { id: 'hosted', sandbox: ON_SANDBOX_GATEWAY }
    const sandbox = { id: 'sandbox', sandbox: true }
    expect(quotaToppedUpBy([sandbox], 10)).toEqual({ by: 'sandbox' })
    expect(quotaToppedUpBy([hosted, hosted], 10)).toEqual({ by: 'gateway' })
    expect(quotaToppedUpBy([], 10)).toEqual({ by: 'gateway' })
    expect(quotaToppedUpBy([hosted, sandbox], 10)).toEqual({
      by: 'both',
      sandbox: [sandbox],
      gateway: [hosted]
    })
  })

  it.each(QUOTA_TOPPED_UP_CASES.map((c) => [c.name, c] as const))(
    'what tops up names only devices that can run out: %s',
    (_name, c) => {
      const answer = quotaToppedUpBy(c.devices, c.messages)
      expect(
        answer.by === 'both'
          ? {
              by: 'both',
              sandbox: answer.sandbox.map((device) => device.id),
              gateway: answer.gateway.map((device) => device.id)
            }
          : answer
      ).toEqual(c.expected)
    }
  )

  it('a note of another state does not change that state’s advice', () => {
    expect(adviceKey({ state: 'disconnected', stateNoteKey: 'desktop.device.serverErrorStatus' })).toBe(
      'advice.disconnected'
    )
  })
})

describe('stateWaitKey', () => {
  it('says why a state holds the messages back, a needed scan by its cause, and nothing for a state that sends', () => {
    expect(stateWaitKey({ state: 'needs-scan', linked: true })).toBe('outbox.waiting.loggedOut')
    expect(stateWaitKey({ state: 'needs-scan', linked: false })).toBe('outbox.waiting.neverLinked')
    expect(stateWaitKey({ state: 'needs-scan', stateNoteKey: 'desktop.device.numberChanged' })).toBe(
      'outbox.waiting.numberChanged'
    )
    expect(stateWaitKey({ state: 'disconnected' })).toBe('outbox.waiting.state.disconnected')
    expect(stateWaitKey({ state: 'unreachable', stateNoteKey: 'desktop.device.rateLimited' })).toBe(
      'outbox.waiting.state.rateLimited'
    )
    expect(stateWaitKey({ state: 'connected' })).toBeNull()
    expect(stateWaitKey({ state: 'unknown' })).toBeNull()
    for (const state of DeviceState.options)
      if (state !== 'connected' && state !== 'unknown') expect(stateWaitKey({ state })).not.toBeNull()
  })

  it('a used-up quota holds them by what tops it up', () => {
    expect(quotaWaitKey({ quota: 0 })).toBe('outbox.waiting.noQuota')
    expect(quotaWaitKey({ quota: 0, sandbox: true })).toBe('outbox.waiting.noQuota.sandbox')
    expect(quotaWaitKey({ quota: 5 })).toBeNull()
    expect(quotaWaitKey({ quota: null })).toBeNull()
  })
})

describe('stateNameKey', () => {
  // A gateway that answers 5xx or 429 was reached: its state is named for what the check met (QA12 Q12-01).
  it('an unreachable device is named by its cause: only the network, time-outs and unreadable answers are "unreachable"', () => {
    const named = (stateNoteKey: string): string => stateNameKey({ state: 'unreachable', stateNoteKey })
    expect(named('desktop.device.network')).toBe('state.unreachable')
    expect(named('desktop.device.timeout')).toBe('state.unreachable')
    expect(named('desktop.device.badResponse')).toBe('state.unreachable')
    expect(named('desktop.device.serverError')).toBe('state.unreachable.serverError')
    expect(named('desktop.device.serverErrorStatus')).toBe('state.unreachable.serverError')
    expect(named('desktop.device.rateLimited')).toBe('state.unreachable.rateLimited')
    expect(named('desktop.device.notSupported')).toBe('state.unreachable.notSupported')
    expect(stateNameKey({ state: 'unreachable' })).toBe('state.unreachable')
    expect(stateNameKey({ state: 'expired', stateNoteKey: 'desktop.device.rateLimited' })).toBe(
      'state.expired'
    )
  })

  it('a campaign part paused for an unreachable device says the same cause', () => {
    const pause = (stateNoteKey: string): string =>
      unreachablePauseKey({ state: 'unreachable', stateNoteKey })
    expect(pause('desktop.device.timeout')).toBe('campaigns.autoPause.unreachable')
    expect(pause('desktop.device.serverErrorStatus')).toBe('campaigns.autoPause.unreachable.serverError')
    expect(pause('desktop.device.rateLimited')).toBe('campaigns.autoPause.unreachable.rateLimited')
    expect(pause('desktop.device.notSupported')).toBe('campaigns.autoPause.unreachable.notSupported')
    // Back to connected, the check's note no longer tells why it was paused: the reason the core kept is said.
    expect(unreachablePauseKey({ state: 'connected' })).toBe('campaigns.autoPause.unreachable')
  })

  it('a campaign part paused while its device was only being checked says what happened, not "was “Checking”"', () => {
    const said = (language: 'en' | 'id'): string => {
      const words = devicePauseWords({ state: 'unknown', stateNoteKey: 'desktop.device.checkFailed' })
      return 'stateKey' in words
        ? translate(language, words.key, { state: translate(language, words.stateKey) })
        : translate(language, words.key)
    }
    expect(devicePauseWords({ state: 'unknown' })).toEqual({ key: 'campaigns.autoPause.checking' })
    expect(said('en')).toBe('Paused: a check could not tell whether the device was connected.')
    expect(said('id')).toBe('Dijeda: pengecekan tidak dapat memastikan apakah perangkat tersambung.')
  })

  it('a campaign part paused by any device state is said by the cause kept with it, from the same table', () => {
    expect(devicePauseWords({ state: 'unreachable', stateNoteKey: 'desktop.device.rateLimited' })).toEqual({
      key: 'campaigns.autoPause.unreachable.rateLimited'
    })
    for (const state of DeviceState.options.filter((s) => s !== 'unreachable' && s !== 'unknown'))
      expect(devicePauseWords({ state })).toEqual({
        key: 'campaigns.autoPause.wasState',
        stateKey: stateNameKey({ state })
      })
  })
})
