// Seeded fuzzing of every parsing method: garbage, truncated and mistyped answers yield a GatewayError or a complete result.
import { SeededRandom } from '../seeded-random'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createGatewayClient } from './client'
import { GatewayError } from './errors'
import type { GatewayClient } from './types'
import { startWireServer, type ScriptedReply, type WireServer } from './testing/wire-server'
import {
  MANAGED_IDS,
  SAMPLE_SECRET,
  SAMPLE_TOKEN,
  device,
  deviceInfo,
  manage,
  report,
  schedule,
  send
} from './testing/samples'

const CASES_PER_SAMPLE = 40
const SEED = 0x5eed_2026

/** The same sequence on every run. */
const prng = (seed: number): (() => number) => new SeededRandom(seed).asFunction()

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

// ── what a resolved result must look like: complete, typed, no undefined anywhere ────────────────────────────
const text = z.string()
const nullableText = z.string().nullable()
const count = z.number().finite().nonnegative()
const quota = z.union([count, z.literal('unlimited')]).nullable()

const shapes = {
  deviceInfo: z.strictObject({
    name: nullableText,
    serial: nullableText,
    sender: nullableText,
    quota,
    expiresAt: nullableText,
    active: z.boolean().nullable(),
    connection: z.enum(['connected', 'disconnected', 'unknown']),
    statusText: nullableText,
    note: nullableText,
    shape: z.enum(['current', 'legacy'])
  }),
  qr: z.union([
    z.strictObject({ kind: z.literal('text'), text: z.string().min(1) }),
    z.strictObject({
      kind: z.literal('image'),
      mime: z.enum(['image/png', 'image/jpeg', 'image/gif', 'image/svg+xml', 'image/webp']),
      bytes: z.instanceof(Uint8Array).refine((bytes) => bytes.byteLength > 0)
    })
  ]),
  restart: z.strictObject({ via: z.enum(['restart', 'reconnect']), message: text, deviceId: nullableText }),
  message: z.strictObject({ message: text }),
  invoice: z.strictObject({
    deviceName: nullableText,
    device: nullableText,
    product: nullableText,
    numberInvoice: nullableText,
    periode: nullableText,
    bank: z
      .strictObject({ bankName: nullableText, accountNumber: nullableText, accountName: nullableText })
      .nullable(),
    discount: count.nullable(),
    total: count.nullable(),
    dueDate: nullableText,
    message: text
  }),
  token: z.strictObject({ deviceName: nullableText, deviceSerial: nullableText, token: z.string().min(1) }),
  send: z.strictObject({
    deviceId: nullableText,
    quota,
    message: text,
    messages: z
      .array(
        z.strictObject({
          id: z.string().min(1),
          phone: z.string().min(1),
          status: z.string().min(1),
          refId: nullableText,
          deviceId: nullableText
        })
      )
      .min(1)
  }),
  schedule: z.strictObject({
    message: text,
    scheduleId: z.string().min(1),
    messages: z.array(
      z.strictObject({ id: z.string().min(1), phone: text, scheduleAt: nullableText, timezone: nullableText })
    )
  }),
  report: z.strictObject({
    page: count,
    totalPage: count,
    totalData: count,
    items: z.array(
      z.strictObject({
        id: z.string().min(1),
        from: nullableText,
        to: nullableText,
        status: z.string().min(1),
        note: nullableText,
        refId: nullableText,
        category: nullableText,
        text: nullableText,
        createdAt: nullableText,
        updatedAt: nullableText
      })
    )
  })
}

