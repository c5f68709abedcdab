/**
 * The one mapping from a device's state to what the operator is shown: badge tone and symbol, the linking
 * wizard's step, the actions that can help, and whether it needs attention. Pure, so the window, the tray and
 * the tests all read the same answer (an expired device is never offered Restart or a QR code).
 */
import type { DeviceState, DeviceView } from './contract'

/** What the operator can do about a device. `renew` and `checkNetwork` end with "check again" (devices:refresh). */
export type DeviceAction = 'restart' | 'relink' | 'renew' | 'enterToken' | 'checkNetwork'

export type DeviceTone = 'ok' | 'warn' | 'bad' | 'neutral'

/** Where the linking wizard stands for this state: scan the code, wait for IT support, linked, or not for the wizard. */
export type WizardStep = 'scan' | 'activation' | 'linked' | 'not-linkable'

export interface DeviceStatus {
  tone: DeviceTone
  /** Shown next to the words, so the state never rests on colour alone. */
  symbol: string
  /** Actions that can help, most useful first. Empty while nothing the operator does would change the state. */
  actions: readonly DeviceAction[]
  wizardStep: WizardStep
  /** The operator should act (or at least know): shown in the attention strip and the tray. */
  needsAttention: boolean
  /**
   * The gateway refuses this device's token (ended subscription, refused or unreadable token): no setting can be
   * changed on it until the state's own action is taken, so nothing offers to (e.g. "Receive messages").
   */
  tokenRefused: boolean
}

/** Whether the outbox may send through the device now: the core's rule, and the window's word for a part that waits. */
export function isSendable(state: DeviceState): boolean {
  return state === 'connected'
}

const STATUS: Record<DeviceState, DeviceStatus> = {
  unknown: {
    tone: 'neutral',
    symbol: '…',
    actions: [],
    wizardStep: 'scan',
    needsAttention: false,
    tokenRefused: false
  },
  // No Relink: the wizard has nothing to scan for a linked device, and the gateway documents no log-out to make it
  // ask for a new scan (QA16 Q16-07). Another phone: log out on the old one (or change the number), then relink.
  connected: {
    tone: 'ok',
    symbol: '✓',
    actions: ['restart'],
    wizardStep: 'linked',
    needsAttention: false,
    tokenRefused: false
  },
  disconnected: {
    tone: 'warn',
    symbol: '↻',
    actions: ['restart', 'relink'],
    wizardStep: 'scan',
    needsAttention: true,
    tokenRefused: false
  },
  'needs-scan': {
    tone: 'warn',
    symbol: '▦',
    actions: ['relink'],
    wizardStep: 'scan',
    needsAttention: true,
    tokenRefused: false
  },
  // Scanned: nothing to scan again and nothing to restart; the wizard shows the message for IT support.
  'awaiting-activation': {
    tone: 'warn',
    symbol: '◔',
    actions: ['relink'],
    wizardStep: 'activation',
    needsAttention: true,
    tokenRefused: false
  },
  // The gateway refuses every call until the subscription is renewed: Restart and a QR code cannot help.
  expired: {
    tone: 'bad',
    symbol: '⊗',
    actions: ['renew'],
    wizardStep: 'not-linkable',
    needsAttention: true,
    tokenRefused: true
  },
  'token-invalid': {
    tone: 'bad',
    symbol: '✕',
    actions: ['enterToken'],
    wizardStep: 'not-linkable',
    needsAttention: true,
    tokenRefused: true
  },
  unreachable: {
    tone: 'bad',
    symbol: '⚠',
    actions: ['checkNetwork'],
    wizardStep: 'not-linkable',
    needsAttention: true,
    tokenRefused: false
  },
  locked: {
    tone: 'bad',
    symbol: '⊘',
    actions: ['enterToken'],
    wizardStep: 'not-linkable',
    needsAttention: true,
    tokenRefused: true
  }
}

export function deviceStatus(state: DeviceState): DeviceStatus {
  return STATUS[state]
}

/** Whether this state allows this action (the row and the strip offer nothing else). */
export function offers(state: DeviceState, action: DeviceAction): boolean {
  return STATUS[state].actions.includes(action)
}

/**
 * Why a device needs a scan, which changes what the operator is told: a phone that never scanned is set up, not
 * relinked; a changed number needs the new phone; anything else is a phone that logged out.
 */
export type ScanCause = 'never-linked' | 'number-changed' | 'logged-out'

