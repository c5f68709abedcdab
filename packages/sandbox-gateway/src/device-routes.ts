// Gateway device routes: info, scan, restart/reconnect, change-number, create, generate-token, disconnect, URLs.

import QRCode from 'qrcode'
import { currentDeviceInfo, legacyDeviceInfo } from './device-lifecycle'
import { normalisePhone } from './phone-numbers'
import { GatewayRejection } from './rejections'
import { html, json, requestDevice, type ApiContext, type ApiResponse, type Route } from './route-table'
import { formatInZone } from './local-time'

const BANKS = {
  BCA: '8730 451 229',
  BNI: '0912 338 471',
  BRI: '0341 01 000812 30 5',
  MANDIRI: '137 00 1849 2210',
  OVO: '0812 2000 1100',
  DANA: '0812 2000 1101',
  GOPAY: '0812 2000 1102',
  SHOPEEPAY: '0812 2000 1103'
} as const

/** Monthly price per product, in rupiah. */
const PRODUCT_PRICES = { lite: 75_000, pro: 150_000, enterprise: 350_000 } as const

/** The quota a new device starts with: the sandbox treats its invoice as paid. */
const PRODUCT_QUOTAS = { lite: 1_000, pro: 5_000, enterprise: 'unlimited' } as const

async function deviceInfo(ctx: ApiContext): Promise<ApiResponse> {
  const device = requestDevice(ctx, { allowExpired: true, bareQueryToken: true })
  const legacy = device.legacyInfo || ['1', 'true'].includes(ctx.query.get('legacy') ?? '')
  return json({
    status: true,
    message: 'successfully get device info',
    data: legacy ? legacyDeviceInfo(device, ctx.baseUrl) : currentDeviceInfo(device)
  })
}

async function scan(ctx: ApiContext): Promise<ApiResponse> {
  const device = requestDevice(ctx, { bareQueryToken: true })
  const qr = ctx.world.showQr(device)
  const accept = String(ctx.headers.accept ?? '')
  if (accept.includes('application/json')) {
    return json({
      status: true,
      message: 'scan the qr code',
      data: { qr: qr.text, expires_in: qr.expiresInSec }
    })
  }
  const image = await QRCode.toDataURL(qr.text, { margin: 2, width: 320 })
  // The page reloads itself when the QR rotates, like the gateway's page does.
  return html(
    `<!DOCTYPE html><html><head><meta charset="utf-8"><meta http-equiv="refresh" content="${qr.expiresInSec}">` +
      `<title>Scan QR Code - ${escapeHtml(device.name)}</title></head><body style="text-align:center;font-family:sans-serif">` +
      `<h3>Scan the QR code with WhatsApp on your phone</h3>` +
      `<img src="${image}" alt="QR code" width="320" height="320">` +
      `<p>Device ${escapeHtml(device.serial)} &middot; the code changes in ${qr.expiresInSec} seconds</p></body></html>`
  )
}

function restart(ctx: ApiContext): ApiResponse {
  const device = requestDevice(ctx)
  ctx.world.restart(device)
  return json({ status: true, message: `restart device ${device.serial} successfully` })
}

/** Legacy restart: `{status, message, device_}` with `device_` a numeric string, failures included. */
function reconnect(ctx: ApiContext): ApiResponse {
  const device = requestDevice(ctx, { bareQueryToken: true })
  try {
    ctx.world.restart(device)
  } catch (error) {
    if (!(error instanceof GatewayRejection)) throw error
    return json({ status: false, message: error.message, device_: device.numericId }, error.httpStatus)
  }
  return json({ status: true, message: 'device successfully reconnected', device_: device.numericId })
}

async function changeNumber(ctx: ApiContext): Promise<ApiResponse> {
  const device = requestDevice(ctx)
  const raw = (await ctx.fields()).text('phone')?.trim()
  if (!raw) throw new GatewayRejection('phone is required')
  const phone = normalisePhone(raw)
  if (!phone) throw new GatewayRejection(`phone number ${raw} invalid`)
  ctx.world.changeNumber(device, phone)
  return json({ status: true, message: 'number successfully changed' })
}

