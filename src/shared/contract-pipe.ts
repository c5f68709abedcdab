/**
 * The page's door to the core as the preload (or the harness bridge) exposes it: channel names, raw requests and raw
 * results, and File objects turned into file sources — no zod, no contract schemas. The window checks requests,
 * replies and events against the contract itself (`contract-client.ts`), and main checks every request again, so
 * the preload carries none of that code (it was 305 kB minified, parsed before every page load; now a few kB).
 * This module must import nothing but types: the preload bundles all it imports.
 */
import type { FileRegisterPurpose, FileSource } from './contract'

/**
 * Channels the page may not call directly: `files:register` carries file paths, which only registerFiles may
 * produce (from real File objects). Otherwise a compromised page could name any file on disk for upload.
 */
export const RESERVED_CHANNELS: ReadonlySet<string> = new Set(['files:register'])

/** `area:action`, as every contract channel and event is named. */
const CHANNEL_NAME = /^[a-z][A-Za-z]*:[a-z][A-Za-z]*$/

/** A refusal as plain data: contextBridge copies only an Error's message, so code and message travel as fields. */
export interface PipeRefusal {
  name: 'ApiError'
  code: string
  message: string
}

export interface ContractPipe {
  /** Resolves with the core's raw result (`{ ok, value }` or `{ ok: false, error }`). */
  invoke(channel: string, request: unknown): Promise<unknown>
  on(event: string, listener: (payload: unknown) => void): () => void
  /** The raw result of `files:register` for these files (`send` unless a purpose is given). */
  registerFiles(files: File[], purpose?: FileRegisterPurpose): Promise<unknown>
}

export interface PipeTransport {
  invoke(channel: string, request: unknown): Promise<unknown>
  subscribe(event: string, listener: (payload: unknown) => void): () => void
  /** Turn a File into a source main can check: a path where the platform knows it, else its bytes. */
  fileToSource(file: File): Promise<FileSource>
}

function refusal(code: string, message: string): PipeRefusal {
  return { name: 'ApiError', code, message }
}

export function createContractPipe(transport: PipeTransport): ContractPipe {
  return {
    async invoke(channel, request) {
      if (typeof channel !== 'string' || !CHANNEL_NAME.test(channel)) {
        throw refusal('unknown_channel', `Unknown channel ${String(channel)}`)
      }
      if (RESERVED_CHANNELS.has(channel)) {
        throw refusal('forbidden', `${channel} is only reachable through registerFiles`)
      }
      return transport.invoke(channel, request)
    },
    on(event, listener) {
      if (typeof event !== 'string' || !CHANNEL_NAME.test(event) || typeof listener !== 'function') {
        throw refusal('unknown_channel', `Unknown event ${String(event)}`)
      }
      return transport.subscribe(event, (payload) => listener(payload))
    },
    async registerFiles(files, purpose) {
      if (!Array.isArray(files) || !files.every((file) => file instanceof File)) {
        throw refusal('invalid_request', 'registerFiles takes File objects only')
      }
      if (purpose !== undefined && purpose !== 'send' && purpose !== 'spreadsheet') {
        throw refusal('invalid_request', `Unknown purpose ${String(purpose)}`)
      }
      const sources = await Promise.all(files.map((file) => transport.fileToSource(file)))
      return transport.invoke('files:register', purpose === undefined ? { sources } : { sources, purpose })
    }
  }
}

/**
 * Bytes encoded per turn of the page's event loop: ~256 KB takes a few ms, so a 4 MB spreadsheet never holds the UI
 * thread in one long task. A multiple of 3, so each slice's base64 has no padding and the slices simply concatenate.
 */
export const BASE64_SLICE_BYTES = 3 * 87_381

/** One turn of the event loop (a macrotask, so input and paint can run in between). */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve))
}

/** Base64 of a File's bytes, a slice per turn of the event loop (the harness's and a pasted file's way to main). */
export async function fileToBase64(file: Blob): Promise<string> {
  const parts: string[] = []
  for (let start = 0; start < file.size; start += BASE64_SLICE_BYTES) {
    if (start > 0) await nextTurn()
    const bytes = new Uint8Array(await file.slice(start, start + BASE64_SLICE_BYTES).arrayBuffer())
    let binary = ''
    // String.fromCharCode on a whole slice would overflow the stack: spread it in smaller chunks.
    const chunk = 0x8000
    for (let i = 0; i < bytes.length; i += chunk) {
      binary += String.fromCharCode(...bytes.subarray(i, i + chunk))
    }
    parts.push(btoa(binary))
  }
  return parts.join('')
}
