// Contacts (v2/contact), contact groups (group/add, group/delete-phone), the blacklist and agents, per device.

import { AGENT_SLOTS } from './contact-book'
import type { ContactRecord } from './records'
import { normalisePhone, splitRecipients } from './phone-numbers'
import { GatewayRejection } from './rejections'
import type { RequestFields } from './request-fields'
import { json, requestDevice, type ApiContext, type ApiResponse, type Route } from './route-table'

const YMD = /^\d{4}-\d{2}-\d{2}$/

/** The `data` array of a v2 body, or the body itself as one item (v1 clients post the fields flat). */
function itemsOf(fields: RequestFields): Record<string, unknown>[] {
  let data = fields.value('data')
  if (typeof data === 'string') {
    try {
      data = JSON.parse(data)
    } catch {
      throw new GatewayRejection('data must be a JSON array')
    }
  }
  if (data === undefined)
    return [
      Object.fromEntries(
        ['name', 'phone', 'email', 'address', 'birth_day', 'password'].map((n) => [n, fields.value(n)])
      )
    ]
  if (!Array.isArray(data) || data.length === 0) throw new GatewayRejection('data is required')
  if (data.length > 100) throw new GatewayRejection(`maximum 100 items per request, got ${data.length}`)
  return data.map((item, index) => {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) {
      throw new GatewayRejection(`data[${index}]: item must be an object`)
    }
    return item as Record<string, unknown>
  })
}

const textOf = (value: unknown): string =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : ''

function phonesOf(raw: string | undefined): string[] {
  const phones = splitRecipients(raw ?? '')
  if (phones.length === 0) throw new GatewayRejection('phone is required')
  return phones
}

async function addContacts(ctx: ApiContext): Promise<ApiResponse> {
  const device = requestDevice(ctx)
  const now = ctx.world.now()
  const messages = itemsOf(await ctx.fields()).map((item) => {
    const phone = normalisePhone(textOf(item.phone))
    const name = textOf(item.name)
    if (!phone) return { phone: textOf(item.phone), message: 'format phone invalid', status: false }
    if (!name) return { phone, message: 'name is required', status: false }
    const birthDay = textOf(item.birth_day)
    if (birthDay && !YMD.test(birthDay)) return { phone, message: 'birth_day must be Y-m-d', status: false }
    const record: ContactRecord = {
      id: ctx.world.newId(),
      deviceSerial: device.serial,
      phone,
      name,
      email: textOf(item.email),
      address: textOf(item.address),
      birthDay,
      createdAt: now,
      updatedAt: now
    }
    return ctx.world.contactBook.addContact(record)
      ? { phone, message: 'Successfully Add contact', status: true }
      : { phone, message: `${phone} already add on contact`, status: false }
  })
  ctx.world.contactsChanged()
  return json({ status: true, message: 'Successfully Add contact', data: { messages } })
}

async function updateContacts(ctx: ApiContext): Promise<ApiResponse> {
  const device = requestDevice(ctx)
  const messages = itemsOf(await ctx.fields()).map((item) => {
    const phone = normalisePhone(textOf(item.phone)) ?? textOf(item.phone)
    const contact = ctx.world.contactBook.contact(device.serial, phone)
    if (!contact) return { phone, message: `contact ${phone} not found`, status: false }
    for (const [field, key] of [
      ['name', 'name'],
      ['email', 'email'],
      ['address', 'address'],
      ['birth_day', 'birthDay']
    ] as const) {
      const value = textOf(item[field])
      if (value) contact[key] = value
    }
    contact.updatedAt = ctx.world.now()
    return { phone, message: `contact ${phone} successfully updated`, status: true }
  })
  ctx.world.contactsChanged()
  return json({ status: true, message: 'Successfully update contact', data: { messages } })
}

async function deleteContacts(ctx: ApiContext): Promise<ApiResponse> {
  const device = requestDevice(ctx)
  const phones = phonesOf((await ctx.fields()).text('phone')).map((raw) => normalisePhone(raw) ?? raw)
  const removed = ctx.world.contactBook.removeContacts(device.serial, phones)
  ctx.world.contactsChanged()
  return json({ status: true, message: `Successfully deleted contacts: ${removed.join(', ')}` })
}

function listContacts(ctx: ApiContext): ApiResponse {
  const device = requestDevice(ctx)
  const wanted = ctx.query.get('phone')?.trim()
  const phone = wanted ? (normalisePhone(wanted) ?? wanted) : null
  const all = ctx.world.contactBook
    .contactsOf(device.serial)
    .filter((c) => phone === null || c.phone === phone)
  const limit = Math.min(1000, Math.max(1, Number(ctx.query.get('limit')) || 10))
  const page = Math.max(1, Number(ctx.query.get('page')) || 1)
  const iso = (ms: number): string => new Date(ms).toISOString()
  return json({
    status: true,
    totalData: all.length,
    perPage: limit,
    page,
    totalPage: Math.ceil(all.length / limit),
    message: all.slice((page - 1) * limit, page * limit).map((contact) => ({
      id: contact.id,
      phone: contact.phone,
      email: contact.email,
      name: contact.name,
      nickname: contact.name.split(' ')[0] ?? '',
      status: 'active',
      address: contact.address,
      gender: '',
      birth_day: contact.birthDay,
      photo: '',
      date: { created_at: iso(contact.createdAt), updated_at: iso(contact.updatedAt) }
    }))
  })
}

