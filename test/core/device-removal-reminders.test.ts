// Removing a device that has reminders kept at the gateway (QA42 Q42-01): the gateway keeps sending a reminder until
// it is deleted there, and only the device's token can delete it, so the removal deletes them first. A delete the
// gateway does not do keeps the device (and its token) and names the reminder; the operator may then remove it anyway
// and keep them at the gateway, said explicitly.
import { afterEach, beforeEach, expect, it } from 'vitest'
import type { SandboxControl } from '@sender-desk/sandbox-gateway'
import type { Core } from '../../src/main/core/compose'
import { describeCoreError } from '../../src/main/core/compose'
import { dispatchInvoke } from '../../src/main/core/ipc-dispatch'
import { loseNextAnswer } from '../../src/main/core/gateway/testing/lost-answer'
import { composeHostedCore, type HostedCore } from './testing/hosted-core'

let hosted: HostedCore
let core: Core
let control: SandboxControl

beforeEach(async () => {
  hosted = await composeHostedCore('sd-remove-reminders-')
  ;({ core, control } = hosted)
})
afterEach(() => hosted.close())

const invoke = (channel: string, request: unknown) =>
  dispatchInvoke(core.handlers, channel, request, { describeError: describeCoreError })

async function deviceWithReminders(label = 'Cabang Gowa'): Promise<{ id: string; token: string }> {
  const device = await hosted.linkedDevice(label)
  await core.handlers['reminders:create']({
    deviceId: device.id,
    phone: '081234567890',
    title: 'Cicilan',
    message: 'Cicilan bulan ini jatuh tempo',
    start: '2030-01-01T09:00',
    periode: 'daily'
  })
  await core.handlers['reminders:create']({
    deviceId: device.id,
    phone: '081234567891',
    message: 'Minum obat',
    start: '2030-01-01T10:30',
    periode: 'custom',
    customDay: 5
  })
  await core.handlers['series:create']({
    deviceId: device.id,
    recipients: ['081234567892'],
    isGroup: false,
    entries: [{ kind: 'text', text: 'Laporan mingguan' }],
    start: { localTime: '2030-01-01T08:00', timezone: 'Asia/Makassar' },
    rule: { kind: 'daily' },
    overduePolicy: 'send'
  })
  return device
}

it('names what the removal does to the device’s gateway reminders and series before it is confirmed', async () => {
  const { id, token } = await deviceWithReminders()
  const atGateway = await control.reminders(token)
  const gatewayId = (title: string) => atGateway.find((reminder) => reminder.title === title)?.id
  // Named as the operator knows them (its title, else its message's start), oldest first as they were made, with
  // what the window words their schedule from and the gateway's id.
  expect(await core.handlers['devices:removalPreview']({ id })).toEqual({
    gatewayReminders: 2,
    series: 1,
    reminders: [
      {
        reminderId: gatewayId('Cicilan'),
        name: 'Cicilan',
        startAt: expect.stringMatching(/^2030-01-01 09:00/),
        periode: 'daily',
        customDay: null,
        timezone: expect.toBeOneOf([expect.any(String), null])
      },
      {
        reminderId: expect.any(String),
        name: 'Minum obat',
        startAt: expect.stringMatching(/^2030-01-01 10:30/),
        periode: 'custom',
        customDay: 5,
        timezone: expect.toBeOneOf([expect.any(String), null])
      }
    ],
    // Sender Desk's own series, named by their message's start with the rule the Reminders view words.
    namedSeries: [
      {
        id: expect.any(String),
        name: 'Laporan mingguan',
        rule: { kind: 'daily' },
        startLocal: '2030-01-01T08:00:00',
        // Whether it still makes messages, and when next (QA69: a stopped or ended one read as running).
        timezone: 'Asia/Makassar',
        status: 'active',
        nextAt: '2030-01-01T00:00:00.000Z'
      }
    ],
    // No campaign sends on it, and no draft names it.
    campaigns: [],
    drafts: []
  })
})