async function createDevice(ctx: ApiContext): Promise<ApiResponse> {
  const account = requestDevice(ctx)
  const fields = await ctx.fields()
  const name = fields.text('name')?.trim()
  const rawPhone = fields.text('phone')?.trim()
  const bank = fields.text('bank')?.trim().toUpperCase()
  const product = fields.text('product')?.trim().toLowerCase()
  const periode = fields.text('periode')?.trim().toLowerCase() || 'monthly'
  if (!name) throw new GatewayRejection('name is required')
  const phone = rawPhone ? normalisePhone(rawPhone) : null
  if (!phone) throw new GatewayRejection('phone is required and must be a valid number')
  if (!bank || !(bank in BANKS))
    throw new GatewayRejection(`bank invalid, use ${Object.keys(BANKS).join(', ')}`)
  if (!product || !(product in PRODUCT_PRICES))
    throw new GatewayRejection('product invalid, use lite, pro or enterprise')
  if (periode !== 'monthly' && periode !== 'yearly')
    throw new GatewayRejection('periode invalid, use monthly or yearly')
  const device = ctx.world.createOrderedDevice({
    name,
    sender: phone,
    timezone: account.timezone,
    account,
    periode,
    quota: PRODUCT_QUOTAS[product as keyof typeof PRODUCT_QUOTAS]
  })
  const monthly = PRODUCT_PRICES[product as keyof typeof PRODUCT_PRICES]
  // A year is billed as ten months.
  const gross = periode === 'yearly' ? monthly * 12 : monthly
  const discount = periode === 'yearly' ? monthly * 2 : 0
  return json({
    status: true,
    message: 'create device & invoice successfully',
    data: {
      device_name: device.name,
      device: device.serial,
      product,
      numberInvoice: device.invoiceNumber,
      periode,
      bank: {
        bankName: bank,
        account_number: BANKS[bank as keyof typeof BANKS],
        account_name: 'PT Sandbox Gateway Nusantara'
      },
      discount,
      total: gross - discount,
      due_date: formatInZone(ctx.world.now() + 24 * 60 * 60 * 1000, device.timezone),
      // Sandbox extension (the hosted gateway does not answer it): the new device's own token, so a client can go
      // straight on to link it (device/scan with this token) instead of fetching it from a dashboard.
      token: device.token
    }
  })
}

function generateToken(ctx: ApiContext): ApiResponse {
  const device = requestDevice(ctx)
  const token = ctx.world.regenerateToken(device)
  return json({
    status: true,
    message: 'token successfully changed',
    data: { device_name: device.name, device_serial: device.serial, token }
  })
}

function disconnect(ctx: ApiContext): ApiResponse {
  const device = requestDevice(ctx)
  ctx.world.disconnect(device)
  return json({ status: true, message: `your device ${device.serial} succesfully disconnected` })
}

function urlSetter(field: string, which: 'webhookUrl' | 'trackingUrl', label: string) {
  return async (ctx: ApiContext): Promise<ApiResponse> => {
    const device = requestDevice(ctx)
    const raw = (await ctx.fields()).text(field)?.trim()
    if (!raw) throw new GatewayRejection(`${field} is required`)
    if (!/^https?:\/\/[^\s]+$/i.test(raw) || !URL.canParse(raw))
      throw new GatewayRejection(`${label} invalid`)
    const refusal = ctx.world.webhookTargetRefusal(raw)
    if (refusal !== null) throw new GatewayRejection(`${label} invalid: ${refusal}`)
    ctx.world.setUrls(device, { [which]: raw })
    return json({ status: true, message: `${label} successfully changed` })
  }
}

