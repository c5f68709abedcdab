// `send … --at` (QA10 Q10-20): a message for later from the terminal, kept in the outbox with its time, as the
// window's "Send later" keeps one; the time is checked by the schedule rule the window and core ask.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { dayIn } from '../../shared/domain'
import { runCli as runInProcess, type CliRun } from './testing/in-process'

let work: string
beforeEach(async () => {
  work = await mkdtemp(join(tmpdir(), 'sd-cli-at-'))
})
afterEach(async () => {
  await rm(work, { recursive: true, force: true })
})

const runCli = (argv: string[]): Promise<CliRun> => runInProcess(argv, {})

const ZONE = 'Asia/Jakarta'
/** Tomorrow at 09:00 on Jakarta's clock: always ahead. */
const tomorrowAtNine = (): string => `${dayIn(Date.now() + 24 * 60 * 60 * 1000, ZONE)} 09:00`
/** A gateway on this computer that is never reached: scheduling reaches no gateway. */
const device = (): string[] => [
  '--data-dir',
  join(work, 'data'),
  '--base-url',
  'http://127.0.0.1:9',
  '--token',
  'cli-test-token'
]

async function listed(): Promise<
  {
    status: string
    scheduledAt: string | null
    timezone: string | null
    scheduleMode: string | null
    text: string | null
  }[]
> {
  const list = await runCli(['outbox', 'list', '--json', '--data-dir', join(work, 'data')])
  expect(list.code, list.stderr).toBe(0)
  return (JSON.parse(list.stdout) as { items: never[] }).items
}

describe('sender-desk send … --at', () => {
  it('keeps a text for its time on this computer, on the zone given, and says when and how it goes', async () => {
    const at = tomorrowAtNine()
    const sent = await runCli([
      'send',
      'text',
      '--to',
      '081234567890',
      '--message',
      'Pengingat',
      '--at',
      at,
      '--zone',
      ZONE,
      ...device()
    ])
    expect(sent.code, sent.stderr).toBe(0)
    expect(sent.stdout).toContain(`Scheduled 1 item for ${at} (${ZONE})`)
    const [item] = await listed()
    expect(item).toMatchObject({
      status: 'scheduled',
      timezone: ZONE,
      scheduleMode: 'local',
      text: 'Pengingat'
    })
    expect(new Date(item!.scheduledAt!).toISOString()).toBe(
      new Date(`${at.replace(' ', 'T')}:00+07:00`).toISOString()
    )
  })

  it('lets the gateway keep a text with --on-gateway, and refuses it for a file (the gateway schedules text only)', async () => {
    const at = tomorrowAtNine()
    const kept = await runCli([
      'send',
      'text',
      '--to',
      '081234567890',
      '--message',
      'Promo',
      '--at',
      at,
      '--zone',
      ZONE,
      '--on-gateway',
      ...device()
    ])
    expect(kept.code, kept.stderr).toBe(0)
    expect((await listed())[0]).toMatchObject({ scheduleMode: 'gateway' })

    const file = join(work, 'katalog.pdf')
    await writeFile(file, '%PDF-1.4\nkatalog')
    const refused = await runCli([
      'send',
      'file',
      file,
      '--to',
      '081234567890',
      '--at',
      at,
      '--on-gateway',
      ...device()
    ])
    expect(refused.code).toBe(2)
    expect(refused.stderr).toMatch(/--on-gateway .*text/)
  })

  it('refuses a time gone by, one that does not exist, a bad shape and an unknown zone, before anything is queued', async () => {
    const cases: [string[], RegExp][] = [
      [
        ['--at', '2020-01-01 09:00', '--zone', ZONE],
        /--at 2020-01-01 09:00 \(Asia\/Jakarta\) has already passed/
      ],
      [['--at', '2031-02-30 09:00', '--zone', ZONE], /--at must be "Y-m-d H:i"/],
      [['--at', 'tomorrow 9', '--zone', ZONE], /--at must be "Y-m-d H:i"/],
      [['--at', tomorrowAtNine(), '--zone', 'Mars/Olympus'], /--zone Mars\/Olympus is not a time zone/],
      [['--zone', ZONE], /--zone goes with --at/],
      [['--on-gateway'], /--on-gateway goes with --at/]
    ]
    for (const [flags, message] of cases) {
      const refused = await runCli([
        'send',
        'text',
        '--to',
        '081234567890',
        '--message',
        'x',
        ...flags,
        ...device()
      ])
      expect(refused.code, flags.join(' ')).toBe(2)
      expect(refused.stderr).toMatch(message)
    }
    const list = await runCli(['outbox', 'list', '--json', '--data-dir', join(work, 'data')])
    expect(list.code === 0 ? (JSON.parse(list.stdout) as { items: unknown[] }).items : []).toEqual([])
  })
})
