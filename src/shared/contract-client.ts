/**
 * The window side of the contract, written once: validates requests before they leave the page,
 * validates replies and events as they arrive, and turns error results into ApiError. The Electron
 * preload and the browser harness's bridge differ only in the transport they pass in.
 */
import {
  ApiError,
  eventChannels,
  InvokeResult,
  invokeChannels,
  isEventChannel,
  isInvokeChannel,
  type EventChannel,
  type EventPayload,
  type FileSource,
  type InvokeChannel,
  type InvokeReply,
  type InvokeRequest,
  type SenderDeskApi
} from './contract'

export interface ContractTransport {
  invoke(channel: InvokeChannel, request: unknown): Promise<unknown>
  subscribe(event: EventChannel, listener: (payload: unknown) => void): () => void
  /** Turn a File into a source main can check: a path where the platform knows it, else its bytes. */
  fileToSource(file: File): Promise<FileSource>
}

/**
 * Channels the page may not call directly: `files:register` carries file paths, which only registerFiles may
 * produce (from real File objects). Otherwise a compromised page could name any file on disk for upload.
 */
const RESERVED_CHANNELS: ReadonlySet<InvokeChannel> = new Set(['files:register'])

export function createContractClient(transport: ContractTransport): SenderDeskApi {
  async function invoke<C extends InvokeChannel>(
    channel: C,
    request: InvokeRequest<C>
  ): Promise<InvokeReply<C>> {
    if (!isInvokeChannel(channel)) {
      throw new ApiError({ code: 'unknown_channel', message: `Unknown channel ${String(channel)}` })
    }
    const checked = invokeChannels[channel].request.safeParse(request)
    if (!checked.success) {
      const issue = checked.error.issues[0]
      throw new ApiError({
        code: 'invalid_request',
        message: issue ? `${issue.path.join('.') || 'request'}: ${issue.message}` : 'Invalid request',
        field: issue?.path.join('.')
      })
    }
    const raw = await transport.invoke(channel, checked.data)
    const result = InvokeResult.safeParse(raw)
    if (!result.success) throw new ApiError({ code: 'bad_reply', message: `Malformed reply on ${channel}` })
    if (!result.data.ok) throw new ApiError(result.data.error)
    const reply = invokeChannels[channel].reply.safeParse(result.data.value)
    if (!reply.success)
      throw new ApiError({ code: 'bad_reply', message: `Reply on ${channel} does not match the contract` })
    return reply.data as InvokeReply<C>
  }

  function on<E extends EventChannel>(event: E, listener: (payload: EventPayload<E>) => void): () => void {
    if (!isEventChannel(event))
      throw new ApiError({ code: 'unknown_channel', message: `Unknown event ${String(event)}` })
    return transport.subscribe(event, (payload) => {
      const parsed = eventChannels[event].safeParse(payload)
      // An event that fails the contract is dropped: the core is the one that is wrong, not the page.
      if (parsed.success) listener(parsed.data as EventPayload<E>)
    })
  }

  async function registerFiles(files: File[]): Promise<InvokeReply<'files:register'>> {
    const sources = await Promise.all(files.map((file) => transport.fileToSource(file)))
    return invoke('files:register', { sources })
  }

  async function publicInvoke<C extends InvokeChannel>(
    channel: C,
    request: InvokeRequest<C>
  ): Promise<InvokeReply<C>> {
    if (RESERVED_CHANNELS.has(channel)) {
      throw new ApiError({ code: 'forbidden', message: `${channel} is only reachable through registerFiles` })
    }
    return invoke(channel, request)
  }

  return { invoke: publicInvoke, on, registerFiles }
}

/** Base64 of a File's bytes, in chunks (String.fromCharCode on a whole large array overflows the stack). */
export async function fileToBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer())
  let binary = ''
  const chunk = 0x8000
  for (let i = 0; i < bytes.length; i += chunk) {
    binary += String.fromCharCode(...bytes.subarray(i, i + chunk))
  }
  return btoa(binary)
}
