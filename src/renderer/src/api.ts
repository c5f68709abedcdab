// The window's only door to the core: the contract API over the preload's pipe (`window.senderDesk`), injectable for tests.
import type {
  EventChannel,
  EventPayload,
  InvokeChannel,
  InvokeReply,
  InvokeRequest,
  SenderDeskApi
} from '../../shared/contract'
import { invokeBootstrap } from '../../shared/contract-call'
import type { ContractPipe } from '../../shared/contract-pipe'
import type { Params } from '../../shared/i18n'
import { coreText } from '../../shared/i18n/notes'
// A cycle (the store calls `call`), harmless: each side only uses the other inside functions.
import { currentLanguage } from './stores/settings'

type ContractClientModule = typeof import('../../shared/contract-client')

let injected: SenderDeskApi | null = null
/** The checking API over the preload's (or the harness bridge's) pipe, made on first use. */
let overPipe: ReturnType<typeof checkedApiOverPipe> | null = null

/** Use this API instead of `window.senderDesk` (tests pass a fake; `null` goes back to the window's). */
export function setApi(api: SenderDeskApi | null): void {
  injected = api
}

export function getApi(): SenderDeskApi {
  if (injected) return injected
  if (overPipe) return overPipe
  const pipe = (window as { senderDesk?: Window['senderDesk'] }).senderDesk
  if (!pipe)
    throw new Error('window.senderDesk is missing: open this page from Sender Desk or the test harness')
  overPipe = checkedApiOverPipe(pipe, () => import('../../shared/contract-client'))
  return overPipe
}

/** Load the full contract client now (once the shell is on screen), so the first call after it does not wait. */
export function prefetchContract(): void {
  // A failed load is silent here: the next call that needs the client tries again and reports it.
  if (!injected && overPipe) overPipe.prefetch().catch(() => undefined)
}

/**
 * The contract API over a pipe, every request, reply and event checked. `app:bootstrap` is checked by the contract's
 * bootstrap part alone; the full contract client (zod's schemas for every channel and the domain rules behind them,
 * about 20 ms of the first load's main-thread time, issue 18) loads on first use of anything else, or when prefetched.
 * Events subscribed before it has loaded are held and delivered, checked and in the order they came, once it has.
 */
export function checkedApiOverPipe(
  pipe: ContractPipe,
  loadClient: () => Promise<ContractClientModule>
): SenderDeskApi & { prefetch(): Promise<void> } {
  let loaded: { module: ContractClientModule; api: SenderDeskApi } | null = null
  let loading: Promise<{ module: ContractClientModule; api: SenderDeskApi }> | null = null
  /** Deliveries waiting for the client, in arrival order. */
  const waiting: Array<(module: ContractClientModule) => void> = []

  function load(): Promise<{ module: ContractClientModule; api: SenderDeskApi }> {
    loading ??= loadClient().then(
      (module) => {
        loaded = { module, api: module.createContractClient(pipe) }
        for (const deliver of waiting.splice(0)) deliver(module)
        return loaded
      },
      (error: unknown) => {
        // A chunk that could not load is tried again at the next use; held events wait for it.
        loading = null
        throw error
      }
    )
    return loading
  }

  function whenLoaded(deliver: (module: ContractClientModule) => void): void {
    if (loaded && waiting.length === 0) {
      deliver(loaded.module)
      return
    }
    waiting.push(deliver)
    load().catch(() => undefined)
  }

  return {
    invoke<C extends InvokeChannel>(channel: C, request: InvokeRequest<C>): Promise<InvokeReply<C>> {
      if (channel === 'app:bootstrap')
        return invokeBootstrap(pipe, request as InvokeRequest<'app:bootstrap'>) as Promise<InvokeReply<C>>
      return load().then(({ api }) => api.invoke(channel, request))
    },
    on<E extends EventChannel>(event: E, listener: (payload: EventPayload<E>) => void): () => void {
      let subscribed = true
      const off = pipe.on(event, (payload) =>
        whenLoaded(({ checkedEvent }) => {
          const checked = checkedEvent(event, payload)
          if (subscribed && checked !== undefined) listener(checked)
        })
      )
      return () => {
        subscribed = false
        off()
      }
    },
    registerFiles: (files, purpose) => load().then(({ api }) => api.registerFiles(files, purpose)),
    prefetch: () => load().then(() => undefined)
  }
}

/** Ask the core one thing over the contract. Rejects with the core's error (code, message, field). */
export function call<C extends InvokeChannel>(
  channel: C,
  request: InvokeRequest<C>
): Promise<InvokeReply<C>> {
  return getApi().invoke(channel, request)
}

/** A message from the core (an error, a file refusal) in the operator's language when it came with its key. */
export function coreMessage(text: { message: string; messageKey?: string; messageParams?: Params }): string {
  return text.messageKey === undefined
    ? text.message
    : coreText(currentLanguage(), text.message, text.messageKey, text.messageParams)
}

export interface ErrorInfo {
  code: string
  message: string
  field?: string
}

/**
 * What went wrong, as plain data a view can show (ApiError from the contract client, or anything else), in the
 * operator's language when the core sent the message's key.
 */
export function errorInfo(error: unknown): ErrorInfo {
  if (typeof error === 'object' && error !== null) {
    const shape = error as { code?: unknown; message?: unknown; field?: unknown; messageKey?: unknown }
    const english = typeof shape.message === 'string' && shape.message ? shape.message : String(error)
    const message = coreMessage({
      message: english,
      messageKey: typeof shape.messageKey === 'string' ? shape.messageKey : undefined,
      messageParams: (error as { messageParams?: Params }).messageParams
    })
    const code = typeof shape.code === 'string' ? shape.code : 'unknown'
    return typeof shape.field === 'string' && shape.field
      ? { code, message, field: shape.field }
      : { code, message }
  }
  return { code: 'unknown', message: String(error) }
}
