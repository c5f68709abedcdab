/**
 * The browser harness's stand-in for the Electron preload: the same contract pipe, over a
 * WebSocket instead of ipcRenderer. Files travel as bytes (a browser page has no paths).
 */
import { createContractPipe, fileToBase64 } from '../../../src/shared/contract-pipe'

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
function invoke(channel: string, request: unknown): Promise<unknown> {
  const id = nextId++
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject })
    const send = (): void => socket.send(JSON.stringify({ id, channel, request }))
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

const pipe = createContractPipe({
  invoke,
  subscribe,
  async fileToSource(file) {
    return {
      kind: 'bytes',
      name: file.name || 'pasted.png',
      mime: file.type || undefined,
      dataBase64: await fileToBase64(file)
    }
  }
})

Object.defineProperty(window, 'senderDesk', {
  value: Object.freeze(pipe),
  writable: false,
  configurable: false
})