const takeBackOutcome = z.discriminatedUnion('result', [
  z.strictObject({
    id: z.string().min(1),
    result: z.enum(['revoked', 'cancelled', 'resent']),
    gatewayStatus: z.string().min(1),
    phone: nullableText
  }),
  z.strictObject({ id: z.string().min(1), result: z.literal('refused'), gatewayMessage: nullableText }),
  z.strictObject({
    id: z.string().min(1),
    result: z.literal('unknown'),
    reason: z.enum(['not_listed', 'unexpected_status']),
    gatewayStatus: nullableText,
    errorCode: z.null()
  })
])
/** One outcome per id asked, in order, whatever the answer held. */
const takeBack = (action: 'revoke' | 'cancel' | 'resend') =>
  z
    .strictObject({
      action: z.literal(action),
      outcomes: z.array(takeBackOutcome),
      messages: z.array(text).length(1),
      quota,
      stoppedBy: z.null()
    })
    .refine((result) => result.outcomes.map((outcome) => outcome.id).join() === MANAGED_IDS.join())

interface Target {
  name: string
  route: string
  samples: Array<Json | string>
  shape: z.ZodType
  call(client: GatewayClient): Promise<unknown>
}

const file = (name: string) => ({ name, bytes: new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]) })
const v2Item = {
  category: 'text' as const,
  phone: '081234567890',
  scheduledAt: '2026-05-31 08:30:00',
  text: 'x'
}
const scheduleInput = {
  phone: '081234567890',
  message: 'x',
  date: '2026-05-31',
  time: '08:30:00',
  timezone: 'Asia/Jakarta'
}
const sends = Object.values(send) as Json[]
const PAIRING = '2@Xk3vB9qLmN0pQrStUvWx,Yz12AbCdEfGhIjKlMnOp+/=,QrStUvWxYz0123456789ab==,1'

