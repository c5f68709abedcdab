// `sender-desk inbox connect|sync|list|show` through `main(argv, env)` against a Node relay on 127.0.0.1: the URLs
// printed once, no secret ever printed, messages pulled once and read back; the states a sync ends in, as exit codes.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startNodeRelay, type NodeRelay } from '@sender-desk/inbox-relay'
import { inboxMediaDir } from '../core/inbox/media-fetcher'
import { DraftFiles, type KeptFile } from '../core/files/draft-files'
import { openDatabase } from '../core/store'
import { jsonLineOf, runCli } from './testing/in-process'
import { conversationLabel, describeSyncState, lastWriter } from './inbox-commands'
import type { InboxConversationView } from '../../shared/contract'
import { encodeNote } from '../../shared/i18n/notes'

let relayDir: string
let dataDir: string
let relay: NodeRelay
let env: NodeJS.ProcessEnv

beforeEach(async () => {
  relayDir = mkdtempSync(join(tmpdir(), 'inbox-cli-relay-'))
  dataDir = mkdtempSync(join(tmpdir(), 'inbox-cli-desk-'))
  relay = await startNodeRelay({ dataDir: relayDir })
  env = { SENDER_DESK_DATA_DIR: dataDir }
})

afterEach(async () => {
  await relay.close()
  rmSync(relayDir, { recursive: true, force: true })
  rmSync(dataDir, { recursive: true, force: true })
})

/** The one conversation in the data folder's database. */
function onlyConversation(folder: string): { id: number } {
  const db = openDatabase({ dataDir: folder })
  try {
    return db.prepare('SELECT id FROM inbox_conversations').get() as { id: number }
  } finally {
    db.close()
  }
}

async function post(url: string, body: unknown): Promise<void> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body)
  })
  expect(response.status).toBe(200)
}

