// Every read-only terminal command on a computer with no data folder: it says there is no data yet, and where it
// looked, and creates nothing (opening the terminal's core made the folder and an empty database to say "empty").
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { DEFAULT_OPT_OUT_KEYWORDS } from '../../shared/domain'
import { runCli, runCliJson } from './testing/in-process'

let work: string

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'sd-no-data-'))
})

afterAll(() => {
  rmSync(work, { recursive: true, force: true })
})

const noDataYet = (dataDir: string): string =>
  `No data yet: Sender Desk has no data in ${dataDir}. The app's data folder is in its Settings → Data and security; give it with --data-dir or SENDER_DESK_DATA_DIR.`

// Each command, and what its --json says it found besides `noDataIn`.
const READ_ONLY: readonly [string, string[], Record<string, unknown>][] = [
  ['outbox list', ['outbox', 'list'], { items: [], total: 0 }],
  ['outbox list --campaign', ['outbox', 'list', '--campaign', 'Arisan'], { items: [], total: 0 }],
  ['campaign status', ['campaign', 'status'], { campaigns: [] }],
  ['optout list', ['optout', 'list'], { optOuts: [] }],
  ['optout keywords', ['optout', 'keywords'], { ...DEFAULT_OPT_OUT_KEYWORDS }],
  ['inbox list', ['inbox', 'list'], { conversations: [] }],
  ['inbox list --chat', ['inbox', 'list', '--chat', '6281234567890'], { messages: [] }],
  ['contacts list', ['contacts', 'list'], { contacts: [] }],
  ['device invoices', ['device', 'invoices'], { invoices: [] }]
]

it.each(READ_ONLY)(
  '`%s` on a computer with no data folder says there is no data yet there, and creates none',
  async (name, argv, found) => {
    const computer = join(work, name.replace(/\W+/g, '-'))
    const missing = join(computer, 'data')
    const said = await runCli([...argv, '--data-dir', missing], {})
    expect(said.code, said.stderr).toBe(0)
    expect(said.stdout).toContain(`${noDataYet(missing)}\n`)
    expect(existsSync(computer)).toBe(false)
    const json = await runCliJson({ SENDER_DESK_DATA_DIR: missing }, argv)
    expect(json).toEqual({ code: 0, json: { ok: true, ...found, noDataIn: missing } })
    expect(existsSync(computer)).toBe(false)
  }
)
