/**
 * The window's first question to the core, asked before the rest of its code has run (issue 18). main.tsx imports
 * this module first, so the core answers while React and the app are still being evaluated, instead of after; the
 * shell no longer waits a round trip after its code is ready. Types only: this module must stay a few lines of code.
 *
 * From that moment the events the window follows are held, so none the core announces before the stores subscribe
 * is lost, and they reach the stores in the order they came (as when the window subscribed before asking).
 */
import type { EventChannel } from '../../shared/contract'
import type { ContractPipe } from '../../shared/contract-pipe'

/** The core's events the window's stores follow: `connectEvents` (stores/app.ts) wires exactly these. */
export const WINDOW_EVENTS = [
  'devices:changed',
  'outbox:itemChanged',
  'outbox:bulkChanged',
  'outbox:countsChanged',
  'settings:changed',
  'app:navigate',
  'sandbox:changed',
  'inbox:changed',
  'contacts:changed'
] as const satisfies readonly EventChannel[]

export type WindowEvent = (typeof WINDOW_EVENTS)[number]

type Listener = (payload: unknown) => void

/**
 * A pipe that has already asked `app:bootstrap` and subscribed to `events`: its first `app:bootstrap` call is given
 * that answer, and each of `events` is delivered, from what came before the window subscribed, to the window's
 * listeners. Held events are handed over in arrival order, once, in a microtask after the first subscription (the
 * window subscribes to all of them in one go); after that an event nobody follows is dropped, as a plain pipe does.
 */
export function askedEarly(pipe: ContractPipe, events: readonly string[]): ContractPipe {
  let answer: Promise<unknown> | null = pipe.invoke('app:bootstrap', {})
  // A refusal is the window's to report when it asks (firstAnswer); not an unhandled rejection meanwhile.
  answer.catch(() => undefined)
  const listeners = new Map<string, Set<Listener>>()
  let held: Array<{ event: string; payload: unknown }> | null = []
  for (const event of events) {
    listeners.set(event, new Set())
    pipe.on(event, (payload) => {
      if (held) held.push({ event, payload })
      else for (const listener of [...(listeners.get(event) ?? [])]) listener(payload)
    })
  }
  let handOverQueued = false
  function handOver(): void {
    const came = held ?? []
    held = null
    for (const { event, payload } of came)
      for (const listener of [...(listeners.get(event) ?? [])]) listener(payload)
  }

  return {
    invoke(channel, request) {
      const isFirstQuestion =
        channel === 'app:bootstrap' &&
        answer !== null &&
        typeof request === 'object' &&
        request !== null &&
        Object.keys(request).length === 0
      if (!isFirstQuestion) return pipe.invoke(channel, request)
      const early = answer!
      answer = null
      return early
    },
    on(event, listener) {
      const set = listeners.get(event)
      if (!set) return pipe.on(event, listener)
      set.add(listener)
      if (held && !handOverQueued) {
        handOverQueued = true
        queueMicrotask(handOver)
      }
      return () => {
        set.delete(listener)
      }
    },
    registerFiles: (files, purpose) => pipe.registerFiles(files, purpose)
  }
}

/** The window's pipe, asked early; null where there is none (a page opened outside the app or the harness). */
const pipe = (globalThis as { senderDesk?: ContractPipe }).senderDesk
export const earlyPipe: ContractPipe | null = pipe ? askedEarly(pipe, WINDOW_EVENTS) : null