async function blacklist(ctx: ApiContext, add: boolean): Promise<ApiResponse> {
  // Documented as `?token=<token>&phone=` (the secret optional there).
  const device = requestDevice(ctx, { bareQueryToken: true })
  const raw = (await ctx.fields()).text('phone')?.trim() ?? ''
  const phone = normalisePhone(raw)
  if (!phone) throw new GatewayRejection('phone is required and must be a valid number')
  if (add) {
    ctx.world.contactBook.blacklist(device.serial, phone)
    ctx.world.contactsChanged()
    return json({ status: true, message: `Add ${phone} to blacklist succesfully` })
  }
  if (!ctx.world.contactBook.unblacklist(device.serial, phone)) {
    throw new GatewayRejection(`${phone} is not on the blacklist`)
  }
  ctx.world.contactsChanged()
  return json({ status: true, message: `sucessfully cancel ${phone} from blacklist` })
}

async function createAgents(ctx: ApiContext): Promise<ApiResponse> {
  const device = requestDevice(ctx)
  const items = itemsOf(await ctx.fields())
  const agents = items.map((item, index) => {
    const prefix = items.length > 1 ? `data[${index}]: ` : ''
    const name = textOf(item.name)
    const email = textOf(item.email)
    const phone = normalisePhone(textOf(item.phone))
    if (!name || !phone || !/^[^@\s]+@[^@\s]+$/.test(email) || textOf(item.password).length < 6) {
      throw new GatewayRejection(
        `${prefix}name, phone, email and a password of 6 or more characters are required`
      )
    }
    return { deviceSerial: device.serial, name, email, phone }
  })
  const taken = ctx.world.contactBook.agentsOf(device.serial).length
  if (taken + agents.length > AGENT_SLOTS)
    throw new GatewayRejection(`no agent slot left (${AGENT_SLOTS} per device)`)
  for (const agent of agents) ctx.world.contactBook.addAgent(agent)
  ctx.world.contactsChanged()
  const all = ctx.world.contactBook.agentsOf(device.serial)
  return json({
    status: true,
    message: 'Create Agent Success',
    data: { 'Total Agent': all.length, 'Remaining Slot': AGENT_SLOTS - all.length },
    'Info Agent': agents.map(({ name, email, phone }) => ({ name, email, phone }))
  })
}

async function assignAgent(ctx: ApiContext): Promise<ApiResponse> {
  const device = requestDevice(ctx)
  const fields = await ctx.fields()
  const email = fields.text('email')?.trim() ?? ''
  const phone = normalisePhone(fields.text('phone') ?? '') ?? fields.text('phone') ?? ''
  const agent = ctx.world.contactBook.agentsOf(device.serial).find((candidate) => candidate.email === email)
  if (!agent) throw new GatewayRejection(`agent ${email} not found`)
  return json({
    status: true,
    message: `Message from phone ${phone} succesfully assigned to agent ${agent.name}`
  })
}

function closeTicket(ctx: ApiContext): ApiResponse {
  requestDevice(ctx)
  return json({ status: true, message: `ticket for ${ctx.params.phone ?? ''} successfully closed` })
}

async function groupChange(ctx: ApiContext, add: boolean): Promise<ApiResponse> {
  const device = requestDevice(ctx)
  const fields = await ctx.fields()
  const name = fields.text('name')?.trim()
  if (!name) throw new GatewayRejection('name is required')
  const entries = phonesOf(fields.text('phone'))
  const invalid = entries.filter((raw) => !normalisePhone(raw))
  const phones = entries.map((raw) => normalisePhone(raw)).filter((phone): phone is string => phone !== null)
  const changed = add
    ? ctx.world.contactBook.addToGroup(device.serial, name, phones)
    : ctx.world.contactBook.removeFromGroup(device.serial, name, phones)
  ctx.world.contactsChanged()
  const verb = add ? 'added to' : 'removed from'
  return json({
    status: true,
    message: `group ${name} successfully updated`,
    data: [
      ...changed.map((phone) => ({ info: `${phone} ${verb} group ${name}`, status: true })),
      ...invalid.map((phone) => ({ phone, message: 'format phone invalid', status: false }))
    ]
  })
}

const GET_OR_POST = ['GET', 'POST'] as const

export const contactRoutes: Route[] = [
  { methods: ['POST'], path: '/api/v2/contact', handler: addContacts },
  // The official package posts here.
  { methods: ['POST'], path: '/api/v2/create-contact', handler: addContacts },
  { methods: ['POST', 'PUT'], path: '/api/v2/contact/update', handler: updateContacts },
  { methods: ['GET'], path: '/api/v2/contact', handler: listContacts },
  { methods: ['DELETE'], path: '/api/contact', handler: deleteContacts },
  { methods: ['DELETE'], path: '/api/v2/contact', handler: deleteContacts },
  { methods: GET_OR_POST, path: '/api/blacklist', handler: (ctx) => blacklist(ctx, true) },
  { methods: GET_OR_POST, path: '/api/blacklist/cancel', handler: (ctx) => blacklist(ctx, false) },
  { methods: ['POST'], path: '/api/create-agent', handler: createAgents },
  { methods: ['POST'], path: '/api/v2/create-agent', handler: createAgents },
  { methods: ['POST'], path: '/api/assign-agent', handler: assignAgent },
  { methods: GET_OR_POST, path: '/api/close-ticket/:phone', handler: closeTicket },
  { methods: ['POST'], path: '/api/group/add', handler: (ctx) => groupChange(ctx, true) },
  { methods: ['POST'], path: '/api/group/delete-phone', handler: (ctx) => groupChange(ctx, false) }
]
