// The terminal and the open app on one data folder (QA24 Q24-01): a message queued with the token of a device the
// app knows is filed under that device and sent by the running app, exactly once; one for a device it does not know
// says plainly that it waits for a flush after the app is closed.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { spawn } from 'node:child_process'
import { OutboxStore, openDatabase } from '../core/store'
import { besideTheAppEachTest, listTheTerminalsDevice, runCli, runCliJson, until } from './testing/in-process'

const beside = besideTheAppEachTest('sd-known-device-', { seed: 24 })

const addDevice = () => listTheTerminalsDevice(beside.app, beside.env)

async function gatewayGot(phone: string): Promise<number> {
  return (await beside.control.messages()).filter((m) => m.phone === phone).length
}

describe('a message queued from the terminal while the app runs', () => {
  it("with a known device's token: filed under that device, said so, and sent by the app once", async () => {
    const { device } = await addDevice()
    await beside.app.start()
    const queued = await runCli(
      ['send', 'text', '--to', '081234567001', '--message', 'Promo A dari CLI', '--queue'],
      beside.env
    )
    expect(queued.code, queued.stderr).toBe(0)
    expect(queued.stdout).toContain('Sender Desk is running and sends them through Toko Quota')
    expect(queued.stdout).not.toContain('outbox flush')
    const [id] = queued.stdout.split('\n').filter((line) => /^[0-9a-f-]{36}$/.test(line))
    expect(beside.app.outbox.get(id!).item.deviceId).toBe(device.id)
    await until(() => beside.app.outbox.get(id!).item.status === 'accepted')
    expect(await gatewayGot('6281234567001')).toBe(1)
    // The token is never written to the data folder: the devices file keeps a one-way id only.
    expect(readFileSync(join(beside.dataDir, 'devices.json'), 'utf8')).not.toContain(
      String(beside.env['SENDER_DESK_TOKEN'])
    )
  })

  // Refused with "That device no longer exists.": both named the terminal's own id for a device the app lists.
  it("a campaign and a reply with a known device's token: filed under that device, sent by the app once", async () => {
    const { device } = await addDevice()
    await beside.app.start()
    const sheet = join(beside.work, 'customers.csv')
    writeFileSync(sheet, 'Name,Phone\nAni,081234567021\nBudi,081234567022\n')
    const made = await runCliJson(beside.env, [
      'campaign',
      'create',
      '--file',
      sheet,
      '--template',
      'Hi {Name}',
      '--hours',
      'any',
      '--delay',
      '0-0.2'
    ])
    expect(made.code, JSON.stringify(made.json)).toBe(0)
    const campaignId = (made.json.campaign as { id: string }).id
    const campaign = await beside.app.handlers['campaigns:get']({ id: campaignId })
    expect(campaign.devices.map((d) => d.deviceId)).toEqual([device.id])
    const replied = await runCli(['inbox', 'reply', '081234567023', '--text', 'Siap, Bu.'], beside.env)
    expect(replied.code, replied.stderr).toBe(0)
    // Said as a send's queueing says it: the open app sends it, no flush to run.
    expect(replied.stdout).toContain('Sender Desk is running and sends them through Toko Quota')
    expect(replied.stdout).not.toContain('outbox flush')
    const started = await runCli(['campaign', 'start', campaignId], beside.env)
    expect(started.code, started.stderr).toBe(0)
    await until(async () => (await gatewayGot('6281234567021')) + (await gatewayGot('6281234567023')) === 2)
    await until(async () => (await gatewayGot('6281234567022')) === 1)
    expect(await gatewayGot('6281234567021')).toBe(1)
  })

  it('campaign start while the app sends from another process: starts it, says the app sends it, and sends nothing itself', async () => {
    await addDevice()
    const sheet = join(beside.work, 'customers.csv')
    writeFileSync(sheet, 'Name,Phone\nAni,081234567031\n')
    const made = await runCliJson(beside.env, [
      'campaign',
      'create',
      '--file',
      sheet,
      '--template',
      'Hi {Name}',
      '--hours',
      'any'
    ])
    expect(made.code, JSON.stringify(made.json)).toBe(0)
    const campaignId = (made.json.campaign as { id: string }).id
    // The app, another process: it holds the dispatcher lease on the data folder.
    const appProcess = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' })
    const appDb = openDatabase({ dataDir: beside.dataDir })
    try {
      new OutboxStore(appDb).claimLease('dispatcher', appProcess.pid!, () => true, Date.now())
      const started = await runCli(['campaign', 'start', campaignId], beside.env)
      expect(started.code, started.stderr).toBe(0)
      expect(started.stderr).toContain(
        `Sender Desk is running (pid ${appProcess.pid}) and sends this campaign through Toko Quota`
      )
      expect(started.stderr).not.toContain('stop it first')
      expect((await beside.app.handlers['campaigns:get']({ id: campaignId })).status).toBe('running')
      await new Promise((resolve) => setTimeout(resolve, 500))
      expect(await gatewayGot('6281234567031')).toBe(0)
    } finally {
      appDb.close()
      appProcess.kill()
    }
  })

  // Exited 0 while `outbox flush` beside the app exits 2 for the same credentials: one rule for both now.
  it('campaign start while the app sends from another process, for credentials it does not list: exits 2 as a flush does', async () => {
    await addDevice()
    const { token } = await beside.control.createDevice({ linked: true })
    const unlisted = { ...beside.env, SENDER_DESK_TOKEN: token }
    const sheet = join(beside.work, 'customers.csv')
    writeFileSync(sheet, 'Name,Phone\nAni,081234567041\n')
    const made = await runCliJson(unlisted, [
      'campaign',
      'create',
      '--file',
      sheet,
      '--template',
      'Hi {Name}',
      '--hours',
      'any'
    ])
    expect(made.code, JSON.stringify(made.json)).toBe(0)
    const campaignId = (made.json.campaign as { id: string }).id
    const appProcess = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' })
    const appDb = openDatabase({ dataDir: beside.dataDir })
    try {
      new OutboxStore(appDb).claimLease('dispatcher', appProcess.pid!, () => true, Date.now())
      const started = await runCli(['campaign', 'start', campaignId], unlisted)
      expect(started.code, started.stderr).toBe(2)
      const failures = started.stderr.split('\n').filter((line) => line.startsWith('sender-desk:'))
      expect(failures).toEqual([
        'sender-desk: campaign start sent nothing while Sender Desk runs; 1 item for these credentials waits until it is closed'
      ])
      expect(started.stderr).toContain('goes with sender-desk outbox flush once it is closed')
      // Started all the same: its row waits in the queue for a flush, as a flush's own items wait.
      expect((await beside.app.handlers['campaigns:get']({ id: campaignId })).status).toBe('running')
      const flushed = await runCli(['outbox', 'flush', '--timeout', '3'], unlisted)
      expect(flushed.code).toBe(2)
      const json = await runCliJson(unlisted, ['campaign', 'resume', campaignId])
      expect(json.code).toBe(2)
      expect(json.json).toMatchObject({ ok: false, waitingForFlush: 1 })
      expect(await gatewayGot('6281234567041')).toBe(0)
    } finally {
      appDb.close()
      appProcess.kill()
    }
  })

  it('for a device the app does not know: says it waits for a flush after the app is closed', async () => {
    await beside.app.start()
    const queued = await runCliJson(beside.env, [
      'send',
      'text',
      '--to',
      '081234567002',
      '--message',
      'x',
      '--queue'
    ])
    expect(queued.code).toBe(0)
    expect(queued.json).toMatchObject({ ok: true, sentBy: 'flush-after-app' })
    const human = await runCli(
      ['send', 'text', '--to', '081234567003', '--message', 'y', '--queue'],
      beside.env
    )
    expect(human.stdout).toMatch(/Sender Desk is running \(pid \d+\) and sends only for its own devices/)
    expect(human.stdout).toContain('sender-desk outbox flush once it is closed')
  })

  it('queued before the device was added: the app takes them over once, and sends each once', async () => {
    const before = await runCliJson(beside.env, [
      'send',
      'text',
      '--to',
      '081234567004',
      '--message',
      'early',
      '--queue'
    ])
    const [id] = before.json.itemIds as string[]
    expect(before.json).toMatchObject({ sentBy: 'flush' })
    const { device } = await addDevice()
    await beside.app.start()
    await until(() => beside.app.outbox.get(id!).item.status === 'accepted')
    expect(beside.app.outbox.get(id!).item.deviceId).toBe(device.id)
    // A later run of the terminal with the same token finds nothing left to move or send.
    const listed = await runCliJson(beside.env, ['outbox', 'list'])
    expect((listed.json.items as { deviceId: string }[]).map((i) => i.deviceId)).toEqual([device.id])
    expect(await gatewayGot('6281234567004')).toBe(1)
  })

  it("a flush after the app is closed honours the listed device's daily cap, as the app would", async () => {
    const { device } = await addDevice()
    await beside.app.registry.setDailyCap(device.id, 1)
    const queued = await runCliJson(beside.env, [
      'send',
      'text',
      '--to',
      '081234567005,081234567006',
      '--message',
      'z',
      '--queue'
    ])
    expect(queued.json).toMatchObject({ deviceId: device.id, sentBy: 'flush' })
    const flushed = await runCliJson(beside.env, ['outbox', 'flush', '--timeout', '3'])
    expect(flushed.json).toMatchObject({ accepted: 1 })
    expect((await gatewayGot('6281234567005')) + (await gatewayGot('6281234567006'))).toBe(1)
  })
})

