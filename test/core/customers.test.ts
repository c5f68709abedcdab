// The customer list and the opt-out list's bulk removal through the composed core (QA walk 11, Q11-12 and Q11-13):
// contacts a page at a time with their opt-out state, and many opt-outs taken off at once, then put back as they were.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Core } from '../../src/main/core/compose'
import { composeSandboxCore, linkSandboxDevice, startedCampaign } from './testing/sandbox-core'

let core: Core

beforeEach(async () => {
  core = await composeSandboxCore('sd-customers-', () => undefined)
})
afterEach(async () => core.stop())

describe('the customer list through the contract', () => {
  it('pages the contacts by name, finds a number typed as Send takes it, and says who opted out', async () => {
    for (const [phone, name] of [
      ['0812-0000-0003', 'citra'],
      ['0812-0000-0001', 'Ani'],
      ['0857-0000-0002', 'Budi']
    ] as const)
      await core.handlers['contacts:set']({ phone, name })
    await core.handlers['optouts:add']({ phones: ['085700000002'], source: 'operator' })
    const first = await core.handlers['contacts:page']({ limit: 2 })
    expect(first.customers.map((c) => [c.name, c.optedOut])).toEqual([
      ['Ani', false],
      ['Budi', true]
    ])
    expect(first.next).toEqual({ name: 'Budi', phone: '6285700000002' })
    const second = await core.handlers['contacts:page']({ limit: 2, after: first.next! })
    expect(second).toMatchObject({ customers: [{ name: 'citra', phone: '6281200000003' }], next: null })
    const found = await core.handlers['contacts:page']({ limit: 10, search: '+62 857' })
    expect(found.customers.map((c) => c.name)).toEqual(['Budi'])
  })
})

// QA71: Send said a number was on the opt-out list only once Send was pressed; its suggestion and chip say it now.
describe('who is on the opt-out list, for Send before it sends (QA71)', () => {
  it('marks a suggested contact on the list, and answers which typed numbers are on it, as they were typed', async () => {
    await core.handlers['contacts:set']({ phone: '0821-7777-8888', name: 'Dewi' })
    await core.handlers['contacts:set']({ phone: '0821-7777-9999', name: 'Dewa' })
    await core.handlers['optouts:add']({ phones: ['082177778888', '085755556666'], source: 'operator' })
    const { suggestions } = await core.handlers['contacts:suggest']({ text: 'Dew', limit: 8 })
    expect(suggestions.map((s) => [s.name, s.optedOut === true])).toEqual([
      ['Dewa', false],
      ['Dewi', true]
    ])
    const { optedOut } = await core.handlers['optouts:among']({
      phones: ['6285755556666', '+62 821-7777-8888', '6281200000001', 'not a number']
    })
    expect(optedOut).toEqual(['6285755556666', '+62 821-7777-8888'])
  })
})

describe('the customer list of one campaign (an operator could not see who was in campaign X)', () => {
  it('lists the contacts the campaign held, counts them on the first page, and narrows to who opted out since', async () => {
    const deviceId = await linkSandboxDevice(core)
    // The spreadsheet's numbers in other forms than the contacts': matched on the one normalised form.
    const promo = await startedCampaign(core, deviceId, 'promo', [
      '+62 812-0000-0001',
      '0812 0000 0003',
      '6281200000004'
    ])
    const other = await startedCampaign(core, deviceId, 'other', ['081200000002'])
    for (const [phone, name] of [
      ['0812-0000-0001', 'Ani'],
      ['0812-0000-0002', 'Budi'],
      ['+6281200000003', 'Citra'],
      ['0812-0000-0004', 'Dedi']
    ] as const)
      await core.handlers['contacts:set']({ phone, name })
    const first = await core.handlers['contacts:page']({ limit: 2, campaign: { id: promo } })
    expect(first.customers.map((c) => c.name)).toEqual(['Ani', 'Citra'])
    expect(first.total).toBe(3)
    const second = await core.handlers['contacts:page']({
      limit: 2,
      campaign: { id: promo },
      after: first.next!
    })
    // Counted once, on the first page: a later page carries the cursor only (the window keeps the first total).
    expect(second).toMatchObject({
      customers: [{ name: 'Dedi', phone: '6281200000004' }],
      next: null,
      total: null
    })
    const narrowed = await core.handlers['contacts:page']({
      limit: 10,
      campaign: { id: promo },
      search: 'ci'
    })
    expect([narrowed.customers.map((c) => c.name), narrowed.total]).toEqual([['Citra'], 1])
    expect(
      (await core.handlers['contacts:page']({ limit: 10, campaign: { id: other } })).customers
    ).toMatchObject([{ name: 'Budi' }])
    // Opted out after the campaign started: Citra alone.
    await core.handlers['optouts:add']({ phones: ['0812 0000 0003'], source: 'operator' })
    const optedOut = await core.handlers['contacts:page']({
      limit: 10,
      campaign: { id: promo, since: 'optedOut' }
    })
    expect([optedOut.customers.map((c) => [c.name, c.optedOut]), optedOut.total]).toEqual([
      [['Citra', true]],
      1
    ])
    // The whole list is not counted: no total without a campaign.
    const whole = await core.handlers['contacts:page']({ limit: 10 })
    expect([whole.customers.length, whole.total]).toEqual([4, null])
  })
})

