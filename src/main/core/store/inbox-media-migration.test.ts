// The migration that keeps customers' files' state: messages kept before it with a media URL wait to be fetched
// (due at once), texts have no file state, and the store reads both as the fetcher and the thread expect.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { openDatabase } from './database'
import { InboxMediaStore } from './inbox-media-store'
import { InboxStore } from './inbox-store'
import { migrations } from './migrations'

const dir = mkdtempSync(join(tmpdir(), 'inbox-media-migration-'))
afterEach(() => rmSync(dir, { recursive: true, force: true }))

it('makes the files of messages kept before it pending, due at once, and leaves texts without a file state', () => {
  const step = migrations.findIndex(
    (m) => m.name === 'inbox: media fetched once into private storage, with its state'
  )
  expect(step).toBeGreaterThan(0)
  const old = openDatabase({ dataDir: dir, migrations: migrations.slice(0, step) })
  const event = old.prepare(
    `INSERT INTO inbox_events (identity, kind, mailbox, seq, received_at, stored_at, payload)
     VALUES (?, 'incoming', 'box', ?, 1000, 1000, '{}')`
  )
  const message = old.prepare(
    `INSERT INTO inbox_messages (event_id, message_id, device_serial, chat_id, is_group, text, message_type, media_url,
       media_file, media_mime, received_at, from_me)
     VALUES (?, ?, 'SER-1', '6281234567890', 0, ?, ?, ?, ?, ?, 1000, 0)`
  )
  const photo = Number(event.run('incoming:1', 1).lastInsertRowid)
  const text = Number(event.run('incoming:2', 2).lastInsertRowid)
  message.run(photo, 'm1', 'Foto', 'image', 'https://solo.wablas.com/image/a.jpg', 'a.jpg', 'image/jpeg')
  message.run(text, 'm2', 'halo', 'text', null, null, null)
  old.close()

  const db = openDatabase({ dataDir: dir })
  const media = new InboxMediaStore(db)
  expect(media.due(0, 10)).toMatchObject([
    { url: 'https://solo.wablas.com/image/a.jpg', file: 'a.jpg', declaredMime: 'image/jpeg', attempts: 0 }
  ])
  const [newest, oldest] = new InboxStore(db).messages({ limit: 10 })
  expect(newest?.media).toBeNull()
  expect(oldest?.media).toMatchObject({ state: 'pending', type: 'image/jpeg', bytes: null })
  db.close()
})