describe('sender-desk inbox', () => {
  it('a relay that cannot be reached is a network failure (exit 4), as an unreachable gateway is', async () => {
    const address = new URL(relay.url)
    await relay.close()
    const connect = await runCli(['inbox', 'connect', '--relay', relay.url], env)
    expect(connect.code, connect.stderr).toBe(4)
    expect(connect.stderr).toContain(`relay: ${address.host} `)
    relay = await startNodeRelay({ dataDir: relayDir })
  })

  it('connects, prints the three webhook URLs once and no secret, then syncs, lists and shows a message', async () => {
    const connect = await runCli(['inbox', 'connect', '--relay', relay.url], env)
    expect(connect.code, connect.stderr).toBe(0)
    const incoming = /incoming messages:\s+(\S+)/.exec(connect.stdout)?.[1]
    expect(incoming).toMatch(new RegExp(`^${relay.url}/h/[\\w-]+/[\\w-]+/incoming$`))
    expect(connect.stdout).toMatch(/Tracking URL.*\/tracking\n/)
    expect(connect.stdout).toMatch(/Device status webhook.*\/device\n/)
    // The pull token and the private key stay in the data folder's secrets file (0600), never on the terminal.
    const secretsFile = join(dataDir, 'cli-secrets.json')
    expect(statSync(secretsFile).mode & 0o777).toBe(0o600)
    const entry = (
      JSON.parse(readFileSync(secretsFile, 'utf8')) as { entries: Record<string, { data: string }> }
    ).entries['inbox:mailbox']!
    const stored = JSON.parse(Buffer.from(entry.data, 'base64').toString('utf8')) as {
      token: string
      secret: string
    }
    const privateKey = (JSON.parse(stored.secret) as { privateKeyJwk: { d: string } }).privateKeyJwk.d
    expect(connect.stdout + connect.stderr).not.toContain(stored.token)
    expect(connect.stdout + connect.stderr).not.toContain(privateKey)

    const message = {
      id: 'WAID-1',
      pushName: 'Sari',
      isGroup: false,
      message: 'Apakah toko buka hari Minggu?',
      phone: '6281298765432',
      messageType: 'text',
      deviceId: 'A0HDJU',
      timestamp: '2026-01-15T03:00:00Z'
    }
    await post(incoming!, message)
    await post(incoming!, message)
    const sync = jsonLineOf(await runCli(['inbox', 'sync', '--json'], env))
    expect(sync).toMatchObject({
      ok: true,
      state: { kind: 'connected', behind: 0 },
      received: 1,
      duplicates: 1
    })

    const list = await runCli(['inbox', 'list', '--chat', '6281298765432'], env)
    expect(list.stdout).toContain(
      '*#1  2026-01-15 03:00  Sari <6281298765432>  Apakah toko buka hari Minggu?'
    )
    expect((await runCli(['inbox', 'list'], env)).stdout).toContain(
      '1 new   2026-01-15 03:00  Sari <6281298765432>  Apakah toko buka hari Minggu?'
    )
    const show = await runCli(['inbox', 'show', '1'], env)
    expect(show.code).toBe(0)
    expect(show.stdout).toContain('#1 from Sari <6281298765432>')
    expect(show.stdout).toContain('Apakah toko buka hari Minggu?')
    // Shown once: read now, and its conversation with it.
    expect((await runCli(['inbox', 'list', '--chat', '6281298765432', '--unread'], env)).stdout).toContain(
      'No messages yet.'
    )
    expect((await runCli(['inbox', 'list', '--unread'], env)).stdout).toContain('No conversations yet.')
    expect((await runCli(['optout', 'add', '081298765432'], env)).code).toBe(0)
    expect((await runCli(['inbox', 'list'], env)).stdout).toContain(
      '2026-01-15 03:00  Sari <6281298765432> (opted out)  Apakah toko buka hari Minggu?'
    )
    expect((await runCli(['optout', 'remove', '081298765432'], env)).code).toBe(0)

    // A chat's thread by its number as the operator types it; the name they give wins over the push name.
    await post(incoming!, {
      ...message,
      id: 'WAID-2',
      message: 'Jam berapa?',
      timestamp: '2026-01-15T03:05:00Z'
    })
    expect((await runCli(['inbox', 'sync'], env)).code).toBe(0)
    const added = await runCli(['contacts', 'add', '0812-9876-5432', '--name', 'Bu Sari'], env)
    // The name WhatsApp gave was kept for the number: it is renamed as asked, and what it was is said.
    expect(added.stdout).toContain('6281298765432 is now “Bu Sari” (was “Sari”).')
    const renamed = await runCli(['contacts', 'add', '0812-9876-5432', '--name', 'Bu Sari (kue)'], env)
    expect(renamed.stdout).toContain('6281298765432 is now “Bu Sari (kue)” (was “Bu Sari”).')
    const again = await runCli(['contacts', 'add', '0812-9876-5432', '--name', 'Bu Sari (kue)'], env)
    expect(again.stdout).toContain('6281298765432 is now “Bu Sari (kue)”.')
    const thread = await runCli(['inbox', 'show', '0812 9876 5432'], env)
    expect(thread.code, thread.stderr).toBe(0)
    expect(thread.stdout).toMatch(
      /Bu Sari \(kue\) <6281298765432> on device A0HDJU\n.*< {2}Apakah toko buka hari Minggu\?\n.*< {2}Jam berapa\?/
    )
    expect((await runCli(['inbox', 'list', '--unread'], env)).stdout).toContain('No conversations yet.')
    expect((await runCli(['contacts', 'list'], env)).stdout).toContain(
      '6281298765432    Bu Sari (kue)  (operator)'
    )
    expect((await runCli(['contacts', 'remove', '+62 812 9876 5432'], env)).stdout).toContain('Removed')
    expect((await runCli(['contacts', 'list'], env)).stdout).toContain('No contacts yet.')
    const unknown = await runCli(['inbox', 'show', '6280000000000'], env)
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toContain('no conversation with 6280000000000')
    const bad = await runCli(['contacts', 'add', 'abc', '--name', 'X'], env)
    expect(bad.code).toBe(2)
    expect(bad.stderr).toMatch(/“abc” is not a number a contact can have: .+\./)

    // A group's row says who wrote its newest message.
    await post(incoming!, {
      id: 'WAID-G1',
      isGroup: true,
      phone: '120363000000000001@g.us',
      group: { subject: 'Arisan', sender: '6281300000001' },
      pushName: 'Eko',
      message: 'siap',
      messageType: 'text',
      deviceId: 'A0HDJU',
      timestamp: '2026-01-15T03:10:00Z'
    })
    expect((await runCli(['inbox', 'sync'], env)).code).toBe(0)
    expect((await runCli(['inbox', 'list'], env)).stdout).toContain(
      'Arisan (120363000000000001@g.us)  Eko: siap'
    )
  })

  it('deletes a chat’s conversation only with --yes; a repeated webhook does not bring it back', async () => {
    const connect = await runCli(['inbox', 'connect', '--relay', relay.url], env)
    const incoming = /incoming messages:\s+(\S+)/.exec(connect.stdout)![1]!
    const message = {
      id: 'WAID-9',
      pushName: 'Sari',
      isGroup: false,
      message: 'Alamat saya Jl. Melati 12',
      phone: '6281298765432',
      messageType: 'text',
      deviceId: 'A0HDJU',
      timestamp: '2026-01-15T03:00:00Z'
    }
    await post(incoming, message)
    await post(incoming, { ...message, id: 'WAID-10', message: 'Sudah transfer' })
    expect((await runCli(['inbox', 'sync'], env)).code).toBe(0)

    const asked = await runCli(['inbox', 'delete', '0812 9876 5432'], env)
    expect(asked.code).toBe(2)
    expect(asked.stderr).toContain('the conversation with Sari <6281298765432>')
    expect(asked.stderr).toContain('add --yes to delete')
    expect((await runCli(['inbox', 'list'], env)).stdout).toContain('Sari <6281298765432>')

    // Pointed at the app's data folder, the terminal takes the app's fetched file of that chat with it.
    const db = openDatabase({ dataDir })
    db.prepare(`UPDATE inbox_messages SET media_state = 'fetched' WHERE number = 1`).run()
    db.close()
    mkdirSync(inboxMediaDir(dataDir), { recursive: true })
    writeFileSync(join(inboxMediaDir(dataDir), '1'), 'photo bytes')
    // The app kept a file for the reply being written there, and one for a conversation that is no longer here.
    const { id: conversationId } = onlyConversation(dataDir)
    const keptFile = (handle: string): KeptFile => ({
      handle,
      name: `${handle}.pdf`,
      owned: false,
      pinned: { dev: 1, ino: 2, size: 3, mtimeMs: 4, realPath: join(dataDir, `${handle}.pdf`) }
    })
    await new DraftFiles(join(dataDir, 'draft-files.json')).set(conversationId, [keptFile('reply-file')])
    await new DraftFiles(join(dataDir, 'draft-files.json')).set(conversationId + 1, [keptFile('other-reply')])
    const deleted = jsonLineOf(await runCli(['inbox', 'delete', '0812 9876 5432', '--yes', '--json'], env))
    expect(existsSync(join(inboxMediaDir(dataDir), '1'))).toBe(false)
    expect(deleted).toMatchObject({ ok: true, chatId: '6281298765432', messages: 2 })
    // The deleted conversation's reply draft no longer keeps its file, nor does the one of a conversation already
    // gone (the terminal checks them as the app's start does; test/core/reply-drafts-terminal.test.ts).
    const drafts = new DraftFiles(join(dataDir, 'draft-files.json'))
    expect(await drafts.of(conversationId)).toEqual([])
    expect(await drafts.of(conversationId + 1)).toEqual([])
    expect((await runCli(['inbox', 'list'], env)).stdout).toContain('No conversations yet.')
    await post(incoming, message)
    expect(jsonLineOf(await runCli(['inbox', 'sync', '--json'], env))).toMatchObject({
      received: 0,
      duplicates: 1
    })
    expect((await runCli(['inbox', 'list'], env)).stdout).toContain('No conversations yet.')
    const again = await runCli(['inbox', 'delete', '6281298765432', '--yes'], env)
    expect(again.code).toBe(2)
    expect(again.stderr).toContain('no conversation with 6281298765432')
  })

  it('refuses a second connect without --replace, and a show of a message that does not exist', async () => {
    expect((await runCli(['inbox', 'connect', '--relay', relay.url], env)).code).toBe(0)
    const again = await runCli(['inbox', 'connect', '--relay', relay.url], env)
    expect(again.code).toBe(2)
    expect(again.stderr).toContain('already connected')
    expect((await runCli(['inbox', 'show', '7'], env)).stderr).toContain('no message #7')
  })

  it('sync without a mailbox says how to connect (exit 2); a relay that is gone is a network failure (exit 4)', async () => {
    // Errors, each its one line on stderr and nothing on stdout (no "0 new" tally of a sync that did not run).
    const bare = await runCli(['inbox', 'sync'], env)
    expect(bare.code).toBe(2)
    expect(bare.stdout).toBe('')
    expect(bare.stderr).toBe('sender-desk: not connected: run sender-desk inbox connect --relay URL\n')
    expect(jsonLineOf(await runCli(['inbox', 'sync', '--json'], env))).toEqual({
      ok: false,
      exitCode: 2,
      error: 'not connected: run sender-desk inbox connect --relay URL'
    })
    const following = await runCli(['inbox', 'sync', '--follow'], env)
    expect(following.code).toBe(2)
    expect(following.stdout).toBe('')
    expect(following.stderr.match(/not connected/g)).toHaveLength(1)
    expect((await runCli(['inbox', 'connect', '--relay', relay.url], env)).code).toBe(0)
    await relay.close()
    const gone = await runCli(['inbox', 'sync'], env)
    expect(gone.code).toBe(4)
    expect(gone.stdout).toBe('')
    expect(gone.stderr).toMatch(/^sender-desk: relay unreachable since /)
    relay = await startNodeRelay({ dataDir: relayDir })
  })

  it('a refused pull token tried again reads as a refusal with its try and what to do, not as an unreachable relay', () => {
    const line = describeSyncState({
      kind: 'unreachable',
      since: Date.parse('2026-01-15T03:00:00.000Z'),
      fault: 'auth-refused',
      detail: encodeNote('inbox.fault.pullTokenRefusedRetrying', { attempt: 2, tries: 3 }),
      retryAt: Date.parse('2026-01-15T03:00:04.000Z')
    })
    expect(line).toBe(
      'the relay refused the pull token; trying again (2 of 3) at 2026-01-15T03:00:04.000Z (HTTP 401 since ' +
        '2026-01-15T03:00:00.000Z); if it keeps refusing, connect the inbox again (sender-desk inbox connect --replace)'
    )
  })

  it('a pull token refused past its quick tries says it is tried again slowly, and the other way', () => {
    const line = describeSyncState({
      kind: 'auth-refused',
      since: Date.parse('2026-01-15T03:00:00.000Z'),
      retryAt: Date.parse('2026-01-15T03:01:00.000Z')
    })
    expect(line).toBe(
      'the relay refused the pull token (HTTP 401 since 2026-01-15T03:00:00.000Z); trying again every few minutes, ' +
        'next at 2026-01-15T03:01:00.000Z. If the relay no longer knows this mailbox, connect the inbox again ' +
        '(sender-desk inbox connect --replace): messages still waiting on this mailbox stay there'
    )
  })

  it('sync counts in words: one message, one duplicate', async () => {
    const connect = await runCli(['inbox', 'connect', '--relay', relay.url], env)
    const incoming = /incoming messages:\s+(\S+)/.exec(connect.stdout)![1]!
    const message = { id: 'WAID-P1', phone: '6281298765432', message: 'Halo', deviceId: 'S1' }
    await post(incoming, message)
    await post(incoming, message)
    const sync = await runCli(['inbox', 'sync'], env)
    expect(sync.code, sync.stderr).toBe(0)
    expect(sync.stdout).toBe('connected, up to date; 1 new, 1 duplicate dropped; 1 message (1 unread)\n')
  })

  it('a relay on plain http to another computer is refused before any key is made', async () => {
    const run = await runCli(['inbox', 'connect', '--relay', 'http://relay.example.com'], env)
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('relay:')
  })

  it('rotate prints new URLs; the old ones still post for the grace day; without a mailbox it says so', async () => {
    const none = await runCli(['inbox', 'rotate'], env)
    expect(none.code, none.stdout).not.toBe(0)
    expect(none.stderr).toContain('No mailbox is connected yet')
    const connect = await runCli(['inbox', 'connect', '--relay', relay.url], env)
    const before = /incoming messages:\s+(\S+)/.exec(connect.stdout)?.[1]
    const rotated = await runCli(['inbox', 'rotate', '--json'], env)
    expect(rotated.code, rotated.stderr).toBe(0)
    const { urls } = jsonLineOf(rotated) as { urls: { incoming: string; tracking: string; device: string } }
    expect(urls.incoming).toMatch(new RegExp(`^${relay.url}/h/[\\w-]+/[\\w-]+/incoming$`))
    expect(urls.incoming).not.toBe(before)
    await post(urls.incoming, {
      id: 'WAID-R1',
      phone: '6281234567890',
      message: 'new secret',
      deviceId: 'S1'
    })
    await post(before!, { id: 'WAID-R2', phone: '6281234567890', message: 'old secret', deviceId: 'S1' })
    expect((await runCli(['inbox', 'sync'], env)).code).toBe(0)
    // Both reached the one chat: its messages, not the conversation list (which shows the newest only).
    const list = await runCli(['inbox', 'list', '--chat', '6281234567890'], env)
    expect(list.stdout).toContain('new secret')
    expect(list.stdout).toContain('old secret')

    // After a leak: --stop-old ends the previous addresses now.
    const leaked = await runCli(['inbox', 'rotate', '--stop-old'], env)
    expect(leaked.code, leaked.stderr).toBe(0)
    expect(leaked.stdout).toContain('the old ones stopped now')
    const response = await fetch(urls.incoming, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: 'WAID-R3', phone: '6281234567890', message: 'too late', deviceId: 'S1' })
    })
    expect(response.status).toBe(404)
  })

  it('rotate --pull-token gives the mailbox a new pull token, never printed, and the sync goes on with it', async () => {
    const connect = await runCli(['inbox', 'connect', '--relay', relay.url], env)
    const incoming = /incoming messages:\s+(\S+)/.exec(connect.stdout)?.[1]
    const vaultBefore = readFileSync(join(dataDir, 'cli-secrets.json'), 'utf8')
    const rotated = await runCli(['inbox', 'rotate', '--pull-token', '--json'], env)
    expect(rotated.code, rotated.stderr).toBe(0)
    expect(jsonLineOf(rotated)).toEqual({ ok: true, pullToken: 'rotated' })
    const text = await runCli(['inbox', 'rotate', '--pull-token'], env)
    expect(text.code, text.stderr).toBe(0)
    expect(text.stdout).toContain(
      'New pull token kept in this computer’s secrets; the old one no longer works.'
    )
    expect(readFileSync(join(dataDir, 'cli-secrets.json'), 'utf8')).not.toBe(vaultBefore)
    for (const run of [rotated, text]) expect(run.stdout + run.stderr).not.toMatch(/[A-Za-z0-9_-]{43}/)
    await post(incoming!, {
      id: 'WAID-T1',
      phone: '6281234567890',
      message: 'after the token',
      deviceId: 'S1'
    })
    expect((await runCli(['inbox', 'sync'], env)).code).toBe(0)
    expect((await runCli(['inbox', 'list', '--chat', '6281234567890'], env)).stdout).toContain(
      'after the token'
    )
    const both = await runCli(['inbox', 'rotate', '--pull-token', '--stop-old'], env)
    expect(both.code).toBe(2)
    expect(both.stderr).toContain('rotate [--stop-old | --pull-token]')
  })
})

