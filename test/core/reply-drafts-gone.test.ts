/**
 * The core's kept list of the drafts' files (draft-files.json) holds each conversation's reply by its id. A
 * conversation deleted while the app was not looking (the terminal, on the same data folder) must not keep its entry:
 * the app drops it at its start, with its pasted copy, and its in-memory list does not write it back at a later save.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { composeCore, type Core } from '../../src/main/core/compose'
import { DraftFiles, type KeptFile } from '../../src/main/core/files/draft-files'
import { InboxConversationsStore, openDatabase } from '../../src/main/core/store'
import { conversationWithACustomer } from './testing/inbox-conversation'
import { MemoryVault } from '../../src/main/core/vault'

let dataDir: string
let core: Core | null = null
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'sd-reply-drafts-gone-'))
})
afterEach(async () => {
  await core?.stop()
  core = null
  rmSync(dataDir, { recursive: true, force: true })
})

const draftFilesPath = (): string => join(dataDir, 'draft-files.json')

/** A pasted file of the reply's draft, as the core keeps it under incoming/. */
function pastedFile(name: string): KeptFile {
  const path = join(dataDir, 'incoming', `${name}.pdf`)
  mkdirSync(join(dataDir, 'incoming'), { recursive: true })
  writeFileSync(path, '%PDF-1.4 katalog')
  return {
    handle: `old-${name}`,
    name: `${name}.pdf`,
    owned: true,
    pinned: { dev: 1, ino: 2, size: 16, mtimeMs: 3, realPath: path }
  }
}

function keptReplies(): string[] {
  const kept = JSON.parse(readFileSync(draftFilesPath(), 'utf8')) as { replies?: Record<string, unknown> }
  return Object.keys(kept.replies ?? {})
}

async function startedCore(): Promise<Core> {
  const started = await composeCore({
    dataDir,
    vault: new MemoryVault(),
    appInfo: { version: 'test', platform: 'test' },
    pollIntervals: { idleMs: 10 * 60_000, linkingMs: 60_000, settlingMs: 60_000 }
  })
  await started.start()
  return started
}

it('at its start, drops the reply of a conversation that no longer exists, with its pasted copy; a save does not bring it back', async () => {
  const kept = conversationWithACustomer(dataDir, '6281234567890')
  const gone = kept + 1
  const keptFile = pastedFile('kept-reply')
  const goneFile = pastedFile('gone-reply')
  writeFileSync(
    draftFilesPath(),
    JSON.stringify({ version: 1, files: [], replies: { [kept]: [keptFile], [gone]: [goneFile] } })
  )

  core = await startedCore()
  expect(keptReplies()).toEqual([String(kept)])
  expect(existsSync(goneFile.pinned.realPath)).toBe(false)
  expect(existsSync(keptFile.pinned.realPath)).toBe(true)

  // A later save of another draft (the Send view's) writes the list as the app holds it.
  await core.handlers['files:keepForDraft']({ handles: [] })
  expect(keptReplies()).toEqual([String(kept)])
})

it("a conversation the terminal deletes while the app runs: the app's next save does not write its reply back", async () => {
  const deleted = conversationWithACustomer(dataDir, '6281234567890')
  const other = conversationWithACustomer(dataDir, '6289999999999')
  writeFileSync(
    draftFilesPath(),
    JSON.stringify({
      version: 1,
      files: [],
      replies: { [deleted]: [pastedFile('a')], [other]: [pastedFile('b')] }
    })
  )
  core = await startedCore()
  expect(keptReplies().sort()).toEqual([String(deleted), String(other)].sort())

  // The terminal, on the same data folder: `inbox delete` takes the conversation and its entry in the list.
  const db = openDatabase({ dataDir })
  try {
    expect(new InboxConversationsStore(db).delete(deleted, Date.now())).not.toBeNull()
  } finally {
    db.close()
  }
  await new DraftFiles(draftFilesPath()).set(deleted, [])
  expect(keptReplies()).toEqual([String(other)])

  await core.handlers['files:keepForDraft']({ handles: [] })
  expect(keptReplies()).toEqual([String(other)])
})
