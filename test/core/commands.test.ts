/** The composed core through its contract handlers, as the window uses it: real sandbox, real outbox, in-memory vault. */
import { mkdtemp, realpath, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { dispatchInvoke } from '../../src/main/core/ipc-dispatch'
import { describeCoreError } from '../../src/main/core/compose'
import { composeCore, type Core } from '../../src/main/core/compose'
import { MemoryVault } from '../../src/main/core/vault'
import { conversationWithACustomer } from './testing/inbox-conversation'

let core: Core
let vault: MemoryVault
let dataDir: string

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'sd-core-'))
  vault = new MemoryVault()
  core = await composeCore({
    dataDir,
    vault,
    appInfo: { version: 'test', platform: 'test' },
    sandbox: { timings: { sentAfterMs: 50, deliveredAfterMs: 100, readAfterMs: 150 } },
    outbox: {
      pacingMs: 0,
      backoffBaseMs: 50,
      backoffCapMs: 200,
      trackingIntervalMs: 100,
      trackingCapMs: 200
    },
    pollIntervals: { idleMs: 1_000, linkingMs: 200, settlingMs: 200 }
  })
  await core.start()
})
afterEach(async () => core.stop())

const invoke = (channel: string, request: unknown) =>
  dispatchInvoke(core.handlers, channel, request, { describeError: describeCoreError })

async function linkedDevice(): Promise<string> {
  const { device } = await core.handlers['sandbox:start']({})
  expect(device.state).toBe('needs-scan')
  await core.handlers['devices:qr']({ id: device.id })
  await core.handlers['sandbox:control']({ deviceId: device.id, action: 'scan' })
  expect((await core.handlers['devices:refresh']({ id: device.id })).state).toBe('awaiting-activation')
  expect((await core.handlers['sandbox:control']({ deviceId: device.id, action: 'activate' })).state).toBe(
    'connected'
  )
  return device.id
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const value = await read()
    if (done(value)) return value
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error('condition not reached')
}