/** The core's note keys that name the cause. */
const CAUSE_BY_NOTE: Record<string, ScanCause> = {
  'desktop.device.notLinked': 'never-linked',
  'desktop.device.numberChanged': 'number-changed'
}

/**
 * The gateway's own words ("need scan qr code again") are the same for a device never linked and one logged out:
 * a device no phone has scanned since it was added here (`linked` false) was never linked; anything else logged out.
 */
export function scanCause(device: {
  state: DeviceState
  stateNoteKey?: string | undefined
  linked?: boolean | null | undefined
}): ScanCause | null {
  if (device.state !== 'needs-scan') return null
  const named = device.stateNoteKey ? CAUSE_BY_NOTE[device.stateNoteKey] : undefined
  return named ?? (device.linked === false ? 'never-linked' : 'logged-out')
}

/** The core's note for a disconnect WhatsApp Web caused: a restart helps once it is closed, no scan is needed. */
export function webTookOver(device: { state: DeviceState; stateNoteKey?: string | undefined }): boolean {
  return device.state === 'disconnected' && device.stateNoteKey === 'desktop.device.webConflict'
}

/**
 * What made a check fail, which is the whole difference between the failed checks the state machine calls
 * `unreachable`: a gateway that answers with a server error or asks to slow down was reached fine; an address that
 * does not answer device/info is the wrong one. The network, a time-out and an unreadable answer (a network login page
 * or a proxy usually gives one) are the gateway not reached.
 */
export type UnreachableCause =
  'network' | 'server-error' | 'rate-limited' | 'not-a-gateway' | 'no-longer-a-gateway'

/** The core's note keys that name a cause other than the network. */
const UNREACHABLE_CAUSE_BY_NOTE: Record<string, UnreachableCause> = {
  'desktop.device.serverError': 'server-error',
  'desktop.device.serverErrorStatus': 'server-error',
  'desktop.device.rateLimited': 'rate-limited',
  'desktop.device.notSupported': 'not-a-gateway',
  'desktop.device.notSupportedNow': 'no-longer-a-gateway'
}

/** The cause of an unreachable device's state, by the check's note; null for any other state. */
export function unreachableCause(device: {
  state: DeviceState
  stateNoteKey?: string | undefined
}): UnreachableCause | null {
  if (device.state !== 'unreachable') return null
  return (device.stateNoteKey && UNREACHABLE_CAUSE_BY_NOTE[device.stateNoteKey]) || 'network'
}

/**
 * The words for each cause, one row each (QA12 Q12-01): the state's name (card, strip, tray, "Waiting: … is …"),
 * the advice after it, why a campaign's part paused for it, and the linking wizard's problem (its title and next step:
 * the card's advice where it fits, the wizard's own words where they name its "Try again", not the card's "Check again").
 */
const UNREACHABLE_WORDS = {
  network: {
    name: 'state.unreachable',
    advice: 'advice.unreachable',
    pause: 'campaigns.autoPause.unreachable',
    wizard: { title: 'linking.problem.unreachable.title', next: 'linking.problem.unreachable.next' }
  },
  'server-error': {
    name: 'state.unreachable.serverError',
    advice: 'advice.unreachable.serverError',
    pause: 'campaigns.autoPause.unreachable.serverError',
    wizard: { title: 'linking.problem.unreachable.title.answered', next: 'advice.unreachable.serverError' }
  },
  'rate-limited': {
    name: 'state.unreachable.rateLimited',
    advice: 'advice.unreachable.rateLimited',
    pause: 'campaigns.autoPause.unreachable.rateLimited',
    wizard: { title: 'linking.problem.unreachable.title.answered', next: 'advice.unreachable.rateLimited' }
  },
  'not-a-gateway': {
    name: 'state.unreachable.notSupported',
    advice: 'advice.unreachable.notSupported',
    pause: 'campaigns.autoPause.unreachable.notSupported',
    wizard: {
      title: 'linking.problem.unreachable.title.notSupported',
      next: 'linking.problem.unreachable.nextNotSupported'
    }
  },
  // The same answer from an address that answered as a gateway before: wait and check, not replace (QA16 Q16-08).
  'no-longer-a-gateway': {
    name: 'state.unreachable.notSupported',
    advice: 'advice.unreachable.notSupportedNow',
    pause: 'campaigns.autoPause.unreachable.notSupported',
    wizard: {
      title: 'linking.problem.unreachable.title.notSupported',
      next: 'linking.problem.unreachable.nextNotSupportedNow'
    }
  }
} as const satisfies Record<
  UnreachableCause,
  { name: string; advice: string; pause: string; wizard: { title: string; next: string } }