describe('adding a customer (QA17 Q17-01: an add on a kept number replaced its name without a word)', () => {
  it('adds a new number, and answers a kept one with its name, changing nothing', async () => {
    const added = await core.handlers['contacts:add']({ phone: '0812 1111 4444', name: 'Wati' })
    expect(added).toMatchObject({
      added: true,
      contact: { phone: '6281211114444', name: 'Wati', source: 'operator' }
    })
    const again = await core.handlers['contacts:add']({ phone: '+62 812-1111-4444', name: 'Toko Sinar Jaya' })
    expect(again).toMatchObject({ added: false, kept: { phone: '6281211114444', name: 'Wati' } })
    const page = await core.handlers['contacts:page']({ limit: 10 })
    expect(page.customers.map((c) => c.name)).toEqual(['Wati'])
    // A name learnt from a spreadsheet is a kept name too: the operator is asked before it goes.
    core.inbox.conversations.contacts.learnMany([{ phone: '6281211115555', name: 'Yusuf' }], 'campaign')
    expect(await core.handlers['contacts:add']({ phone: '081211115555', name: 'Pak Yusuf' })).toMatchObject({
      added: false,
      kept: { name: 'Yusuf', source: 'campaign' }
    })
  })

  it('refuses a number that cannot be one at the phone field', async () => {
    await expect(core.handlers['contacts:add']({ phone: '12ab', name: 'Budi' })).rejects.toMatchObject({
      field: 'phone'
    })
  })
})

describe("Undo of a rename or a removal (a learnt name came back as the operator's)", () => {
  it('puts the customer back as they were: a learnt name stays one that a later learnt name replaces', async () => {
    const contacts = core.inbox.conversations.contacts
    contacts.learnMany([{ phone: '6281211116666', name: 'Yusuf' }], 'campaign')
    const before = (await core.handlers['contacts:page']({ limit: 10 })).customers[0]!
    expect(before).toMatchObject({ name: 'Yusuf', source: 'campaign' })
    await core.handlers['contacts:set']({ phone: before.phone, name: 'Pak Yusuf (grosir)' })
    const undone = await core.handlers['contacts:restore']({
      phone: before.phone,
      name: before.name,
      source: before.source,
      updatedAt: before.updatedAt
    })
    expect(undone).toEqual({
      phone: '6281211116666',
      name: 'Yusuf',
      source: 'campaign',
      updatedAt: before.updatedAt
    })
    // The next spreadsheet's name for the number is taken, as it would have been before the rename.
    contacts.learnMany([{ phone: '6281211116666', name: 'Yusuf Hamdani' }], 'campaign')
    expect(contacts.get('6281211116666')).toMatchObject({ name: 'Yusuf Hamdani', source: 'campaign' })
    // A removed customer comes back the same way, found by their name's folded key.
    await core.handlers['contacts:remove']({ phone: '6281211116666' })
    await core.handlers['contacts:restore']({ ...undone, phone: '0812 1111 6666' })
    const found = await core.handlers['contacts:page']({ limit: 10, search: 'yusuf' })
    expect(found.customers.map((c) => [c.name, c.source])).toEqual([['Yusuf', 'campaign']])
  })
})

