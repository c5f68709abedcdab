// The device state machine as pure functions: what one poll of device/info (or its failure) means for the operator.
import type { DeviceState } from '../../../shared/contract'
import type { DeviceInfo } from '../gateway'
import { isGatewayError } from '../gateway'
import type { MessageKey } from '../../../shared/i18n'
import { decodeNote, encodeNote } from '../../../shared/i18n/notes'
import { GATEWAY_TIME_ZONE, localTimeToInstant } from '../../../shared/domain'
import { isSandboxDevice } from '../../../shared/device-status'

export interface StateVerdict {
  state: DeviceState
  /**
   * Operator-facing: the gateway's own note as it came when it gave one, else ours as a translation key (an
   * encoded note, see shared/i18n/notes) that each front door words in the operator's language.
   */
  note: string | null
}

/** One poll's outcome, before interpretation. */
export type PollOutcome =
  | { kind: 'info'; info: DeviceInfo }
  | { kind: 'error'; error: unknown }
  /** The vault has the secret but cannot decrypt it. */
  | { kind: 'locked'; reason: string }
  /** The vault has no secret (session-only storage after a restart, or erased). */
  | { kind: 'absent' }

export interface PollContext {
  now: number
  /** The state before this poll. */
  previous?: StateVerdict
  /** Transient failures in a row, this one included (0 when this poll succeeded). */
  consecutiveFailures?: number
  /** Transient failures tolerated while keeping the last good state (say the gateway hiccupped once). */
  failuresBeforeUnreachable?: number
  /** The last successful info, to tell "expired" from "token invalid" when the gateway says "token invalid or device expired". */
  lastInfo?: DeviceInfo | null
  /**
   * The note of a number change no phone has scanned since (`pendingNumberChange`): its cause outlives the gateway's
   * own needs-scan words and an outage, so the operator is still told to scan with the new number's phone.
   */
  numberChange?: string | null
  /** The device checked: the built-in sandbox's runs inside Sender Desk, so not reaching it is not the network's. */
  device?: PolledDevice | undefined
}

/** What the state machine reads of the device it checks. */
export interface PolledDevice {
  baseUrl: string
  sandbox?: boolean | undefined
}

export const DEFAULT_FAILURES_BEFORE_UNREACHABLE = 2

/** States the monitor has confirmed from a good answer; worth keeping through a single network hiccup. */
const GOOD_ANSWER_STATES: ReadonlySet<DeviceState> = new Set([
  'connected',
  'disconnected',
  'needs-scan',
  'awaiting-activation',
  'expired'
])

const NEEDS_SCAN_NOTE = /scan|qr|log(?:ged)?\s*out|logout|unlinked|not linked/i
const ACTIVATION_NOTE = /activat/i
const WEB_NOTE = /whatsapp\s*web|web\s*client|web\.whatsapp/i
const EXPIRED_NOTE = /expired/i

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * When the device stops working, as epoch ms. A bare date ('2026-12-31') is valid through that whole
 * day wherever the gateway is (up to UTC+14), so we only call it over a day later: never early.
 */
export function expiryInstant(expiresAt: string | null): number | null {
  if (!expiresAt) return null
  const text = expiresAt.trim()
  const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text)
  if (dateOnly)
    return (
      Date.UTC(Number(dateOnly[1]), Number(dateOnly[2]) - 1, Number(dateOnly[3])) + DAY_MS + 14 * 3600_000
    )
  const dateTime = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2})?)(\.\d+)?(Z|[+-]\d{2}:?\d{2})?$/.exec(text)
  if (dateTime) {
    const zone = dateTime[4]
    // Without a zone the gateway's local time is unknown; allow the widest zone so we never call it early.
    const parsed = Date.parse(`${dateTime[1]}T${dateTime[2]}${dateTime[3] ?? ''}${zone ?? 'Z'}`)
    if (Number.isNaN(parsed)) return null
    return zone ? parsed : parsed + 14 * 3600_000
  }
  const parsed = Date.parse(text)
  return Number.isNaN(parsed) ? null : parsed
}

/**
 * The moment the gateway's expiry stands for on the gateway's own clock (GATEWAY_TIME_ZONE), as the Devices card
 * shows it: a zoneless time read there, a bare date ending at that calendar's next midnight, an offset as written.
 * The window counts days to it and names it; `expiryInstant` (never early) still decides the state.
 */
export function expiryOnGatewayClock(expiresAt: string | null): number | null {
  const text = expiresAt?.trim()
  if (!text) return null
  const wall = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2})(?::(\d{2}))?(?:\.\d+)?)?$/.exec(text)
  if (!wall) {
    const parsed = Date.parse(text)
    return Number.isNaN(parsed) ? null : parsed
  }
  const [, date = '', clock, seconds] = wall
  try {
    if (clock) return localTimeToInstant(`${date}T${clock}:${seconds ?? '00'}`, GATEWAY_TIME_ZONE)
    return localTimeToInstant(`${date}T00:00:00`, GATEWAY_TIME_ZONE) + DAY_MS
  } catch {
    return null // no such date or time ('2026-02-30 25:00')
  }
}