describe('core API', () => {
  it('bootstraps a first run, then links a sandbox device and sends a text to read', async () => {
    const boot = await core.handlers['app:bootstrap']({})
    expect(boot.firstRun).toBe(true)
    const id = await linkedDevice()
    const { itemIds } = await core.handlers['outbox:enqueue']({
      deviceId: id,
      recipients: ['0812-3456-7890', '+62 812 3456 7890'],
      isGroup: false,
      entries: [{ kind: 'text', text: 'Halo' }]
    })
    // The two spellings are one recipient.
    expect(itemIds).toHaveLength(1)
    const { item } = await waitFor(
      () => core.handlers['outbox:get']({ id: itemIds[0]! }),
      (r) => r.item.status === 'read'
    )
    expect(item.recipient).toBe('6281234567890')
    expect((await core.handlers['app:bootstrap']({})).firstRun).toBe(false)
  })

  // QA14 Q14-07: "Budi" found nothing while the Outbox's rows read "Budi Santoso +62 813-1111-0001".
  it('finds outbox messages by the contact name their rows show, and acts on exactly those', async () => {
    const id = await linkedDevice()
    await core.handlers['contacts:set']({ phone: '0813 1111 0001', name: 'Budi Santoso' })
    for (const recipient of ['081311110001', '081399990001'])
      await core.handlers['outbox:enqueue']({
        deviceId: id,
        recipients: [recipient],
        isGroup: false,
        entries: [{ kind: 'text', text: 'Halo' }],
        schedule: {
          mode: 'local',
          localTime: '2099-01-01T09:00',
          timezone: 'Asia/Jakarta',
          overduePolicy: 'send'
        }
      })
    const listed = await core.handlers['outbox:list']({ recipient: 'budi', offset: 0, limit: 10 })
    expect(listed.items.map((item) => item.recipient)).toEqual(['6281311110001'])
    expect(listed.total).toBe(1)
    // The bulk action over "every match" counts the same list (one, not both).
    const cancelled = await core.handlers['outbox:cancelMatching']({
      filter: { recipient: 'budi' },
      expected: 1
    })
    expect(cancelled.done).toBe(1)
    expect(
      (await core.handlers['outbox:list']({ recipient: '99990001', offset: 0, limit: 10 })).items[0]?.status
    ).toBe('scheduled')
  })

  // A name shared by more contacts than one read of names held (1,000) lost the rest's messages without a word.
  it('finds the messages to every contact of a name, however many share it', async () => {
    const id = await linkedDevice()
    const numbers = Array.from({ length: 1_005 }, (_, i) => `0813${String(20_000_000 + i)}`)
    for (const [i, phone] of numbers.entries())
      await core.handlers['contacts:set']({ phone, name: `Budi ${i}` })
    await core.handlers['outbox:enqueue']({
      deviceId: id,
      recipients: numbers,
      isGroup: false,
      entries: [{ kind: 'text', text: 'Halo' }],
      schedule: {
        mode: 'local',
        localTime: '2099-01-01T09:00',
        timezone: 'Asia/Jakarta',
        overduePolicy: 'send'
      }
    })
    expect((await core.handlers['outbox:list']({ recipient: 'budi', offset: 0, limit: 10 })).total).toBe(
      1_005
    )
    expect(
      (await core.handlers['outbox:matchingByDevice']({ filter: { recipient: 'budi' } })).devices
    ).toEqual([{ deviceId: id, count: 1_005 }])
  })

  it('sends a file registered as a handle and lets the pasted original go', async () => {
    const id = await linkedDevice()
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4])
    const { files } = await core.handlers['files:register']({
      sources: [{ kind: 'bytes', name: 'chart.png', dataBase64: png.toString('base64') }]
    })
    const handle = files[0]!.handle
    await core.handlers['outbox:enqueue']({
      deviceId: id,
      recipients: ['081234567890'],
      isGroup: false,
      entries: [{ kind: 'file', handle, caption: 'Q3' }]
    })
    expect(core.files.get(handle)).toBeUndefined()
    const reused = await invoke('outbox:enqueue', {
      deviceId: id,
      recipients: ['081234567890'],
      entries: [{ kind: 'file', handle }]
    })
    expect(reused).toMatchObject({ ok: false, error: { code: 'file_gone' } })
    const sandbox = await core.sandbox.current()
    await waitFor(
      async () => sandbox!.control.messages(),
      (m) => m.length === 1
    )
    expect((await sandbox!.control.messages())[0]).toMatchObject({
      kind: 'image',
      fileName: 'chart.png',
      text: 'Q3'
    })
  })

  it('refuses a bad recipient on the recipients field, and an unknown device', async () => {
    const id = await linkedDevice()
    expect(
      await invoke('outbox:enqueue', {
        deviceId: id,
        recipients: ['call me'],
        entries: [{ kind: 'text', text: 'x' }]
      })
    ).toMatchObject({
      ok: false,
      error: { code: 'invalid_recipient', field: 'recipients' }
    })
    expect(
      await invoke('outbox:enqueue', {
        deviceId: 'nope',
        recipients: ['0812345678'],
        entries: [{ kind: 'text', text: 'x' }]
      })
    ).toMatchObject({
      ok: false,
      error: { code: 'not_found' }
    })
  })

  // The terminal works beside the open app when given its data folder (--data-dir), which the window never named.
  it('names the folder it keeps its data in, the path alone, for the terminal’s --data-dir', async () => {
    expect(await invoke('app:dataFolder', {})).toEqual({ ok: true, value: { path: dataDir } })
  })

  it('takes a new token only after the gateway accepts it, and the window never sees a token', async () => {
    const id = await linkedDevice()
    const refused = await invoke('devices:updateToken', { id, token: 'not-the-token-at-all' })
    expect(refused).toMatchObject({ ok: false, error: { code: 'token_invalid' } })
    const stored = await vault.load(id)
    if (stored.kind !== 'found') throw new Error('token lost')
    // After a restart the keyring no longer gives the token back.
    await core.stop()
    vault.lock(id)
    core = await composeCore({ dataDir, vault, appInfo: { version: 'test', platform: 'test' } })
    await core.start()
    expect((await core.handlers['devices:refresh']({ id })).state).toBe('locked')
    const accepted = await invoke('devices:updateToken', { id, token: stored.value.token })
    expect(accepted).toMatchObject({ ok: true, value: { state: 'connected' } })
    const views = JSON.stringify([
      await core.handlers['devices:list']({}),
      await core.handlers['diagnostics:get']({})
    ])
    expect(views).not.toContain(stored.value.token)
  })

  // A new operator's probe: after a restart found the token locked, a message waiting for the device stayed queued
  // once the token was entered again and the device showed Connected, until another send woke the queue.
  it('sends what waited for a locked token as soon as the token is entered again', async () => {
    const id = await linkedDevice()
    const stored = await vault.load(id)
    if (stored.kind !== 'found') throw new Error('token lost')
    await core.stop()
    vault.lock(id)
    core = await composeCore({
      dataDir,
      vault,
      appInfo: { version: 'test', platform: 'test' },
      outbox: { pacingMs: 0, backoffBaseMs: 50, backoffCapMs: 200 },
      pollIntervals: { idleMs: 60_000, linkingMs: 200, settlingMs: 200 }
    })
    await core.start()
    expect((await core.handlers['devices:refresh']({ id })).state).toBe('locked')
    const { itemIds } = await core.handlers['outbox:enqueue']({
      deviceId: id,
      recipients: ['081234567890'],
      isGroup: false,
      entries: [{ kind: 'text', text: 'waited for the token' }]
    })
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect((await core.handlers['outbox:get']({ id: itemIds[0]! })).item.status).toBe('queued')
    await invoke('devices:updateToken', { id, token: stored.value.token })
    await waitFor(
      () => core.handlers['outbox:get']({ id: itemIds[0]! }),
      (r) => r.item.status !== 'queued'
    )
  })

  it('cancels what was waiting for a device when the device is removed', async () => {
    const id = await linkedDevice()
    await core.handlers['outbox:setPaused']({ paused: true })
    const { itemIds } = await core.handlers['outbox:enqueue']({
      deviceId: id,
      recipients: ['081234567890'],
      isGroup: false,
      entries: [{ kind: 'text', text: 'later' }]
    })
    await core.handlers['devices:remove']({ id })
    expect((await core.handlers['outbox:get']({ id: itemIds[0]! })).item.status).toBe('cancelled')
    expect(await vault.load(id)).toEqual({ kind: 'absent' })
  })

  it('removes a device with every side effect in one command and one devices:changed', async () => {
    const id = await linkedDevice()
    await core.handlers['outbox:setPaused']({ paused: true })
    const { itemIds } = await core.handlers['outbox:enqueue']({
      deviceId: id,
      recipients: ['081234567890'],
      isGroup: false,
      entries: [{ kind: 'text', text: 'later' }]
    })
    await core.handlers['series:create']({
      deviceId: id,
      recipients: ['081234567890'],
      isGroup: false,
      entries: [{ kind: 'text', text: 'every day' }],
      start: { localTime: '2030-01-01T08:00', timezone: 'Asia/Jakarta' },
      rule: { kind: 'daily' },
      overduePolicy: 'send'
    })
    await core.handlers['reminders:create']({
      deviceId: id,
      phone: '081234567890',
      message: 'Minum obat',
      start: '2030-01-01T10:30',
      periode: 'daily'
    })
    expect(core.registry.openedClient(id)).toBeDefined()
    const heard: string[] = []
    core.events.subscribe((event) => heard.push(event))

    await core.handlers['devices:remove']({ id })

    expect((await core.handlers['outbox:get']({ id: itemIds[0]! })).item.status).toBe('cancelled')
    expect((await core.handlers['series:list']({})).series).toEqual([])
    expect((await core.handlers['reminders:list']({})).reminders).toEqual([])
    expect(await vault.load(id)).toEqual({ kind: 'absent' })
    expect(core.registry.openedClient(id)).toBeUndefined()
    expect(heard.filter((event) => event === 'devices:changed')).toHaveLength(1)
  })

  it('cancels and retries a selection in one bulk event, saying why each refused item was left', async () => {
    const deviceId = await linkedDevice()
    const sent = await core.handlers['outbox:enqueue']({
      deviceId,
      recipients: ['081234567890'],
      isGroup: false,
      entries: [{ kind: 'text', text: 'already gone' }]
    })
    const sentId = sent.itemIds[0]!
    await waitFor(
      () => core.handlers['outbox:get']({ id: sentId }),
      (reply) => reply.item.status === 'read'
    )
    await core.handlers['outbox:setPaused']({ paused: true })
    const { itemIds: waiting } = await core.handlers['outbox:enqueue']({
      deviceId,
      recipients: ['081234567891', '081234567892', '081234567893'],
      isGroup: false,
      entries: [{ kind: 'text', text: 'later' }]
    })
    const heard: string[] = []
    core.events.subscribe((event) => heard.push(event))

    const cancelled = await invoke('outbox:cancelMany', { ids: [...waiting, sentId, 'no-such-item'] })

    expect(cancelled).toEqual({
      ok: true,
      value: {
        done: waiting,
        refused: [
          { id: sentId, reason: 'at_gateway', status: 'read' },
          { id: 'no-such-item', reason: 'not_found', status: null }
        ]
      }
    })
    for (const id of waiting) {
      expect((await core.handlers['outbox:get']({ id })).item.status).toBe('cancelled')
    }
    expect(heard.filter((event) => event === 'outbox:bulkChanged')).toHaveLength(1)
    expect(heard.filter((event) => event === 'outbox:itemChanged')).toHaveLength(0)

    const retried = await core.handlers['outbox:retryMany']({ ids: [waiting[0]!, sentId] })
    expect(retried).toEqual({
      done: [waiting[0]],
      refused: [{ id: sentId, reason: 'at_gateway', status: 'read' }]
    })
    expect((await core.handlers['outbox:get']({ id: waiting[0]! })).item.status).toBe('queued')
  })

  it('cancels and retries every item the filters match, beyond one page and one bulk limit, at the count confirmed', async () => {
    const deviceId = await linkedDevice()
    const sent = await core.handlers['outbox:enqueue']({
      deviceId,
      recipients: ['081234567890'],
      isGroup: false,
      entries: [{ kind: 'text', text: 'Promo already out' }]
    })
    await waitFor(
      () => core.handlers['outbox:get']({ id: sent.itemIds[0]! }),
      (reply) => reply.item.status === 'read'
    )
    await core.handlers['outbox:setPaused']({ paused: true })
    // 5,500 waiting promos: more than one list page (1,000) and than one bulk action (5,000).
    for (let batch = 0; batch < 11; batch++)
      await core.handlers['outbox:enqueue']({
        deviceId,
        recipients: Array.from({ length: 500 }, (_, i) => `0812${String(batch * 500 + i).padStart(7, '0')}`),
        isGroup: false,
        entries: [{ kind: 'text', text: 'Promo: 20% off' }]
      })
    const other = await core.handlers['outbox:enqueue']({
      deviceId,
      recipients: ['081299999999'],
      isGroup: false,
      entries: [{ kind: 'text', text: 'Your order shipped' }]
    })
    const filter = { text: 'promo' }
    expect((await core.handlers['outbox:list']({ ...filter, offset: 0, limit: 1 })).total).toBe(5_501)
    // Counted per device over every match, as the bulk question names them (not the page a window loaded).
    expect(await core.handlers['outbox:matchingByDevice']({ filter })).toEqual({
      devices: [{ deviceId, count: 5_501 }]
    })

    // The operator confirmed 5,500 but 5,501 match now: nothing is done.
    const stale = await invoke('outbox:cancelMatching', { filter, expected: 5_500 })
    expect(stale).toMatchObject({ ok: false, error: { code: 'count_changed' } })
    expect((await core.handlers['outbox:counts']({})).cancelled).toBe(0)

    const cancelled = await core.handlers['outbox:cancelMatching']({ filter, expected: 5_501 })
    expect(cancelled).toEqual({
      done: 5_500,
      refused: [{ reason: 'at_gateway', count: 1 }],
      noLongerMatching: 0
    })
    expect((await core.handlers['outbox:counts']({})).cancelled).toBe(5_500)
    expect((await core.handlers['outbox:get']({ id: other.itemIds[0]! })).item.status).toBe('queued')

    const retried = await core.handlers['outbox:retryMatching']({
      filter: { ...filter, status: ['cancelled'] },
      expected: 5_500
    })
    expect(retried).toEqual({ done: 5_500, refused: [], noLongerMatching: 0 })
    expect((await core.handlers['outbox:counts']({})).queued).toBe(5_501)
  }, 60_000)

  it('acts on what still matches when fewer match than confirmed, never on more, nor on messages created after the count', async () => {
    const deviceId = await linkedDevice()
    await core.handlers['outbox:setPaused']({ paused: true })
    const promo = (n: number) =>
      core.handlers['outbox:enqueue']({
        deviceId,
        recipients: Array.from({ length: n }, (_, i) => `0812555${String(i).padStart(4, '0')}`),
        isGroup: false,
        entries: [{ kind: 'text', text: 'Promo: 20% off' }]
      })
    const first = await promo(10)
    const filter = { text: 'promo', status: ['queued' as const] }
    const asOf = new Date().toISOString()
    await new Promise((resolve) => setTimeout(resolve, 5))
    // While the operator reads the question, two leave the filter (sent, or cancelled one by one)...
    for (const id of first.itemIds.slice(0, 2)) await core.handlers['outbox:cancel']({ id })
    // ...and three new ones arrive that the count never held.
    const later = await promo(3)

    const reply = await core.handlers['outbox:cancelMatching']({ filter, expected: 10, asOf })
    expect(reply).toEqual({ done: 8, refused: [], noLongerMatching: 2 })
    for (const id of later.itemIds)
      expect((await core.handlers['outbox:get']({ id })).item.status).toBe('queued')

    // More than confirmed match (these three): refused with the new count, nothing done.
    const grown = await invoke('outbox:cancelMatching', { filter, expected: 2 })
    expect(grown).toMatchObject({ ok: false, error: { code: 'count_changed' } })
    expect((await core.handlers['outbox:list']({ ...filter, offset: 0, limit: 1 })).total).toBe(3)
  })

  it('does not count a message already cancelled as cancelled again', async () => {
    const deviceId = await linkedDevice()
    await core.handlers['outbox:setPaused']({ paused: true })
    const { itemIds } = await core.handlers['outbox:enqueue']({
      deviceId,
      recipients: ['081255500001', '081255500002', '081255500003'],
      isGroup: false,
      entries: [{ kind: 'text', text: 'Promo' }]
    })
    await core.handlers['outbox:cancel']({ id: itemIds[0]! })
    expect(await core.handlers['outbox:cancelMany']({ ids: itemIds.slice(0, 2) })).toEqual({
      done: [itemIds[1]],
      refused: [{ id: itemIds[0], reason: 'already_cancelled', status: 'cancelled' }]
    })
    const all = await core.handlers['outbox:cancelMatching']({ filter: { text: 'promo' }, expected: 3 })
    expect(all).toEqual({
      done: 1,
      refused: [{ reason: 'already_cancelled', count: 2 }],
      noLongerMatching: 0
    })
    expect((await core.handlers['outbox:counts']({})).cancelled).toBe(3)
  })

  it('says a message cancelled before was already cancelled when it is cancelled again, not that it is (QA24 Q24-04)', async () => {
    // The terminal cancelled it while the window still showed it waiting: the window's Cancel must not say "Cancelled."
    const deviceId = await linkedDevice()
    await core.handlers['outbox:setPaused']({ paused: true })
    const { itemIds } = await core.handlers['outbox:enqueue']({
      deviceId,
      recipients: ['081255500001'],
      isGroup: false,
      entries: [{ kind: 'text', text: 'Promo' }]
    })
    expect(await invoke('outbox:cancel', { id: itemIds[0] })).toMatchObject({ ok: true })
    expect(await invoke('outbox:cancel', { id: itemIds[0] })).toMatchObject({
      ok: false,
      error: {
        code: 'already_cancelled',
        message: 'This message was already cancelled.',
        messageKey: 'desktop.error.alreadyCancelled'
      }
    })
    expect((await core.handlers['outbox:counts']({})).cancelled).toBe(1)
  })

  it('refuses an empty selection and one above the bulk limit', async () => {
    for (const ids of [[], Array.from({ length: 5_001 }, (_, i) => `id-${i}`)]) {
      const reply = await invoke('outbox:cancelMany', { ids })
      expect(reply).toMatchObject({ ok: false })
    }
  })

  it('announces one pause once: one countsChanged and one devices:changed', async () => {
    await linkedDevice()
    const heard: { event: string; payload: unknown }[] = []
    core.events.subscribe((event, payload) => heard.push({ event, payload }))

    await core.handlers['outbox:setPaused']({ paused: true })

    const counts = heard.filter((h) => h.event === 'outbox:countsChanged')
    expect(counts).toHaveLength(1)
    expect(counts[0]?.payload).toMatchObject({ sendingPaused: true })
    expect(heard.filter((h) => h.event === 'devices:changed')).toHaveLength(1)
  })

  it("refuses a series whose file is above the device's limit, as a single send does", async () => {
    const id = await linkedDevice()
    await core.handlers['devices:setFileLimit']({ id, maxFileBytes: 1024 })
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(4_000, 32)]).toString('base64')
    const { files } = await core.handlers['files:register']({
      sources: [{ kind: 'bytes', name: 'a.pdf', dataBase64: pdf }]
    })
    const refused = await invoke('series:create', {
      deviceId: id,
      recipients: ['081234567890'],
      entries: [{ kind: 'file', handle: files[0]!.handle }],
      start: { localTime: '2030-01-01T08:00', timezone: 'Asia/Jakarta' },
      rule: { kind: 'daily' }
    })
    expect(refused).toMatchObject({ ok: false, error: { code: 'too_large', field: 'entries' } })
    expect((await core.handlers['series:list']({})).series).toEqual([])
  })

  it("checks files against the chosen device's own gateway limit", async () => {
    const id = await linkedDevice()
    const pdf = (bytes: number) =>
      Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(bytes, 32)]).toString('base64')
    const register = async (bytes: number) =>
      (
        await core.handlers['files:register']({
          sources: [{ kind: 'bytes', name: 'a.pdf', dataBase64: pdf(bytes) }]
        })
      ).files[0]!.handle
    // A gateway on a smaller plan: 1 KB.
    expect((await core.handlers['devices:setFileLimit']({ id, maxFileBytes: 1024 })).maxFileBytes).toBe(1024)
    const big = await register(4_000)
    const refused = await invoke('outbox:enqueue', {
      deviceId: id,
      recipients: ['081234567890'],
      entries: [{ kind: 'file', handle: big }]
    })
    expect(refused).toMatchObject({ ok: false, error: { code: 'too_large', field: 'entries' } })
    // Back to the app-wide 2 MB: the same file is fine.
    await core.handlers['devices:setFileLimit']({ id, maxFileBytes: null })
    const accepted = await invoke('outbox:enqueue', {
      deviceId: id,
      recipients: ['081234567890'],
      entries: [{ kind: 'file', handle: big }]
    })
    expect(accepted).toMatchObject({ ok: true })
    // A gateway allowing more than the setting: registration lets such a file through for it.
    await core.handlers['settings:update']({ maxFileBytes: 1024 })
    await core.handlers['devices:setFileLimit']({ id, maxFileBytes: 8_000 })
    const allowed = await register(4_000)
    expect(
      await invoke('outbox:enqueue', {
        deviceId: id,
        recipients: ['081234567890'],
        entries: [{ kind: 'file', handle: allowed }]
      })
    ).toMatchObject({ ok: true })
  })

  it('sandbox controls: the gateway becomes unreachable and back, and an ended subscription can be renewed', async () => {
    const id = await linkedDevice()
    const control = core.handlers['sandbox:control']
    expect((await control({ deviceId: id, action: 'unreachable' })).state).toBe('unreachable')
    expect((await control({ deviceId: id, action: 'reachable' })).state).toBe('connected')
    expect((await control({ deviceId: id, action: 'expire' })).state).toBe('expired')
    expect((await control({ deviceId: id, action: 'renew' })).state).toBe('connected')
  })

  it("brings the send draft's files back after a restart, and refuses by name one that changed", async () => {
    const report = join(dataDir, 'report.pdf')
    const photo = join(dataDir, 'photo.pdf')
    await writeFile(report, '%PDF-1.4 the report')
    await writeFile(photo, '%PDF-1.4 the photo')
    const { files } = await core.handlers['files:register']({
      sources: [
        { kind: 'path', path: report },
        { kind: 'path', path: photo }
      ]
    })
    await core.handlers['files:keepForDraft']({ handles: files.map((file) => file.handle) })
    await core.stop()
    // Changed while the app was closed: the operator would send something else than they chose.
    await writeFile(photo, '%PDF-1.4 another photo, longer')
    core = await composeCore({ dataDir, vault, appInfo: { version: 'test', platform: 'test' } })
    await core.start()
    const restored = await core.handlers['files:restoreDraft']({})
    expect(restored.files.map((file) => file.name)).toEqual(['report.pdf'])
    expect(restored.files[0]?.handle).not.toBe(files[0]?.handle)
    expect(restored.rejected).toEqual([
      {
        name: 'photo.pdf',
        code: 'changed',
        message: 'photo.pdf changed since it was added; add it again.',
        messageKey: 'desktop.fileRefused.changed',
        messageParams: { name: 'photo.pdf' }
      }
    ])
    // The window holds only a handle, and main copies the same file it checked.
    expect(core.files.get(restored.files[0]!.handle)?.path).toBe(await realpath(report))
    // Released with the draft (sent or removed): nothing comes back next time.
    await core.handlers['files:keepForDraft']({ handles: [] })
    expect(await core.handlers['files:restoreDraft']({})).toEqual({ files: [], rejected: [] })
  })

  /** A JPEG and a PDF written to the data folder and registered, for the thumbnail tests. */
  async function aPhotoAndAReport(photoName: string, fill: number) {
    const photo = join(dataDir, photoName)
    const report = join(dataDir, 'report.pdf')
    const bytes = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0]),
      Buffer.alloc(500, fill)
    ])
    await writeFile(photo, bytes)
    await writeFile(report, '%PDF-1.4 the report')
    const { files } = await core.handlers['files:register']({
      sources: [
        { kind: 'path', path: photo },
        { kind: 'path', path: report }
      ]
    })
    return { photo, bytes, files }
  }

  it('reads a photo of the draft back for its thumbnail, and nothing else', async () => {
    const { photo, bytes, files } = await aPhotoAndAReport('IMG_2001.jpg', 7)
    const [photoHandle, reportHandle] = files.map((file) => file.handle)
    expect(await core.handlers['files:picture']({ handle: photoHandle! })).toEqual({
      type: 'image/jpeg',
      dataBase64: bytes.toString('base64')
    })
    // A document, a handle the core does not hold, a photo changed on disk since it was checked: no picture.
    expect(await core.handlers['files:picture']({ handle: reportHandle! })).toBeNull()
    expect(await core.handlers['files:picture']({ handle: 'not-a-handle' })).toBeNull()
    await writeFile(photo, Buffer.concat([bytes, Buffer.from('more')]))
    expect(await core.handlers['files:picture']({ handle: photoHandle! })).toBeNull()
  })

  // QA71: one's own photo sent in a conversation showed only its name, where a customer's showed its picture.
  it("reads a sent photo's kept copy back for its thumbnail in the thread, and nothing else", async () => {
    const deviceId = await linkedDevice()
    const { bytes, files } = await aPhotoAndAReport('IMG_2002.jpg', 9)
    const { itemIds } = await core.handlers['outbox:enqueue']({
      deviceId,
      recipients: ['081234567890'],
      isGroup: false,
      entries: files.map((file) => ({ kind: 'file' as const, handle: file.handle }))
    })
    const [photoItem, reportItem] = itemIds
    expect(await core.handlers['outbox:picture']({ id: photoItem! })).toEqual({
      type: 'image/jpeg',
      dataBase64: bytes.toString('base64')
    })
    // A document sent, an item the outbox does not hold: no picture (the thread shows the file's name).
    expect(await core.handlers['outbox:picture']({ id: reportItem! })).toBeNull()
    expect(await core.handlers['outbox:picture']({ id: 'not-an-item' })).toBeNull()
  })

  it("brings a reply draft's file back after a restart, apart from the send draft, and lets it go once sent", async () => {
    const deviceId = await linkedDevice()
    const catalogue = join(dataDir, 'katalog.pdf')
    await writeFile(catalogue, '%PDF-1.4 the catalogue')
    const { files } = await core.handlers['files:register']({ sources: [{ kind: 'path', path: catalogue }] })
    // A conversation the inbox holds: the reply draft of one that is gone is dropped at the start (reply-drafts-gone).
    const conversationId = conversationWithACustomer(dataDir, '6281234567890')
    const otherConversationId = conversationWithACustomer(dataDir, '6281234567891')
    await core.handlers['files:keepForDraft']({ handles: [files[0]!.handle], conversationId })
    await core.stop()
    core = await composeCore({ dataDir, vault, appInfo: { version: 'test', platform: 'test' } })
    await core.start()
    // The Send view's draft and another conversation's reply hold nothing of it.
    expect(await core.handlers['files:restoreDraft']({})).toEqual({ files: [], rejected: [] })
    expect(await core.handlers['files:restoreDraft']({ conversationId: otherConversationId })).toEqual({
      files: [],
      rejected: []
    })
    const restored = await core.handlers['files:restoreDraft']({ conversationId })
    expect(restored).toMatchObject({ files: [{ name: 'katalog.pdf', kind: 'document' }], rejected: [] })
    const handle = restored.files[0]!.handle
    expect(core.files.get(handle)?.path).toBe(await realpath(catalogue))
    // Sent: the core let the file go, and the draft with it (the next run has nothing to bring back).
    await core.handlers['inbox:reply']({
      requestId: 'reply-with-file',
      deviceId,
      chatId: '081234567890',
      isGroup: false,
      text: 'Ini katalognya',
      handle
    })
    expect(core.files.get(handle)).toBeUndefined()
    await core.stop()
    core = await composeCore({ dataDir, vault, appInfo: { version: 'test', platform: 'test' } })
    await core.start()
    expect(await core.handlers['files:restoreDraft']({ conversationId })).toEqual({
      files: [],
      rejected: []
    })
  })

  it('applies settings to the running core and announces them', async () => {
    const heard: string[] = []
    core.events.subscribe((event) => heard.push(event))
    const next = await core.handlers['settings:update']({ pollIntervalSec: 60, maxFileBytes: 10 })
    expect(next.pollIntervalSec).toBe(60)
    expect(heard).toContain('settings:changed')
    const file = join(dataDir, 'big.pdf')
    await writeFile(file, '%PDF-1.4 more than ten bytes')
    const { rejected } = await core.handlers['files:register']({ sources: [{ kind: 'path', path: file }] })
    expect(rejected[0]?.code).toBe('too_large')
    // Named on its field, with a key the window words in the operator's language.
    expect(await invoke('settings:update', { defaultTimezone: 'Mars/Base' })).toMatchObject({
      ok: false,
      error: {
        code: 'invalid_request',
        field: 'defaultTimezone',
        message: 'Unknown time zone: “Mars/Base”.',
        messageKey: 'desktop.error.unknownTimezone'
      }
    })
  })
})
