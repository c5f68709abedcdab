// Customers' media files, fetched by the main process once each into private storage (never by the window): after a
// message with a URL is committed, its file is streamed to <dataDir>/inbox-media/<number>, cut off above the size cap,
// with a timeout and a few retries with backoff; the state lives on the message (inbox-media-store.ts), so a restart
// resumes what was pending. A URL that is not http(s) or not on the receiving device's gateway is refused: the relay
// carries whatever a webhook said, and fetching any address it names would let a stranger aim the app at the LAN.
import { randomBytes } from 'node:crypto'
import { mkdir, open, readdir, readFile, rename, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import type { Clock, TimerId } from '../clock'
import { detectFileType } from '../files'
import type { Logger } from '../logging'
import { PRIVATE_FILE_MODE } from '../private-files'
import { InboxMediaStore, type MediaJob, type MediaRecord, type SqliteDatabase } from '../store'
import type { FetchPort } from './relay-client'

/** Why a URL is not fetched, as the thread explains it. */
export type MediaRefusal = 'not-http' | 'other-origin' | 'unknown-device'

export interface MediaFetcherOptions {
  /** How long one download may take, from the request to its last byte. */
  timeoutMs: number
  /** The waits before the second, third… attempt; a download fails for good once they are used up. */
  backoffMs: readonly number[]
}

export const DEFAULT_MEDIA_FETCHER_OPTIONS: MediaFetcherOptions = {
  timeoutMs: 120_000,
  backoffMs: [5_000, 30_000, 120_000]
}

export interface MediaFetcherDeps {
  db: SqliteDatabase
  fetch: FetchPort
  clock: Clock
  dataDir: string
  /** The size cap (Settings), read at each download. */
  maxBytes: () => number
  /** The origin of the gateway of the device that received the message, or null when it is not one of ours. */
  gatewayOriginOf: (device: { deviceSerial: string | null; devicePhone: string | null }) => string | null
  logger?: Logger
  options?: Partial<MediaFetcherOptions>
  /** A message's file changed state (fetched, refused, failed…): the window redraws its thread. */
  onChange?: (number: number) => void
}

export interface MediaFetcher {
  /** Fetch what is pending now and whenever it becomes due; also removes files no message owns. */
  start(): void
  stop(): Promise<void>
  /** New messages were committed: look for files to fetch. */
  wake(): void
  media(number: number): MediaRecord | undefined
  /** The fetched bytes of a message's file, or null when it is not fetched. */
  read(number: number): Promise<{ media: MediaRecord; bytes: Buffer } | null>
  /** The operator's "Try again" on a failed or too large file; false when the file is in another state. */
  retry(number: number): boolean
}

/** The media folder under the data folder: one file per message, named by its number. */
export const inboxMediaDir = (dataDir: string): string => join(dataDir, 'inbox-media')

/**
 * Removes the files of messages that were deleted (a file a message still owns stays): after the delete's commit, by
 * the fetcher or, where none runs (the terminal), by this alone. A fetch in flight for one of them finds its message
 * gone when it commits and removes its own file.
 */
export async function removeDeletedMediaFiles(
  db: SqliteDatabase,
  dataDir: string,
  numbers: readonly number[]
): Promise<void> {
  const store = new InboxMediaStore(db)
  for (const number of numbers)
    if (!store.isFetched(number))
      await unlink(join(inboxMediaDir(dataDir), String(number))).catch(() => undefined)
}

/** First bytes kept to tell an image's type from its content. */
const SNIFF_BYTES = 4_096

class TooLarge extends Error {
  constructor(readonly bytes: number) {
    super(`larger than the cap (${bytes} bytes or more)`)
  }
}

/** An answer that will not change by asking again (the file is gone, or never was). */
class Permanent extends Error {}

export function mediaRefusal(
  url: string,
  gatewayOrigin: string | null
): { refusal: MediaRefusal; note: string } | null {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return { refusal: 'not-http', note: 'not-http: the URL does not parse' }
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    return { refusal: 'not-http', note: `not-http: ${parsed.protocol} URL` }
  if (gatewayOrigin === null)
    return { refusal: 'unknown-device', note: 'unknown-device: no gateway of ours received it' }
  if (parsed.origin !== gatewayOrigin)
    return { refusal: 'other-origin', note: `other-origin: ${parsed.origin} is not ${gatewayOrigin}` }
  return null
}

/** The refusal code a stored note starts with, for the window's words. */
export function refusalOf(note: string | null): MediaRefusal | null {
  const code = note?.split(':')[0]
  return code === 'not-http' || code === 'other-origin' || code === 'unknown-device' ? code : null
}

export function createMediaFetcher(deps: MediaFetcherDeps): MediaFetcher {
  const store = new InboxMediaStore(deps.db)
  const options = { ...DEFAULT_MEDIA_FETCHER_OPTIONS, ...deps.options }
  const dir = inboxMediaDir(deps.dataDir)
  let running = false
  let again = false
  let stopped = true
  let timer: TimerId | null = null
  let current: Promise<void> = Promise.resolve()
  let abortCurrent: AbortController | null = null

  const changed = (number: number): void => deps.onChange?.(number)

  function arm(): void {
    if (timer !== null) deps.clock.clearTimeout(timer)
    timer = null
    if (stopped) return
    const at = store.nextDueAt()
    if (at === null) return
    timer = deps.clock.setTimeout(
      () => {
        timer = null
        wake()
      },
      Math.max(0, at - deps.clock.now())
    )
  }

  /** One download at a time: a message is never fetched twice at once, and two cores stay free for the rest. */
  function wake(): void {
    if (stopped) return
    if (running) {
      again = true
      return
    }
    running = true
    current = (async () => {
      try {
        do {
          again = false
          for (;;) {
            if (stopped) return
            const [job] = store.due(deps.clock.now(), 1)
            if (!job) break
            await fetchOne(job)
          }
        } while (again && !stopped)
      } catch (error) {
        deps.logger?.warn('inbox media: the fetcher stopped on an error', error)
      } finally {
        running = false
        arm()
      }
    })()
  }

  async function fetchOne(job: MediaJob): Promise<void> {
    const refused = mediaRefusal(job.url, deps.gatewayOriginOf(job))
    if (refused) {
      store.settle(job.number, 'refused', refused.note)
      changed(job.number)
      return
    }
    const cap = deps.maxBytes()
    try {
      const { bytes, head } = await download(job, cap)
      const type = typeOf(job, head)
      if (store.fetched(job.number, bytes, type)) changed(job.number)
      else await unlink(join(dir, String(job.number))).catch(() => undefined)
    } catch (error) {
      if (stopped) return
      if (error instanceof TooLarge) {
        store.settle(job.number, 'too_large', `over ${cap} bytes`, error.bytes)
        changed(job.number)
        return
      }
      const note = error instanceof Error ? error.message : String(error)
      const wait = options.backoffMs[job.attempts]
      if (error instanceof Permanent || wait === undefined) {
        store.settle(job.number, 'failed', note)
        changed(job.number)
        return
      }
      store.retryAt(job.number, deps.clock.now() + wait, note)
    }
  }

  /** Streams the file to a temp name and renames it once whole and on disk; what is cut off leaves nothing. */
  async function download(job: MediaJob, cap: number): Promise<{ bytes: number; head: Buffer }> {
    const abort = new AbortController()
    abortCurrent = abort
    const timeout = deps.clock.setTimeout(() => abort.abort(new Error('timed out')), options.timeoutMs)
    await mkdir(dir, { recursive: true, mode: 0o700 })
    const temp = join(dir, `${job.number}.${randomBytes(4).toString('hex')}.part`)
    let handle: Awaited<ReturnType<typeof open>> | null = null
    try {
      const response = await deps.fetch(job.url, { signal: abort.signal, redirect: 'error' })
      if (!response.ok) {
        await response.body?.cancel().catch(() => undefined)
        const text = `HTTP ${response.status}`
        // 408 and 429 say "later"; other 4xx say the file is not there for us.
        if (
          response.status >= 400 &&
          response.status < 500 &&
          response.status !== 408 &&
          response.status !== 429
        )
          throw new Permanent(text)
        throw new Error(text)
      }
      const declared = Number(response.headers.get('content-length'))
      if (Number.isFinite(declared) && declared > cap) {
        await response.body?.cancel().catch(() => undefined)
        throw new TooLarge(declared)
      }
      handle = await open(temp, 'wx', PRIVATE_FILE_MODE)
      let bytes = 0
      const head: Buffer[] = []
      let headBytes = 0
      const reader = response.body?.getReader()
      for (;;) {
        const read = await reader?.read()
        if (!read || read.done) break
        const chunk = read.value
        bytes += chunk.byteLength
        if (bytes > cap) {
          abort.abort(new Error('over the cap'))
          throw new TooLarge(bytes)
        }
        if (headBytes < SNIFF_BYTES) {
          head.push(Buffer.from(chunk.subarray(0, SNIFF_BYTES - headBytes)))
          headBytes += Math.min(chunk.byteLength, SNIFF_BYTES - headBytes)
        }
        await handle.write(chunk)
      }
      if (bytes === 0) throw new Permanent('the file is empty')
      await handle.sync()
      await handle.close()
      handle = null
      await rename(temp, join(dir, String(job.number)))
      return { bytes, head: Buffer.concat(head) }
    } catch (error) {
      // An abort surfaces as the signal's reason (timed out, stopped) or a DOMException naming it.
      if (abort.signal.aborted && !(error instanceof TooLarge)) {
        const reason: unknown = abort.signal.reason
        throw reason instanceof Error ? reason : new Error('aborted')
      }
      throw error
    } finally {
      deps.clock.clearTimeout(timeout)
      abortCurrent = null
      await handle?.close().catch(() => undefined)
      await unlink(temp).catch(() => undefined)
    }
  }

  /**
   * An image is rendered only as what its bytes are (a PNG, a JPEG, a GIF), never as what the header claimed; what is
   * not an image by its bytes gets no image type, so the window shows it as a file. Other kinds keep the declared
   * type, refined by the bytes where they tell.
   */
  function typeOf(job: MediaJob, head: Buffer): string | null {
    const detected = detectFileType(head, job.file ?? '')
    if (job.messageType === 'image' || job.declaredMime?.startsWith('image/'))
      return detected?.kind === 'image' ? detected.mime : 'application/octet-stream'
    return detected?.mime ?? job.declaredMime
  }

  /** Files no message owns any more (a removed message, a crash between the rename and the commit) and temp files. */
  async function removeStrays(): Promise<void> {
    let names: string[]
    try {
      names = await readdir(dir)
    } catch {
      return
    }
    for (const name of names) {
      const owned = /^\d+$/.test(name) && store.isFetched(Number(name))
      if (!owned && !running) await unlink(join(dir, name)).catch(() => undefined)
    }
  }

  return {
    start() {
      if (!stopped) return
      stopped = false
      void removeStrays().finally(() => wake())
    },
    async stop() {
      stopped = true
      if (timer !== null) deps.clock.clearTimeout(timer)
      timer = null
      abortCurrent?.abort(new Error('stopped'))
      await current
    },
    wake,
    media: (number) => store.media(number),
    async read(number) {
      const media = store.media(number)
      if (media?.state !== 'fetched') return null
      try {
        return { media, bytes: await readFile(join(dir, String(number))) }
      } catch {
        return null
      }
    },
    retry(number) {
      const retried = store.retry(number)
      if (retried) {
        changed(number)
        wake()
      }
      return retried
    }
  }
}
