/**
 * The core side of the contract, written once for every transport (Electron ipcMain, the harness's
 * WebSocket): validate the request, run the handler, validate the reply, and turn any failure into
 * an error result the window can show. Nothing secret goes into an error: handlers throw ApiFailure
 * with operator-facing text, and unexpected errors are reported generically.
 */
import { invokeChannels, isInvokeChannel, type ApiErrorShape, type InvokeResult } from '../../shared/contract'
import { ApiFailure, failureShape, type ApiHandlers } from './commands'
import type { MessageKey } from '../../shared/i18n'

export { ApiFailure, type ApiHandlers }

const keyedError = (code: string, key: MessageKey): ApiErrorShape =>
  failureShape(new ApiFailure(code, { key }))

export interface DispatchOptions {
  /** Where unexpected errors are reported (a redacting logger); never the window. */
  onUnexpected?: (channel: string, error: unknown) => void
  /** Maps known error types (e.g. GatewayError) to operator-facing shapes. */
  describeError?: (error: unknown) => ApiErrorShape | undefined
}

export async function dispatchInvoke(
  handlers: ApiHandlers,
  channel: unknown,
  rawRequest: unknown,
  options: DispatchOptions = {}
): Promise<InvokeResult> {
  if (!isInvokeChannel(channel)) {
    return { ok: false, error: keyedError('unknown_channel', 'desktop.error.unknownChannel') }
  }
  const spec = invokeChannels[channel]
  const parsed = spec.request.safeParse(rawRequest ?? {})
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const field = issue?.path.join('.') || undefined
    // zod's own issue text stays English: it names a field of the request, a programming error more than an
    // operator's (the window validates its forms before it asks).
    return {
      ok: false,
      error: issue
        ? { code: 'invalid_request', message: `${field ?? 'request'}: ${issue.message}`, field }
        : keyedError('invalid_request', 'desktop.error.invalidRequest')
    }
  }
  try {
    const handler = handlers[channel] as (request: unknown) => Promise<unknown>
    const value = await handler(parsed.data)
    const reply = spec.reply.safeParse(value)
    if (!reply.success) {
      options.onUnexpected?.(channel, reply.error)
      return { ok: false, error: keyedError('internal', 'desktop.error.invalidReply') }
    }
    return { ok: true, value: reply.data }
  } catch (error) {
    if (error instanceof ApiFailure) {
      return { ok: false, error: failureShape(error) }
    }
    const described = options.describeError?.(error)
    if (described) return { ok: false, error: described }
    options.onUnexpected?.(channel, error)
    return { ok: false, error: keyedError('internal', 'desktop.error.internal') }
  }
}
