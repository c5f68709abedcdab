// `sender-desk optout list|add|remove|import` in process against a real sandbox gateway: the campaigns feature's
// opt-out commands from the terminal (normalised numbers, invalid ones named, the gateway's blacklist updated).
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Sandbox } from '@sender-desk/sandbox-gateway'
import { optOutLine } from './optout-commands'
import { localDateTime } from './times'
import { NUMBER_LIST_CASES } from '../../shared/domain/csv-read.cases'
import { runCli, runCliJson, sandboxForCli } from './testing/in-process'
import { optOutGatewaySync } from '../core/campaigns'
import { openDatabase } from '../core/store'

let work: string
let sandbox: Sandbox
let env: NodeJS.ProcessEnv

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'sd-optout-cli-'))
  ;({ sandbox, env } = await sandboxForCli(join(work, 'data'), { seed: 11 }))
})

afterAll(async () => {
  await sandbox?.close()
  rmSync(work, { recursive: true, force: true })
})

/** Runs the CLI in process; returns the exit code and the one JSON result line. */
const cli = (...args: string[]) => runCliJson(env, args)
const listed = async (): Promise<string[]> =>
  ((await cli('optout', 'list')).json.optOuts as { phone: string }[]).map((o) => o.phone).sort()

describe('sender-desk optout', () => {
  // A read-only command: on a computer with no data folder it made one, and an empty database, to say the list is empty.
  it('lists nothing on a computer with no data folder, says there is no data yet there, and creates none', async () => {
    const missing = join(work, 'new-computer', 'data')
    const listed = await runCli(['optout', 'list', '--data-dir', missing], env)
    expect(listed.code, listed.stderr).toBe(0)
    expect(listed.stdout).toBe(
      `No data yet: Sender Desk has no data in ${missing}. The app's data folder is in its Settings → Data and security; give it with --data-dir or SENDER_DESK_DATA_DIR.\n`
    )
    expect(await runCliJson({ ...env, SENDER_DESK_DATA_DIR: missing }, ['optout', 'list'])).toEqual({
      code: 0,
      json: { ok: true, optOuts: [], noDataIn: missing }
    })
    expect(existsSync(join(work, 'new-computer'))).toBe(false)
  })

  it('adds numbers however they are written, names the invalid ones, and pushes them to the gateway', async () => {
    // Nothing added yet on this computer: no data folder yet either.
    expect(await cli('optout', 'list')).toEqual({
      code: 0,
      json: { ok: true, optOuts: [], noDataIn: join(work, 'data') }
    })
    const added = await cli('optout', 'add', '0812-3456-7890', '+62 813 1111 2222,123')
    expect(added.code).toBe(2)
    expect(added.json).toMatchObject({
      ok: false,
      added: 2,
      invalid: ['123'],
      gatewaySync: { background: false, devices: [{ ok: true, message: null }] }
    })
    expect(await listed()).toEqual(['6281311112222', '6281234567890'].sort())
    const again = await cli('optout', 'add', '6281234567890')
    expect(again).toMatchObject({ code: 0, json: { ok: true, added: 0, invalid: [] } })
  })

  it('counts in words, and says a number already listed was there rather than "Added 0"', async () => {
    const one = await runCli(['optout', 'add', '081355500001'], env)
    expect(one.stdout).toMatch(/^Added 1 number to the opt-out list\.\n/)
    const again = await runCli(['optout', 'add', '0813-5550-0001'], env)
    expect(again.code).toBe(0)
    expect(again.stdout).toMatch(/^6281355500001 was already on the opt-out list\.\n/)
    expect(again.stdout).not.toContain('Added')
    const some = await runCli(['optout', 'add', '081355500001,081355500002,081355500003'], env)
    expect(some.stdout).toMatch(
      /^Added 2 numbers to the opt-out list\.\n1 number was already on the opt-out list\.\n/
    )
    expect(await cli('optout', 'add', '081355500002')).toMatchObject({
      code: 0,
      json: { ok: true, added: 0, alreadyListed: 1 }
    })
    await cli('optout', 'remove', '081355500001')
    await cli('optout', 'remove', '081355500002')
    await cli('optout', 'remove', '081355500003')
  })

  it('imports a file of numbers, one a line or separated, and removes one', async () => {
    const file = join(work, 'optouts.txt')
    writeFileSync(file, '081300000001\r\n081300000002;081300000003\n\n081300000001\n')
    const imported = await cli('optout', 'import', file)
    expect(imported).toMatchObject({ code: 0, json: { ok: true, added: 3, invalid: [] } })
    const sources = (await cli('optout', 'list')).json.optOuts as { phone: string; source: string }[]
    expect(sources.find((o) => o.phone === '6281300000002')?.source).toBe('import')

    const removed = await cli('optout', 'remove', '0813-0000-0002')
    expect(removed).toMatchObject({
      code: 0,
      json: { ok: true, wasListed: true, gatewaySync: { devices: [{ ok: true }] } }
    })
    expect(await listed()).not.toContain('6281300000002')
    // Removing it again (or a number never listed) does not claim a removal.
    expect(await cli('optout', 'remove', '0813-0000-0002')).toMatchObject({
      code: 0,
      json: { wasListed: false }
    })
  })

  it('names a cell with digits that is no number as not valid, a word as left out', async () => {
    const file = join(work, 'with-header.csv')
    writeFileSync(file, 'phone\n081300000011\n0812-x\nxx\n')
    expect(await cli('optout', 'import', file)).toMatchObject({
      code: 2,
      json: { ok: false, added: 1, invalid: ['0812-x'], skipped: ['phone', 'xx'] }
    })
    await cli('optout', 'remove', '081300000011')
  })

  it.each(NUMBER_LIST_CASES)(
    'imports the numbers of $name, and says which cells it left out',
    async ({ name, content, skipped }) => {
      const file = join(work, `${name.replace(/\W+/g, '-')}.csv`)
      writeFileSync(file, content)
      try {
        const imported = await cli('optout', 'import', file)
        expect(imported).toEqual({
          code: 0,
          json: expect.objectContaining({
            ok: true,
            // Every case's list holds the same two numbers (one of them twice in a list typed by hand).
            added: 2,
            alreadyListed: 0,
            invalid: [],
            skipped
          })
        })
        expect(await listed()).toEqual(expect.arrayContaining(['6281234567001', '6281234567002']))
      } finally {
        await cli('optout', 'remove', '6281234567001')
        await cli('optout', 'remove', '6281234567002')
      }
    }
  )

  it('says in words which cells of a file it left out, and why', async () => {
    const phones = Array.from({ length: 7 }, (_, i) => `08123456701${i}`)
    try {
      const file = join(work, 'names.tsv')
      writeFileSync(file, `No HP\tNama\n${phones[0]}\tBudi\n${phones[1]}\tSari\n`)
      const imported = await runCli(['optout', 'import', file], env)
      expect(imported.code, imported.stderr).toBe(0)
      expect(imported.stdout).toMatch(
        /^Added 2 numbers to the opt-out list\.\nLeft out 4 cells that are not phone numbers \(headers, names, other columns\): No HP, Nama, Budi, Sari\n/
      )
      // A long sheet's names are counted past the first few; --json has them all.
      const names = ['Ani', 'Budi', 'Citra', 'Dewi', 'Eka', 'Fajar', 'Gita']
      const many = join(work, 'many-names.csv')
      writeFileSync(many, `Nama;No HP\n${names.map((n, i) => `${n};${phones[i]}`).join('\n')}\n`)
      const long = await runCli(['optout', 'import', many], env)
      expect(long.stdout).toContain(
        'Left out 9 cells that are not phone numbers (headers, names, other columns): Nama, No HP, Ani, Budi, Citra and 4 more\n'
      )
    } finally {
      for (const phone of phones) await cli('optout', 'remove', phone)
    }
  })

  it('keeps the local list without device credentials, and says so', async () => {
    const local = await runCliJson({ SENDER_DESK_DATA_DIR: env['SENDER_DESK_DATA_DIR'] }, [
      'optout',
      'add',
      '081399999999'
    ])
    expect(local).toMatchObject({ code: 0, json: { ok: true, added: 1, gatewaySync: { devices: [] } } })
    expect(await listed()).toContain('6281399999999')
  })

  it('refuses what it cannot do with a usage line', async () => {
    expect((await cli('optout', 'remove')).code).toBe(2)
    // In the words send file and campaign create use, not Node's "ENOENT: no such file or directory, open …".
    expect(await cli('optout', 'import', join(work, 'missing.txt'))).toEqual({
      code: 2,
      json: { ok: false, exitCode: 2, error: `file not found: ${join(work, 'missing.txt')}` }
    })
    const names = join(work, 'names-only.csv')
    writeFileSync(names, 'Nama\nBudi\n')
    expect(await cli('optout', 'import', names)).toEqual({
      code: 2,
      json: {
        ok: false,
        exitCode: 2,
        error:
          'the file holds no numbers. Left out 2 cells that are not phone numbers (headers, names, other columns): Nama, Budi'
      }
    })
    expect(await cli('optout', 'import', work)).toEqual({
      code: 2,
      json: { ok: false, exitCode: 2, error: `${work} is a folder, not a file` }
    })
    expect(String((await cli('optout', 'frobnicate')).json.error)).toContain('optout needs one of')
  })

  it('says a list was replaced, what it was, and what it is now', async () => {
    const before = (await cli('optout', 'keywords')).json.optOut as string[]
    const replaced = await runCli(['optout', 'keywords', 'stop', 'BERHENTI,  ,unsub'], env)
    expect(replaced.code, replaced.stderr).toBe(0)
    expect(replaced.stdout).toContain(`Replaced the stop words (they were: ${before.join(', ')}).`)
    expect(replaced.stdout).toContain('Stop: BERHENTI, UNSUB\n')
    await cli('optout', 'keywords', 'stop', before.join(','))
  })

  it('shows the keyword lists, replaces one, and refuses a list that cannot work, in words', async () => {
    const shown = await cli('optout', 'keywords')
    expect(shown).toMatchObject({
      code: 0,
      json: { ok: true, optOut: expect.arrayContaining(['STOP', 'BERHENTI']) }
    })
    // Kept in the case the match compares in, as the defaults are written ("cukup" matches "Cukup" either way).
    const replaced = await cli('optout', 'keywords', 'stop', 'STOP, cukup')
    expect(replaced).toMatchObject({
      code: 0,
      json: { optOut: ['STOP', 'CUKUP'], optIn: expect.arrayContaining(['MULAI']) }
    })
    expect((await cli('optout', 'keywords')).json.optOut).toEqual(['STOP', 'CUKUP'])
    const clash = await cli('optout', 'keywords', 'start', 'MULAI,stop')
    expect(clash.code).toBe(2)
    expect(JSON.stringify(clash.json)).toContain('cannot both stop and start')
    expect((await cli('optout', 'keywords')).json.optIn).not.toContain('stop')
  })
})

