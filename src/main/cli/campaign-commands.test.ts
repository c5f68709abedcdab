// `sender-desk campaign …` in process against a real sandbox gateway: create with bad rows and a fixed mapping,
// start (paced sends), pause, edit the pacing, resume, status, export and cancel, each with --json; the spreadsheet's
// limits and the files of a folder as the window's commands apply them.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import type { Sandbox, SandboxControl } from '@sender-desk/sandbox-gateway'
import { MAX_SPREADSHEET_BYTES, newCampaignPacing } from '../../shared/domain'
import { CAMPAIGN_END_CASES } from '../../shared/domain/finish-estimate.cases'
import { CAMPAIGN_BUCKET_CASES } from '../../shared/domain/campaign-buckets.cases'
import type { CampaignView } from '../../shared/contract'
import { openSettings } from '../core/compose-command-line'
import { openDatabase } from '../core/store'
import { terminalDeviceId } from '../core/devices'
import {
  describeCampaign,
  describeCancelReport,
  describeSameMessageMoves,
  parseMap
} from './campaign-commands'
import { localDateTime } from './times'
import { translate, type MessageKey } from '../../shared/i18n'
import { runCli, runCliJson, sandboxForCli } from './testing/in-process'

const FIXTURE = join(import.meta.dirname, '../core/campaigns/fixtures/bad-rows.csv')
let work: string
let sandbox: Sandbox
let control: SandboxControl
let env: NodeJS.ProcessEnv

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'sd-campaign-cli-'))
  ;({ sandbox, control, env } = await sandboxForCli(join(work, 'data'), {
    seed: 5,
    timings: { sentAfterMs: 50, deliveredAfterMs: 50, readAfterMs: 50 }
  }))
})

afterAll(async () => {
  await sandbox?.close()
  rmSync(work, { recursive: true, force: true })
})

/** Runs the CLI in process; returns the exit code and the one JSON result line. */
const cli = (...args: string[]) => runCliJson(env, args)

/** The take-back's line of `campaign status <id>` as printed, or null when it has none. */
async function takeBackLine(id: string): Promise<string | null> {
  const shown = await runCli(['campaign', 'status', id], env)
  expect(shown.code, shown.stderr).toBe(0)
  return shown.stdout.split('\n').find((line) => line.startsWith('Take-back')) ?? null
}

describe('--map', () => {
  it("takes the contacts' names column, the core's guess by default, none when left empty", () => {
    const headers = ['Nama', 'HP', 'Toko']
    expect(parseMap('phone=HP', headers, 'Nama').name).toBe('Nama')
    expect(parseMap('phone=HP;name=Toko', headers, 'Nama').name).toBe('Toko')
    expect(parseMap('phone=HP;name=', headers, 'Nama').name).toBeNull()
    expect(() => parseMap('phone=HP;name=Alamat', headers)).toThrow('no name column named "Alamat"')
  })
})

