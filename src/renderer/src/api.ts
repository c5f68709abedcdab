// The window's only door to the core: the contract API over the preload's pipe (`window.senderDesk`), injectable for tests.
import type {
  EventChannel,
  EventPayload,
  InvokeChannel,
  InvokeReply,
  InvokeRequest,
  SenderDeskApi
} from '../../shared/contract'
import type { ContractPipe } from '../../shared/contract-pipe'
import type { Language, Params } from '../../shared/i18n'
import { coreText } from '../../shared/i18n/note-text'
import { localeOf } from '../../shared/i18n/numbers'
import { earlyPipe } from './early-start'
import { formatDateTimeInZone } from './i18n/dates'
// A cycle (the store calls `call`), harmless: each side only uses the other inside functions.
import { currentLanguage, operatorZone } from './stores/settings'

type ContractClientModule = typeof import('../../shared/contract-client')
type Bootstrap = InvokeReply<'app:bootstrap'>

/** The core's first answer for the shell, and its check against the contract (rejects with the contract's error). */
export interface FirstAnswer {
  reply: Bootstrap
  checked: Promise<void>
}

/** An API that can give the first answer before it has checked it (the window's own, over the pipe). */
interface WithFirstAnswer {
  firstAnswer(request: InvokeRequest<'app:bootstrap'>): Promise<FirstAnswer>
}

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
  // The pipe that asked for the first answer while the window's code loaded (early-start.ts), when there is one.
  const pipe = earlyPipe ?? (window as { senderDesk?: Window['senderDesk'] }).senderDesk
  if (!pipe)
    throw new Error('window.senderDesk is missing: open this page from Sender Desk or the test harness')
  overPipe = checkedApiOverPipe(pipe, () => import('../../shared/contract-client'))
  return overPipe
}

/**
 * Load the full contract client now (once the shell is on screen): the answer the shell was drawn from is checked
 * then, and the first call after it does not wait.
 */
export function prefetchContract(): void {
  // A failed load is silent here: the next call that needs the client tries again and reports it.
  if (!injected && overPipe) overPipe.prefetch().catch(() => undefined)
}

/**
 * `app:bootstrap` for the shell. Over the pipe the shell is drawn from the answer as it came, and `checked` checks it
 * against the contract once the contract client has loaded (prefetched when the shell is up); an answer that is not a
 * plain success is checked before it is used. Elsewhere (a test's fake) the answer is the API's own, already checked.
 */
export function firstAnswer(): Promise<FirstAnswer> {
  const api = getApi()
  if ('firstAnswer' in api) return (api as SenderDeskApi & WithFirstAnswer).firstAnswer({})
  return api.invoke('app:bootstrap', {}).then((reply) => ({ reply, checked: Promise.resolve() }))
}

/** The value of a raw `{ ok: true, value: {…} }` result, else undefined. */
function successValue(raw: unknown): object | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined
  const { ok, value } = raw as { ok?: unknown; value?: unknown }
  return ok === true && typeof value === 'object' && value !== null ? value : undefined
}

/**
 * The contract API over a pipe, every request, reply and event checked. The contract client (zod, every channel's
 * schemas and the domain rules behind them: about 35 ms of the first load's main-thread time, issue 18) loads on
 * first use, or when prefetched once the shell is up; the first answer is shown before it has loaded and checked as
 * soon as it has (`firstAnswer`). Events that come before it are held and delivered, checked and in order, once it has.
 */