describe("the app's other devices", () => {
  it("get what the terminal added or took off at the app's next catch-up (the terminal opens one gateway)", async () => {
    const calls: string[] = []
    const other = {
      blacklist: async (phone: string) => (calls.push(`+${phone}`), { message: 'ok' }),
      unblacklist: async (phone: string) => (calls.push(`-${phone}`), { message: 'ok' })
    }
    /** The app, on the same data folder, with a device the terminal does not open. */
    const app = async (): Promise<void> => {
      const phones = await listed()
      const db = openDatabase({ dataDir: join(work, 'data') })
      try {
        await optOutGatewaySync({
          db,
          registry: {
            get: () => ({ label: 'Other' }),
            list: () => [{ id: 'other' }],
            openedClient: () => other
          },
          listed: () => phones,
          isListed: (phone) => phones.includes(phone)
        }).catchUp('other')
      } finally {
        db.close()
      }
    }
    await app()
    calls.length = 0
    await cli('optout', 'add', '081377700001')
    await app()
    expect(calls).toContain('+6281377700001')
    calls.length = 0
    await cli('optout', 'remove', '081377700001')
    await app()
    expect(calls).toEqual(['-6281377700001'])
  })
})

describe('optout list, as text', () => {
  const at = Date.UTC(2026, 10, 29, 9, 30)
  it('names the word a customer opted out with, quoted as typed, and the contact', () => {
    expect(
      optOutLine(
        { phone: '6281300000002', source: 'keyword', addedAt: at, name: 'Dewi', keyword: 'Stop.' },
        'Asia/Jakarta'
      )
    ).toBe('6281300000002  keyword "Stop."  2026-11-29 16:30 (Asia/Jakarta)  Dewi')
    // Entries from before the word was kept, and every other source, as before.
    expect(
      optOutLine(
        { phone: '6281300000003', source: 'import', addedAt: at, name: null, keyword: null },
        'Asia/Jakarta'
      )
    ).toBe('6281300000003  import  2026-11-29 16:30 (Asia/Jakarta)')
  })

  it("says when on the computer's clock, with the zone named, not as an ISO string in UTC", () => {
    const line = optOutLine({
      phone: '6281300000003',
      source: 'import',
      addedAt: at,
      name: null,
      keyword: null
    })
    expect(line).toBe(`6281300000003  import  ${localDateTime(at)}`)
    expect(line).not.toContain('T09:30:00')
  })
})