describe('a daily cap changed in the window while the terminal sends', () => {
  it('reaches a running flush at its next send, not at its next start', async () => {
    const { device } = await addDevice()
    await beside.app.registry.setDailyCap(device.id, 10)
    const phones = ['081234567021', '081234567022', '081234567023', '081234567024', '081234567025']
    await runCliJson(beside.env, ['send', 'text', '--to', phones.join(','), '--message', 'cap', '--queue'])
    const sentToAll = async (): Promise<number> => (await beside.control.messages()).length
    // A capped device's flush waits out its timeout (the cap may be raised meanwhile, as the next test shows).
    const flushing = runCliJson(beside.env, ['outbox', 'flush', '--timeout', '8'])
    // The first is out (a second apart each): the window lowers the cap to 2.
    await until(async () => (await sentToAll()) >= 1)
    await beside.app.registry.setDailyCap(device.id, 2)
    const flushed = await flushing
    expect(flushed.json).toMatchObject({ accepted: 2 })
    expect(await sentToAll()).toBe(2)
  }, 30_000)

  it('a raised cap releases what the old one held, while the flush runs', async () => {
    const { device } = await addDevice()
    await beside.app.registry.setDailyCap(device.id, 1)
    await runCliJson(beside.env, [
      'send',
      'text',
      '--to',
      '081234567031,081234567032,081234567033',
      '--message',
      'up',
      '--queue'
    ])
    const flushing = runCliJson(beside.env, ['outbox', 'flush', '--timeout', '8'])
    await until(async () => (await beside.control.messages()).length >= 1)
    await beside.app.registry.setDailyCap(device.id, 3)
    expect((await flushing).json).toMatchObject({ ok: true, accepted: 3, timedOut: false })
  }, 30_000)
})

