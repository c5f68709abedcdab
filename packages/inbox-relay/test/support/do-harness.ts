// A Worker for the behaviour suite over the Durable Object store: the real entry's routing and the real mailbox
// object, with a clock the test moves and limits it sets, plus `/__test/{mailbox}/…` routes to reach inside.
// Bundled by esbuild and run in workerd through miniflare.

import { routeToMailbox, type RelayWorkerBindings } from '../../src/worker'
import {
  RelayMailboxObject,
  type DurableObjectStateLike,
  type RelayWorkerEnv
} from '../../src/durable-object'
import { toBase64Url } from '../../src/encoding'
import { ManualClock } from './manual-clock'

interface HarnessEnv extends RelayWorkerEnv {
  TEST_LIMITS: string
  CLOCK_START: string
}

export class HarnessMailbox {
  private readonly clock: ManualClock
  private readonly mailbox: RelayMailboxObject

  constructor(
    private readonly state: DurableObjectStateLike & {
      storage: { sql: { exec(q: string): { toArray(): Record<string, unknown>[] } } }
    },
    env: HarnessEnv
  ) {
    this.clock = new ManualClock(Number(env.CLOCK_START))
    this.mailbox = new RelayMailboxObject(state, env, {
      clock: this.clock,
      limits: JSON.parse(env.TEST_LIMITS)
    })
  }

  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url)
    const parts = url.pathname.split('/')
    if (parts[1] !== '__test') return this.mailbox.fetch(request)
    const action = parts[3]
    if (action === 'advance') {
      this.clock.advance(Number(url.searchParams.get('ms')))
      return Response.json({ now: this.clock.now() })
    }
    if (action === 'maintain') {
      await this.mailbox.alarm()
      return Response.json({ alarm: await this.state.storage.getAlarm() })
    }
    if (action === 'alarm') return Response.json({ alarm: await this.state.storage.getAlarm() })
    if (action === 'tables') {
      // Probed one by one: the relay's own tables, whichever exist.
      const present = ['mailboxes', 'events'].filter((table) => {
        try {
          this.state.storage.sql.exec(`SELECT 1 FROM ${table} LIMIT 1`).toArray()
          return true
        } catch {
          return false
        }
      })
      return Response.json(present)
    }
    if (action === 'rows') {
      const rows = this.state.storage.sql.exec('SELECT * FROM events').toArray()
      return Response.json(
        rows.map((row) => ({ ...row, envelope: toBase64Url(new Uint8Array(row.envelope as ArrayBuffer)) }))
      )
    }
    return new Response('no such test route', { status: 404 })
  }

  alarm(): Promise<void> {
    return this.mailbox.alarm()
  }
}

export default {
  async fetch(request: Request, env: RelayWorkerBindings): Promise<Response> {
    const parts = new URL(request.url).pathname.split('/')
    if (parts[1] === '__test' && parts[2] !== undefined) {
      return env.MAILBOX.get(env.MAILBOX.idFromName(parts[2])).fetch(request)
    }
    return routeToMailbox(request, env)
  }
}