>

type UnreachableWords = (typeof UNREACHABLE_WORDS)[UnreachableCause]

/**
 * A device whose state is fine but whose quota is used up (the gateway said so, or refused a send for it): every
 * message of it waits until the package is renewed or topped up, so it needs the operator as much as a state that
 * asks for them (QA12 Q12-10). The state machine keeps it connected: the gateway refuses only sends.
 */
export function quotaUsedUp(device: {
  state: DeviceState
  quota?: DeviceView['quota'] | undefined
}): boolean {
  return device.quota === 0 && !STATUS[device.state].needsAttention
}

/**
 * When its daily cap is used up (its sends today reached it), the instant its count starts again; else null. Said where
 * the operator plans (Send's device, the Overview's device line, a schedule due before then): probe 4 P3 found only
 * the Devices card saying nothing more goes out today.
 * Kept here, a rule with no words: the Overview is in the window's start, and the pickers' words are not.
 */
export function capSpentUntil(
  device: Pick<DeviceView, 'dailyCap' | 'sentToday'> | undefined
): { at: string; zone: string } | null {
  if (!device?.sentToday || device.dailyCap === null || device.dailyCap === undefined) return null
  return device.sentToday.count >= device.dailyCap
    ? { at: device.sentToday.resetsAt, zone: device.sentToday.zone }
    : null
}

/**
 * Whether the one thing that lets the device's messages go is its own sandbox panel's top-up: the built-in sandbox's
 * quota used up (it has no package to buy, and "Check again" refills nothing; QA44 Q44-01).
 */
export function topsUpInSandbox(device: {
  state: DeviceState
  quota?: DeviceView['quota'] | undefined
  sandbox?: boolean | undefined
}): boolean {
  return isSandboxDevice(device) && device.state === 'connected' && quotaUsedUp(device)
}

/**
 * The state's name (a key of the shared messages): by state, for an unreachable gateway by what the check met, and
 * for a connected device whose quota is used up with that said.
 */
export function stateNameKey(device: {
  state: DeviceState
  stateNoteKey?: string | undefined
  quota?: DeviceView['quota'] | undefined
}): `state.${DeviceState}` | UnreachableWords['name'] | 'state.connected.quotaUsedUp' {
  const cause = unreachableCause(device)
  if (cause) return UNREACHABLE_WORDS[cause].name
  if (device.state === 'connected' && quotaUsedUp(device)) return 'state.connected.quotaUsedUp'
  return `state.${device.state}`
}

/** A connected device whose quota is used up: a warning, and not the ✓ of one ready to send. */
const QUOTA_USED_UP_LOOK = { tone: 'warn', symbol: '◌' } as const

/** How the badge looks: the state's tone and symbol, or a used-up quota's for a connected device. */
export function stateLook(device: {
  state: DeviceState
  quota?: DeviceView['quota'] | undefined
}): Pick<DeviceStatus, 'tone' | 'symbol'> {
  if (device.state === 'connected' && quotaUsedUp(device)) return QUOTA_USED_UP_LOOK
  const { tone, symbol } = STATUS[device.state]
  return { tone, symbol }
}

/**
 * Why a campaign's part paused for an unreachable gateway is said: by the device's cause while it lasts; once the
 * device is back its note no longer tells, and the core's reason (not reached) is said.
 */
export function unreachablePauseKey(device: {
  state: DeviceState
  stateNoteKey?: string | undefined
}): UnreachableWords['pause'] {
  return UNREACHABLE_WORDS[unreachableCause(device) ?? 'network'].pause
}

/** What a device check met when it paused a campaign's part: the state and the check's note key (kept with the part). */
export interface DevicePauseCause {
  state: DeviceState
  stateNoteKey?: string | undefined
}

/**
 * Why a campaign's part paused for its device, by the cause kept with the part, worded from this file's one table:
 * an unreachable gateway by its cause's pause words, a check that could not tell the state by what happened (the
 * state's name, "Checking", would say nothing of it), any other state by its name. Said in the past ("when the device
 * was …"), so it stays true once the device is back and the part still waits for Resume.
 */
