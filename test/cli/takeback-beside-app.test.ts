// A campaign's take-back from the terminal while Sender Desk runs on the same data folder: the rule of `outbox flush`
// and `campaign start|resume` (src/main/cli/beside-app.ts). The app carries what its devices hold and the command exits
// 0; what it cannot take back waits for `campaign takeback resume <id>` once it is closed, and the command exits 2
// with one line on stderr. Its pause is only a flag the running app reads before every call: it stays allowed.
import { writeFileSync } from 'node:fs'
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { OutboxStore, openDatabase } from '../../src/main/core/store'
import {
  besideTheAppEachTest,
  listTheTerminalsDevice,
  runCli,
  runCliJson,
  until
} from '../../src/main/cli/testing/in-process'

const beside = besideTheAppEachTest('sd-takeback-beside-', {
  seed: 31,
  timings: { sentAfterMs: 50, deliveredAfterMs: 50, readAfterMs: 50 }
})

const cli = (...args: string[]) => runCliJson(beside.env, args)

/** The app lists the terminal's device: the terminal files its campaigns under it, and the app sends for it. */
const listTheDevice = () => listTheTerminalsDevice(beside.app, beside.env)

/** The gateway's statuses of the messages whose text starts with `text`. */
async function statuses(text: string): Promise<string[]> {
  return (await beside.control.messages()).filter((m) => m.text?.startsWith(text)).map((m) => m.status)
}

/** A one-row campaign sent from the terminal before the app opens: its message is at the gateway. */
async function sentCampaign(text: string, phone: string): Promise<string> {
  const sheet = join(beside.work, `${phone}.csv`)
  writeFileSync(sheet, `Name,Phone\nAni,${phone}\n`)
  const made = await cli(
    'campaign',
    'create',
    '--file',
    sheet,
    '--template',
    `${text} {Name}`,
    '--hours',
    'any'
  )
  expect(made.code, JSON.stringify(made.json)).toBe(0)
  const id = (made.json.campaign as { id: string }).id
  expect((await cli('campaign', 'start', id, '--timeout', '5')).code).toBe(0)
  expect(await statuses(text)).toHaveLength(1)
  return id
}

/**
 * A take-back the gateway held (a 429 on its delete for everyone) until the terminal's time was up, then paused:
 * it is under way, its one call still to make.
 */
async function heldTakeBack(id: string): Promise<void> {
  await beside.control.addFault({ path: '/api/revoke-message', kind: 'rate-limit', retryAfterSec: 3600 })
  try {
    const taken = await cli('campaign', 'takeback', id, '--revoke-delivered', '--timeout', '1')
    expect(taken.code).toBe(4)
    expect(taken.json.takeBack).toMatchObject({ state: 'running', revoke: { pending: 1 } })
    expect((await cli('campaign', 'takeback', 'pause', id)).code).toBe(0)
  } finally {
    await beside.control.clearFaults()
  }
}

/** The `sender-desk:` lines of a run's stderr: a failure says itself in exactly one. */
const failureLines = (stderr: string): string[] =>
  stderr.split('\n').filter((l) => l.startsWith('sender-desk:'))