export function checkedApiOverPipe(
  pipe: ContractPipe,
  loadClient: () => Promise<ContractClientModule>
): SenderDeskApi & WithFirstAnswer & { prefetch(): Promise<void> } {
  let loaded: { module: ContractClientModule; api: SenderDeskApi } | null = null
  let loading: Promise<{ module: ContractClientModule; api: SenderDeskApi }> | null = null
  /** Deliveries waiting for the client, in arrival order. */
  const waiting: Array<(module: ContractClientModule) => void> = []
  let clientLoaded: (module: ContractClientModule) => void = () => undefined
  /** Resolves when the client has loaded, without asking for it (the first answer's check waits on this). */
  const whenClientLoaded = new Promise<ContractClientModule>((resolve) => (clientLoaded = resolve))

  function load(): Promise<{ module: ContractClientModule; api: SenderDeskApi }> {
    loading ??= loadClient().then(
      (module) => {
        loaded = { module, api: module.createContractClient(pipe) }
        for (const deliver of waiting.splice(0)) deliver(module)
        clientLoaded(module)
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
      return load().then(({ api }) => api.invoke(channel, request))
    },
    async firstAnswer(request) {
      const answer = pipe.invoke('app:bootstrap', request)
      const check = (module: ContractClientModule): Promise<Bootstrap> =>
        module.checkedBootstrap(request, () => answer)
      const value = successValue(await answer.catch(() => undefined))
      // A refusal, an error result or anything malformed: checked (and worded) before anything is shown.
      if (value === undefined)
        return { reply: await check((await load()).module), checked: Promise.resolve() }
      return { reply: value as Bootstrap, checked: whenClientLoaded.then(check).then(() => undefined) }
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

/** A message from the core: its English words and, when it came with them, its key and params. */
export interface CoreWords {
  message: string
  messageKey?: string
  messageParams?: Params
}

/**
 * A message from the core (an error, a file refusal) in the operator's language when it came with its key; in
 * `language` when given (a line kept and drawn again after the language changes, QA73).
 */
export function coreMessage(text: CoreWords, language: Language = currentLanguage()): string {
  return text.messageKey === undefined
    ? text.message
    : coreText(language, text.message, text.messageKey, withInstantsWorded(text.messageParams, language))
}

/**
 * The core's params that carry an instant (ISO), worded here on the operator's clock and in the window's language:
 * the core knows neither. QA (carried): a reschedule refused for an opt-out said nothing of when it opted out.
 */
const INSTANT_PARAMS = ['optedOutAt'] as const

function withInstantsWorded(params: Params | undefined, language: Language): Params | undefined {
  if (!params || !INSTANT_PARAMS.some((name) => typeof params[name] === 'string')) return params
  const worded = { ...params }
  for (const name of INSTANT_PARAMS) {
    const iso = worded[name]
    if (typeof iso === 'string') worded[name] = formatDateTimeInZone(iso, localeOf(language), operatorZone())
  }
  return worded
}

/** What a failure said, unrendered: for a line kept to be said in the language it is drawn in (QA73). */
export function errorWords(error: unknown): CoreWords {
  if (typeof error !== 'object' || error === null) return { message: String(error) }
  const shape = error as { message?: unknown; messageKey?: unknown; messageParams?: Params }
  return {
    message: typeof shape.message === 'string' && shape.message ? shape.message : String(error),
    messageKey: typeof shape.messageKey === 'string' ? shape.messageKey : undefined,
    messageParams: shape.messageParams
  }
}

/**
 * A failure kept past the moment it came (in a store, or beside the Language setting): its code and field with its
 * words unrendered, said with `coreMessage` in the language it is drawn in. Issue 29 point 6: an `ErrorInfo` kept so
 * stayed in the language it came in after Settings changed it.
 */
export interface KeptError extends CoreWords {
  code: string
  field?: string
}

/** What went wrong, kept to be said when drawn (KeptError). */
export function keptError(error: unknown): KeptError {
  const words = errorWords(error)
  const shape =
    typeof error === 'object' && error !== null ? (error as { code?: unknown; field?: unknown }) : {}
  const code = typeof shape.code === 'string' ? shape.code : 'unknown'
  return typeof shape.field === 'string' && shape.field
    ? { ...words, code, field: shape.field }
    : { ...words, code }
}

export interface ErrorInfo {
  code: string
  message: string
  field?: string
  /** The same refusal at more fields, each in the operator's language: a form marks them with `field`. */
  otherFields?: { field: string; message: string }[]
}

/**
 * What went wrong, as plain data a view can show (ApiError from the contract client, or anything else), in the
 * operator's language when the core sent the message's key.
 */
export function errorInfo(error: unknown): ErrorInfo {
  if (typeof error === 'object' && error !== null) {
    const shape = error as { code?: unknown; field?: unknown }
    const message = coreMessage(errorWords(error))
    const code = typeof shape.code === 'string' ? shape.code : 'unknown'
    const info: ErrorInfo =
      typeof shape.field === 'string' && shape.field
        ? { code, message, field: shape.field }
        : { code, message }
    const others = (error as { otherFields?: unknown }).otherFields
    if (Array.isArray(others) && info.field) {
      info.otherFields = (
        others as { field: string; message: string; messageKey?: string; messageParams?: Params }[]
      )
        .filter((other) => typeof other.field === 'string' && typeof other.message === 'string')
        .map((other) => ({ field: other.field, message: coreMessage(other) }))
    }
    return info
  }
  return { code: 'unknown', message: String(error) }
}