export function devicePauseWords(
  cause: DevicePauseCause
):
  | { key: UnreachableWords['pause'] | 'campaigns.autoPause.checking' }
  | { key: 'campaigns.autoPause.wasState'; stateKey: ReturnType<typeof stateNameKey> } {
  if (cause.state === 'unreachable') return { key: unreachablePauseKey(cause) }
  if (cause.state === 'unknown') return { key: 'campaigns.autoPause.checking' }
  return { key: 'campaigns.autoPause.wasState', stateKey: stateNameKey(cause) }
}

/** The two sentences for a campaign's part a device's state holds: while it waits, and once the core paused it. */
interface HeldPartKeys {
  wait: string
  pause: string
}

/** A scan needed, by its cause: a phone logged out, one never linked, a number changed (as the outbox says them). */
const HELD_BY_SCAN = {
  'logged-out': { wait: 'campaigns.wait.held.loggedOut', pause: 'campaigns.autoPause.held.loggedOut' },
  'never-linked': { wait: 'campaigns.wait.held.neverLinked', pause: 'campaigns.autoPause.held.neverLinked' },
  'number-changed': {
    wait: 'campaigns.wait.held.numberChanged',
    pause: 'campaigns.autoPause.held.numberChanged'
  }
} as const satisfies Record<ScanCause, HeldPartKeys>

/** Any other state by its name; a drop and an unreachable gateway pause in the core's own words for them. */
const HELD_BY_STATE = {
  'state.disconnected': {
    wait: 'campaigns.wait.held.disconnected',
    pause: 'campaigns.autoPause.disconnected'
  },
  'state.awaiting-activation': {
    wait: 'campaigns.wait.held.awaitingActivation',
    pause: 'campaigns.autoPause.held.awaitingActivation'
  },
  'state.expired': { wait: 'campaigns.wait.held.expired', pause: 'campaigns.autoPause.held.expired' },
  'state.token-invalid': {
    wait: 'campaigns.wait.held.tokenInvalid',
    pause: 'campaigns.autoPause.held.tokenInvalid'
  },
  'state.unreachable': { wait: 'campaigns.wait.held.unreachable', pause: UNREACHABLE_WORDS.network.pause },
  'state.unreachable.serverError': {
    wait: 'campaigns.wait.held.serverError',
    pause: UNREACHABLE_WORDS['server-error'].pause
  },
  'state.unreachable.rateLimited': {
    wait: 'campaigns.wait.held.rateLimited',
    pause: UNREACHABLE_WORDS['rate-limited'].pause
  },
  'state.unreachable.notSupported': {
    wait: 'campaigns.wait.held.notSupported',
    pause: UNREACHABLE_WORDS['not-a-gateway'].pause
  },
  'state.locked': { wait: 'campaigns.wait.held.locked', pause: 'campaigns.autoPause.held.locked' }
} as const satisfies Partial<Record<ReturnType<typeof stateNameKey>, HeldPartKeys>>

/** A state with no sentence here (one the gateway gave that this version does not know): said as such. */
const HELD_BY_OTHER_STATE = {
  wait: 'campaigns.wait.held.otherState',
  pause: 'campaigns.autoPause.held.otherState'
} as const satisfies HeldPartKeys

type HeldPartWords =
  | (typeof HELD_BY_SCAN)[ScanCause]
  | (typeof HELD_BY_STATE)[keyof typeof HELD_BY_STATE]
  | typeof HELD_BY_OTHER_STATE

/**
 * Why a campaign's part waits (`paused` false: it goes on by itself) or is paused (the core paused it: Resume) for its
 * device's state, a sentence for each state: "Waiting: the device is “Needs a QR scan”." quoted the badge's name as
 * if the device had said it, and a state with no name its bare key (QA, state words).
 */
export function heldPartKey(
  device: { state: DeviceState; stateNoteKey?: string | undefined; linked?: boolean | null | undefined },
  paused: boolean
): HeldPartWords['wait'] | HeldPartWords['pause'] {
  const scan = scanCause(device)
  const name = stateNameKey(device)
  const words: HeldPartWords = scan
    ? HELD_BY_SCAN[scan]
    : Object.hasOwn(HELD_BY_STATE, name)
      ? HELD_BY_STATE[name as keyof typeof HELD_BY_STATE]
      : HELD_BY_OTHER_STATE
  return paused ? words.pause : words.wait
}

/**
 * Whether the device is the built-in sandbox gateway's: the one test every word and link that differs for it reads. The
 * sandbox has no provider to renew with or package to buy: its own panel (Sandbox controls) renews and tops up.
 */