it('names a series by its message’s start, and one that sends only a file by the file’s name', async () => {
  const device = await hosted.linkedDevice('Cabang Takalar')
  type SeriesRequest = Parameters<Core['handlers']['series:create']>[0]
  const series = (entries: SeriesRequest['entries'], rule: SeriesRequest['rule']) =>
    core.handlers['series:create']({
      deviceId: device.id,
      recipients: ['081234567892'],
      isGroup: false,
      entries,
      start: { localTime: '2030-01-01T08:00', timezone: 'Asia/Makassar' },
      rule,
      overduePolicy: 'send'
    })
  await series(
    [{ kind: 'text', text: 'Jangan lupa bayar iuran   kebersihan bulan ini sebelum tanggal sepuluh ya' }],
    { kind: 'every-n-days', days: 3 }
  )
  const { files } = await core.handlers['files:register']({
    sources: [{ kind: 'bytes', name: 'jadwal.pdf', dataBase64: Buffer.from('%PDF-1.4\n').toString('base64') }]
  })
  await series([{ kind: 'file', handle: files[0]!.handle }], { kind: 'weekly' })
  const { namedSeries } = await core.handlers['devices:removalPreview']({ id: device.id })
  // As the Reminders view lists them (newest first; made in the same millisecond here, so not by order).
  expect(namedSeries.map(({ name, rule }) => ({ name, rule }))).toEqual(
    expect.arrayContaining([
      { name: 'Jangan lupa bayar iuran kebersihan bulan…', rule: { kind: 'every-n-days', days: 3 } },
      { name: 'jadwal.pdf', rule: { kind: 'weekly' } }
    ])
  )
  expect(namedSeries).toHaveLength(2)
})

it('names a reminder without a title by its message’s start', async () => {
  const device = await hosted.linkedDevice('Cabang Maros')
  await core.handlers['reminders:create']({
    deviceId: device.id,
    phone: '081234567890',
    message: 'Jangan lupa bayar iuran kebersihan bulan ini sebelum tanggal sepuluh ya',
    start: '2030-01-01T09:00',
    periode: 'monthly'
  })
  const { reminders } = await core.handlers['devices:removalPreview']({ id: device.id })
  expect(reminders.map((reminder) => reminder.name)).toEqual(['Jangan lupa bayar iuran kebersihan bulan…'])
})

it('deletes the device’s reminders at the gateway with its token before removing it, logged out too', async () => {
  const { id, token } = await deviceWithReminders()
  expect(await control.reminders(token)).toHaveLength(2)
  // A phone logged out of WhatsApp: its token still works for the gateway's reminder API.
  await control.act(token, 'logout')

  expect(await invoke('devices:remove', { id })).toEqual({ ok: true, value: { ok: true } })

  expect(await control.reminders(token)).toEqual([])
  expect((await core.handlers['reminders:list']({})).reminders).toEqual([])
  expect((await core.handlers['series:list']({})).series).toEqual([])
  expect((await core.handlers['devices:list']({})).devices).toEqual([])
})

it('keeps the device when the gateway does not delete a reminder, names it, and removes it once asked again', async () => {
  const { id, token } = await deviceWithReminders()
  await core.handlers['outbox:setPaused']({ paused: true })
  const { itemIds } = await core.handlers['outbox:enqueue']({
    deviceId: id,
    recipients: ['081234567893'],
    isGroup: false,
    entries: [{ kind: 'text', text: 'nanti' }]
  })
  const { reminders } = await core.handlers['reminders:list']({ deviceId: id })
  const cicilan = reminders.find((reminder) => reminder.title === 'Cicilan')!
  await control.addFault({
    path: `/api/reminder/${cicilan.reminderId}`,
    method: 'DELETE',
    kind: 'status',
    status: 500
  })

  const refused = await invoke('devices:remove', { id })

  expect(refused.ok).toBe(false)
  if (refused.ok) return
  expect(refused.error.code).toBe('reminder_not_deleted')
  expect(refused.error.messageKey).toBe('desktop.error.reminderNotDeleted')
  expect(refused.error.message).toContain('“Cicilan”')
  // Nothing of the cascade ran: the device, its token, its waiting message, its series and reminders stay.
  expect((await core.handlers['devices:list']({})).devices.map((d) => d.id)).toEqual([id])
  expect((await core.handlers['outbox:get']({ id: itemIds[0]! })).item.status).toBe('queued')
  expect((await core.handlers['series:list']({})).series).toHaveLength(1)
  expect((await core.handlers['reminders:list']({})).reminders.map((r) => r.title)).toContain('Cicilan')
  expect((await control.reminders(token)).map((r) => r.title)).toContain('Cicilan')

  await control.clearFaults()
  expect(await invoke('devices:remove', { id })).toEqual({ ok: true, value: { ok: true } })
  expect(await control.reminders(token)).toEqual([])
  const cancelled = await core.handlers['outbox:get']({ id: itemIds[0]! })
  expect(cancelled.item.status).toBe('cancelled')
  // The cancelled message says why in its timeline.
  expect(cancelled.history.at(-1)?.noteKey).toBe('desktop.note.cancelledDeviceRemoved')
  // An operator's probe: Retry put it back in line, "Queued again." on the removed device, where nothing reads it.
  expect(cancelled.item.retryRefusal).toMatchObject({
    code: 'device_removed',
    messageKey: 'desktop.error.whyDeviceRemoved'
  })
  const retried = await invoke('outbox:retry', { id: itemIds[0]! })
  expect(retried.ok).toBe(false)
  if (!retried.ok) expect(retried.error.code).toBe('device_removed')
  const bulk = await core.handlers['outbox:retryMany']({ ids: [itemIds[0]!] })
  expect(bulk.refused.map((r) => r.reason)).toEqual(['device_removed'])
  expect((await core.handlers['outbox:get']({ id: itemIds[0]! })).item.status).toBe('cancelled')
})

