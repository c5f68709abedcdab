// A fresh `sender-desk outbox list` builds the contract schemas of the one channel it calls (issue 18, start-up):
// nothing on its path may walk every channel's schemas again.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it, vi } from 'vitest'
import { openDatabase } from '../core/store'

const work = mkdtempSync(join(tmpdir(), 'sd-outbox-start-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

it('builds only outbox:list, and still answers through its schemas', async () => {
  // A data folder with Sender Desk's data to list (without any, the command says so and reads nothing).
  openDatabase({ dataDir: join(work, 'data') }).close()
  // A new module graph, as a new process has: the CLI and the contract it reads are fresh copies.
  vi.resetModules()
  const contract = await import('../../shared/contract')
  const { runCliJson } = await import('./testing/in-process')
  expect(contract.builtChannels()).toEqual([])

  const listed = await runCliJson({ SENDER_DESK_DATA_DIR: join(work, 'data') }, ['outbox', 'list'])

  expect(listed).toMatchObject({ code: 0, json: { ok: true, items: [], total: 0 } })
  expect(contract.builtChannels()).toEqual(['outbox:list'])
})
