/**
 * Linking store: the QR wizard as an explicit state machine (pick → qr → waiting → activation → done),
 * driven by contract replies and device events. Every async step carries a per-attempt "baton": a reply
 * that comes back after the wizard moved on (another device, a newer code, the device connected) is dropped.
 */
import { create } from 'zustand'
import type { DeviceState, DeviceView, QrView } from '../../../shared/contract'
import type { UnreachableCause } from '../../../shared/device-status'
import { call, errorWords, keptError, type CoreWords } from '../api'
import { deviceById, useDevices } from './devices'
import { useNavigation } from './navigation'

// No "I have scanned" step: the code stays up until the gateway itself reports the phone (as WhatsApp and Signal do).
export type LinkingStep = 'pick' | 'qr' | 'activation' | 'done'
export const LINKING_STEPS: readonly LinkingStep[] = ['pick', 'qr', 'activation', 'done']

/** What stops the wizard, each explained in the view with the next thing to do. */
export type LinkingProblem =
  'qr-expired' | 'token-invalid' | 'unreachable' | 'device-expired' | 'locked' | 'removed' | 'failed'

/** idle: no code yet · loading: first code on its way · showing · exhausted: rotation cap reached · expired. */
export type QrPhase = 'idle' | 'loading' | 'showing' | 'exhausted' | 'expired'

/** Automatic code refreshes before the wizard stops and asks for "Show a new code". */
export const MAX_ROTATIONS = 5

/**
 * How long after a request for a code the gateway answered with a server error or a 429 the wizard asks again by
 * itself: it says the device card's advice for that answer, which promises that Sender Desk keeps trying.
 */
export const QR_RETRY_MS = 30_000

/** A request the gateway answered, but failed (by the core's code): the device card's cause for that answer. */
type AnsweredCause = Extract<UnreachableCause, 'server-error' | 'rate-limited'>

export interface OpenOptions {
  /** Relink: show the QR step whatever the device's state (tray Relink, device row Relink). */
  forceQr?: boolean
}

interface LinkingState {
  deviceId: string | null
  step: LinkingStep
  /** Per-attempt token: bumped whenever in-flight replies must no longer apply. */
  baton: number
  qr: QrView | null
  qrPhase: QrPhase
  /** When the shown code gets replaced (epoch ms), for the countdown. */
  refreshAt: number | null
  rotations: number
  /** The window is hidden: no rotation until it is visible again. */
  hidden: boolean
  /**
   * What stopped the wizard, with the words that say why, unrendered: said in the language the panel is drawn in (issue
   * 29 point 6: kept worded, they stayed in the old language after Settings changed it). `gatewayWords`: those are the
   * gateway's own answer, in its language, for the panel to say as the gateway's. `cause`: a request of the wizard's
   * the gateway answered with a server error or a 429, said as the device card says that answer (the device's own check
   * may have met nothing), and asked again by itself.
   */
  problem: {
    kind: LinkingProblem
    words: CoreWords | null
    gatewayWords?: true
    cause?: AnsweredCause
  } | null
  /** Back on the QR step because the phone logged out or the number changed. */
  rescan: boolean
  /** The device state the wizard last acted on (events with the same state are not transitions). */
  lastState: DeviceState | null
  /** When the scan was seen (ISO), for the activation message. */
  scannedAt: string | null

  open(deviceId: string, options?: OpenOptions): Promise<void>
  /** Back to step 1 (pick a device). */
  pick(): void
  close(): void
  /** "Show a new code": a fresh code and a fresh rotation budget. */
  newCode(): Promise<void>
  /** Start again after a problem (asks the core to begin linking again). */
  retry(): Promise<void>
  setHidden(hidden: boolean): void
  /** Device list changed (events, action replies): move the wizard if the device's state did. */
  observe(devices: DeviceView[]): void
}

const INITIAL = {
  deviceId: null,
  step: 'pick' as LinkingStep,
  qr: null,
  qrPhase: 'idle' as QrPhase,
  refreshAt: null,
  rotations: 0,
  problem: null,
  rescan: false,
  lastState: null,
  scannedAt: null
}

let refreshTimer: ReturnType<typeof setTimeout> | null = null

function clearRefreshTimer(): void {
  if (refreshTimer !== null) clearTimeout(refreshTimer)
  refreshTimer = null
}

/** The step a device's state implies when the wizard opens for it. */
export function stepForState(state: DeviceState): LinkingStep {
  if (state === 'connected') return 'done'
  if (state === 'awaiting-activation') return 'activation'
  return 'qr'
}

