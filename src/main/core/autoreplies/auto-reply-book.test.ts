// The core's copy of the devices' auto-reply rules: the chatbot counts apply the domain's rule to every case of its
// table, a stale or missing copy is read again from the gateway (once, however many ask), a failed read keeps the
// copy, and a removed device's rules go.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  AUTO_REPLY_KEYWORD_CASES,
  AUTO_REPLY_TIME_CASES
} from '../../../shared/domain/auto-reply-keyword.cases'
import type { AutoReply } from '../gateway'
import { openDatabase, type SqliteDatabase } from '../store'
import {
  AUTO_REPLY_RETRY_MS,
  AUTO_REPLY_STALE_MS,
  createAutoReplyBook,
  type RecentIncoming
} from './auto-reply-book'

let dir: string
let db: SqliteDatabase
let now: number
let gateway: Map<string, AutoReply[]>
let reads: string[]
let incoming: RecentIncoming[]

const rule = (id: string, keyword: string): AutoReply => ({
  id,
  device: null,
  keyword,
  response: `answer ${id}`,
  category: 'text',
  file: null
})

function book(failing = false, failures: unknown[] = []) {
  return createAutoReplyBook({
    db,
    now: () => now,
    listFromGateway: async (deviceId) => {
      reads.push(deviceId)
      if (failing) throw new Error('gateway unreachable')
      return gateway.get(deviceId) ?? []
    },
    refreshFailed: (_deviceId, error) => failures.push(error),
    recentIncoming: () => incoming
  })
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sd-autoreply-book-'))
  db = openDatabase({ dataDir: dir })
  now = Date.parse('2026-03-02T08:00:00Z')
  gateway = new Map()
  reads = []
  incoming = []
})
afterEach(() => {
  db.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('the chatbot counts', () => {
  it.each(AUTO_REPLY_KEYWORD_CASES)(
    '$keyword ← $text is counted: $answers ($why)',
    async ({ keyword, text, answers }) => {
      gateway.set('dev-1', [rule('r1', keyword)])
      incoming = [{ conversationId: 7, deviceId: 'dev-1', text, receivedAt: now }]
      const [device] = await book().chatbot(['dev-1'])
      expect(device!.rules[0]!.conversationIds).toEqual(answers ? [7] : [])
    }
  )

  it.each(AUTO_REPLY_TIME_CASES)(
    'a rule first seen at minute $knownSince counts a message at minute $at: $answers ($why)',
    async ({ knownSince, at, answers }) => {
      const start = now
      const rules = book()
      // A first read (its rules may be older than anything), then the rule at a later one when it has a time.
      rules.keep('dev-1', knownSince === null ? [rule('r1', 'harga')] : [])
      if (knownSince !== null) {
        now = start + knownSince * 60_000
        rules.keep('dev-1', [rule('r1', 'harga')])
      }
      incoming = [{ conversationId: 7, deviceId: 'dev-1', text: 'harga', receivedAt: start + at * 60_000 }]
      now = start + 40 * 60_000
      gateway.set('dev-1', [rule('r1', 'harga')])
      const [device] = await rules.chatbot(['dev-1'])
      expect(device!.rules[0]!.conversationIds).toEqual(answers ? [7] : [])
    }
  )

  it('counts each conversation once, on the device that has the rule, for the first rule that matches', async () => {
    gateway.set('dev-1', [rule('r1', 'harga'), rule('r2', 'Harga'), rule('r3', 'promo')])
    gateway.set('dev-2', [rule('r9', 'harga')])
    incoming = [
      { conversationId: 3, deviceId: 'dev-1', text: 'harga', receivedAt: now },
      { conversationId: 3, deviceId: 'dev-1', text: 'HARGA', receivedAt: now },
      { conversationId: 5, deviceId: 'dev-1', text: 'harga ', receivedAt: now },
      { conversationId: 8, deviceId: 'dev-2', text: 'harga', receivedAt: now },
      { conversationId: 9, deviceId: null, text: 'promo', receivedAt: now }
    ]
    const devices = await book().chatbot(['dev-1', 'dev-2'])
    expect(devices.map((d) => d.rules.map((r) => [r.keyword, r.conversationIds]))).toEqual([
      [
        ['harga', [5, 3]],
        ['Harga', []],
        ['promo', []]
      ],
      [['harga', [8]]]
    ])
  })
})

describe('the copy of the rules', () => {
  it('is read from the gateway when missing or stale, once however many ask, and kept in between', async () => {
    gateway.set('dev-1', [rule('r1', 'harga')])
    const rules = book()
    await Promise.all([rules.chatbot(['dev-1']), rules.chatbot(['dev-1'])])
    expect(reads).toEqual(['dev-1'])
    gateway.set('dev-1', [rule('r1', 'harga'), rule('r2', 'promo')])
    now += AUTO_REPLY_STALE_MS
    expect((await rules.chatbot(['dev-1']))[0]!.rules.map((r) => r.keyword)).toEqual(['harga'])
    now += 1
    const [device] = await rules.chatbot(['dev-1'])
    expect(device!.rules.map((r) => r.keyword)).toEqual(['harga', 'promo'])
    expect(device!.refreshedAt).toBe(now)
    expect(reads).toEqual(['dev-1', 'dev-1'])
  })

  it('takes a list the app read, and reads again after a change the app made', async () => {
    const rules = book()
    rules.keep('dev-1', [rule('r1', 'harga')])
    expect((await rules.chatbot(['dev-1']))[0]!.rules.map((r) => r.keyword)).toEqual(['harga'])
    expect(reads).toEqual([])
    gateway.set('dev-1', [rule('r2', 'promo')])
    await rules.changed('dev-1')
    expect((await rules.chatbot(['dev-1']))[0]!.rules.map((r) => r.keyword)).toEqual(['promo'])
  })

  it('knows since when each rule reads as it does: unknown at the first read, kept while unchanged, new when changed', async () => {
    const rules = book()
    const first = now
    rules.keep('dev-1', [rule('r1', 'harga'), rule('r2', 'promo')])
    now += 60_000
    const changed = { ...rule('r2', 'promo'), response: 'Diskon 20%' }
    rules.keep('dev-1', [rule('r1', 'harga'), changed, rule('r3', 'ongkir')])
    now += 60_000
    rules.keep('dev-1', [rule('r1', 'harga'), changed, rule('r3', 'ongkir')])
    const [device] = await rules.chatbot(['dev-1'])
    expect(device!.rules.map((r) => [r.id, r.knownSince])).toEqual([
      ['r1', null],
      ['r2', first + 60_000],
      ['r3', first + 60_000]
    ])
  })

  it('keeps the copy when the gateway cannot be read, and forgets a removed device', async () => {
    book().keep('dev-1', [rule('r1', 'harga')])
    const kept = now
    now += AUTO_REPLY_STALE_MS + 1
    const [device] = await book(true).chatbot(['dev-1'])
    expect(device).toMatchObject({ refreshedAt: kept, rules: [{ keyword: 'harga' }] })
    book().forget('dev-1')
    expect(await book(true).chatbot(['dev-1'])).toEqual([{ deviceId: 'dev-1', refreshedAt: null, rules: [] }])
  })

  it('asks a gateway that failed again only after a minute, however often the inbox changes', async () => {
    const failures: unknown[] = []
    const rules = book(true, failures)
    await rules.chatbot(['dev-1'])
    now += AUTO_REPLY_RETRY_MS - 1
    await rules.chatbot(['dev-1'])
    expect(reads).toEqual(['dev-1'])
    now += 1
    await rules.chatbot(['dev-1'])
    expect(reads).toEqual(['dev-1', 'dev-1'])
    expect(failures).toHaveLength(2)
  })
})