describe('a campaign in words', () => {
  const running = (finishAt: number | null): CampaignView => ({
    id: 'c1',
    name: 'bills',
    fileName: 'bills.csv',
    status: 'running',
    template: 'Hi',
    mapping: { phone: 'HP', variables: [] },
    pacing: newCampaignPacing('Asia/Jakarta'),
    headers: ['HP'],
    summary: { total: 3, ready: 3, skipped: 0, byProblem: {} },
    counts: { queued: 3 },
    devices: [{ deviceId: 'dev-1', wait: null, autoPaused: null }],
    estimate: { finishAt },
    createdAt: 0,
    startedAt: 0
  })
  const now = Date.UTC(2026, 10, 29, 9, 0)

  // As the window's page says it: a finished campaign's status named neither when it ran nor when it ended.
  it('says when it started, and when it finished or was cancelled once it did, on the clock asked for', () => {
    const started = Date.UTC(2026, 10, 29, 2, 0)
    const ended = Date.UTC(2026, 10, 29, 5, 30)
    const lines = (view: CampaignView): string[] => describeCampaign(view, now, 'Asia/Jakarta').split('\n')
    const base = { ...running(null), startedAt: started }
    expect(lines(base)).toContain('Started: 2026-11-29 09:00 (Asia/Jakarta)')
    expect(lines(base).some((line) => /^(Finished|Cancelled):/.test(line))).toBe(false)
    expect(lines({ ...base, status: 'finished', endedAt: ended })).toContain(
      'Finished: 2026-11-29 12:30 (Asia/Jakarta)'
    )
    expect(lines({ ...base, status: 'cancelled', endedAt: ended })).toContain(
      'Cancelled: 2026-11-29 12:30 (Asia/Jakarta)'
    )
    // QA77: ended by its last device's removal, it says so (nobody cancelled it).
    expect(
      lines({ ...base, status: 'cancelled', endedAt: ended, endReason: 'device_removed', devices: [] })
    ).toContain('Cancelled: 2026-11-29 12:30 (Asia/Jakarta): its device was removed from Sender Desk')
    // A draft never started says neither; one that ended before ends were kept, its start alone.
    expect(lines({ ...base, status: 'draft', startedAt: null }).join('\n')).not.toMatch(/Started|Finished/)
    expect(lines({ ...base, status: 'finished', endedAt: null }).join('\n')).not.toContain('Finished:')
  })

  it('says a draft left with no device (its only one removed) cannot start until one is chosen', () => {
    const draft: CampaignView = { ...running(null), status: 'draft', startedAt: null }
    const said = 'This draft has no device: choose one before starting.'
    expect(describeCampaign({ ...draft, devices: [] }, now, 'UTC').split('\n')).toContain(said)
    expect(describeCampaign(draft, now, 'UTC')).not.toContain(said)
    // An ended campaign with no device left has nothing to start: not said of it.
    expect(
      describeCampaign({ ...running(null), status: 'cancelled', devices: [] }, now, 'UTC')
    ).not.toContain(said)
  })

  it('gives an estimated end still ahead, and says a passed one is behind rather than give that time', () => {
    expect(describeCampaign(running(now + 60_000), now, 'UTC')).toContain(
      'Estimated finish: 2026-11-29 09:01 (UTC)'
    )
    const late = describeCampaign(running(now - 60_000), now)
    expect(late).not.toContain('2026-11-29T08:59')
    expect(late).toContain('Estimated finish: running behind the estimate')
    expect(describeCampaign(running(null), now)).not.toContain('Estimated finish')
  })

  it("gives a running campaign's end against its device's quota left, as the pre-send check does", () => {
    const part: CampaignView = {
      ...running(now + 3_600_000),
      estimate: {
        finishAt: now + 3_600_000,
        quotaFinish: { kind: 'part', at: now + 60_000, covered: 2, waiting: 6 }
      }
    }
    const text = describeCampaign(part, now, 'UTC')
    expect(text).toContain(
      'Estimated finish: the 2 messages the gateway quota covers by 2026-11-29 09:01 (UTC); ' +
        'the other 6 wait until the gateway package is renewed or topped up'
    )
    expect(text).not.toContain('10:00')
    const spent: CampaignView = {
      ...running(now + 3_600_000),
      estimate: { finishAt: now + 3_600_000, quotaFinish: { kind: 'waits_for_quota', waiting: 8 } }
    }
    expect(describeCampaign(spent, now, 'UTC')).toContain(
      'Estimated finish: none while the gateway quota is spent; the 8 messages left wait until the gateway package is renewed or topped up'
    )
  })

  it('gives a paused campaign no end, as the window does (QA24 Q24-08)', () => {
    const paused: CampaignView = { ...running(now + 60_000), status: 'paused' }
    expect(describeCampaign(paused, now, 'UTC')).not.toContain('Estimated finish')
    // Every device's part paused by itself: held as well, so no end either.
    const held: CampaignView = {
      ...running(now + 60_000),
      devices: [{ deviceId: 'dev-1', wait: null, autoPaused: 'disconnected' }]
    }
    expect(describeCampaign(held, now, 'UTC')).not.toContain('Estimated finish')
  })

  it.each(CAMPAIGN_END_CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const view: CampaignView = {
      ...running(c.campaign.finishAt),
      estimate: { finishAt: c.campaign.finishAt, quotaFinish: c.campaign.quotaFinish },
      status: c.campaign.status,
      devices: c.campaign.devices.map((d, i) => ({
        deviceId: `dev-${i}`,
        wait: null,
        autoPaused: d.autoPaused
      }))
    } as CampaignView
    const text = describeCampaign(view, c.now, 'UTC')
    if (c.expected.kind === 'none') expect(text).not.toContain('Estimated finish')
    else if (c.expected.kind === 'late') expect(text).toContain('running behind the estimate')
    else if (c.expected.kind === 'at')
      expect(text).toContain(`Estimated finish: ${localDateTime(c.expected.at, 'UTC')}`)
    else expect(text).toContain('until the gateway package is renewed or topped up')
  })

  it("names the sheet's blank rows under its rows, in the window's words, and nothing when it had none", () => {
    const view = running(null)
    const blank: CampaignView = { ...view, summary: { ...view.summary, blankRows: 1020 } }
    const lines = describeCampaign(blank, now, 'UTC').split('\n')
    const rows = lines.findIndex((line) => line.startsWith('Rows:'))
    expect(lines.slice(rows, rows + 2)).toEqual([
      'Rows: 3 — ready 3, skipped 0',
      '1,020 blank rows left out.'
    ])
    const one: CampaignView = { ...view, summary: { ...view.summary, blankRows: 1 } }
    expect(describeCampaign(one, now, 'UTC')).toContain('\n1 blank row left out.\n')
    expect(describeCampaign(view, now, 'UTC')).not.toMatch(/blank/i)
    const none: CampaignView = { ...view, summary: { ...view.summary, blankRows: 0 } }
    expect(describeCampaign(none, now, 'UTC')).not.toMatch(/blank/i)
  })

  // An operator's probe (stop 55): "skipped 4 (1 duplicate, 2 invalid phone, 1 missing variable)", the codes with a
  // space, where the window says "2 invalid numbers, 1 duplicate, 1 with an empty column" of the same sheet.
  it('says why rows were skipped in the window’s words, most common first', () => {
    const view = running(null)
    const skipped: CampaignView = {
      ...view,
      summary: {
        ...view.summary,
        total: 7,
        ready: 3,
        skipped: 4,
        byProblem: { duplicate: 1, invalid_phone: 2, missing_variable: 1 }
      }
    }
    expect(
      describeCampaign(skipped, now, 'UTC')
        .split('\n')
        .find((line) => line.startsWith('Rows:'))
    ).toBe('Rows: 7 — ready 3, skipped 4 (2 invalid numbers, 1 duplicate, 1 with an empty column)')
  })

  it("gives its times on the computer's clock with the zone named, never a raw ISO string", () => {
    const waiting: CampaignView = {
      ...running(now + 3 * 3_600_000),
      devices: [
        { deviceId: 'dev-1', wait: { code: 'outside_hours', until: now + 3_600_000 }, autoPaused: null }
      ]
    }
    const text = describeCampaign(waiting, now, 'Asia/Jakarta')
    // The pacing line names its hours' zone; the times below it name theirs (09:00 UTC is 16:00 in Jakarta).
    expect(text).toContain('08:00-20:00 Asia/Jakarta')
    expect(text).toContain('dev-1 — Waiting: outside working hours until 2026-11-29 17:00 (Asia/Jakarta)')
    expect(text).toContain('Estimated finish: 2026-11-29 19:00 (Asia/Jakarta)')
    const here = describeCampaign(waiting, now)
    expect(here).toContain(`Estimated finish: ${localDateTime(now + 3 * 3_600_000)}`)
    expect(here).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/)
  })

  // QA carried (campaign status): "Paused on dev-1: failure rate", "Waiting (outside hours) until …" and "Waiting
  // (device state)", the device's id and the core's codes, where the window says each part by its device's name in
  // sentences; the window's own choice of words (shared/campaign-part-words.ts) says them here too.
  describe("each device's part, by its name in the window's words", () => {
    const part = (over: Partial<CampaignView['devices'][number]>): CampaignView['devices'][number] => ({
      deviceId: 'dev-1',
      wait: null,
      autoPaused: null,
      ...over
    })
    const partLines = (
      parts: CampaignView['devices'],
      devices: Parameters<typeof describeCampaign>[4] = [{ id: 'dev-1', label: 'Toko Kedua' }],
      status: CampaignView['status'] = 'running'
    ): string[] =>
      describeCampaign({ ...running(null), status, devices: parts }, now, 'Asia/Jakarta', null, devices)
        .split('\n')
        .filter((line) => line.includes(' — ') && !line.startsWith('Rows:'))

    it('a part the core paused after too many failed sends', () => {
      expect(partLines([part({ autoPaused: 'failure_rate' })])).toEqual([
        'Toko Kedua — Paused: too many recent sends failed.'
      ])
    })

    it('a part waiting outside its working hours, until when on the clock asked for', () => {
      expect(partLines([part({ wait: { code: 'outside_hours', until: now + 3_600_000 } })])).toEqual([
        'Toko Kedua — Waiting: outside working hours until 2026-11-29 17:00 (Asia/Jakarta)'
      ])
    })

    it('a part waiting for its logged-out device, when the command could read its state', () => {
      const loggedOut = [{ id: 'dev-1', label: 'Toko Kedua', state: 'needs-scan' as const }]
      expect(partLines([part({})], loggedOut)).toEqual(['Toko Kedua — Waiting: the device is logged out.'])
      // Paused by the core when it dropped: by the state kept with the part, in the past.
      const dropped = part({ autoPaused: 'disconnected', deviceCause: { state: 'expired' } })
      expect(partLines([dropped])).toEqual(['Toko Kedua — Paused when the device was “Expired”.'])
    })

    it('a device named by the app, one it does not list by its id; each part of a running or paused campaign', () => {
      const two = [part({}), part({ deviceId: 'cli-7f3a', wait: { code: 'paused', until: null } })]
      expect(partLines(two, [{ id: 'dev-1', label: 'Toko Kedua' }], 'paused')).toEqual([
        'Toko Kedua — Sending now',
        'cli-7f3a — Paused by you'
      ])
      // A draft or a finished campaign has no part sending or waiting, as the window shows none.
      expect(partLines(two, [], 'finished')).toEqual([])
    })
  })

  // Issue 29 point 2 (one counting model), carried to the terminal: its "Sent:" line named accepted, sent, delivered,
  // read, failed, waiting and cancelled, and left out the rows deleted for everyone by a take-back, those cancelled at
  // the gateway, the scheduled and those being handed over, so its parts did not add up to the "ready" above it, and
  // its "cancelled" was not the window's. It names every non-empty bucket of the ready rows in the window's words.
  describe("its ready rows in the window's buckets, adding up to ready", () => {
    const sentLine = (view: CampaignView): string => {
      const line = describeCampaign(view, now, 'UTC')
        .split('\n')
        .find((l) => l.startsWith('Ready rows: '))
      expect(line).toBeDefined()
      return line ?? ''
    }
    /** Every number the "Sent:" line prints, added up, whatever words go with them. */
    const printedSum = (view: CampaignView): number =>
      [...sentLine(view).matchAll(/\d[\d,]*/g)].reduce(
        (total, m) => total + Number(m[0].replaceAll(',', '')),
        0
      )
    /** The numbers of the "Sent:" line's parts ("2 read; 1 cancelled"), by the words after each. */
    const sentParts = (view: CampaignView): Map<string, number> => {
      const parts = sentLine(view).slice('Ready rows: '.length).split('; ')
      return new Map(
        parts
          .filter((part) => part !== 'none')
          .map((part) => {
            const match = /^([\d,]+) (.+)$/.exec(part)
            expect(match, part).not.toBeNull()
            return [match?.[2] ?? '', Number((match?.[1] ?? '').replaceAll(',', ''))] as const
          })
      )
    }
    const sum = (parts: Map<string, number>): number => [...parts.values()].reduce((a, b) => a + b, 0)
    const words = (bucket: string): string => translate('en', `campaigns.count.${bucket}` as MessageKey)

    it('a campaign taken back: deleted for everyone and cancelled at the gateway are counted', () => {
      const view: CampaignView = {
        ...running(null),
        status: 'finished',
        counts: { read: 2, cancelled: 1, cancelled_at_gateway: 2, revoked: 3, optedOut: 1, skipped: 2 },
        summary: { total: 11, ready: 9, skipped: 2, byProblem: { duplicate: 2 } },
        takenBackAt: now
      }
      expect(printedSum(view)).toBe(view.summary.ready)
      const parts = sentParts(view)
      expect(sum(parts)).toBe(9)
      expect(parts.get(words('revoked'))).toBe(3)
      // Cancelled here or at the gateway, as the window's page counts it; the opted out apart, nobody cancelled them.
      expect(parts.get(words('cancelled'))).toBe(3)
      expect(parts.get(words('optedOut'))).toBe(1)
      expect(parts.get(words('read'))).toBe(2)
    })

    it('rows being handed to the gateway, scheduled, or with it: each named, in its order on the page', () => {
      const view: CampaignView = {
        ...running(null),
        counts: { waiting: 1, queued: 1, sending: 1, scheduled: 2, accepted: 1, sent: 1, failed: 1 },
        summary: { total: 8, ready: 8, skipped: 0, byProblem: {} }
      }
      expect(printedSum(view)).toBe(view.summary.ready)
      expect(sentLine(view)).toBe(
        `Ready rows: 3 ${words('queued')}; 2 ${words('scheduled')}; 1 ${words('withGateway')}; 1 ${words('sent')}; ` +
          `1 ${words('failed')}`
      )
    })

    it('a campaign with no ready row says so, naming no bucket', () => {
      const view: CampaignView = {
        ...running(null),
        status: 'finished',
        counts: { skipped: 3 },
        summary: { total: 3, ready: 0, skipped: 3, byProblem: { duplicate: 3 } }
      }
      expect(describeCampaign(view, now, 'UTC')).toContain('\nReady rows: none\n')
    })

    // The domain's table of a campaign's counts: each non-empty bucket but the skipped (the "Rows:" line's) named with
    // its count, and nothing else, so the parts add up to ready.
    it.each(CAMPAIGN_BUCKET_CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
      const skipped = c.expected.skipped ?? 0
      const view: CampaignView = {
        ...running(null),
        status: c.draft ? 'draft' : 'running',
        counts: c.counts as CampaignView['counts'],
        summary: {
          total: c.total,
          ready: c.total - skipped,
          skipped,
          byProblem: (c.skippedWhy ?? {}) as Record<string, number>
        }
      }
      expect(printedSum(view)).toBe(view.summary.ready)
      const expected = Object.entries(c.expected).filter(
        ([bucket, n]) => bucket !== 'skipped' && (n ?? 0) > 0
      )
      expect(sentParts(view)).toEqual(new Map(expected.map(([bucket, n]) => [words(bucket), n ?? 0])))
    })
  })

  // A row taken back at the gateway (the gateway held it, and cancelled it) was listed "Already with the gateway":
  // it is ended unsent, cancelled as its bucket counts it, in the outbox's words for its status.
  it('lists a row taken back at the gateway as ended unsent, cancelled at the gateway', () => {
    const said = describeCancelReport({
      cancelledRows: [4],
      alreadyAccepted: [{ rowNumber: 2, phone: '6281234567810', status: 'accepted', gatewayId: 'g2' }],
      endedUnsent: [
        { rowNumber: 3, phone: '6281234567811', bucket: 'cancelled', status: 'cancelled_at_gateway' },
        { rowNumber: 5, phone: '6281234567813', bucket: 'cancelled', status: 'cancelled' }
      ]
    })
    expect(said.split('\n')).toEqual([
      'Cancelled 1 row.',
      'Already with the gateway (1):',
      '  row 2  6281234567810  accepted  g2',
      'Already ended unsent (2):',
      '  row 3  6281234567811  cancelled at the gateway',
      '  row 5  6281234567813  cancelled'
    ])
  })
})

