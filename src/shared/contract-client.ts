/**
 * The window side of the contract, written once: validates requests before they leave the page,
 * validates replies and events as they arrive, and turns error results into ApiError. It runs in the page, over
 * the raw pipe the Electron preload or the browser harness's bridge exposes (`contract-pipe.ts`).
 */
import {
  ApiError,
  eventChannels,
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
import { checkedInvoke, checkedReply, checkedRequest, fromPipe } from './contract-call'
import { RESERVED_CHANNELS, type ContractPipe } from './contract-pipe'

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

/**
 * `app:bootstrap`'s request and raw answer (or the pipe's refusal) checked as `invoke` checks them: for a window that
 * drew its shell from the answer before the contract had loaded.
 */
export async function checkedBootstrap(
  request: unknown,
  answer: () => Promise<unknown>
): Promise<InvokeReply<'app:bootstrap'>> {
  const schemas = invokeChannels['app:bootstrap']
  checkedRequest('app:bootstrap', schemas, request)
  return checkedReply('app:bootstrap', schemas, await fromPipe(answer)) as InvokeReply<'app:bootstrap'>
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
    return (await checkedInvoke(pipe, channel, invokeChannels[channel], request)) as InvokeReply<C>
  }

  function checkedResult<C extends InvokeChannel>(channel: C, raw: unknown): InvokeReply<C> {
    return checkedReply(channel, invokeChannels[channel], raw) as InvokeReply<C>
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