function problemForDevice(device: DeviceView): LinkingState['problem'] {
  const kinds: Partial<Record<DeviceState, LinkingProblem>> = {
    'token-invalid': 'token-invalid',
    unreachable: 'unreachable',
    expired: 'device-expired',
    locked: 'locked'
  }
  const kind = kinds[device.state]
  if (!kind) return null
  const note = device.stateNote
  if (note === null) return { kind, words: null }
  // The gateway's own answer ("device expired") is in its language, not the window's: said as its (QA60).
  if (device.stateNoteKey === undefined && (kind === 'device-expired' || kind === 'token-invalid'))
    return { kind, words: { message: note }, gatewayWords: true }
  return {
    kind,
    words: { message: note, messageKey: device.stateNoteKey, messageParams: device.stateNoteParams }
  }
}

/** The cause of a failed request the gateway answered (503, 429), by the core's code; none for any other failure. */
function answeredCause(code: string): AnsweredCause | undefined {
  return code === 'server_error' ? 'server-error' : code === 'rate_limited' ? 'rate-limited' : undefined
}

/** A failure of the wizard's requests: what it stopped on, read from its code, and the words that say why. */
function problemOf(error: unknown): NonNullable<LinkingState['problem']> {
  const { code } = keptError(error)
  const cause = answeredCause(code)
  const words = errorWords(error)
  return cause ? { kind: 'unreachable', words, cause } : { kind: problemFromCode(code), words }
}

/** The core's error codes are its own; read the intent from them for the explanation. */
export function problemFromCode(code: string): LinkingProblem {
  const c = code.toLowerCase()
  // A gateway that answered with a server error or asked to slow down: reached, and cannot link the device now.
  if (answeredCause(c)) return 'unreachable'
  if (c.includes('lock')) return 'locked'
  if (c.includes('token') || c.includes('auth') || c.includes('unauthor')) return 'token-invalid'
  if (c.includes('qr') && c.includes('expire')) return 'qr-expired'
  if (c.includes('expire')) return 'device-expired'
  if (/unreach|network|timeout|offline|econn|enotfound|unavailable/.test(c)) return 'unreachable'
  if (c.includes('not_found') || c.includes('notfound') || c.includes('unknown_device')) return 'removed'
  return 'failed'
}