const targets: Target[] = [
  {
    name: 'revokeMessages',
    route: 'GET /api/revoke-message',
    samples: [manage.revoke],
    shape: takeBack('revoke'),
    call: (c) => c.revokeMessages([...MANAGED_IDS])
  },
  {
    name: 'cancelMessages',
    route: 'GET /api/cancel-message',
    samples: [manage.cancelMixed, manage.cancelNamedRefusal] as Json[],
    shape: takeBack('cancel'),
    call: (c) => c.cancelMessages([...MANAGED_IDS])
  },
  {
    name: 'resendMessages',
    route: 'GET /api/resend-message',
    samples: [manage.resend],
    shape: takeBack('resend'),
    call: (c) => c.resendMessages([...MANAGED_IDS])
  },
  {
    name: 'cancelAllMessages',
    route: 'GET /api/cancel-all-message',
    samples: [manage.cancelAll, manage.cancelAllNone] as Json[],
    shape: z.strictObject({ cancelledIds: z.array(z.string().min(1)), count, message: text }),
    call: (c) => c.cancelAllMessages()
  },
  {
    name: 'deviceInfo',
    route: 'GET /api/device/info',
    samples: Object.values(deviceInfo) as Json[],
    shape: shapes.deviceInfo,
    call: (c) => c.deviceInfo()
  },
  {
    name: 'scanQr',
    route: 'GET /api/device/scan',
    samples: [
      { status: true, qr: PAIRING },
      {
        status: true,
        data: {
          qrcode: `data:image/png;base64,${Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]).toString('base64')}`
        }
      }
    ],
    shape: shapes.qr,
    call: (c) => c.scanQr()
  },
  {
    name: 'restart',
    route: 'GET /api/device/restart',
    samples: [device.restart],
    shape: shapes.restart,
    call: (c) => c.restart()
  },
  {
    name: 'changeNumber',
    route: 'POST /api/device/change-number',
    samples: [device.changeNumber],
    shape: shapes.message,
    call: (c) => c.changeNumber('081234567890')
  },
  {
    name: 'createDevice',
    route: 'POST /api/device/create',
    samples: [device.create],
    shape: shapes.invoice,
    call: (c) => c.createDevice({ name: 'x', phone: '081234567890', bank: 'BCA', product: 'pro' })
  },
  {
    name: 'generateToken',
    route: 'GET /api/device/generate-token',
    samples: [device.generateToken],
    shape: shapes.token,
    call: (c) => c.generateToken()
  },
  {
    name: 'disconnect',
    route: 'GET /api/device/disconnect',
    samples: [device.disconnect],
    shape: shapes.message,
    call: (c) => c.disconnect()
  },
  {
    name: 'changeWebhookUrl',
    route: 'POST /api/device/change-webhook-url',
    samples: [device.changeWebhookUrl],
    shape: shapes.message,
    call: (c) => c.changeWebhookUrl('https://h.example/in')
  },
  {
    name: 'changeTrackingUrl',
    route: 'POST /api/device/change-tracking-url',
    samples: [device.changeTrackingUrl],
    shape: shapes.message,
    call: (c) => c.changeTrackingUrl('https://h.example/t')
  },
  {
    name: 'sendText',
    route: 'POST /api/send-message',
    samples: sends,
    shape: shapes.send,
    call: (c) => c.sendText({ phone: '081234567890', message: 'hi', refId: 'r' })
  },
  {
    name: 'sendTextSimple',
    route: 'GET /api/send-message',
    samples: sends,
    shape: shapes.send,
    call: (c) => c.sendTextSimple({ phone: '081234567890', message: 'hi' })
  },
  {
    name: 'sendTextBulk',
    route: 'POST /api/v2/send-message',
    samples: sends,
    shape: shapes.send,
    call: (c) => c.sendTextBulk([{ phone: '081234567890', message: 'hi', refId: 'r' }])
  },
  {
    name: 'sendMediaUrl',
    route: 'POST /api/send-image',
    samples: sends,
    shape: shapes.send,
    call: (c) => c.sendMediaUrl({ phone: '081234567890', kind: 'image', url: 'https://x.example/a.jpg' })
  },
  {
    name: 'sendLocalFile (form)',
    route: 'POST /api/send-image-from-local',
    samples: sends,
    shape: shapes.send,
    call: (c) => c.sendLocalFile({ phone: '081234567890', kind: 'image', file: file('a.jpg') })
  },
  {
    name: 'sendLocalFile (multipart)',
    route: 'POST /api/send-video-from-local',
    samples: sends,
    shape: shapes.send,
    call: (c) => c.sendLocalFile({ phone: '081234567890', kind: 'video', file: file('a.mp4') })
  },
  {
    name: 'createSchedule',
    route: 'POST /api/schedule',
    samples: [schedule.v1Create, schedule.v2Create],
    shape: shapes.schedule,
    call: (c) => c.createSchedule(scheduleInput)
  },
  {
    name: 'updateSchedule',
    route: 'PUT /api/schedule/s1',
    samples: [schedule.v1Update, schedule.v2Update],
    shape: shapes.schedule,
    call: (c) => c.updateSchedule('s1', scheduleInput)
  },
  {
    name: 'cancelSchedule',
    route: 'PUT /api/schedule-cancel/s1',
    samples: [schedule.cancel],
    shape: shapes.message,
    call: (c) => c.cancelSchedule('s1')
  },
  {
    name: 'deleteSchedule',
    route: 'DELETE /api/schedule/s1',
    samples: [schedule.delete],
    shape: shapes.message,
    call: (c) => c.deleteSchedule('s1')
  },
  {
    name: 'createScheduleV2',
    route: 'POST /api/v2/schedule',
    samples: [schedule.v2Create, schedule.v1Create],
    shape: shapes.schedule,
    call: (c) => c.createScheduleV2([v2Item])
  },
  {
    name: 'updateScheduleV2',
    route: 'PUT /api/v2/schedule/s1',
    samples: [schedule.v2Update, schedule.v1Update],
    shape: shapes.schedule,
    call: (c) => c.updateScheduleV2('s1', [v2Item])
  },
  {
    name: 'deleteSchedulesV2',
    route: 'DELETE /api/v2/delete-schedule',
    samples: [schedule.v2Delete],
    shape: shapes.message,
    call: (c) => c.deleteSchedulesV2(['a', 'b'])
  },
  {
    name: 'reportRealtime',
    route: 'GET /api/report-realtime',
    samples: [report.realtimeText, report.realtimeTextListFirst, report.message],
    shape: shapes.report,
    call: (c) => c.reportRealtime({ messageIds: ['a'] })
  },
  {
    name: 'reportMessages',
    route: 'GET /api/report/message',
    samples: [report.message, report.realtimeText],
    shape: shapes.report,
    call: (c) => c.reportMessages({ refId: 'r' })
  }
]

