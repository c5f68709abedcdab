// A relay on this computer, to try incoming messages with the sandbox gateway in one click (no terminal, no
// server): the relay package's Node host on 127.0.0.1, its mailboxes under the data folder. The embedded sandbox may
// post to its origin alone (`allowLoopbackWebhookOrigin`); a hosted gateway could never reach it, so the window offers
// it for sandbox devices only. The app still reaches it over HTTP, as any relay.
import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { NodeRelay } from '@sender-desk/inbox-relay'
import { writeJsonAtomic } from '../private-files'

/** Under the data folder: the relay's own store (`data/`) and where it last listened (`relay.json`). */
export const LOCAL_RELAY_FOLDER = 'local-relay'
const RECORD_FILE = 'relay.json'

export interface LocalRelayAddress {
  url: string
  /** Asked by the relay to create a mailbox, so that no other program on this computer can make one on it. */
  creationToken: string
}

export class LocalRelay {
  private running: Promise<NodeRelay> | null = null
  private origin: string | null = null
  private readonly creationToken = randomBytes(24).toString('base64url')
  private readonly folder: string

  constructor(dataDir: string) {
    this.folder = join(dataDir, LOCAL_RELAY_FOLDER)
  }

  /** Whether a mailbox on `relayUrl` is on this relay (running or not): the window offers to run it again. */
  isItsAddress(relayUrl: string): boolean {
    return this.recordedUrl() === relayUrl
  }

  /** Whether the sandbox's webhooks may reach `origin`: this relay's own while it runs, nothing else. */
  allows(origin: string): boolean {
    return this.origin !== null && origin === this.origin
  }

  /**
   * Runs it (once): on the port it last had, as the mailbox's URLs on it name that port; when that port is taken
   * and `anyPortIfTaken`, on a free one (a new mailbox follows, with new URLs). Remembers where it listens.
   */
  async ensure(options: { anyPortIfTaken?: boolean } = {}): Promise<LocalRelayAddress> {
    this.running ??= this.start(options.anyPortIfTaken === true).catch((error: unknown) => {
      this.running = null
      throw error
    })
    const relay = await this.running
    return { url: relay.url, creationToken: this.creationToken }
  }

  /**
   * At the app's start: runs it again when the inbox's mailbox is on it (the address it recorded), so that the pull
   * and the sandbox's webhooks find it; otherwise it stays off. A port taken since is an error the caller logs (the
   * inbox then says the relay cannot be reached).
   */
  async resumeFor(mailboxRelayUrl: string | null): Promise<boolean> {
    const recorded = this.recordedUrl()
    if (recorded === null || mailboxRelayUrl === null || recorded !== mailboxRelayUrl) return false
    await this.ensure()
    return true
  }

  /**
   * Stops it (at quit, or when the mailbox in use moves to a relay elsewhere), freeing its port. Its folder and the
   * address it recorded stay: `ensure` runs it there again.
   */
  async close(): Promise<void> {
    const running = this.running
    this.running = null
    this.origin = null
    const relay = running ? await running.catch(() => null) : null
    // A start still under way set its origin meanwhile; only a run asked for since may keep one.
    if (this.running === null) this.origin = null
    await relay?.close()
  }

  private async start(anyPortIfTaken: boolean): Promise<NodeRelay> {
    // Loaded when it starts, not with the app: most starts run no relay (as the sandbox, issue 18).
    const { startNodeRelay } = await import('@sender-desk/inbox-relay')
    mkdirSync(this.folder, { recursive: true, mode: 0o700 })
    const recorded = this.recordedUrl()
    const options = {
      host: '127.0.0.1',
      dataDir: join(this.folder, 'data'),
      creationToken: this.creationToken
    }
    let relay: NodeRelay
    try {
      relay = await startNodeRelay({
        ...options,
        port: recorded === null ? 0 : Number(new URL(recorded).port)
      })
    } catch (error) {
      if (recorded === null || !anyPortIfTaken || (error as { code?: unknown }).code !== 'EADDRINUSE')
        throw error
      relay = await startNodeRelay({ ...options, port: 0 })
    }
    try {
      // Whole or not at all (a torn record would leave the mailbox's relay off at the next start).
      if (relay.url !== recorded) await writeJsonAtomic(join(this.folder, RECORD_FILE), { url: relay.url })
    } catch (error) {
      await relay.close()
      throw error
    }
    this.origin = new URL(relay.url).origin
    return relay
  }

  private recordedUrl(): string | null {
    try {
      const { url } = JSON.parse(readFileSync(join(this.folder, RECORD_FILE), 'utf8')) as { url?: unknown }
      return typeof url === 'string' && url.startsWith('http://127.0.0.1:') ? url : null
    } catch {
      return null
    }
  }
}