describe('a conversation row in the terminal', () => {
  const row = (over: Partial<InboxConversationView>): InboxConversationView =>
    ({ isGroup: false, lastFromMe: false, lastSender: null, ...over }) as InboxConversationView
  it('says who wrote the newest message', () => {
    expect(lastWriter(row({}))).toBe('')
    expect(lastWriter(row({ lastFromMe: true }))).toBe('you: ')
    expect(lastWriter(row({ isGroup: true, lastSender: 'Eko' }))).toBe('Eko: ')
  })
  it('names a customer on the opt-out list as opted out, as the window’s row does (list and thread heading)', () => {
    const sari = { chatId: '6281298765432', contactName: 'Bu Sari', pushName: 'Sari' }
    expect(conversationLabel(row({ ...sari, optedOut: true }))).toBe('Bu Sari <6281298765432> (opted out)')
    expect(conversationLabel(row({ ...sari, optedOut: false }))).toBe('Bu Sari <6281298765432>')
  })
  it('says a newest reply the customer will not have as the window does: failed, cancelled, deleted', () => {
    expect(lastWriter(row({ lastFromMe: true, lastUnreached: 'failed' }))).toBe('you, failed: ')
    expect(lastWriter(row({ lastFromMe: true, lastUnreached: 'optedOut' }))).toBe(
      'you, not sent (opted out): '
    )
    expect(lastWriter(row({ lastFromMe: true, lastUnreached: 'revoked' }))).toBe(
      'you, deleted for everyone: '
    )
  })
})