describe('the opt-out list changing (QA17 Q17-02: the customer list kept an old opt-out state)', () => {
  it('says so for the operator’s own changes, as for a customer’s keyword', async () => {
    const said: string[] = []
    const stop = core.events.subscribe((event) => {
      if (event === 'optouts:changed') said.push(event)
    })
    await core.handlers['optouts:add']({ phones: ['081200000001', '081200000002'], source: 'operator' })
    expect(said).toHaveLength(1)
    await core.handlers['optouts:remove']({ phone: '081200000001' })
    expect(said).toHaveLength(2)
    const { removed } = await core.handlers['optouts:removeMany']({ phones: ['6281200000002'] })
    expect(said).toHaveLength(3)
    await core.handlers['optouts:restore']({ entries: removed.map(({ name: _name, ...entry }) => entry) })
    expect(said).toHaveLength(4)
    // Nothing changed, nothing said.
    await core.handlers['optouts:removeMany']({ phones: ['6289999999999'] })
    expect(said).toHaveLength(4)
    stop()
  })
})

describe('removing many opt-outs at once', () => {
  it('answers the entries it took off as they were, and puts them back so on restore', async () => {
    await core.handlers['optouts:add']({ phones: ['081200000001', '081200000002'], source: 'import' })
    await core.handlers['optouts:add']({ phones: ['081200000003'], source: 'operator' })
    const before = (await core.handlers['optouts:list']({})).optOuts
    const { removed } = await core.handlers['optouts:removeMany']({
      // One spelled as typed, one not on the list: only the listed ones are answered, each once.
      phones: ['6281200000001', '0812-0000-0003', '6281200000001', '6289999999999']
    })
    expect(removed.map((e) => [e.phone, e.source]).sort()).toEqual([
      ['6281200000001', 'import'],
      ['6281200000003', 'operator']
    ])
    expect((await core.handlers['optouts:list']({})).optOuts.map((e) => e.phone)).toEqual(['6281200000002'])
    const { restored } = await core.handlers['optouts:restore']({
      entries: removed.map(({ name: _name, ...entry }) => entry)
    })
    expect(restored).toBe(2)
    // How and when each got on the list is kept: the list reads as it did before.
    expect((await core.handlers['optouts:list']({})).optOuts).toEqual(before)
  })
})

describe('searching the opt-out list (the window searched only the entries it had read)', () => {
  it('finds a match past the first page in the core, and pages the matches with their count', async () => {
    const phones = Array.from({ length: 300 }, (_, i) => `0899${String(i).padStart(8, '0')}`)
    await core.handlers['optouts:add']({ phones, source: 'import' })
    await core.handlers['contacts:set']({ phone: '089900000299', name: 'Budi Santoso' })
    // The oldest entry's number as Send takes it: past the first 200 of the list, found all the same.
    const byNumber = await core.handlers['optouts:list']({ search: '0899 0000 0123', limit: 200 })
    expect(byNumber.optOuts.map((e) => e.phone)).toEqual(['6289900000123'])
    expect(byNumber.total).toBe(1)
    const byName = await core.handlers['optouts:list']({ search: 'santoso', limit: 200 })
    expect(byName.optOuts.map((e) => [e.phone, e.name])).toEqual([['6289900000299', 'Budi Santoso']])
    // Many matches: a page of them, how many there are, and the next page from an offset.
    const first = await core.handlers['optouts:list']({ search: '0899', limit: 200 })
    expect([first.optOuts.length, first.total, first.listed]).toEqual([200, 300, 300])
    const rest = await core.handlers['optouts:list']({ search: '0899', limit: 200, offset: 200 })
    expect(rest.optOuts).toHaveLength(100)
    expect(new Set([...first.optOuts, ...rest.optOuts].map((e) => e.phone)).size).toBe(300)
  })
})