/**
 * The info to keep for a device in `state`: an expired device's date is dropped while still ahead (the gateway said
 * it ended without a date, a push or a note): it would count days of a subscription that has ended (QA12 Q12-12).
 */
export function infoForState(info: DeviceInfo, state: DeviceState, now: number): DeviceInfo {
  if (state !== 'expired' || info.expiresAt === null || isPast(info.expiresAt, now)) return info
  return { ...info, expiresAt: null }
}

function isPast(expiresAt: string | null, now: number): boolean {
  const at = expiryInstant(expiresAt)
  return at !== null && at <= now
}

/** What a successful device/info says, current or legacy shape. */
export function stateFromInfo(info: DeviceInfo, now: number): StateVerdict {
  const gatewayNote = info.note?.trim() || null
  const note = (fallback: string | null): string | null => gatewayNote ?? fallback
  const says = (pattern: RegExp): boolean => gatewayNote !== null && pattern.test(gatewayNote)

  // The gateway may keep answering for an expired device; `active` is false then. Legacy info has no
  // `active`, so there the date alone decides. An active device is trusted over our clock.
  if (says(EXPIRED_NOTE) || (info.active !== true && isPast(info.expiresAt, now))) {
    return {
      state: 'expired',
      note: note(
        info.expiresAt
          ? encodeNote('desktop.device.expiredOn', { date: info.expiresAt })
          : encodeNote('desktop.device.expired')
      )
    }
  }
  if (info.active !== true && says(ACTIVATION_NOTE))
    return { state: 'awaiting-activation', note: gatewayNote }

  if (info.connection === 'connected') {
    if (info.active === false) {
      return {
        state: 'awaiting-activation',
        note: note(encodeNote('desktop.device.awaitingActivation'))
      }
    }
    return { state: 'connected', note: gatewayNote }
  }

  if (info.connection === 'disconnected') {
    // The web-client conflict first: its note may mention scanning too, but the phone is still linked.
    // Named as ours, quoting the gateway, so the advice can say what helps (QA16 Q16-09).
    if (says(WEB_NOTE) && gatewayNote !== null)
      return {
        state: 'disconnected',
        note: encodeNote('desktop.device.webConflict', { gateway: gatewayNote })
      }
    if (says(NEEDS_SCAN_NOTE)) return { state: 'needs-scan', note: gatewayNote }
    // Never linked (or unlinked and not active): nothing to restart, the phone has to scan.
    if (info.active === false) {
      return { state: 'needs-scan', note: note(encodeNote('desktop.device.notLinked')) }
    }
    return { state: 'disconnected', note: note(encodeNote('desktop.device.disconnected')) }
  }

  return {
    state: 'unknown',
    note: note(
      info.statusText
        ? encodeNote('desktop.device.gatewayStatus', { status: info.statusText })
        : encodeNote('desktop.device.noConnectionState')
    )
  }
}

/**
 * What a failed device/info means. The built-in sandbox not reached is said as the sandbox's: it runs inside Sender
 * Desk, on this computer, with no network of the operator's to check.
 */
export function stateFromError(
  error: unknown,
  lastInfo: DeviceInfo | null = null,
  now = Date.now(),
  device?: PolledDevice
): StateVerdict {
  if (!isGatewayError(error)) {
    return { state: 'unknown', note: encodeNote('desktop.device.checkFailed') }
  }
  switch (error.code) {
    case 'token_invalid':
      // One message covers both ("token invalid or device expired"); the last known expiry date decides.
      if (lastInfo?.expiresAt && isPast(lastInfo.expiresAt, now)) {
        return {
          state: 'expired',
          note: encodeNote('desktop.device.expiredOn', { date: lastInfo.expiresAt })
        }
      }
      return {
        state: 'token-invalid',
        note: rejection(
          error.gatewayMessage,
          'desktop.device.tokenRejected',
          'desktop.device.tokenRejectedSaid'
        )
      }
    case 'secret_invalid':
      return {
        state: 'token-invalid',
        note: rejection(
          error.gatewayMessage,
          'desktop.device.secretRejected',
          'desktop.device.secretRejectedSaid'
        )
      }
    case 'device_not_found':
      return {
        state: 'token-invalid',
        note: rejection(
          error.gatewayMessage,
          'desktop.device.unknownDevice',
          'desktop.device.unknownDeviceSaid'
        )
      }
    case 'device_not_connected':
      return {
        state: 'disconnected',
        note: error.gatewayMessage ?? encodeNote('desktop.device.notConnected')
      }
    case 'network':
      return {
        state: 'unreachable',
        note:
          device && isSandboxDevice(device)
            ? encodeNote('desktop.error.sandboxUnreachable', { baseUrl: device.baseUrl })
            : encodeNote('desktop.device.network')
      }
    case 'timeout':
      return { state: 'unreachable', note: encodeNote('desktop.device.timeout') }
    case 'rate_limited':
      return { state: 'unreachable', note: encodeNote('desktop.device.rateLimited') }
    case 'server_error':
      return {
        state: 'unreachable',
        note: error.httpStatus
          ? encodeNote('desktop.device.serverErrorStatus', { status: error.httpStatus })
          : encodeNote('desktop.device.serverError')
      }
    case 'bad_response':
      return { state: 'unreachable', note: encodeNote('desktop.device.badResponse') }
    case 'not_supported':
      // An address that answered device/info before is the gateway's, failing now: not one to replace (QA16 Q16-08).
      return {
        state: 'unreachable',
        note: encodeNote(lastInfo ? 'desktop.device.notSupportedNow' : 'desktop.device.notSupported')
      }
    default:
      return { state: 'unknown', note: error.gatewayMessage ?? error.message }
  }
}

