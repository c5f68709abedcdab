// The inbox's search finds a file by its name (QA61: a customer's document sent without a caption, and a reply's, were
// found by nothing the operator remembered of them): a customer's message on a database upgraded from before the index
// held names and written after it, by the index (three characters or more) and message by message (fewer), gone with
// its conversation; and the operator's own replies, by the outbox's index and its walk.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { openDatabase } from './database'
import { InboxConversationsStore } from './inbox-conversations-store'
import type { NewInboxMessage } from './inbox-records'
import { migrations } from './migrations'
import { OutboxStore } from './outbox-store'
import { newInboxMessage } from './testing/new-inbox-message'
import { receiveMessages } from './testing/receive-messages'
import { newTextItem } from './testing/new-item'

const dir = mkdtempSync(join(tmpdir(), 'inbox-file-name-search-'))
afterEach(() => rmSync(dir, { recursive: true, force: true }))

/** A customer's document, `caption` its text ('' for none). */
const document = (
  messageId: string,
  fileName: string,
  caption: string,
  chatId = '6281234567890'
): NewInboxMessage =>
  newInboxMessage(messageId, {
    chatId,
    text: caption,
    messageType: 'document',
    mediaUrl: `https://gateway.example/files/${messageId}`,
    mediaFile: fileName,
    mediaMime: 'application/pdf'
  })

it("finds a customer's file by its name after the upgrade, and as messages come and go", () => {
  const step = migrations.findIndex((m) =>
    m.name.startsWith("inbox: the messages' search index holds file names")
  )
  expect(step).toBeGreaterThan(0)
  const old = openDatabase({ dataDir: dir, migrations: migrations.slice(0, step) })
  receiveMessages(old, [
    document('invoice', 'Invoice Mei.pdf', ''),
    document('captioned', 'scan-001.pdf', 'Daftar harga grosir'),
    newInboxMessage('text', { text: 'halo kak, invoice menyusul' })
  ])
  old.close()

  const db = openDatabase({ dataDir: dir })
  try {
    const store = new InboxConversationsStore(db)
    const found = (text: string): string[] => store.search(text, 10).messages.map((m) => m.messageId)
    // By the index: the name and the text, each found; accents and case aside as the text is.
    expect(found('invoice')).toEqual(['text', 'invoice'])
    expect(found('invoice mei')).toEqual(['invoice'])
    expect(found('INVOICE MÉI')).toEqual(['invoice'])
    expect(found('scan-001')).toEqual(['captioned'])
    expect(found('grosir')).toEqual(['captioned'])
    // A word of the name and one of the caption, together.
    expect(found('scan grosir')).toEqual(['captioned'])
    // Under three characters, tested message by message: the name too.
    expect(found('.p')).toEqual(['captioned', 'invoice'])
    // The hit carries the name the window shows it by.
    expect(store.search('invoice mei', 10).messages[0]?.media?.file).toBe('Invoice Mei.pdf')

    // Written after it: indexed by the trigger, with its name.
    receiveMessages(db, [document('later', 'Kwitansi Juni.pdf', '', '6289999999999')])
    const later = store.search('kwitansi', 10).messages
    expect(later.map((m) => m.messageId)).toEqual(['later'])
    // Deleted with its conversation: gone from the index.
    expect(store.delete(later[0]!.conversationId, 10_000)?.messages).toBe(1)
    expect(found('kwitansi')).toEqual([])
    // The index agrees with the messages (FTS5 raises SQLITE_CORRUPT_VTAB otherwise).
    db.exec("INSERT INTO inbox_messages_search (inbox_messages_search) VALUES ('integrity-check')")
  } finally {
    db.close()
  }
})

it("finds the operator's reply by its file's name, by the index and by the walk", () => {
  const db = openDatabase({ dataDir: dir })
  try {
    const outbox = new OutboxStore(db)
    outbox.insertItems(
      [
        newTextItem('caption', { text: 'Ini daftar harganya kak', createdAt: 1_000 }),
        newTextItem('file', {
          kind: 'document',
          text: null,
          fileName: 'Katalog Desember.pdf',
          fileMime: 'application/pdf',
          fileSize: 1_000,
          attachmentSha256: null,
          createdAt: 2_000
        })
      ],
      [],
      [],
      1_000
    )
    const replies = (text: string): string[] => outbox.matchesWithText(text, 10).matches.map((m) => m.id)
    // Three characters or more: the index.
    expect(replies('katalog')).toEqual(['file'])
    expect(replies('KATALOG desember')).toEqual(['file'])
    // Fewer: the walk tests each item's text and name.
    expect(replies('.p')).toEqual(['file'])
    expect(replies('ka')).toEqual(['file', 'caption'])
  } finally {
    db.close()
  }
})
