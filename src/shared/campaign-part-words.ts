/**
 * Why a campaign's part on a device waits or paused, as the keys of the shared messages: one choice of words for the
 * window (its progress, the Overview, the outbox detail of a row) and the terminal's `campaign status`, which said
 * the core's codes ("Paused on dev-1: failure rate", "Waiting (device state)") where the window says sentences (QA
 * carried, CLI wait words). Pure: each reader says the keys in its language and the wait's end on its own clock.
 */
import type { CampaignView, DeviceState, DeviceView } from './contract'
import { devicePauseWords, heldPartKey, isSendable, stateNameKey, unreachablePauseKey } from './device-status'

type CampaignPart = CampaignView['devices'][number]

/** What the words read of the part's device: its state and what the check noted (a scan's cause, a gateway's). */
export type PartDevice = Pick<DeviceView, 'state' | 'stateNoteKey' | 'linked'>

const WAIT_KEY = {
  gap: 'campaigns.wait.gap',
  batch_pause: 'campaigns.wait.batchPause',
  outside_hours: 'campaigns.wait.outsideHours',
  daily_cap: 'campaigns.wait.dailyCap',
  paused: 'campaigns.wait.paused',
  // The gateway answered 429: its device sends nothing before the next try (QA39 Q39-01: "Sending now" meanwhile).
  rate_limited: 'campaigns.wait.rateLimited'
} as const

const AUTO_PAUSE_KEY = {
  disconnected: 'campaigns.autoPause.disconnected',
  failure_rate: 'campaigns.autoPause.failureRate',
  quota: 'campaigns.autoPause.quota',
  unreachable: 'campaigns.autoPause.unreachable'
} as const

/** States a drop's own reason already words ("disconnected", "could not be reached"), or that tell nothing more. */
const SAID_BY_DROP: readonly DeviceState[] = ['connected', 'unknown', 'disconnected', 'unreachable']

/**
 * The device's own state when it tells more than the core's reason for pausing the part: the core pauses a part for
 * any drop out of "connected" as `disconnected`, but a phone logged out, an ended subscription or a refused token
 * each has its own fix (QA F07: an expired device was sent to "reconnect"). A part the core never paused waits just
 * the same while its device cannot send (QA N05: started on an expired device, it read "Sending now" forever); its
 * state is said too, unless not known yet or the operator's own pause says it. Null when the reason says it all.
 */
export function heldByState(
  part: CampaignPart,
  device: Pick<DeviceView, 'state'> | undefined
): DeviceState | null {
  if (!device || isSendable(device.state)) return null
  if (part.autoPaused === null)
    return device.state === 'unknown' || part.wait?.code === 'paused' ? null : device.state
  if (part.autoPaused !== 'disconnected' && part.autoPaused !== 'unreachable') return null
  return SAID_BY_DROP.includes(device.state) ? null : device.state
}

/**
 * Whether a part's sends in doubt (a 5xx or a time-out cut the answer short; each row then says it is being checked)
 * are what holds it: its reports are checked before any resend, so it is not "Sending now", nor in a pause between
 * sends; a longer wait (hours, cap, the operator's pause) still holds it for its own reason.
 */
export function checkingHolds(part: CampaignPart): boolean {
  return (
    (part.checking ?? 0) > 0 && (!part.wait || part.wait.code === 'gap' || part.wait.code === 'batch_pause')
  )
}

/** What holds every part besides its own state: the operator's pause of all sending, the take-back question. */
export interface PartHolds {
  /** The operator paused all sending (the header's "Pause sending"): no part sends, whatever its pacing says. */
  sendingPaused?: boolean
  /** The campaign's pause is the take-back question's (CampaignView.heldForTakeBack), not the operator's. */
  heldForTakeBack?: boolean
}

type PauseCauseWords = ReturnType<typeof devicePauseWords>

/** The sentence for a part: a key, and what fills it (said by sayCampaignPartWords). */
export type CampaignPartWords =
  | {
      key:
        | ReturnType<typeof heldPartKey>
        | ReturnType<typeof unreachablePauseKey>
        | Exclude<PauseCauseWords, { stateKey: unknown }>['key']
        | (typeof AUTO_PAUSE_KEY)[keyof typeof AUTO_PAUSE_KEY]
        | 'campaigns.wait.sendingPaused'
        | 'campaigns.wait.none'
        | 'campaigns.wait.takeBackQuestion'
    }
  /** A state's name said inside the sentence ("Paused when the device was “{state}”."). */
  | Extract<PauseCauseWords, { stateKey: unknown }>
  /** Sends whose answers are being checked. */
  | { key: 'campaigns.wait.checking'; count: number }
  /** A wait with its end, said on the reader's clock ({until}); null: none given. */
  | { key: (typeof WAIT_KEY)[keyof typeof WAIT_KEY]; until: number | null }

/** Why a part waits or paused, by the part, the device it runs on (undefined: its state not known) and the holds. */
export function campaignPartWords(
  part: CampaignPart,
  device: PartDevice | undefined,
  { sendingPaused = false, heldForTakeBack = false }: PartHolds = {}
): CampaignPartWords {
  const state = heldByState(part, device)
  // Paused by the core, the part waits for Resume; never paused, it goes on by itself once the device can send.
  if (state && device) return { key: heldPartKey(device, part.autoPaused !== null) }
  // Paused for an unreachable gateway: by what the check meets while it lasts (a gateway failing was reached).
  if (part.autoPaused === 'unreachable' && device?.state === 'unreachable')
    return { key: unreachablePauseKey(device) }
  // Otherwise (the device back, or its state telling nothing more) by the cause kept with the part, in the past.
  if (part.autoPaused && part.deviceCause) return devicePauseWords(part.deviceCause)
  if (part.autoPaused)
    return {
      key: Object.hasOwn(AUTO_PAUSE_KEY, part.autoPaused)
        ? AUTO_PAUSE_KEY[part.autoPaused as keyof typeof AUTO_PAUSE_KEY]
        : AUTO_PAUSE_KEY.failure_rate
    }
  // The operator's own pause of the campaign is said as such; any other wait, or sending now, is not true meanwhile.
  if (sendingPaused && part.wait?.code !== 'paused') return { key: 'campaigns.wait.sendingPaused' }
  // Sends in doubt are checked at the gateway before any resend: not "Sending now" (QA12-05).
  if (checkingHolds(part)) return { key: 'campaigns.wait.checking', count: part.checking ?? 0 }
  if (!part.wait) return { key: 'campaigns.wait.none' }
  if (part.wait.code === 'paused' && heldForTakeBack) return { key: 'campaigns.wait.takeBackQuestion' }
  const code = part.wait.code
  return {
    key: Object.hasOwn(WAIT_KEY, code) ? WAIT_KEY[code as keyof typeof WAIT_KEY] : WAIT_KEY.gap,
    until: part.wait.until ?? null
  }
}

/** The lookup that says the words: the window's `t`, the terminal's `translate('en', …)`. */
export type PartWordsTranslate = (
  key: CampaignPartWords['key'] | ReturnType<typeof stateNameKey>,
  params?: Record<string, string | number>
) => string

/** The words as a sentence; a wait's end by `sayUntil`, on the reader's clock and in its format. */
export function sayCampaignPartWords(
  words: CampaignPartWords,
  t: PartWordsTranslate,
  sayUntil: (at: number) => string
): string {
  if ('stateKey' in words) return t(words.key, { state: t(words.stateKey) })
  if ('count' in words) return t(words.key, { count: words.count })
  if ('until' in words) return t(words.key, { until: words.until ? sayUntil(words.until) : '' })
  return t(words.key)
}