describe('campaign takeback while the app runs', () => {
  it('resume for a device the app lists: the app takes it back, and the command exits 0 saying so', async () => {
    await listTheDevice()
    const id = await sentCampaign('Wrong price', '081234567051')
    await heldTakeBack(id)
    await beside.app.start()
    const resumed = await runCli(['campaign', 'takeback', 'resume', id], beside.env)
    expect(resumed.code, resumed.stderr).toBe(0)
    expect(resumed.stderr).toContain(
      `Sender Desk is running (pid ${process.pid}) and takes this campaign back through Toko Quota`
    )
    expect(failureLines(resumed.stderr)).toEqual([])
    // The app, not this command, asks the gateway: it noticed the resume another process wrote.
    await until(async () => (await statuses('Wrong price')).includes('revoke'))
    expect(await statuses('Wrong price')).toEqual(['revoke'])
  })

  it('for credentials the app does not list: asks the gateway nothing, exits 2, and names the command for later', async () => {
    // The app lists no device at all, so it takes back nothing of the terminal's; another process, as the app is.
    const resumedId = await sentCampaign('Old offer', '081234567052')
    const freshId = await sentCampaign('Bad link', '081234567053')
    await heldTakeBack(resumedId)
    const appProcess = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' })
    const appDb = openDatabase({ dataDir: String(beside.env['SENDER_DESK_DATA_DIR']) })
    try {
      new OutboxStore(appDb).claimLease('dispatcher', appProcess.pid!, () => true, Date.now())
      const resumed = await runCli(['campaign', 'takeback', 'resume', resumedId], beside.env)
      expect(failureLines(resumed.stderr)).toEqual([
        'sender-desk: campaign takeback resume asked the gateway nothing while Sender Desk runs; 1 message to take back for these credentials waits until it is closed'
      ])
      expect(resumed.code).toBe(2)
      expect(resumed.stderr).toContain(
        `Sender Desk is running (pid ${appProcess.pid}) and takes back only for its own devices`
      )
      expect(resumed.stderr).toContain(`sender-desk campaign takeback resume ${resumedId} once it is closed`)
      const json = await runCliJson(beside.env, ['campaign', 'takeback', 'resume', resumedId])
      expect(json.code).toBe(2)
      expect(json.json).toMatchObject({ ok: false, waitingForResume: 1, takeBacks: [{ state: 'running' }] })

      // The take-back itself: recorded (what has not left stops here at once), its calls left for after the app.
      const taken = await runCli(['campaign', 'takeback', freshId, '--revoke-delivered'], beside.env)
      expect(failureLines(taken.stderr)).toEqual([
        'sender-desk: campaign takeback asked the gateway nothing while Sender Desk runs; 1 message to take back for these credentials waits until it is closed'
      ])
      expect(taken.code).toBe(2)
      expect(taken.stderr).toContain(`sender-desk campaign takeback resume ${freshId} once it is closed`)
      expect(taken.stdout).toContain('1 still to do')
      // Nothing asked past the app: neither message was deleted.
      expect(await statuses('Old offer')).not.toContain('revoke')
      expect(await statuses('Bad link')).not.toContain('revoke')
    } finally {
      appDb.close()
      appProcess.kill()
    }
    // Once the app is closed, the command named carries each to its end (the fresh one was recorded, not refused).
    await until(async () => appProcess.exitCode !== null || appProcess.signalCode !== null)
    // Its run carries every take-back this device has left, the other's too.
    const after = await cli('campaign', 'takeback', 'resume', freshId)
    expect(after.code, JSON.stringify(after.json)).toBe(0)
    expect(after.json.takeBacks).toMatchObject([{ state: 'done', revoke: { done: 1, pending: 0 } }])
    expect(await statuses('Old offer')).toEqual(['revoke'])
    expect(await statuses('Bad link')).toEqual(['revoke'])
  }, 60_000)

  // Pause only writes the request's state, and the running app reads it from the database before each call (the
  // take-back store's nextBatch asks for running requests only): nothing to refuse, so it stays allowed.
  it('pause: exits 0, and the running app sees the take-back paused', async () => {
    await listTheDevice()
    const id = await sentCampaign('Late notice', '081234567054')
    // Held at the gateway (a 429) for the terminal and then for the app: under way, its call not made.
    await beside.control.addFault({ path: '/api/revoke-message', kind: 'rate-limit', retryAfterSec: 3600 })
    const taken = await cli('campaign', 'takeback', id, '--revoke-delivered', '--timeout', '1')
    expect(taken.code).toBe(4)
    const requestId = (taken.json.takeBack as { id: string }).id
    await beside.app.start()
    const paused = await runCli(['campaign', 'takeback', 'pause', id], beside.env)
    expect(paused.code, paused.stderr).toBe(0)
    expect(failureLines(paused.stderr)).toEqual([])
    expect(paused.stdout).toContain(`Resume with: sender-desk campaign takeback resume ${id}`)
    expect(await beside.app.handlers['outbox:takeBackProgress']({ id: requestId })).toMatchObject({
      state: 'paused',
      heldBy: { reason: 'operator' }
    })
  })
})

describe("a take-back's tally when its time is up", () => {
  it('names the command that carries it on, with the campaign id', async () => {
    const id = await sentCampaign('Wrong day', '081234567055')
    await beside.control.addFault({ path: '/api/revoke-message', kind: 'rate-limit', retryAfterSec: 3600 })
    try {
      const taken = await runCli(
        ['campaign', 'takeback', id, '--revoke-delivered', '--timeout', '1'],
        beside.env
      )
      expect(taken.code).toBe(4)
      expect(taken.stdout).toContain(`sender-desk campaign takeback resume ${id}`)
      expect(taken.stdout).not.toContain('run the command again')
    } finally {
      await beside.control.clearFaults()
    }
  })
})

describe('campaign takeback without the app, with other messages queued', () => {
  it('takes the campaign back and sends nothing else queued for these credentials', async () => {
    const id = await sentCampaign('Wrong stock', '081234567056')
    const queued = await cli('send', 'text', '--to', '081234567057', '--message', 'Send me later', '--queue')
    expect(queued.code, JSON.stringify(queued.json)).toBe(0)
    const [otherId] = queued.json.itemIds as string[]

    const taken = await runCli(
      ['campaign', 'takeback', id, '--revoke-delivered', '--timeout', '10'],
      beside.env
    )
    expect(taken.code, taken.stderr).toBe(0)
    expect(await statuses('Wrong stock')).toEqual(['revoke'])
    // The wrong campaign is taken back; the other message was not asked to go now, and it waits, still queued.
    expect(await statuses('Send me later')).toEqual([])
    const list = await cli('outbox', 'list')
    expect((list.json.items as { id: string; status: string }[]).find((i) => i.id === otherId)).toMatchObject(
      {
        status: 'queued'
      }
    )
  })
})
