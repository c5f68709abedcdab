// The window's one lookup of names (numbers' contact names, groups' subjects, many at once) and the contact picker's
// suggestions, over contacts and the inbox's group conversations.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ContactsStore } from './contacts-store'
import { openDatabase, type SqliteDatabase } from './database'
import type { NewInboxMessage } from './inbox-records'
import { InboxStore, type NewInboxEvent } from './inbox-store'

let dir: string
let db: SqliteDatabase
let inbox: InboxStore
let contacts: ContactsStore
let seq = 0
let made = 0

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'inbox-conversations-'))
  db = openDatabase({ dataDir: dir })
  inbox = new InboxStore(db)
  contacts = new ContactsStore(db)
  seq = 0
})
afterEach(() => {
  db.close()
  rmSync(dir, { recursive: true, force: true })
})

function message(overrides: Partial<NewInboxMessage>): NewInboxMessage {
  return {
    messageId: `m${++made}`,
    deviceSerial: 'SER-1',
    devicePhone: '6281100000001',
    chatId: '6281234567890',
    isGroup: false,
    groupSubject: null,
    groupMember: null,
    pushName: 'Budi',
    text: 'halo',
    messageType: 'text',
    mediaUrl: null,
    mediaFile: null,
    mediaMime: null,
    sentAt: null,
    fromMe: false,
    ...overrides
  }
}

/** Commits messages as the sync does, one relay page. */
function receive(...messages: NewInboxMessage[]): void {
  const from = inbox.cursor('box')
  const events: NewInboxEvent[] = messages.map((m) => {
    seq++
    return {
      identity: `incoming:${m.deviceSerial}/${m.messageId}`,
      kind: 'incoming',
      seq,
      receivedAt: 1_000 * seq,
      payload: {},
      applied: true,
      message: m
    }
  })
  expect(inbox.commit('box', from, seq, events, 0)).not.toBeNull()
}

describe('names of chats', () => {
  const group = (deviceSerial: string, subject: string): NewInboxMessage =>
    message({
      deviceSerial,
      chatId: '120363000000000001',
      isGroup: true,
      groupSubject: subject,
      groupMember: '6281200000009',
      pushName: 'Member'
    })

  it('answers many chats in one call: contact names, the newest subject of a group, nothing for the unknown', () => {
    contacts.learn('6281111111111', 'Bu Dewi', 'operator', 1)
    receive(message({ chatId: '6282222222222', pushName: 'Sari' }), group('SER-1', 'Arisan RT 5'))
    receive(group('SER-2', 'Arisan RT 5 (2026)'))
    const names = contacts.names(['6281111111111', '6282222222222', '120363000000000001', '6283333333333'])
    expect(names.sort((a, b) => a.chatId.localeCompare(b.chatId))).toEqual([
      { chatId: '120363000000000001', name: 'Arisan RT 5 (2026)' },
      { chatId: '6281111111111', name: 'Bu Dewi' },
      { chatId: '6282222222222', name: 'Sari' }
    ])
    expect(contacts.names([])).toEqual([])
  })

  it('suggests contacts by name or digits and groups by subject, once each', () => {
    contacts.learn('6281111111111', 'Bu Dewi', 'operator', 1)
    contacts.learn('6282222222222', 'Pak Dewa', 'campaign', 1)
    receive(group('SER-1', 'Dewan RT 5'), group('SER-2', 'Dewan RT 5'))
    expect(contacts.suggest('dew', 10)).toEqual([
      { chatId: '6281111111111', name: 'Bu Dewi', isGroup: false },
      { chatId: '6282222222222', name: 'Pak Dewa', isGroup: false },
      { chatId: '120363000000000001', name: 'Dewan RT 5', isGroup: true }
    ])
    expect(contacts.suggest('8222', 10).map((s) => s.chatId)).toEqual(['6282222222222'])
    expect(contacts.suggest('50%', 10)).toEqual([])
  })
})
