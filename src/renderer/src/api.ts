// The window's only door to the core: the contract API over the preload's pipe (`window.senderDesk`), injectable for tests.
import type { InvokeChannel, InvokeReply, InvokeRequest, SenderDeskApi } from '../../shared/contract'
import { createContractClient } from '../../shared/contract-client'
import type { Params } from '../../shared/i18n'
import { coreText } from '../../shared/i18n/notes'
// A cycle (the store calls `call`), harmless: each side only uses the other inside functions.
import { currentLanguage } from './stores/settings'

let injected: SenderDeskApi | null = null
/** The checking client over the preload's (or the harness bridge's) pipe, made on first use. */
let overPipe: SenderDeskApi | null = null

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
  overPipe = createContractClient(pipe)
  return overPipe
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
