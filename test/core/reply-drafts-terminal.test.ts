/**
 * The terminal on the app's data folder and the reply drafts' kept files (draft-files.json): it releases a gone
 * conversation's pasted reply file as the app does at its start, and its `inbox delete` lets the deleted conversation's
 * pasted file go at once, through the same owner as the window's delete (FileHandles) — not at the app's next start.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import type { KeptFile } from '../../src/main/core/files/draft-files'
import { runCli } from '../../src/main/cli/testing/in-process'
import { conversationWithACustomer } from './testing/inbox-conversation'

let dataDir: string
let env: NodeJS.ProcessEnv
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'sd-reply-drafts-terminal-'))
  env = { SENDER_DESK_DATA_DIR: dataDir }
})
afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true })
})

const draftFilesPath = (): string => join(dataDir, 'draft-files.json')

/** A pasted file of a reply's draft, as the app keeps it under incoming/. */
function pastedFile(name: string): KeptFile {
  const path = join(dataDir, 'incoming', `${name}.pdf`)
  mkdirSync(join(dataDir, 'incoming'), { recursive: true })
  writeFileSync(path, '%PDF-1.4 katalog')
  return {
    handle: `app-${name}`,
    name: `${name}.pdf`,
    owned: true,
    pinned: { dev: 1, ino: 2, size: 16, mtimeMs: 3, realPath: path }
  }
}

function keptReplies(): string[] {
  const kept = JSON.parse(readFileSync(draftFilesPath(), 'utf8')) as { replies?: Record<string, unknown> }
  return Object.keys(kept.replies ?? {})
}

it("releases, as the app's start does, the pasted reply file of a conversation that no longer exists", async () => {
  const kept = conversationWithACustomer(dataDir, '6281234567890')
  const keptFile = pastedFile('kept-reply')
  const goneFile = pastedFile('gone-reply')
  writeFileSync(
    draftFilesPath(),
    JSON.stringify({ version: 1, files: [], replies: { [kept]: [keptFile], [kept + 1]: [goneFile] } })
  )
  expect((await runCli(['inbox', 'list'], env)).code).toBe(0)
  expect(keptReplies()).toEqual([String(kept)])
  expect(existsSync(goneFile.pinned.realPath)).toBe(false)
  expect(existsSync(keptFile.pinned.realPath)).toBe(true)
})

it("inbox delete lets the deleted conversation's pasted reply file go at once; another's stays", async () => {
  const deleted = conversationWithACustomer(dataDir, '6281234567890')
  const other = conversationWithACustomer(dataDir, '6289999999999')
  const deletedFile = pastedFile('deleted-reply')
  const otherFile = pastedFile('other-reply')
  writeFileSync(
    draftFilesPath(),
    JSON.stringify({ version: 1, files: [], replies: { [deleted]: [deletedFile], [other]: [otherFile] } })
  )
  const run = await runCli(['inbox', 'delete', '6281234567890', '--yes'], env)
  expect(run.code, run.stderr).toBe(0)
  expect(keptReplies()).toEqual([String(other)])
  expect(existsSync(deletedFile.pinned.realPath)).toBe(false)
  expect(existsSync(otherFile.pinned.realPath)).toBe(true)
})