it('removes the device anyway when asked to keep its reminders at the gateway, which go on there', async () => {
  const { id, token } = await deviceWithReminders()
  await control.addFault({ path: '/api/reminder/*', method: 'DELETE', kind: 'status', status: 500 })
  expect((await invoke('devices:remove', { id })).ok).toBe(false)

  const atGateway = await control.reminders(token)
  const gatewayId = (title: string | null) => atGateway.find((reminder) => reminder.title === title)?.id

  // The reply names what the gateway goes on sending, with the gateway's ids: once the device is gone Sender Desk
  // forgets them, and the operator deletes them in the gateway's dashboard.
  expect(await invoke('devices:remove', { id, keepGatewayReminders: true })).toEqual({
    ok: true,
    value: {
      ok: true,
      keptAtGateway: [
        expect.objectContaining({ name: 'Cicilan', reminderId: gatewayId('Cicilan'), periode: 'daily' }),
        expect.objectContaining({ name: 'Minum obat', periode: 'custom', customDay: 5 })
      ]
    }
  })
  expect(new Set(atGateway.map((reminder) => reminder.id)).size).toBe(2)

  expect(await control.reminders(token)).toHaveLength(2)
  expect((await core.handlers['reminders:list']({})).reminders).toEqual([])
  expect((await core.handlers['devices:list']({})).devices).toEqual([])
})

it('keeps the record of what the gateway goes on sending across a restart, until the operator dismisses it', async () => {
  const { id, token } = await deviceWithReminders()
  const other = await deviceWithReminders('Cabang Maros')
  await control.addFault({ path: '/api/reminder/*', method: 'DELETE', kind: 'status', status: 500 })
  expect((await core.handlers['devices:keptAtGateway']({})).records).toEqual([])
  await core.handlers['devices:remove']({ id, keepGatewayReminders: true })
  await core.handlers['devices:remove']({ id: other.id, keepGatewayReminders: true })
  const gatewayIds = async (deviceToken: string) =>
    new Set((await control.reminders(deviceToken)).map((reminder) => reminder.id))

  // The app quits and starts again: the record is still there, named by the device's label, with the gateway's ids.
  core = await hosted.restart()
  const { records } = await core.handlers['devices:keptAtGateway']({})
  expect(records.map((record) => [record.deviceId, record.label])).toEqual([
    [id, 'Cabang Gowa'],
    [other.id, 'Cabang Maros']
  ])
  expect(records[0]!.reminders.map((reminder) => reminder.name)).toEqual(['Cicilan', 'Minum obat'])
  expect(new Set(records[0]!.reminders.map((reminder) => reminder.reminderId))).toEqual(
    await gatewayIds(token)
  )
  expect(new Set(records[1]!.reminders.map((reminder) => reminder.reminderId))).toEqual(
    await gatewayIds(other.token)
  )

  // Deleted at the gateway, says the operator: that device's record goes, for good; the other stays.
  expect(await invoke('devices:dismissKeptAtGateway', { deviceId: id })).toEqual({
    ok: true,
    value: { records: [records[1]] }
  })
  core = await hosted.restart()
  expect((await core.handlers['devices:keptAtGateway']({})).records).toEqual([records[1]])
})