describe('sender-desk campaign', () => {
  // QA carried: `campaign status` said "Paused on <id>" and "Waiting (device state)"; it names the device as the app's
  // list does and, given the device's credentials, says what holds its part as the window does.
  it("status names each part's device by the app's name, and says its logged-out device holds it", async () => {
    // A gateway of its own: the other cases count what theirs was sent.
    const dataDir = join(work, 'named-device')
    mkdirSync(dataDir)
    const own = await sandboxForCli(dataDir, { seed: 7 })
    onTestFinished(() => own.sandbox.close())
    const named = own.env
    const token = String(named['SENDER_DESK_TOKEN'])
    const credentials = { baseUrl: String(named['SENDER_DESK_BASE_URL']), token }
    writeFileSync(
      join(dataDir, 'devices.json'),
      JSON.stringify({
        version: 1,
        devices: [{ id: 'dev-toko', label: 'Toko Kedua', terminalIds: [terminalDeviceId(credentials)] }]
      })
    )
    const sheet = join(work, 'named-device.csv')
    writeFileSync(sheet, 'Name,Phone\nAni,081234567061\nBudi,081234567062\n')
    const created = await runCliJson(named, [
      'campaign',
      'create',
      '--file',
      sheet,
      '--template',
      'Hi {Name}',
      '--hours',
      'any',
      '--delay',
      '60-60'
    ])
    expect(created.code).toBe(0)
    const id = (created.json.campaign as { id: string }).id
    // One row goes; the next waits a minute, and meanwhile the phone logs out.
    expect((await runCliJson(named, ['campaign', 'start', id, '--timeout', '1'])).code).toBe(0)
    await own.control.act(token, 'logout')
    const shown = await runCli(['campaign', 'status', id], named)
    expect(shown.code, shown.stderr).toBe(0)
    expect(shown.stdout).toContain('\nToko Kedua — Waiting: the device is logged out.\n')
    // --json says each part in the same words beside its id, so a script need not choose them again from the codes.
    const json = await runCliJson(named, ['campaign', 'status', id])
    expect(json.code).toBe(0)
    expect(json.json.campaigns).toMatchObject([
      {
        id,
        devices: [{ deviceId: 'dev-toko', wait: { code: 'gap' } }],
        parts: [
          {
            deviceId: 'dev-toko',
            device: 'Toko Kedua',
            words: 'Waiting: the device is logged out.',
            line: 'Toko Kedua — Waiting: the device is logged out.'
          }
        ]
      }
    ])
    // Without the device's credentials its state is not known here: the part is said by its own wait.
    const { SENDER_DESK_TOKEN: _token, ...noToken } = named
    const unknown = await runCli(['campaign', 'status', id], noToken)
    expect(unknown.code, unknown.stderr).toBe(0)
    expect(unknown.stdout).toMatch(
      /\nToko Kedua — Waiting between sends until \d{4}-\d{2}-\d{2} \d{2}:\d{2} \(/
    )
  })

  it('creates, starts, pauses, resumes, reports and exports a campaign', async () => {
    const refused = await cli(
      'campaign',
      'create',
      '--file',
      FIXTURE,
      '--map',
      'phone=Mobile',
      '--template',
      'Hi'
    )
    expect(refused.code).toBe(2)
    expect(String(refused.json.error)).toContain('no phone column named "Mobile"')

    const created = await cli(
      'campaign',
      'create',
      '--file',
      FIXTURE,
      '--map',
      'phone=Phone;vars=Name',
      '--template',
      'Hi {Name}',
      '--delay',
      '1.5-1.5',
      '--hours',
      'any',
      '--name',
      'CLI bills'
    )
    expect(created.code).toBe(0)
    const campaign = created.json.campaign as { id: string; summary: { ready: number; skipped: number } }
    expect(campaign.summary).toMatchObject({ ready: 3, skipped: 3 })
    // The sheet's Name column is guessed as the contacts' names, as in the window.
    expect(created.json.campaign).toMatchObject({ mapping: { phone: 'Phone', name: 'Name' } })

    const paused = await cli('campaign', 'pause', campaign.id)
    expect(paused.code).toBe(2) // a draft cannot pause

    // The terminal sends for 1 s (one row; the next waits 1.5 s), then the operator pauses and later resumes.
    const started = await cli('campaign', 'start', campaign.id, '--timeout', '1')
    expect(started.code).toBe(0)
    expect((started.json.campaign as { status: string }).status).toBe('running')
    expect(await control.messages()).toHaveLength(1)
    const pausedNow = await cli('campaign', 'pause', campaign.id)
    expect((pausedNow.json.campaign as { status: string }).status).toBe('paused')
    // The pacing is edited between pause and resume: the flags given change, the others (hours: any) stay.
    // The feature checks the policy and words the refusal; the terminal shows its text with exit code 2.
    const backwards = await cli('campaign', 'pacing', campaign.id, '--delay', '9-3')
    expect(backwards.code).toBe(2)
    expect(String(backwards.json.error)).toContain('The longest pause must be at least the shortest.')
    const faster = await cli('campaign', 'pacing', campaign.id, '--delay', '0.2-0.4')
    expect(faster.code).toBe(0)
    expect((faster.json.campaign as { pacing: unknown }).pacing).toMatchObject({
      minDelaySeconds: 0.2,
      maxDelaySeconds: 0.4,
      workingHours: null
    })
    const resumed = await cli('campaign', 'resume', campaign.id, '--timeout', '30')
    expect((resumed.json.campaign as { status: string }).status).toBe('finished')
    const phones = (await control.messages()).map((m) => m.phone)
    expect(phones).toHaveLength(3)
    expect(new Set(phones).size).toBe(3)

    const status = await cli('campaign', 'status', campaign.id)
    expect((status.json.campaigns as { counts: { accepted: number } }[])[0]?.counts.accepted).toBe(3)

    // The same sheet and words again within 24 hours leave out who got them, and say how to send anyway. The gateway
    // took them and has not reported them sent: they wait for it in the first campaign (QA73), not "got" it.
    const sameAgain = ['campaign', 'create', '--file', FIXTURE, '--template', 'Hi {Name}', '--hours', 'any']
    const leftOut = await runCli(sameAgain, env)
    expect(leftOut.code, leftOut.stderr).toBe(0)
    expect(leftOut.stdout).toContain(
      'skipped 6 (3 already waiting to get this same message in “CLI bills”, 2 invalid numbers, 1 duplicate)'
    )
    // The draft is there: the hint starts it with --send-recent rather than asking for it to be made again.
    const leftOutId = /campaign start (\S+) --send-recent/.exec(leftOut.stdout)?.[1] ?? ''
    expect(leftOut.stdout).toContain(
      `3 rows are left out for this same message (3 already waiting to get this same message in “CLI bills”); to send it to them again: sender-desk campaign start ${leftOutId} --send-recent`
    )
    // Which rows were skipped and why is a file away, as the window's "Download skipped rows" (stop 55's probe: the
    // terminal counted them and named none).
    expect(leftOut.stdout).toContain(
      `The skipped rows and why, to fix and import again: sender-desk campaign export ${leftOutId} --format skipped --out skipped-rows.csv`
    )
    const anyway = await cli(...sameAgain, '--send-recent')
    expect((anyway.json.campaign as { summary: { ready: number } }).summary.ready).toBe(3)
    // A draft made without it is started with it: the start sends to the three again.
    const startedAgain = await cli('campaign', 'start', leftOutId, '--send-recent', '--timeout', '1')
    expect(startedAgain.code).toBe(0)
    expect((startedAgain.json.campaign as { summary: { ready: number } }).summary.ready).toBe(3)
    expect((await cli('campaign', 'cancel', leftOutId)).code).toBe(0)

    const out = join(work, 'results.xlsx')
    expect((await cli('campaign', 'export', campaign.id, '--format', 'xlsx', '--out', out)).code).toBe(0)
    expect(readFileSync(out).subarray(0, 2).toString()).toBe('PK')
    const skipped = join(work, 'skipped.csv')
    await cli('campaign', 'export', campaign.id, '--format', 'skipped', '--out', skipped)
    expect(readFileSync(skipped, 'utf8')).toContain('duplicate of row 2')

    // A second run of the same file is cancelled after its first send: the report names the row already accepted.
    const second = await cli(
      'campaign',
      'create',
      '--file',
      FIXTURE,
      '--map',
      'phone=Phone;vars=Name',
      '--template',
      'Reminder {Name}',
      '--delay',
      '5-5',
      '--hours',
      'any'
    )
    const secondId = (second.json.campaign as { id: string }).id
    await cli('campaign', 'start', secondId, '--timeout', '1')
    // Row 6's customer opts out meanwhile (QA77: the window's report named such rows nowhere).
    expect((await cli('optout', 'add', '081234567812')).code).toBe(0)
    // The tests after this one share the data: the number goes back off the list.
    onTestFinished(async () => void (await cli('optout', 'remove', '081234567812')))
    const cancelled = await runCli(['campaign', 'cancel', secondId], env)
    expect(cancelled.code).toBe(0)
    // Counted in words ("1 row"), not "1 row(s)"; the row already with the gateway listed under it, and the row already
    // ended unsent under its own heading, in the campaign's words for its bucket.
    expect(cancelled.stdout).toMatch(/^Cancelled 1 row\.\nAlready with the gateway \(1\):\n {2}row 2 /)
    expect(cancelled.stdout).toMatch(
      /\nAlready ended unsent \(1\):\n {2}row 6 {2}6281234567812 {2}opted out during the campaign \(not sent\)\n$/
    )
    expect((await cli('campaign', 'cancel', secondId)).code).toBe(2)
  }, 60_000)

  // A draft left with no device by a removal could have its devices chosen again only in the window.
  it('devices chooses a draft’s devices again, by the app’s id or name, refused in the core’s words', async () => {
    const dataDir = join(work, 'draft-devices')
    mkdirSync(dataDir)
    const own = { ...env, SENDER_DESK_DATA_DIR: dataDir }
    const credentials = {
      baseUrl: String(env['SENDER_DESK_BASE_URL']),
      token: String(env['SENDER_DESK_TOKEN'])
    }
    writeFileSync(
      join(dataDir, 'devices.json'),
      JSON.stringify({
        version: 1,
        devices: [
          { id: 'dev-toko', label: 'Toko Kedua', terminalIds: [terminalDeviceId(credentials)] },
          { id: 'dev-gudang', label: 'Gudang' }
        ]
      })
    )
    const created = await runCliJson(own, ['campaign', 'create', '--file', FIXTURE, '--template', 'Hi'])
    expect(created.code).toBe(0)
    const id = (created.json.campaign as { id: string }).id
    // Its only device removed in the window: the draft is left with none.
    const db = openDatabase({ dataDir })
    db.prepare("UPDATE campaigns SET devices = '[]' WHERE id = ?").run(id)
    db.prepare('DELETE FROM campaign_devices WHERE campaign_id = ?').run(id)
    db.close()
    const status = await runCli(['campaign', 'status', id], own)
    expect(status.stdout).toContain(
      `\nThis draft has no device: choose one before starting.\nChoose them with: sender-desk campaign devices ${id} --device <id|name>[,…]\n`
    )

    const unknown = await runCli(['campaign', 'devices', id, '--device', 'dev-nope'], own)
    expect([unknown.code, unknown.stderr.trim()]).toEqual([2, 'sender-desk: That device no longer exists.'])
    const none = await runCli(['campaign', 'devices', id], own)
    expect(none.code).toBe(2)
    expect(none.stderr).toContain('--device is required')

    // By the app's name (case aside) or id; the draft said with the devices it now sends from, by their names.
    const said = await runCli(['campaign', 'devices', id, '--device', 'gudang, dev-toko'], own)
    expect(said.code, said.stderr).toBe(0)
    expect(said.stdout).toMatch(new RegExp(`^${id} {2}bad-rows {2}draft\\n`))
    expect(said.stdout).toContain('\nSend from: Gudang, Toko Kedua\n')
    const chosen = await runCliJson(own, ['campaign', 'devices', id, '--device', 'gudang,dev-toko'])
    expect(chosen.code).toBe(0)
    expect((chosen.json.campaign as CampaignView).devices.map((part) => part.deviceId)).toEqual([
      'dev-gudang',
      'dev-toko'
    ])
    const again = await runCli(['campaign', 'status', id], own)
    expect(again.stdout).not.toContain('This draft has no device')

    expect((await runCli(['campaign', 'cancel', id], own)).code).toBe(0)
    const ended = await runCli(['campaign', 'devices', id, '--device', 'dev-toko'], own)
    expect([ended.code, ended.stderr.trim()]).toEqual([
      2,
      'sender-desk: This campaign is cancelled; only a draft’s devices can be chosen again.'
    ])
  }, 60_000)

  it("starts a new campaign's working hours on the operator's zone (the settings'), not the gateway's", async () => {
    const dataDir = join(work, 'zone-data')
    const db = openDatabase({ dataDir })
    openSettings(db).settings.update({ defaultTimezone: 'America/Sao_Paulo' })
    db.close()
    const inZone = { ...env, SENDER_DESK_DATA_DIR: dataDir }
    const create = (...flags: string[]) =>
      runCliJson(inZone, [
        'campaign',
        'create',
        '--file',
        FIXTURE,
        '--map',
        'phone=Phone',
        '--template',
        'Hi',
        ...flags
      ])
    const plain = await create()
    expect(plain.code).toBe(0)
    const hours = (result: typeof plain) =>
      (result.json.campaign as { pacing: { workingHours: unknown } }).pacing.workingHours
    expect(hours(plain)).toEqual({ start: '08:00', end: '20:00', timeZone: 'America/Sao_Paulo' })
    const again = await create('--hours', '09:00-17:00')
    expect(hours(again)).toEqual({
      start: '09:00',
      end: '17:00',
      timeZone: 'America/Sao_Paulo'
    })
    // Without --name, the second campaign of the file is told apart from the first (QA4 F22).
    const name = (result: typeof plain) => (result.json.campaign as { name: string }).name
    expect([name(plain), name(again)]).toEqual(['bad-rows', 'bad-rows (2)'])
    // The zone is printed with the hours, so the terminal's reader knows whose clock they are on.
    const shown = await runCli(['campaign', 'status', (plain.json.campaign as { id: string }).id], inZone)
    expect(shown.stdout).toContain('08:00-20:00 America/Sao_Paulo')
  }, 60_000)

  /** A campaign of the fixture started with a long delay: its first row sent, the others still queued here. */
  async function startedOneRow(template: string): Promise<string> {
    const created = await cli(
      'campaign',
      'create',
      '--file',
      FIXTURE,
      '--map',
      'phone=Phone;vars=Name',
      '--template',
      template,
      '--delay',
      '5-5',
      '--hours',
      'any'
    )
    const id = (created.json.campaign as { id: string }).id
    await cli('campaign', 'start', id, '--timeout', '1')
    return id
  }

  it('takes a campaign back: stops what has not left, and deletes for everyone what the gateway sent', async () => {
    const id = await startedOneRow('Wrong amount for {Name}')
    // The terminal does not track: the outbox still has the first row as accepted, the gateway has sent it. The
    // cancel is refused ("not pending anymore"), and with --revoke-delivered the message is deleted for everyone:
    // one message taken back, counted once by what took it back, with no refusal left to explain.
    const taken = await cli('campaign', 'takeback', id, '--revoke-delivered')
    expect(taken.code).toBe(0)
    expect(taken.json.takeBack).toMatchObject({
      state: 'done',
      stoppedLocally: 2,
      cancel: { done: 0, refused: 0 },
      revoke: { done: 1, refused: 0, unknown: 0, pending: 0 },
      explained: []
    })
    const wrong = (await control.messages()).filter((m) => m.text?.startsWith('Wrong amount'))
    expect(wrong.map((m) => m.status)).toEqual(['revoke'])
    const status = await cli('campaign', 'status', id)
    expect(status.json.campaigns).toMatchObject([
      { status: 'cancelled', counts: { revoked: 1, cancelled: 2 } }
    ])
    // Its rows in the window's buckets, in the text and beside the counts in --json: they add up to ready (3), the
    // one deleted for everyone too (the "Sent:" line said "cancelled 2" and nothing of it).
    const [json] = status.json.campaigns as { summary: { ready: number }; buckets: Record<string, number> }[]
    expect(json?.buckets).toEqual({
      ready: 0,
      queued: 0,
      scheduled: 0,
      withGateway: 0,
      sent: 0,
      delivered: 0,
      read: 0,
      failed: 0,
      cancelled: 2,
      optedOut: 0,
      revoked: 1,
      skipped: 3
    })
    const shown = await runCli(['campaign', 'status', id], env)
    expect(shown.stdout.split('\n')).toContain('Ready rows: 2 cancelled; 1 deleted for everyone')
    expect(json?.summary.ready).toBe(3)
  }, 60_000)

  /** `campaign status <id> --json`'s one campaign: its take-back's id, and the take-back itself as it stands. */
  async function statusTakeBack(id: string): Promise<{ takeBackId?: string; takeBack?: unknown }> {
    const status = await cli('campaign', 'status', id)
    expect(status.code).toBe(0)
    const [campaign] = status.json.campaigns as { takeBackId?: string; takeBack?: unknown }[]
    return campaign ?? {}
  }

  // A campaign's take-back can be thousands of calls: the terminal could start one, never pause it half way.
  it('pauses a campaign’s take-back and resumes it where it was; 2 when none is under way', async () => {
    const id = await startedOneRow('Paused take-back for {Name}')
    const sent = async () =>
      (await control.messages()).filter((m) => m.text?.startsWith('Paused take-back')).map((m) => m.status)
    // The gateway holds its delete for everyone (429): the take-back is still under way when its time is up.
    await control.addFault({ path: '/api/revoke-message', kind: 'rate-limit', retryAfterSec: 3600 })
    try {
      const taken = await cli('campaign', 'takeback', id, '--revoke-delivered', '--timeout', '1')
      expect(taken.code).toBe(4)
      expect(taken.json.takeBack).toMatchObject({ state: 'running', revoke: { done: 0, pending: 1 } })
      // `campaign status` says where its take-back stands, in the tally's words (it said nothing of it).
      expect(await takeBackLine(id)).toBe(
        `Take-back under way: 2 cancelled before they left; 0 deleted for everyone, 1 still to do. Not finished: carry it on with sender-desk campaign takeback resume ${id} (or leave the app running).`
      )
      // --json gives the same take-back, not only its id: its state and the numbers the line says.
      const underWay = await statusTakeBack(id)
      expect(underWay.takeBackId).toBe((taken.json.takeBack as { id: string }).id)
      expect(underWay.takeBack).toMatchObject({
        id: underWay.takeBackId,
        state: 'running',
        stoppedLocally: 2,
        revoke: { done: 0, refused: 0, unknown: 0, pending: 1 }
      })
      const paused = await runCli(['campaign', 'takeback', 'pause', id], env)
      expect(paused.code, paused.stderr).toBe(0)
      expect(paused.stdout).toContain('Paused by the operator')
      expect(paused.stdout).toContain(`sender-desk campaign takeback resume ${id}`)
      expect(await takeBackLine(id)).toBe(
        'Take-back paused: 2 cancelled before they left; 0 deleted for everyone, 1 still to do. Paused by the operator: nothing more is asked of the gateway until it is resumed.'
      )
      expect((await statusTakeBack(id)).takeBack).toMatchObject({
        state: 'paused',
        revoke: { done: 0, pending: 1 }
      })
    } finally {
      await control.clearFaults()
    }
    // Paused: a flush asks the gateway nothing of it, though the gateway would take it now.
    await cli('outbox', 'flush', '--timeout', '1')
    expect(await sent()).toHaveLength(1)
    expect(await sent()).not.toContain('revoke')
    expect((await cli('campaign', 'takeback', 'pause', id)).json.takeBacks).toMatchObject([
      { state: 'paused', revoke: { done: 0, pending: 1 } }
    ])

    const resumed = await cli('campaign', 'takeback', 'resume', id)
    expect(resumed.code).toBe(0)
    expect(resumed.json.takeBacks).toMatchObject([
      { state: 'done', revoke: { done: 1, refused: 0, unknown: 0, pending: 0 } }
    ])
    expect(await sent()).toEqual(['revoke'])
    expect(await takeBackLine(id)).toBe(
      'Take-back done: 2 cancelled before they left; 1 deleted for everyone.'
    )
    expect((await statusTakeBack(id)).takeBack).toMatchObject({
      state: 'done',
      stoppedLocally: 2,
      revoke: { done: 1, refused: 0, unknown: 0, pending: 0 }
    })
    // Nothing is under way any more: neither can be asked (bad input), and the usage says so.
    expect((await cli('campaign', 'takeback', 'resume', id)).code).toBe(2)
    const none = await runCli(['campaign', 'takeback', 'pause', id], env)
    expect(none.code).toBe(2)
    expect(none.stderr).toContain('no take-back under way')
  }, 60_000)

  // A take-back that cannot be read (its record damaged, the disk failing under it) used to fail the whole status.
  it('says a take-back it could not read in one line, and the rest of the status still (exit 0)', async () => {
    const id = await startedOneRow('Unreadable take-back for {Name}')
    const taken = await cli('campaign', 'takeback', id)
    expect(taken.code).toBe(0)
    const takeBackId = (taken.json.takeBack as { id: string }).id
    const db = openDatabase({ dataDir: String(env['SENDER_DESK_DATA_DIR']) })
    const leftAlone = db.prepare('SELECT left_alone FROM outbox_takeback_requests WHERE id = ?')
    const setLeftAlone = db.prepare('UPDATE outbox_takeback_requests SET left_alone = ? WHERE id = ?')
    const was = (leftAlone.get(takeBackId) as { left_alone: string }).left_alone
    setLeftAlone.run('{damaged', takeBackId)
    try {
      const shown = await runCli(['campaign', 'status', id], env)
      expect(shown.code, shown.stderr).toBe(0)
      const lines = shown.stdout.split('\n')
      // Why, in the core's words for a damaged record: what is true of it now (it ended: its one call was answered),
      // and what the operator can do; its detail goes to the log, on stderr here.
      const why = translate('en', 'desktop.error.takeBackDamaged.done', { id: takeBackId })
      expect(lines.filter((line) => line.startsWith('Take-back'))).toEqual([
        `Take-back could not be read: ${why}`
      ])
      expect(shown.stderr).toContain('cut off or garbled')
      expect(lines[0]).toMatch(new RegExp(`^${id} .* cancelled$`))
      expect(lines.some((line) => line.startsWith('Ready rows: '))).toBe(true)
      expect(lines.some((line) => line.startsWith('Pacing: '))).toBe(true)

      const json = await cli('campaign', 'status', id)
      expect(json.code).toBe(0)
      expect(json.json.campaigns).toMatchObject([
        // A cancelled campaign has no part sending or waiting: none said, as the text says none.
        { id, status: 'cancelled', takeBackId, takeBack: null, takeBackReadError: why, parts: [] }
      ])
      // Listed with the others: one unreadable take-back leaves every campaign said.
      const all = await cli('campaign', 'status')
      expect(all.code).toBe(0)
      const campaigns = all.json.campaigns as { id: string; takeBack?: unknown; takeBackReadError?: string }[]
      expect(campaigns.length).toBeGreaterThan(1)
      expect(campaigns.filter((c) => c.takeBackReadError !== undefined).map((c) => c.id)).toEqual([id])
    } finally {
      setLeftAlone.run(was, takeBackId)
      db.close()
    }
  }, 60_000)

  it('says a row whose number opted out after the start was never sent, not that it was cancelled', async () => {
    const sheet = join(work, 'reminders.csv')
    writeFileSync(sheet, 'Name,Phone\nAni,081377700001\nBudi,081377700002\nCitra,081377700003\n')
    const created = await cli(
      'campaign',
      'create',
      '--file',
      sheet,
      '--template',
      'Reminder for {Name}',
      '--delay',
      '5-5',
      '--hours',
      'any'
    )
    const id = (created.json.campaign as { id: string }).id
    await cli('campaign', 'start', id, '--timeout', '1')
    // Citra replies "stop" while the campaign waits between rows: her row is never sent.
    expect((await cli('optout', 'add', '081377700003')).code).toBe(0)
    const taken = await runCli(['campaign', 'takeback', id], env)
    expect(taken.code).toBe(0)
    expect(taken.stdout).toContain('1 cancelled before it left')
    expect(taken.stdout).toContain('1 opted out before it was sent')
    expect(taken.stdout).not.toContain('cancelled here already')
  }, 60_000)

  it('sends one file to every row with --attach, each message as its caption', async () => {
    const sheet = join(work, 'invoices.csv')
    writeFileSync(sheet, 'Name,Phone\nAni,081234567891\nBudi,081234567892\n')
    const pdf = join(work, 'invoice.pdf')
    writeFileSync(pdf, Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2_000, 32)]))
    const create = (...extra: string[]) =>
      cli(
        'campaign',
        'create',
        '--file',
        sheet,
        '--template',
        'Invoice for {Name}',
        '--hours',
        'any',
        ...extra
      )

    // A file the gateway cannot take (here an empty one) refuses the campaign before it exists.
    const empty = join(work, 'empty.pdf')
    writeFileSync(empty, '')
    const refused = await create('--attach', empty)
    expect(refused.code).toBe(2)

    const created = await create('--attach', pdf, '--delay', '0.2-0.4')
    expect(created.code).toBe(0)
    const campaign = created.json.campaign as { id: string; attachmentName: string }
    expect(campaign.attachmentName).toBe('invoice.pdf')
    // Each terminal command is its own process: start is given the file again, never sends text only.
    const withoutFile = await cli('campaign', 'start', campaign.id)
    expect(withoutFile.code).toBe(2)
    expect(String(withoutFile.json.error)).toContain('Attach invoice.pdf again')

    const before = (await control.messages()).length
    const started = await cli('campaign', 'start', campaign.id, '--attach', pdf, '--timeout', '30')
    expect((started.json.campaign as { status: string }).status).toBe('finished')
    const sent = (await control.messages()).slice(before)
    expect(
      sent
        .map((m) => ({ phone: m.phone, kind: m.kind, text: m.text, fileName: m.fileName }))
        .sort((a, b) => a.phone.localeCompare(b.phone))
    ).toEqual([
      { phone: '6281234567891', kind: 'document', text: 'Invoice for Ani', fileName: 'invoice.pdf' },
      { phone: '6281234567892', kind: 'document', text: 'Invoice for Budi', fileName: 'invoice.pdf' }
    ])
  }, 60_000)

  it('sends each row the file its column names, found in --files-dir, and skips a row whose file is not there', async () => {
    const sheet = join(work, 'statements.csv')
    writeFileSync(
      sheet,
      'Name,Phone,Statement\nAni,081234567893,ani.pdf\nBudi,081234567894, Budi.PDF\nCitra,081234567895,citra.pdf\n'
    )
    const dir = join(work, 'statements')
    mkdirSync(dir)
    const pdf = (fill: string): Buffer =>
      Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2_000, fill)])
    writeFileSync(join(dir, 'ani.pdf'), pdf('a'))
    writeFileSync(join(dir, 'budi.pdf'), pdf('b'))
    // What a folder also holds: a file no row names and the gateway cannot take leaves the campaign as it is.
    writeFileSync(join(dir, 'Thumbs.db'), Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0x00, 0x01]))
    const map = 'phone=Phone;vars=Name;file=Statement'

    const withoutColumn = await cli(
      'campaign',
      'create',
      '--file',
      sheet,
      '--template',
      'Hi',
      '--files-dir',
      dir
    )
    expect(withoutColumn.code).toBe(2)

    const createdRun = await runCli(
      [
        'campaign',
        'create',
        '--file',
        sheet,
        '--map',
        map,
        '--template',
        'Statement for {Name}',
        '--hours',
        'any',
        '--delay',
        '0.2-0.4',
        '--files-dir',
        dir,
        '--json'
      ],
      env
    )
    expect(createdRun.code, createdRun.stderr).toBe(0)
    expect(createdRun.stderr).toContain('left out of --files-dir: Thumbs.db')
    const created = { json: JSON.parse(createdRun.stdout) as Record<string, unknown> }
    const campaign = created.json.campaign as { id: string; summary: { ready: number; byProblem: object } }
    expect(campaign.summary).toMatchObject({ ready: 2, byProblem: { missing_file: 1 } })

    // Each terminal command is its own process: start is given the folder again, never sends text only.
    const withoutFiles = await cli('campaign', 'start', campaign.id)
    expect(withoutFiles.code).toBe(2)
    expect(String(withoutFiles.json.error)).toContain('Attach ani.pdf again')

    const before = (await control.messages()).length
    const started = await cli('campaign', 'start', campaign.id, '--files-dir', dir, '--timeout', '30')
    expect((started.json.campaign as { status: string }).status).toBe('finished')
    const sent = (await control.messages()).slice(before)
    expect(
      sent
        .map((m) => ({ phone: m.phone, kind: m.kind, text: m.text, fileName: m.fileName }))
        .sort((a, b) => a.phone.localeCompare(b.phone))
    ).toEqual([
      { phone: '6281234567893', kind: 'document', text: 'Statement for Ani', fileName: 'ani.pdf' },
      { phone: '6281234567894', kind: 'document', text: 'Statement for Budi', fileName: 'budi.pdf' }
    ])
  }, 60_000)

  // The start asks the same-message rule again and says what it moved (the core counts it); the terminal printed only
  // the summary's "sent recently", so an operator never read that rows were set aside or sent to again.
  it('says what its start set aside for the same message, and what it sent again', async () => {
    const promo = [
      'campaign',
      'create',
      '--file',
      FIXTURE,
      '--template',
      'Weekend promo {Name}',
      '--hours',
      'any'
    ]
    const idOf = (result: { json: Record<string, unknown> }): string =>
      (result.json.campaign as { id: string }).id
    const draft = idOf(await cli(...promo))
    // Another campaign of the same words goes first: the draft's three numbers got it minutes ago.
    const firstCampaign = (await cli(...promo, '--delay', '0.2-0.4')).json.campaign as {
      id: string
      name: string
    }
    const first = firstCampaign.id
    expect(
      ((await cli('campaign', 'start', first, '--timeout', '30')).json.campaign as { status: string }).status
    ).toBe('finished')
    const setAside = await runCli(['campaign', 'start', draft, '--timeout', '1'], env)
    expect(setAside.code, setAside.stderr).toBe(0)
    expect(setAside.stdout).toContain(
      // The gateway took them and has not reported them sent: they wait for it in the first campaign (QA73). The
      // draft skipped rows already: these are more, in the window's words.
      `3 more were set aside: 3 already waiting to get this same message in “${firstCampaign.name}”.`
    )
    const again = idOf(await cli(...promo))
    const sentAgain = await runCli(
      ['campaign', 'start', again, '--send-recent', '--timeout', '1', '--json'],
      env
    )
    expect(JSON.parse(sentAgain.stdout.trim().split('\n').at(-1) ?? '{}')).toMatchObject({
      sameMessage: { setAside: 0, readyAgain: 3 }
    })
    const human = idOf(await cli(...promo))
    const sentAgainInWords = await runCli(
      ['campaign', 'start', human, '--send-recent', '--timeout', '1'],
      env
    )
    expect(sentAgainInWords.stdout).toContain(
      `This start sends it again to 3 rows left out for this same message (--send-recent): 3 already waiting to get this same message in “${firstCampaign.name}”.`
    )
    expect(sentAgainInWords.stdout).not.toContain('set aside')
    for (const id of [draft, again, human]) await cli('campaign', 'cancel', id)
  })

  // QA73 follow-up: the start's lines said "got this same message … or are already waiting to get it" of every row.
  it('tells the rows its start set aside or sends again that got the same message from those still waiting for it', () => {
    expect(
      describeSameMessageMoves(
        {
          setAside: 3,
          readyAgain: 0,
          setAsideRows: [2, 3, 4],
          readyAgainRows: [],
          setAsideWaitingRows: [3, 4],
          setAsideWaitingIn: 'Tagihan Desember'
        },
        false,
        0
      )
    ).toEqual([
      '3 numbers were set aside at start: 2 already waiting to get this same message in “Tagihan Desember”, 1 got this same message in the last 24 hours.'
    ])
    expect(
      describeSameMessageMoves(
        { setAside: 0, readyAgain: 2, setAsideRows: [], readyAgainRows: [2, 3], readyAgainWaitingRows: [3] },
        true,
        0
      )
    ).toEqual([
      'This start sends it again to 2 rows left out for this same message (--send-recent): 1 already waiting to get this same message, 1 got this same message in the last 24 hours.'
    ])
  })

  // A number opted out after the draft's check became a message cancelled at its turn, "opted out during the campaign";
  // then the terminal said it in a sentence of its own where the window says "1 number was set aside at start: …".
  it('says the numbers its start set aside as opted out since the check in the words of the window', async () => {
    const sheet = join(work, 'opted-out-at-start.csv')
    writeFileSync(sheet, 'Name,Phone\nAni,081377700041\nBudi,081377700042\n')
    const create = (file: string) =>
      cli('campaign', 'create', '--file', file, '--template', 'Tagihan {Name}', '--hours', 'any')
    const idOf = (result: { json: Record<string, unknown> }): string =>
      (result.json.campaign as { id: string }).id
    const clean = idOf(await create(sheet))
    // The fixture's draft skips rows already: what its start sets aside is "more".
    const skipping = idOf(await create(FIXTURE))
    expect((await cli('optout', 'add', '081377700042', '081234567811')).code).toBe(0)
    onTestFinished(async () => {
      for (const phone of ['081377700042', '081234567811']) await cli('optout', 'remove', phone)
    })
    const first = await runCli(['campaign', 'start', clean, '--timeout', '1'], env)
    expect(first.code, first.stderr).toBe(0)
    const en = (key: MessageKey, count: number): string =>
      translate('en', key, { count, reasons: translate('en', 'campaigns.skipped.optedOut', { count }) })
    expect(first.stdout).toContain(`\n${en('campaigns.draft.setAsideAtStartFirst', 1)}\n`)
    expect(first.stdout).toContain('\n1 number was set aside at start: 1 opted out.\n')
    const more = await runCli(['campaign', 'start', skipping, '--timeout', '1'], env)
    expect(more.code, more.stderr).toBe(0)
    expect(more.stdout).toContain('\n1 more was set aside: 1 opted out.\n')
    for (const id of [clean, skipping]) await cli('campaign', 'cancel', id)
  })

  // A draft's stored counts are its check's at import: `status` said "ready 3" of a draft whose start would send 2 (a
  // number of it opted out since), where the window's page counts it as its start would find it (checkDraft).
  it('status counts a draft as its start would find it, a number opted out since its check set aside', async () => {
    const sheet = join(work, 'opted-out-before-status.csv')
    writeFileSync(sheet, 'Name,Phone\nAni,081377700051\nBudi,081377700052\nCitra,081377700053\n')
    const created = await cli(
      'campaign',
      'create',
      '--file',
      sheet,
      '--template',
      'Tagihan {Name}',
      '--hours',
      'any'
    )
    const { id, name } = created.json.campaign as { id: string; name: string }
    onTestFinished(async () => {
      await cli('campaign', 'cancel', id)
    })
    expect((await cli('optout', 'add', '081377700052')).code).toBe(0)
    onTestFinished(async () => {
      await cli('optout', 'remove', '081377700052')
    })
    const reasons = translate('en', 'campaigns.skipped.optedOut', { count: 1 })
    const rows = `Rows: 3 — ready 2, skipped 1 (${reasons})`
    const ready = `Ready rows: 2 ${translate('en', 'campaigns.count.ready')}`
    for (const asked of [id, name]) {
      const shown = await runCli(['campaign', 'status', asked], env)
      expect(shown.code, shown.stderr).toBe(0)
      expect(shown.stdout.split('\n')).toEqual(expect.arrayContaining([rows, ready]))
    }
    // Without a device's credentials too: the read is the computer's own.
    const { SENDER_DESK_TOKEN: _token, ...noToken } = env
    const offline = await runCli(['campaign', 'status', id], noToken)
    expect(offline.code, offline.stderr).toBe(0)
    expect(offline.stdout.split('\n')).toEqual(expect.arrayContaining([rows, ready]))
    // Every campaign's status (no id) counts it so too, and --json beside the text.
    const all = await runCli(['campaign', 'status'], env)
    expect(all.stdout).toContain(`${id}  ${name}  draft\n${rows}\n${ready}\n`)
    const json = await cli('campaign', 'status', id)
    expect(json.json.campaigns).toMatchObject([
      {
        id,
        summary: { ready: 2, skipped: 1, byProblem: { opted_out: 1 } },
        buckets: { ready: 2, skipped: 1 }
      }
    ])
    // Read, nothing written: off the list again, it is counted ready again, as its start would send it.
    expect((await cli('optout', 'remove', '081377700052')).code).toBe(0)
    const back = await runCli(['campaign', 'status', id], env)
    expect(back.stdout).toContain(
      `\nRows: 3 — ready 3, skipped 0\nReady rows: 3 ${translate('en', 'campaigns.count.ready')}\n`
    )
  })

  it('says the opted out and the same message set aside at start in one line, as the window does', () => {
    const moves = {
      setAside: 1,
      readyAgain: 0,
      setAsideRows: [3],
      readyAgainRows: [],
      optedOutRows: [4, 7]
    }
    expect(describeSameMessageMoves(moves, false, 2)).toEqual([
      '3 more were set aside: 2 opted out, 1 got this same message in the last 24 hours.'
    ])
    // Sent to again, those left out for the same message are not set aside; the opted out still are.
    expect(describeSameMessageMoves({ ...moves, setAside: 0, setAsideRows: [] }, true, 0)).toEqual([
      '2 numbers were set aside at start: 2 opted out.'
    ])
  })

  it('refuses a spreadsheet over the campaign limit in one line, before reading it (exit 2)', async () => {
    // Sparse: the size is what the limit looks at, so no 50 MB is written.
    const big = join(work, 'big.csv')
    writeFileSync(big, 'Name,Phone\nAni,081234567891\n')
    truncateSync(big, MAX_SPREADSHEET_BYTES + 1)
    const before = (await cli('campaign', 'status')).json.campaigns as unknown[]

    const run = await runCli(['campaign', 'create', '--file', big, '--template', 'Hi'], env)
    expect(run.code).toBe(2)
    expect(run.stdout).toBe('')
    expect(run.stderr).toBe(
      `sender-desk: ${big}: big.csv is ${(MAX_SPREADSHEET_BYTES + 1).toLocaleString('en')} bytes; a campaign reads spreadsheets up to ${MAX_SPREADSHEET_BYTES.toLocaleString('en')} bytes.\n`
    )
    expect((await cli('campaign', 'status')).json.campaigns).toHaveLength(before.length)

    // A file the reader cannot read is refused in the feature's words, naming the path given.
    const broken = join(work, 'broken.xlsx')
    writeFileSync(broken, Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(64, 7)]))
    const unreadable = await runCli(['campaign', 'create', '--file', broken, '--template', 'Hi'], env)
    expect(unreadable.code).toBe(2)
    expect(unreadable.stderr).toMatch(new RegExp(`^sender-desk: ${broken}: \\S.*\\n$`))
  })
})

describe('sender-desk campaign create names a template mistake', () => {
  it('refuses a variable no column has, naming the columns, as bad input', async () => {
    const refused = await cli('campaign', 'create', '--file', FIXTURE, '--template', 'Hi {Alamat}')
    expect(refused.code).toBe(2)
    expect(String(refused.json.error)).toBe(
      'The message uses {Alamat}, but there is no column named Alamat; the columns are Name, Phone, Amount.'
    )
  })
})