/** Our reason, quoting the gateway's own words when it gave some. */
function rejection(gatewayMessage: string | undefined, ours: MessageKey, quoting: MessageKey): string {
  return gatewayMessage ? encodeNote(quoting, { gateway: gatewayMessage }) : encodeNote(ours)
}

/**
 * The whole transition: interpret the outcome, then apply the three bits of memory the machine has.
 * - a number change no phone has scanned since stays the cause of a needs-scan (or a bare "disconnected"), whatever
 *   the gateway's own words: only the new number's phone can link it (QA16 Q16-01).
 * - needs-scan is sticky against a plain "disconnected" with no reason: after a logout or a number change
 *   the gateway may only say disconnected, and a restart cannot fix that; a scan can.
 * - a transient failure keeps the last state confirmed by a good answer until `failuresBeforeUnreachable`
 *   failures in a row (one dropped packet should not flap the tray); then it is unreachable.
 */
export function nextState(outcome: PollOutcome, context: PollContext): StateVerdict {
  const previous = context.previous
  switch (outcome.kind) {
    case 'locked':
      return {
        state: 'locked',
        note: encodeNote('desktop.device.tokenLocked', { reason: outcome.reason })
      }
    case 'absent':
      return {
        state: 'locked',
        note: encodeNote('desktop.device.tokenAbsent')
      }
    case 'info': {
      const verdict = stateFromInfo(outcome.info, context.now)
      const bareDisconnect = verdict.state === 'disconnected' && (outcome.info.note?.trim() ?? '') === ''
      if (context.numberChange && (verdict.state === 'needs-scan' || bareDisconnect))
        return { state: 'needs-scan', note: context.numberChange }
      if (previous?.state === 'needs-scan' && bareDisconnect) return previous
      return verdict
    }
    case 'error': {
      const verdict = stateFromError(outcome.error, context.lastInfo ?? null, context.now, context.device)
      if (isGatewayError(outcome.error) && outcome.error.code === 'aborted' && previous) return previous
      // An expired device's answer is "token invalid or device expired": known expired (pushed, or said by a poll
      // without a past date), it stays so; its token was not refused (QA12 Q12-12).
      if (
        isGatewayError(outcome.error) &&
        outcome.error.code === 'token_invalid' &&
        previous?.state === 'expired'
      )
        return previous
      if (verdict.state !== 'unreachable') return verdict
      const failures = context.consecutiveFailures ?? 1
      const tolerated = (context.failuresBeforeUnreachable ?? DEFAULT_FAILURES_BEFORE_UNREACHABLE) - 1
      if (previous && GOOD_ANSWER_STATES.has(previous.state) && failures <= tolerated) return previous
      return verdict
    }
  }
}

/** States only a phone that has scanned the device's code reaches. */
export const SCANNED_STATES: ReadonlySet<DeviceState> = new Set(['connected', 'awaiting-activation'])

/** The note of the last number change in a device's history, unless a phone has scanned since; null otherwise. */
export function pendingNumberChange(history: readonly StateVerdict[]): string | null {
  for (let index = history.length - 1; index >= 0; index--) {
    const item = history[index]!
    if (SCANNED_STATES.has(item.state)) return null
    if (decodeNote(item.note)?.key === 'desktop.device.numberChanged') return item.note
  }
  return null
}

// The one rule of which states the outbox sends through, shared with the window (a campaign's part says it waits).
export { isSendable } from '../../../shared/device-status'

/** States a restart cannot change: settling stops waiting once one of these is seen. */
export const SETTLED_STATES: ReadonlySet<DeviceState> = new Set([
  'connected',
  'needs-scan',
  'awaiting-activation',
  'expired',
  'token-invalid',
  'locked'
])

/** Fleet order of badness, for "worst state" summaries (tray icon). */
export const STATE_SEVERITY: Readonly<Record<DeviceState, number>> = {
  connected: 0,
  unknown: 1,
  'awaiting-activation': 2,
  unreachable: 3,
  disconnected: 4,
  'needs-scan': 5,
  expired: 6,
  'token-invalid': 7,
  locked: 8
}