describe('outbox flush while the app runs', () => {
  /** A second linked device of the same gateway that the app does not list: its token only the terminal has. */
  async function unlistedEnv(): Promise<NodeJS.ProcessEnv> {
    const { token } = await beside.control.createDevice({ linked: true })
    return { ...beside.env, SENDER_DESK_TOKEN: token }
  }

  it("with a listed device's token: says the app is sending its devices' queue, how many, and exits 0", async () => {
    await addDevice()
    await beside.app.start()
    // Paused in the window: the app's messages stay queued, so the count said is known.
    beside.app.outbox.setPaused(true)
    const queued = await runCli(
      ['send', 'text', '--to', '081234567011,081234567012', '--message', 'dari CLI', '--queue'],
      beside.env
    )
    expect(queued.code, queued.stderr).toBe(0)
    const flushed = await runCli(['outbox', 'flush', '--timeout', '3'], beside.env)
    expect(flushed.code, flushed.stderr).toBe(0)
    expect(flushed.stderr).not.toContain('stop it first')
    expect(flushed.stdout).toMatch(
      /Sender Desk is running \(pid \d+\) and sends the queue of its devices: 2 items queued for them\./
    )
    // Nothing for a device it does not list: no flush to wait for.
    expect(flushed.stdout).not.toContain('after it is closed')
    const json = await runCliJson(beside.env, ['outbox', 'flush', '--timeout', '3'])
    expect(json.code).toBe(0)
    expect(json.json).toMatchObject({ ok: true, appQueued: 2, waitingForFlush: 0 })
  })

  it('with a token the app does not list: counts what waits for a flush after it is closed, and exits 2', async () => {
    await addDevice()
    await beside.app.start()
    beside.app.outbox.setPaused(true)
    await runCli(['send', 'text', '--to', '081234567013', '--message', 'app', '--queue'], beside.env)
    const other = await unlistedEnv()
    const queued = await runCli(
      ['send', 'text', '--to', '081234567014,081234567015', '--message', 'cli', '--queue'],
      other
    )
    expect(queued.code, queued.stderr).toBe(0)
    const flushed = await runCli(['outbox', 'flush', '--timeout', '3'], other)
    expect(flushed.code).toBe(2)
    expect(flushed.stdout).toMatch(
      /Sender Desk is running \(pid \d+\) and sends the queue of its devices: 1 item queued for them\./
    )
    expect(flushed.stdout).toContain(
      '2 items are for devices it does not list: they wait for sender-desk outbox flush after it is closed.'
    )
    expect(flushed.stderr).toContain('2 items')
    // Nothing was sent past the app: the gateway got none of them.
    expect(await gatewayGot('6281234567014')).toBe(0)
  })
})