// A reminder whose answer was lost as it was made (kept unconfirmed, no gateway id): nothing can delete it at the
// gateway by its id, so the removal does not wait on it, and names it among what the gateway may go on sending.
it('removes the device with an unconfirmed reminder, naming it as one the gateway may go on sending', async () => {
  const device = await hosted.linkedDevice('Cabang Maros')
  await loseNextAnswer(control, '/api/reminder', { method: 'POST', kind: 'truncate' })
  const unconfirmed = await core.handlers['reminders:create']({
    deviceId: device.id,
    phone: '081234567890',
    title: 'Cicilan',
    message: 'Cicilan bulan ini jatuh tempo',
    start: '2030-01-01T09:00',
    periode: 'daily'
  })
  expect(unconfirmed.reminderId).toBeNull()
  await core.handlers['reminders:create']({
    deviceId: device.id,
    phone: '081234567891',
    message: 'Minum obat',
    start: '2030-01-01T10:30',
    periode: 'daily'
  })
  expect(await control.reminders(device.token)).toHaveLength(2)

  expect(await invoke('devices:remove', { id: device.id })).toEqual({
    ok: true,
    value: { ok: true, keptAtGateway: [expect.objectContaining({ name: 'Cicilan', reminderId: null })] }
  })
  // The confirmed one deleted at the gateway; the other is there still, for the operator to delete in its dashboard.
  expect((await control.reminders(device.token)).map((reminder) => reminder.title)).toEqual(['Cicilan'])
  expect((await core.handlers['devices:keptAtGateway']({})).records).toEqual([
    expect.objectContaining({ reminders: [expect.objectContaining({ reminderId: null })] })
  ])
})

/** Messages to two numbers the gateway keeps to send itself on 1 Jan 2030, saved there. */
async function gatewayKeptSchedules(deviceId: string, token: string): Promise<string[]> {
  const { itemIds } = await core.handlers['outbox:enqueue']({
    deviceId,
    recipients: ['081234567894', '081234567895'],
    isGroup: false,
    entries: [{ kind: 'text', text: 'Stok baru datang besok' }],
    schedule: {
      localTime: '2030-01-01T09:00',
      timezone: 'Asia/Jakarta',
      mode: 'gateway',
      overduePolicy: 'send'
    }
  })
  await expect.poll(async () => (await control.schedules(token)).length, { timeout: 10_000 }).toBe(2)
  return itemIds
}

// QA63: removing a device cancelled its gateway-kept schedules here only ("Cancelled: its device was removed"), and
// erased the token the gateway's cancel needed: the gateway sent them on their day.
it('cancels the device’s schedules kept at the gateway there, with its token, before removing it', async () => {
  const device = await hosted.linkedDevice('Gudang')
  const itemIds = await gatewayKeptSchedules(device.id, device.token)

  expect(await invoke('devices:remove', { id: device.id })).toEqual({ ok: true, value: { ok: true } })
  expect((await control.schedules(device.token)).map((schedule) => schedule.status)).toEqual([
    'cancel',
    'cancel'
  ])
  for (const id of itemIds) {
    const { item, history } = await core.handlers['outbox:get']({ id })
    expect(item.status).toBe('cancelled')
    expect(history.map((entry) => entry.noteKey)).toEqual(
      expect.arrayContaining(['desktop.note.cancelledDeviceRemoved', 'desktop.note.cancelledAtGateway'])
    )
  }
})

it('keeps the device when the gateway does not cancel a schedule it keeps, and removes it once asked again', async () => {
  const device = await hosted.linkedDevice('Gudang')
  await gatewayKeptSchedules(device.id, device.token)
  await control.addFault({ path: '/api/schedule-cancel/*', method: 'PUT', kind: 'status', status: 500 })

  const refused = await invoke('devices:remove', { id: device.id })

  expect(refused.ok).toBe(false)
  if (refused.ok) return
  expect(refused.error.code).toBe('schedules_not_cancelled')
  expect(refused.error.message).toContain('2 scheduled messages')
  // The device and its token stay, to cancel them with; the gateway still keeps them.
  expect((await core.handlers['devices:list']({})).devices.map((d) => d.id)).toEqual([device.id])
  expect((await control.schedules(device.token)).map((schedule) => schedule.status)).not.toContain('cancel')

  await control.clearFaults()
  // Tried again, whether by its own retry or by the removal asked again: cancelled there, and the device removed.
  await expect
    .poll(async () => (await invoke('devices:remove', { id: device.id })).ok, {
      timeout: 60_000,
      interval: 500
    })
    .toBe(true)
  expect((await control.schedules(device.token)).map((schedule) => schedule.status)).toEqual([
    'cancel',
    'cancel'
  ])
})
