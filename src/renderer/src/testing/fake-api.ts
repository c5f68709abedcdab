// A fake SenderDeskApi for component tests: records every invoke, answers scripted replies (or errors), lets a test emit events.
import {
  ApiError,
  type ApiErrorShape,
  type EventChannel,
  type EventPayload,
  type InvokeChannel,
  type InvokeReply,
  type InvokeRequest,
  type SenderDeskApi
} from '../../../shared/contract'
import { makeBootstrap } from './fixtures'

type Handler<C extends InvokeChannel> = (
  request: InvokeRequest<C>
) => InvokeReply<C> | Promise<InvokeReply<C>>
type AnyHandler = (request: unknown) => unknown

export interface Call {
  channel: InvokeChannel
  request: unknown
}

export interface Deferred<C extends InvokeChannel> {
  /** Resolves once the call has been made (with its request). */
  readonly called: Promise<InvokeRequest<C>>
  resolve(value: InvokeReply<C>): void
  reject(error: ApiErrorShape): void
}

export interface FakeApi {
  api: SenderDeskApi
  calls: Call[]
  /** Requests made on one channel, in order. */
  requests<C extends InvokeChannel>(channel: C): InvokeRequest<C>[]
  /** Answer every call on a channel with this handler (replaces the previous one). */
  handle<C extends InvokeChannel>(channel: C, handler: Handler<C>): void
  /** Answer the next call on a channel only (queued before the standing handler). */
  once<C extends InvokeChannel>(channel: C, handler: Handler<C>): void
  /** Fail every call on a channel with this core error. */
  fail(channel: InvokeChannel, error: ApiErrorShape): void
  /** The next call on a channel waits until the test resolves or rejects it. */
  defer<C extends InvokeChannel>(channel: C): Deferred<C>
  /** What `registerFiles` answers (default: every file accepted as a document/image by its type). */
  onRegister(
    handler: (files: File[]) => InvokeReply<'files:register'> | Promise<InvokeReply<'files:register'>>
  ): void
  /** Files passed to `registerFiles`, per call. */
  registered: File[][]
  emit<E extends EventChannel>(event: E, payload: EventPayload<E>): void
  listenerCount(event: EventChannel): number
}

function kindOf(file: File): 'image' | 'document' | 'video' | 'audio' {
  if (file.type.startsWith('image/')) return 'image'
  if (file.type.startsWith('video/')) return 'video'
  if (file.type.startsWith('audio/')) return 'audio'
  return 'document'
}

export function createFakeApi(): FakeApi {
  const calls: Call[] = []
  const handlers = new Map<InvokeChannel, AnyHandler>()
  const onceQueue = new Map<InvokeChannel, AnyHandler[]>()
  const listeners = new Map<EventChannel, Set<(payload: unknown) => void>>()
  const registered: File[][] = []
  let handleCounter = 0
  let register = (files: File[]): InvokeReply<'files:register'> => ({
    files: files.map((file) => ({
      handle: `h-${++handleCounter}`,
      name: file.name,
      size: file.size,
      kind: kindOf(file),
      mime: file.type || 'application/octet-stream'
    })),
    rejected: []
  })

  // Sensible defaults so a test only scripts what it is about.
  handlers.set('app:bootstrap', () => makeBootstrap())
  handlers.set('recipients:recent', () => ({ recipients: [] }))
  handlers.set('linking:end', () => ({ ok: true }))
  handlers.set('files:release', () => ({ ok: true }))
  handlers.set('files:check', () => ({ rejected: [] }))
  handlers.set('files:keepForDraft', () => ({ ok: true }))
  handlers.set('files:restoreDraft', () => ({ files: [], rejected: [] }))
  handlers.set('files:picture', () => null)
  handlers.set('outbox:picture', () => null)
  handlers.set('outbox:list', () => ({ items: [], total: 0 }))
  handlers.set('outbox:matchingByDevice', () => ({ devices: [] }))
  handlers.set('campaigns:list', () => ({ campaigns: [] }))
  handlers.set('devices:invoices', () => ({ invoices: [] }))
  handlers.set('devices:keptAtGateway', () => ({ records: [] }))
  handlers.set('inbox:viewing', () => ({ ok: true }))
  handlers.set('contacts:names', () => ({ names: [] }))
  handlers.set('optouts:among', () => ({ optedOut: [] }))

  const api: SenderDeskApi = {
    async invoke(channel, request) {
      calls.push({ channel, request })
      const queued = onceQueue.get(channel)
      const handler = queued && queued.length > 0 ? queued.shift() : handlers.get(channel)
      if (!handler) throw new ApiError({ code: 'not_scripted', message: `No reply scripted for ${channel}` })
      await Promise.resolve()
      return (await handler(request)) as never
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set()
      set.add(listener as (payload: unknown) => void)
      listeners.set(event, set)
      return () => set.delete(listener as (payload: unknown) => void)
    },
    async registerFiles(files, purpose) {
      registered.push(files)
      const names = files.map((f) => f.name)
      calls.push({
        channel: 'files:register',
        request: purpose ? { files: names, purpose } : { files: names }
      })
      return register(files)
    }
  }

  return {
    api,
    calls,
    registered,
    requests: <C extends InvokeChannel>(channel: C) =>
      calls.filter((c) => c.channel === channel).map((c) => c.request as InvokeRequest<C>),
    handle(channel, handler) {
      handlers.set(channel, handler as AnyHandler)
    },
    once(channel, handler) {
      const queue = onceQueue.get(channel) ?? []
      queue.push(handler as AnyHandler)
      onceQueue.set(channel, queue)
    },
    fail(channel, error) {
      handlers.set(channel, () => {
        throw new ApiError(error)
      })
    },
    defer<C extends InvokeChannel>(channel: C): Deferred<C> {
      let resolveCalled!: (request: InvokeRequest<C>) => void
      const called = new Promise<InvokeRequest<C>>((r) => (resolveCalled = r))
      let settle!: { resolve: (value: InvokeReply<C>) => void; reject: (error: ApiErrorShape) => void }
      const reply = new Promise<InvokeReply<C>>((resolve, reject) => {
        settle = { resolve, reject: (error) => reject(new ApiError(error)) }
      })
      const queue = onceQueue.get(channel) ?? []
      queue.push((request) => {
        resolveCalled(request as InvokeRequest<C>)
        return reply
      })
      onceQueue.set(channel, queue)
      return { called, resolve: (v) => settle.resolve(v), reject: (e) => settle.reject(e) }
    },
    onRegister(handler) {
      register = handler as typeof register
    },
    emit(event, payload) {
      for (const listener of listeners.get(event) ?? []) listener(payload)
    },
    listenerCount: (event) => listeners.get(event)?.size ?? 0
  }
}
