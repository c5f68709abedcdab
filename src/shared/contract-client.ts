/**
 * The window side of the contract, written once: validates requests before they leave the page,
 * validates replies and events as they arrive, and turns error results into ApiError. It runs in the page, over
 * the raw pipe the Electron preload or the browser harness's bridge exposes (`contract-pipe.ts`).
 */
// First, before any schema is built: see the module.
import './zod-jitless'
import {
  ApiError,
  eventChannels,
  InvokeResult,
  invokeChannels,
  isEventChannel,
  isInvokeChannel,
  type EventChannel,
  type EventPayload,
  type FileRegisterPurpose,
  type InvokeChannel,
  type InvokeReply,
  type InvokeRequest,
  type SenderDeskApi
} from './contract'
import { RESERVED_CHANNELS, type ContractPipe } from './contract-pipe'

/** The pipe's answer; its refusals (plain data once they have crossed contextBridge) become ApiError. */
async function fromPipe(call: () => Promise<unknown>): Promise<unknown> {
  try {
    return await call()
  } catch (error) {
    const shape = (typeof error === 'object' && error !== null ? error : {}) as {
      code?: unknown
      message?: unknown
    }
    if (error instanceof ApiError || typeof shape.code !== 'string' || typeof shape.message !== 'string')
      throw error
    throw new ApiError({ code: shape.code, message: shape.message })
  }
}

/** The request as its channel's schema parses it, or an `invalid_request` ApiError naming the first wrong field. */
function checkedRequest<C extends InvokeChannel>(channel: C, request: unknown): unknown {
  const checked = invokeChannels[channel].request.safeParse(request)
  if (checked.success) return checked.data
  const issue = checked.error.issues[0]
  throw new ApiError({
    code: 'invalid_request',
    message: issue ? `${issue.path.join('.') || 'request'}: ${issue.message}` : 'Invalid request',
    field: issue?.path.join('.')
  })
}

/** The reply inside a raw result, checked; an error result or a malformed one becomes ApiError. */
function checkedResult<C extends InvokeChannel>(channel: C, raw: unknown): InvokeReply<C> {
  const result = InvokeResult.safeParse(raw)
  if (!result.success) throw new ApiError({ code: 'bad_reply', message: `Malformed reply on ${channel}` })
  if (!result.data.ok) throw new ApiError(result.data.error)
  const reply = invokeChannels[channel].reply.safeParse(result.data.value)
  if (!reply.success)
    throw new ApiError({ code: 'bad_reply', message: `Reply on ${channel} does not match the contract` })
  return reply.data as InvokeReply<C>
}

/**
 * `app:bootstrap`'s request and raw answer (or the pipe's refusal) checked as `invoke` checks them: for a window that
 * drew its shell from the answer before the contract had loaded.
 */
export async function checkedBootstrap(
  request: unknown,
  answer: () => Promise<unknown>
): Promise<InvokeReply<'app:bootstrap'>> {
  checkedRequest('app:bootstrap', request)
  return checkedResult('app:bootstrap', await fromPipe(answer))
}

/**
 * An event's payload as its schema parses it, or undefined for an unknown event or a payload that fails the contract
 * (dropped: the core is the one that is wrong, not the page).
 */
export function checkedEvent<E extends EventChannel>(
  event: E,
  payload: unknown
): EventPayload<E> | undefined {
  if (!isEventChannel(event)) return undefined
  const parsed = eventChannels[event].safeParse(payload)
  return parsed.success ? (parsed.data as EventPayload<E>) : undefined
}

export function createContractClient(pipe: ContractPipe): SenderDeskApi {
  async function invoke<C extends InvokeChannel>(
    channel: C,
    request: InvokeRequest<C>
  ): Promise<InvokeReply<C>> {
    if (!isInvokeChannel(channel)) {
      throw new ApiError({ code: 'unknown_channel', message: `Unknown channel ${String(channel)}` })
    }
    if (RESERVED_CHANNELS.has(channel)) {
      throw new ApiError({ code: 'forbidden', message: `${channel} is only reachable through registerFiles` })
    }
    const checked = checkedRequest(channel, request)
    return checkedResult(channel, await fromPipe(() => pipe.invoke(channel, checked)))
  }

  function on<E extends EventChannel>(event: E, listener: (payload: EventPayload<E>) => void): () => void {
    if (!isEventChannel(event))
      throw new ApiError({ code: 'unknown_channel', message: `Unknown event ${String(event)}` })
    return pipe.on(event, (payload) => {
      const checked = checkedEvent(event, payload)
      if (checked !== undefined) listener(checked)
    })
  }

  async function registerFiles(
    files: File[],
    purpose?: FileRegisterPurpose
  ): Promise<InvokeReply<'files:register'>> {
    return checkedResult('files:register', await fromPipe(() => pipe.registerFiles(files, purpose)))
  }

  return { invoke, on, registerFiles }
}