export function isSandboxDevice(device: { sandbox?: boolean | undefined }): boolean {
  return device.sandbox === true
}

/**
 * Whether a device's quota can hold back any of `messages` (those the devices carry between them): an unlimited quota
 * never does, nor a count that covers them all; a quota not known yet may.
 */
export function quotaCanRunOut(
  device: { quota?: DeviceView['quota'] | undefined },
  messages: number
): boolean {
  const quota = device.quota ?? null
  return quota !== 'unlimited' && (quota === null || quota < messages)
}

/**
 * What tops up the quota `messages` wait for, counting only the devices whose quota can hold them back
 * (quotaCanRunOut; a device that cannot is never one to top up): the sandbox panel's "Top up the quota" when every
 * such device is the sandbox's, the gateway package when every one is hosted (or none is known), and for a mix both,
 * each with its devices, so the words can name which device tops up where. Said from an estimate made earlier, when
 * none can run out any more (a quota renewed since), every device is counted. The cases:
 * quota-topped-up.cases.ts.
 */
export function quotaToppedUpBy<
  D extends { sandbox?: boolean | undefined; quota?: DeviceView['quota'] | undefined }
>(
  devices: readonly D[],
  messages: number
): { by: 'sandbox' | 'gateway' } | { by: 'both'; sandbox: D[]; gateway: D[] } {
  const limited = devices.filter((device) => quotaCanRunOut(device, messages))
  const counted = limited.length > 0 ? limited : devices
  const sandbox = counted.filter(isSandboxDevice)
  const gateway = counted.filter((device) => !isSandboxDevice(device))
  if (sandbox.length === 0) return { by: 'gateway' }
  if (gateway.length === 0) return { by: 'sandbox' }
  return { by: 'both', sandbox, gateway }
}

/**
 * Whether the device is the built-in sandbox's and its gateway did not answer at all (the network cause): it runs in
 * Sender Desk on this computer, so there is no internet to check; it was set unreachable in its own panel (Sandbox
 * controls, where "Make the gateway reachable again" applies now), or it stopped (a start of Sender Desk starts it
 * again; QA77 5a). A sandbox that did answer (5xx, 429) was reached. The one rule the row's advice and the linking
 * wizard's problem read.
 */
export function sandboxNotReached(device: {
  state: DeviceState
  stateNoteKey?: string | undefined
  sandbox?: boolean | undefined
}): boolean {
  return isSandboxDevice(device) && unreachableCause(device) === 'network'
}

/**
 * The linking wizard's problem for a gateway it could not reach or that failed it (keys of the shared messages): its
 * title and next step by the same cause as the card's advice (adviceKey), so a gateway that answered 503 or asked to
 * slow down is not told to check the internet (issue 29 point 3), and a sandbox not reached is sent to its Sandbox
 * controls drawn below the wizard. A problem met with no cause on the device is the wizard's request's: one answered
 * with a server error or a 429 (`requestCause`, its request for a code) by that row, as the card says it, not as a
 * gateway that gave no code; any other (a request that failed on the network) the network's. The built-in sandbox's
 * are never the internet's or a provider's: it runs inside Sender Desk, and its server error is its own (as its card's
 * advice says).
 */
export function wizardUnreachableWords(
  device: {
    state: DeviceState
    stateNoteKey?: string | undefined
    sandbox?: boolean | undefined
  },
  requestCause?: UnreachableCause | undefined
): {
  title: UnreachableWords['wizard']['title']
  next:
    | UnreachableWords['wizard']['next']
    | 'linking.problem.unreachable.nextSandbox'
    | 'linking.problem.unreachable.nextSandboxRequest'
    | 'advice.unreachable.serverError.sandbox'
} {
  const cause = unreachableCause(device) ?? requestCause ?? 'network'
  const words = UNREACHABLE_WORDS[cause].wizard
  if (!isSandboxDevice(device)) return words
  if (sandboxNotReached(device)) return { ...words, next: 'linking.problem.unreachable.nextSandbox' }
  // Its request met nothing while its check is fine: the sandbox is not set unreachable (its panel's "reachable again"
  // does not apply), it stopped or did not answer in time; still no internet to check.
  if (cause === 'network') return { ...words, next: 'linking.problem.unreachable.nextSandboxRequest' }
  if (cause === 'server-error') return { ...words, next: 'advice.unreachable.serverError.sandbox' }
  return words
}