// ── mutations ─────────────────────────────────────────────────────────────────────────────────────────────────
function randomValue(random: () => number, depth = 0): Json {
  const pick = Math.floor(random() * (depth > 1 ? 7 : 9))
  switch (pick) {
    case 0:
      return null
    case 1:
      return random() < 0.5
    case 2:
      return Math.floor(random() * 2 ** 31) * (random() < 0.2 ? -1 : 1)
    case 3:
      return random() * 1e6
    case 4:
      return (
        ['', ' ', 'unlimited', 'true', '0', '62812', 'pending', '{"a":1}', SAMPLE_TOKEN][
          Math.floor(random() * 9)
        ] ?? ''
      )
    case 5:
      return String.fromCharCode(
        ...Array.from({ length: Math.floor(random() * 12) }, () => 32 + Math.floor(random() * 90))
      )
    case 6:
      return 2 ** 60
    case 7:
      return Array.from({ length: Math.floor(random() * 3) }, () => randomValue(random, depth + 1))
    default:
      return { id: randomValue(random, depth + 1), phone: randomValue(random, depth + 1) }
  }
}

/** Every container path in the value, so a mutation can land anywhere. */
function containers(
  value: Json,
  out: Array<Json[] | { [key: string]: Json }> = []
): Array<Json[] | { [key: string]: Json }> {
  if (value !== null && typeof value === 'object') {
    out.push(value)
    for (const child of Object.values(value)) containers(child, out)
  }
  return out
}

function mutateDeep(sample: Json, random: () => number): Json {
  const copy = structuredClone(sample)
  const rounds = 1 + Math.floor(random() * 3)
  for (let round = 0; round < rounds; round++) {
    const nodes = containers(copy)
    const node = nodes[Math.floor(random() * nodes.length)]
    if (node === undefined) break
    const keys = Object.keys(node)
    const key = keys[Math.floor(random() * keys.length)]
    if (key === undefined) continue
    const action = random()
    if (Array.isArray(node)) {
      if (action < 0.3) node.splice(Number(key), 1)
      else node[Number(key)] = randomValue(random)
    } else if (action < 0.3) {
      delete node[key]
    } else if (action < 0.4) {
      // keep the envelope's status but swap a sibling for a differently typed value
      node[key] = typeof node[key] === 'string' ? 12345 : String(node[key])
    } else {
      node[key] = randomValue(random)
    }
  }
  return copy
}

interface Case {
  kind: 'must-reject' | 'either'
  reply: ScriptedReply
}