export const useLinking = create<LinkingState>()((set, get) => {
  function bump(): number {
    const baton = get().baton + 1
    set({ baton })
    return baton
  }
  const current = (baton: number): boolean => get().baton === baton

  function scheduleRefresh(delayMs: number, baton: number): void {
    clearRefreshTimer()
    refreshTimer = setTimeout(
      () => {
        refreshTimer = null
        if (!current(baton) || get().hidden) return
        if (get().rotations >= MAX_ROTATIONS) {
          set({ qrPhase: 'exhausted', refreshAt: null })
          return
        }
        void fetchQr(true)
      },
      Math.max(0, delayMs)
    )
  }

  async function fetchQr(rotation: boolean): Promise<void> {
    const id = get().deviceId
    if (!id) return
    clearRefreshTimer()
    const baton = bump()
    // The previous code stays on screen (still valid for a moment) until the new one arrives.
    set((state) => ({ qrPhase: state.qr && state.qrPhase !== 'exhausted' ? state.qrPhase : 'loading' }))
    try {
      const qr = await call('devices:qr', { id })
      if (!current(baton)) return
      set((state) => ({
        qr,
        qrPhase: 'showing',
        refreshAt: Date.now() + qr.refreshAfterMs,
        rotations: rotation ? state.rotations + 1 : state.rotations,
        problem: null
      }))
      if (!get().hidden) scheduleRefresh(qr.refreshAfterMs, baton)
    } catch (error) {
      if (!current(baton)) return
      // Relink on a device that is in fact connected: the gateway has no code to give, and nothing is wrong.
      if (deviceById(id)?.state === 'connected') {
        set({ step: 'done', problem: null, qrPhase: 'idle', refreshAt: null })
        return
      }
      const problem = problemOf(error)
      set((state) => ({ problem, qrPhase: state.qr ? 'expired' : 'idle', refreshAt: null }))
      if (problem.cause && !get().hidden) retryQr(baton)
    }
  }

  /** A request for a code the gateway answered 503 or 429: asked again by itself, as the card says it keeps trying. */
  function retryQr(baton: number): void {
    clearRefreshTimer()
    refreshTimer = setTimeout(() => {
      refreshTimer = null
      if (current(baton) && !get().hidden) void fetchQr(false)
    }, QR_RETRY_MS)
  }

  function enter(step: LinkingStep, device: DeviceView): void {
    const problem = problemForDevice(device)
    set({
      step,
      problem,
      qrPhase: problem ? 'idle' : get().qrPhase,
      scannedAt: step === 'activation' ? (device.stateSince ?? new Date().toISOString()) : null
    })
    if (step === 'qr' && !problem) void fetchQr(false)
  }

  function endLinking(id: string | null): void {
    if (id) call('linking:end', { id }).catch(() => undefined)
  }

  return {
    ...INITIAL,
    baton: 0,
    hidden: typeof document !== 'undefined' && document.visibilityState === 'hidden',

    async open(deviceId, options = {}) {
      const previous = get().deviceId
      if (previous && previous !== deviceId) endLinking(previous)
      clearRefreshTimer()
      const baton = bump()
      const known = deviceById(deviceId)
      const firstStep = options.forceQr || !known ? 'qr' : stepForState(known.state)
      set({
        ...INITIAL,
        deviceId,
        step: firstStep,
        qrPhase: firstStep === 'qr' ? 'loading' : 'idle',
        lastState: known?.state ?? null
      })
      if (useNavigation.getState().view !== 'linking') useNavigation.getState().navigate('linking')
      let device: DeviceView
      try {
        device = await call('linking:begin', { id: deviceId })
      } catch (error) {
        if (!current(baton)) return
        set({ problem: problemOf(error), qrPhase: 'idle' })
        return
      }
      if (!current(baton)) return
      set({ lastState: device.state })
      useDevices.getState().upsert(device)
      enter(options.forceQr ? 'qr' : stepForState(device.state), device)
    },

    pick() {
      clearRefreshTimer()
      bump()
      endLinking(get().deviceId)
      set({ ...INITIAL })
    },

    close() {
      clearRefreshTimer()
      bump()
      endLinking(get().deviceId)
      set({ ...INITIAL })
    },

    async newCode() {
      set({ rotations: 0, problem: null, rescan: false })
      await fetchQr(false)
    },

    async retry() {
      const id = get().deviceId
      if (id) await get().open(id, { forceQr: get().step === 'qr' })
    },

    setHidden(hidden) {
      if (hidden === get().hidden) return
      set({ hidden })
      const { step, deviceId, qrPhase, refreshAt, problem } = get()
      if (hidden) {
        clearRefreshTimer()
        return
      }
      // Asking again for a code the gateway answered 503 or 429 waited while hidden: asked now.
      if (step === 'qr' && deviceId && problem?.cause) {
        void fetchQr(false)
        return
      }
      if (step !== 'qr' || !deviceId || problem || (qrPhase !== 'showing' && qrPhase !== 'expired')) return
      const left = refreshAt === null ? 0 : refreshAt - Date.now()
      if (qrPhase === 'showing' && left > 1000) scheduleRefresh(left, get().baton)
      else void fetchQr(false)
    },

    observe(devices) {
      const { deviceId, step, lastState } = get()
      if (!deviceId || step === 'pick') return
      const device = devices.find((d) => d.id === deviceId)
      if (!device) {
        clearRefreshTimer()
        bump()
        set({ ...INITIAL, problem: { kind: 'removed', words: null } })
        return
      }
      if (device.state === lastState) {
        // The same state met for another reason (the gateway answered 503, now asks to slow down): the problem's
        // words follow the check, as its next step does (issue 29 point 3).
        const problem = get().problem
        const now = problemForDevice(device)
        if (problem && now && now.kind === problem.kind && now.words?.message !== problem.words?.message)
          set({ problem: now })
        return
      }
      set({ lastState: device.state })
      switch (device.state) {
        case 'connected':
          clearRefreshTimer()
          bump()
          set({ step: 'done', problem: null, refreshAt: null })
          return
        case 'awaiting-activation':
          if (step === 'qr') {
            clearRefreshTimer()
            bump()
            set({
              step: 'activation',
              problem: null,
              refreshAt: null,
              scannedAt: device.stateSince ?? new Date().toISOString()
            })
          } else if (step === 'done') {
            set({ step: 'activation', problem: null })
          } else {
            set({ problem: null })
          }
          return
        case 'needs-scan':
        case 'disconnected': {
          if (step === 'qr') {
            if (get().problem || get().qrPhase === 'idle') {
              set({ problem: null })
              void fetchQr(false)
            }
            return
          }
          clearRefreshTimer()
          set({ step: 'qr', qr: null, qrPhase: 'loading', rotations: 0, problem: null, rescan: true })
          void fetchQr(false)
          return
        }
        case 'unknown':
          return
        default:
          clearRefreshTimer()
          bump()
          // No code comes while it is so: the one drawn is stale, as after a failed fetch.
          set((state) => ({
            problem: problemForDevice(device),
            refreshAt: null,
            qrPhase: state.qrPhase === 'showing' ? 'expired' : state.qrPhase
          }))
      }
    }
  }
})

// The wizard follows the devices store (events and action replies) and ends linking when the view is left.
useDevices.subscribe((state, previous) => {
  if (state.devices !== previous.devices) useLinking.getState().observe(state.devices)
})
useNavigation.subscribe((state, previous) => {
  if (previous.view === 'linking' && state.view !== 'linking' && useLinking.getState().deviceId) {
    useLinking.getState().close()
  }
})

export function resetLinkingStore(): void {
  clearRefreshTimer()
  useLinking.setState({ ...INITIAL, baton: 0, hidden: false })
}