/** device/incoming: `incoming=active` turns "Get Incoming Message" on; anything else turns it off. */
async function incoming(ctx: ApiContext): Promise<ApiResponse> {
  const device = requestDevice(ctx)
  const value = (await ctx.fields()).text('incoming')?.trim().toLowerCase() ?? ''
  const active = value === 'active'
  ctx.world.setIncoming(device, active)
  return json({
    status: true,
    message: `incoming message successfully ${active ? 'activated' : 'deactivated'}`
  })
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

/** device/speed: seconds between batches of 5 messages, as documented. */
const SPEED_RANGE = { min: 10, max: 120 } as const

async function speed(ctx: ApiContext): Promise<ApiResponse> {
  const device = requestDevice(ctx)
  const raw = (await ctx.fields()).text('delay')?.trim() ?? ''
  const delay = Number(raw)
  if (!/^\d+$/.test(raw) || delay < SPEED_RANGE.min || delay > SPEED_RANGE.max) {
    throw new GatewayRejection(
      `delay must be a number of seconds from ${SPEED_RANGE.min} to ${SPEED_RANGE.max}`
    )
  }
  ctx.world.setSpeed(device, delay)
  return json({
    status: true,
    data: { deviceId: device.serial, message: `delay sending message per 5 messages set to ${delay} second` }
  })
}

async function changeClosing(ctx: ApiContext): Promise<ApiResponse> {
  const device = requestDevice(ctx)
  const closing = (await ctx.fields()).text('closing')?.trim()
  if (!closing) throw new GatewayRejection('closing is required')
  ctx.world.setClosing(device, closing)
  return json({ status: true, message: 'closing message successfully changed' })
}

/** device/delete: only an expired device can be deleted. */
function deleteDevice(ctx: ApiContext): ApiResponse {
  const device = requestDevice(ctx, { allowExpired: true })
  if (device.state !== 'expired') throw new GatewayRejection('only an expired device can be deleted')
  ctx.world.deleteDevice(device)
  return json({ status: true, message: 'your device succesfully deleted' })
}

function listServer(ctx: ApiContext): ApiResponse {
  requestDevice(ctx)
  return json({ status: true, message: 'succesfuly get available wablas server', server: ['sandbox'] })
}

/**
 * check-phone-number (phone.wablas.com on the hosted service; here on the sandbox itself): a number is online when
 * it is one of the sandbox's device numbers or has written to one, else offline (the sandbox knows no others).
 */
function checkPhone(ctx: ApiContext): ApiResponse {
  requestDevice(ctx, { bareQueryToken: true, bareHeaderToken: true })
  const phones = (ctx.query.get('phones') ?? ctx.query.get('phone') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  if (phones.length === 0) throw new GatewayRejection('phones is required')
  const known = new Set([
    ...ctx.world.allDevices().map((device) => device.sender),
    ...ctx.world.incoming().map((message) => message.from)
  ])
  return json({
    status: 'success',
    message: 'Success',
    data: phones.map((raw) => {
      const phone = normalisePhone(raw) ?? raw
      return { phone, status: known.has(phone) ? 'online' : 'offline' }
    })
  })
}

const GET = ['GET'] as const
const POST = ['POST'] as const
const GET_OR_POST = ['GET', 'POST'] as const

export const deviceRoutes: Route[] = [
  { methods: GET, path: '/api/device/info', handler: deviceInfo },
  // A CI4 client puts the token in the path.
  { methods: GET, path: '/api/device/info/:token', handler: deviceInfo },
  { methods: GET, path: '/api/device/scan', handler: scan },
  { methods: GET_OR_POST, path: '/api/device/restart', handler: restart },
  { methods: GET_OR_POST, path: '/api/device/reconnect', handler: reconnect },
  { methods: POST, path: '/api/device/change-number', handler: changeNumber },
  { methods: POST, path: '/api/device/change-sender', handler: changeNumber },
  { methods: POST, path: '/api/device/create', handler: createDevice },
  { methods: GET_OR_POST, path: '/api/device/generate-token', handler: generateToken },
  { methods: GET_OR_POST, path: '/api/device/disconnect', handler: disconnect },
  {
    methods: POST,
    path: '/api/device/change-webhook-url',
    handler: urlSetter('webhook_url', 'webhookUrl', 'webhook url')
  },
  {
    methods: POST,
    path: '/api/device/change-tracking-url',
    handler: urlSetter('tracking_url', 'trackingUrl', 'tracking url')
  },
  { methods: POST, path: '/api/device/tracking', handler: urlSetter('url', 'trackingUrl', 'tracking url') },
  { methods: POST, path: '/api/device/incoming', handler: incoming },
  // yii2 sends device/speed as GET.
  { methods: GET_OR_POST, path: '/api/device/speed', handler: speed },
  { methods: POST, path: '/api/device/change-closing', handler: changeClosing },
  { methods: ['DELETE', 'POST'], path: '/api/device/delete', handler: deleteDevice },
  { methods: GET, path: '/api/list-server', handler: listServer },
  { methods: GET_OR_POST, path: '/api/check-phone-number', handler: checkPhone },
  { methods: GET_OR_POST, path: '/check-phone-number', handler: checkPhone }
]
