/**
 * The browser harness's stand-in for the Electron preload: the same contract pipe, over a
 * WebSocket instead of ipcRenderer. Files travel as bytes (a browser page has no paths), each in a binary frame
 * of its own that the browser reads and sends off the page's thread, as Electron's preload hands main a path and
 * costs the window nothing: encoded into the request, a 50,000-row spreadsheet held the page's thread 80-130 ms.
 */
import type { FileSource } from '../../../src/shared/contract'
import { createContractPipe } from '../../../src/shared/contract-pipe'

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void }

const socketUrl = (document.currentScript as HTMLScriptElement | null)?.dataset['socket'] ?? ''
const socket = new WebSocket(socketUrl)
const opened = new Promise<void>((resolve, reject) => {
  socket.addEventListener('open', () => resolve(), { once: true })
  socket.addEventListener('error', () => reject(new Error('harness socket failed')), { once: true })
})
const pending = new Map<number, Pending>()
const listeners = new Map<string, Set<(payload: unknown) => void>>()
let nextId = 1

socket.addEventListener('message', (message) => {
  const data = JSON.parse(String(message.data)) as {
    id?: number
    result?: unknown
    event?: string
    payload?: unknown
  }
  if (typeof data.id === 'number') {
    pending.get(data.id)?.resolve(data.result)
    pending.delete(data.id)
  } else if (typeof data.event === 'string') {
    for (const listener of listeners.get(data.event) ?? []) listener(data.payload)
  }
})
socket.addEventListener('close', () => {
  for (const entry of pending.values()) entry.reject(new Error('harness socket closed'))
  pending.clear()
})

/**
 * Sent at once when the socket is open, as ipcRenderer.invoke sends at once: waiting on `opened` even then would
 * hold the request until the current task ends (the window asks for its first answer in the middle of evaluating
 * its modules, to have it by the time they are done).
 */
function invoke(channel: string, request: unknown, frames?: Blob[]): Promise<unknown> {
  const id = nextId++
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject })
    const send = (): void => {
      // The frames first, then the request that counts them: a socket keeps the order of what is sent.
      for (const frame of frames ?? []) socket.send(frame)
      socket.send(
        JSON.stringify(frames ? { id, channel, request, frames: frames.length } : { id, channel, request })
      )
    }
    if (socket.readyState === socket.OPEN) send()
    else
      opened.then(send, (error: Error) => {
        pending.delete(id)
        reject(error)
      })
  })
}

function subscribe(event: string, listener: (payload: unknown) => void): () => void {
  const set = listeners.get(event) ?? new Set()
  set.add(listener)
  listeners.set(event, set)
  return () => set.delete(listener)
}

/** Each bytes source made here and its file, whose bytes go in a binary frame with the files:register request. */
const fileOf = new WeakMap<object, File>()

const pipe = createContractPipe({
  invoke(channel, request) {
    if (channel !== 'files:register') return invoke(channel, request)
    const sources = (request as { sources: object[] }).sources
    return invoke(
      channel,
      request,
      sources.map((source) => fileOf.get(source) ?? new Blob())
    )
  },
  subscribe,
  // The bytes are the server's to fill in from this file's frame (contract-server.ts).
  async fileToSource(file): Promise<FileSource> {
    const source = {
      kind: 'bytes' as const,
      name: file.name || 'pasted.png',
      mime: file.type || undefined,
      dataBase64: ''
    }
    fileOf.set(source, file)
    return source
  }
})

Object.defineProperty(window, 'senderDesk', {
  value: Object.freeze(pipe),
  writable: false,
  configurable: false
})