/**
 * The advice the row shows (a key of the shared messages): by state, for a needed scan by its cause, for a disconnect
 * WhatsApp Web caused by that cause, for an unreachable gateway by what the check met, for a connected device
 * whose quota is used up what lets its messages go (for a sandbox device the sandbox panel's top-up), for an
 * expired sandbox device the sandbox panel's renewal, and for a sandbox gateway not reached its panel (never the
 * internet).
 */
export function adviceKey(device: {
  state: DeviceState
  stateNoteKey?: string | undefined
  linked?: boolean | null | undefined
  quota?: DeviceView['quota'] | undefined
  sandbox?: boolean | undefined
}):
  | `advice.${DeviceState}`
  | 'advice.expired.sandbox'
  | 'advice.unreachable.sandbox'
  | 'advice.unreachable.serverError.sandbox'
  | 'advice.connected.quotaUsedUp'
  | 'advice.connected.quotaUsedUp.sandbox'
  | 'advice.needs-scan.neverLinked'
  | 'advice.needs-scan.numberChanged'
  | 'advice.disconnected.webConflict'
  | UnreachableWords['advice'] {
  const cause = scanCause(device)
  if (cause === 'never-linked') return 'advice.needs-scan.neverLinked'
  if (cause === 'number-changed') return 'advice.needs-scan.numberChanged'
  if (webTookOver(device)) return 'advice.disconnected.webConflict'
  // The built-in sandbox has no provider to renew with or buy a package from: its own panel tops up and renews
  // (QA40 Q40-02).
  if (device.state === 'connected' && quotaUsedUp(device))
    return isSandboxDevice(device) ? 'advice.connected.quotaUsedUp.sandbox' : 'advice.connected.quotaUsedUp'
  if (device.state === 'expired' && isSandboxDevice(device)) return 'advice.expired.sandbox'
  if (sandboxNotReached(device)) return 'advice.unreachable.sandbox'
  const unreachable = unreachableCause(device)
  // Its server error is its own, inside Sender Desk: no provider to contact.
  if (unreachable === 'server-error' && isSandboxDevice(device))
    return 'advice.unreachable.serverError.sandbox'
  if (unreachable) return UNREACHABLE_WORDS[unreachable].advice
  return `advice.${device.state}`
}

/**
 * Whether "Check again" (devices:refresh) is the action that helps: after a renewal, a network fix or a top-up of a
 * used-up quota, the next check is what lets messages go (QA16 Q16-05: the card offered only Restart and Relink).
 */
export function offersCheckAgain(device: {
  state: DeviceState
  quota?: DeviceView['quota'] | undefined
}): boolean {
  return (
    offers(device.state, 'renew') ||
    offers(device.state, 'checkNetwork') ||
    (device.state === 'connected' && quotaUsedUp(device))
  )
}

/**
 * The scan action named for what it does to this device: Link for one never linked, the message for IT support for
 * one scanned and waiting for them, Relink for any other.
 */
export function scanActionKey(device: {
  state: DeviceState
  stateNoteKey?: string | undefined
  linked?: boolean | null | undefined
}): 'devices.link' | 'devices.relink' | 'devices.activationMessage' {
  // Scanned, waiting for IT support: the wizard opens at the message for them, nothing to scan (QA60: "Relink").
  if (device.state === 'awaiting-activation') return 'devices.activationMessage'
  return scanCause(device) === 'never-linked' ? 'devices.link' : 'devices.relink'
}

/**
 * Where an ended subscription or a used-up quota is renewed, for the link beside the advice: the gateway has no renew
 * call, but the account's server host (its base URL's origin) is also its web dashboard, where subscriptions and
 * packages are paid. None while the device asks for no renewal, for the built-in sandbox (its own panel renews), or for
 * a base URL that is no web address. The main process opens only configured gateways' origins in the browser, so this
 * one is let through.
 */
export function renewAddress(device: {
  state: DeviceState
  baseUrl: string
  sandbox: boolean
  quota?: DeviceView['quota'] | undefined
}): { href: string; host: string } | null {
  if (isSandboxDevice(device) || !(offers(device.state, 'renew') || quotaUsedUp(device))) return null
  let url: URL
  try {
    url = new URL(device.baseUrl)
  } catch {
    return null
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null
  return { href: `${url.origin}/`, host: url.host }
}

/** The action the row offers first (its primary button) when the device needs the operator; none otherwise. */
export function primaryAction(state: DeviceState): DeviceAction | null {
  const status = STATUS[state]
  return status.needsAttention ? (status.actions[0] ?? null) : null
}