function casesFor(sample: Json | string, random: () => number): Case[] {
  const textForm = typeof sample === 'string' ? sample : JSON.stringify(sample)
  const value: Json = typeof sample === 'string' ? (JSON.parse(sample) as Json) : sample
  const json = (body: string): ScriptedReply => ({ headers: { 'content-type': 'application/json' }, body })
  const cases: Case[] = []
  for (let i = 0; i < CASES_PER_SAMPLE; i++) {
    const roll = random()
    if (roll < 0.12) {
      const bytes = new Uint8Array(Math.floor(random() * 200)).map(() => Math.floor(random() * 256))
      // A lone digit or whitespace could parse as JSON; it still is no object, so it must be refused.
      cases.push({
        kind: 'must-reject',
        reply: { headers: { 'content-type': 'application/json' }, body: bytes }
      })
    } else if (roll < 0.27) {
      cases.push({
        kind: 'must-reject',
        reply: json(textForm.slice(0, Math.floor(random() * textForm.length)))
      })
    } else if (roll < 0.32) {
      const cut = Math.floor(random() * textForm.length)
      cases.push({ kind: 'must-reject', reply: { truncate: { body: textForm.slice(0, cut) } } })
    } else if (roll < 0.4) {
      const root = [[], 0, 'text', null, true, [value]][Math.floor(random() * 6)] ?? null
      cases.push({ kind: 'must-reject', reply: json(JSON.stringify(root)) })
    } else if (roll < 0.46) {
      const refusal = {
        ...(value as object),
        status: [false, 'false', 0, 'error'][Math.floor(random() * 4)] ?? false
      }
      cases.push({ kind: 'must-reject', reply: json(JSON.stringify(refusal)) })
    } else {
      cases.push({ kind: 'either', reply: json(JSON.stringify(mutateDeep(value, random))) })
    }
  }
  return cases
}

function findUndefined(value: unknown, path = 'result'): string | null {
  if (value === undefined) return path
  if (value instanceof Uint8Array || value === null || typeof value !== 'object') return null
  for (const [key, child] of Object.entries(value)) {
    const found = findUndefined(child, `${path}.${key}`)
    if (found) return found
  }
  return null
}

let server: WireServer
let client: GatewayClient

beforeAll(async () => {
  server = await startWireServer()
  client = createGatewayClient({
    baseUrl: server.url,
    token: SAMPLE_TOKEN,
    secret: SAMPLE_SECRET,
    timeoutMs: 5_000,
    restartMemory: new Map([[server.url, 'restart']])
  })
})
afterAll(async () => {
  await server.close()
})

describe('fuzzed answers (fixed seed)', () => {
  it.each(targets.map((target, index) => [target.name, index] as const))('%s', async (_name, index) => {
    const target = targets[index] as Target
    const random = prng(SEED + index)
    // Sanity: the unmutated samples parse, so the rejections below are earned by the mutations.
    for (const sample of target.samples.slice(0, 1)) {
      server.route(target.route, {
        headers: { 'content-type': 'application/json' },
        body: typeof sample === 'string' ? sample : JSON.stringify(sample)
      })
      expect(target.shape.safeParse(await target.call(client)).success).toBe(true)
    }
    const tally = { rejected: 0, resolved: 0 }
    for (const sample of target.samples) {
      for (const testCase of casesFor(sample, random)) {
        server.route(target.route, testCase.reply)
        let outcome: { ok: true; value: unknown } | { ok: false; error: unknown }
        try {
          outcome = { ok: true, value: await target.call(client) }
        } catch (error) {
          outcome = { ok: false, error }
        }
        const replyText = JSON.stringify(testCase.reply).slice(0, 300)
        if (!outcome.ok) {
          expect(outcome.error, replyText).toBeInstanceOf(GatewayError)
          const error = outcome.error as GatewayError
          expect(error.message, replyText).not.toContain(SAMPLE_TOKEN)
          expect(JSON.stringify(error), replyText).not.toContain(SAMPLE_TOKEN)
          tally.rejected++
          continue
        }
        expect(testCase.kind, `resolved but must reject: ${replyText}`).toBe('either')
        expect(findUndefined(outcome.value), replyText).toBeNull()
        const parsed = target.shape.safeParse(outcome.value)
        expect(
          parsed.success,
          `${replyText}\n${parsed.success ? '' : JSON.stringify(parsed.error.issues)}`
        ).toBe(true)
        tally.resolved++
      }
    }
    // The fuzzing must exercise both outcomes, or it proves nothing about one of them.
    expect(tally.rejected).toBeGreaterThan(CASES_PER_SAMPLE / 3)
    expect(tally.resolved).toBeGreaterThan(0)
  })
})
