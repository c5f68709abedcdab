// The `/__sandbox/` control routes: the world's test actions and the fault injector over HTTP (never faulted).

import { z } from 'zod'
import { credentialOf } from './auth'
import { SANDBOX_DEVICE_ACTIONS, type DeviceAction } from './device-actions'
import { faultRuleSchema, type FaultInjector } from './faults'
import { json, type ApiContext, type ApiResponse, type Route } from './route-table'
import { SandboxActionError, type SandboxWorld } from './world-interface'

const createDeviceSchema = z.strictObject({
  name: z.string().min(1).optional(),
  sender: z.string().min(1).optional(),
  quota: z.union([z.number().int().nonnegative(), z.literal('unlimited')]).optional(),
  secret: z.union([z.string().min(1), z.literal(true)]).optional(),
  linked: z.boolean().optional(),
  expiresAt: z.string().min(1).optional(),
  legacyInfo: z.boolean().optional(),
  timezone: z.string().min(1).optional(),
  sameAccountAs: z.string().min(1).optional()
})

const scanSchema = z.object({ qr: z.string().min(1).optional(), qrText: z.string().min(1).optional() })
const incomingSchema = z.object({
  from: z.string().min(1),
  message: z.string(),
  pushName: z.string().min(1).optional(),
  groupId: z.string().min(1).optional(),
  groupSubject: z.string().min(1).optional(),
  /** The contact sends a file (`message` is its caption); its bytes are served at `GET /{kind}/{file}`. */
  media: z
    .strictObject({
      kind: z.enum(['image', 'document', 'video', 'audio']),
      fileName: z
        .string()
        .min(1)
        .max(120)
        .regex(/^[^/\\]+$/)
        .optional(),
      mimeType: z.string().min(1).max(100).optional(),
      sizeBytes: z.number().int().nonnegative().optional()
    })
    .optional()
})
const switchSchema = z.object({ enabled: z.boolean() })
const statusUrlSchema = z.strictObject({ url: z.string().min(1).nullable() })
const clearUrlsSchema = z.strictObject({ fields: z.array(z.enum(['webhookUrl', 'trackingUrl'])).min(1) })
const banRateSchema = z.strictObject({ perMinute: z.number().int().positive().nullable() })
const quotaSchema = z.object({ quota: z.union([z.number().int().nonnegative(), z.literal('unlimited')]) })
// The range is the registry's to check (its words name it); the schema only wants a number.
const topUpSchema = z.strictObject({ amount: z.number() })

async function jsonBody(ctx: ApiContext): Promise<unknown> {
  const text = (await ctx.rawBody()).toString('utf8').trim()
  if (text === '') return {}
  try {
    return JSON.parse(text)
  } catch {
    throw new SandboxActionError('the body must be JSON', 400)
  }
}

function tokenOf(ctx: ApiContext): string {
  const credential = credentialOf(ctx.headers, ctx.query)
  if (!credential) throw new SandboxActionError('no device token: send it as Authorization or ?token=', 400)
  return credential.token
}

function deviceAction(world: SandboxWorld, action: DeviceAction) {
  return async (ctx: ApiContext): Promise<ApiResponse> => {
    const token = tokenOf(ctx)
    switch (action) {
      case 'scan': {
        const body = scanSchema.parse(await jsonBody(ctx))
        return ok({ device: world.scan(token, body.qr ?? body.qrText) })
      }
      case 'activate':
        return ok({ device: world.activate(token) })
      case 'logout':
        return ok({ device: world.logout(token) })
      case 'open-web':
        return ok({ device: world.openWeb(token) })
      case 'offline':
        return ok({ device: world.goOffline(token) })
      case 'online':
        return ok({ device: world.goOnline(token) })
      case 'expire':
        return ok({ device: world.expire(token) })
      case 'renew':
        return ok({ device: world.renew(token) })
    }
  }
}

function ok(body: Record<string, unknown>): ApiResponse {
  return json({ ok: true, ...body })
}

/** What the control routes change besides the world: the whole gateway's reachability, and its change count. */
export interface GatewayControls {
  setUnreachable(unreachable: boolean): void
  isUnreachable(): boolean
  /** Resolves with the change count once it is above `after`, or after `waitMs` with the count as it is. */
  changesAfter(after: number, waitMs: number): Promise<number>
}

const unreachableSchema = z.strictObject({ unreachable: z.boolean() })

export function controlRoutes(world: SandboxWorld, faults: FaultInjector, gateway: GatewayControls): Route[] {
  return [
    {
      methods: ['POST'],
      path: '/__sandbox/unreachable',
      handler: async (ctx) => {
        gateway.setUnreachable(unreachableSchema.parse(await jsonBody(ctx)).unreachable)
        return ok({ unreachable: gateway.isUnreachable() })
      }
    },
    {
      methods: ['GET'],
      path: '/__sandbox/unreachable',
      handler: () => ok({ unreachable: gateway.isUnreachable() })
    },
    {
      // Long poll: the app's sandbox panels hear about world changes without polling the whole world.
      methods: ['GET'],
      path: '/__sandbox/changes',
      handler: async (ctx) => {
        const after = Number(ctx.query.get('after') ?? '-1')
        const waitMs = Math.min(30_000, Math.max(0, Number(ctx.query.get('waitMs') ?? '25000')))
        return ok({ changes: await gateway.changesAfter(Number.isFinite(after) ? after : -1, waitMs) })
      }
    },
    {
      methods: ['POST'],
      path: '/__sandbox/device/ban-rate',
      handler: async (ctx) => {
        const token = tokenOf(ctx)
        return ok({ device: world.setBanRate(token, banRateSchema.parse(await jsonBody(ctx)).perMinute) })
      }
    },
    {
      methods: ['POST'],
      path: '/__sandbox/devices',
      handler: async (ctx) => ok({ ...world.createDevice(createDeviceSchema.parse(await jsonBody(ctx))) })
    },
    { methods: ['GET'], path: '/__sandbox/devices', handler: () => ok({ devices: world.devices() }) },
    {
      methods: ['GET'],
      path: '/__sandbox/device',
      handler: (ctx) => ok({ device: world.device(tokenOf(ctx)) })
    },
    ...SANDBOX_DEVICE_ACTIONS.map((action): Route => ({
      methods: ['POST'],
      path: `/__sandbox/device/${action}`,
      handler: deviceAction(world, action)
    })),
    {
      methods: ['POST'],
      path: '/__sandbox/device/quota',
      handler: async (ctx) => {
        const token = tokenOf(ctx)
        return ok({ device: world.setQuota(token, quotaSchema.parse(await jsonBody(ctx)).quota) })
      }
    },
    {
      methods: ['POST'],
      path: '/__sandbox/device/top-up',
      handler: async (ctx) => {
        const token = tokenOf(ctx)
        return ok({ device: world.topUp(token, topUpSchema.parse(await jsonBody(ctx)).amount) })
      }
    },
    {
      methods: ['POST'],
      path: '/__sandbox/device/incoming',
      handler: async (ctx) => {
        const token = tokenOf(ctx)
        return ok({ ...world.receive(token, incomingSchema.parse(await jsonBody(ctx))) })
      }
    },
    {
      methods: ['POST'],
      path: '/__sandbox/device/status-url',
      handler: async (ctx) => {
        const token = tokenOf(ctx)
        return ok({ device: world.setStatusUrl(token, statusUrlSchema.parse(await jsonBody(ctx)).url) })
      }
    },
    {
      methods: ['POST'],
      path: '/__sandbox/device/clear-webhook-urls',
      handler: async (ctx) => {
        const token = tokenOf(ctx)
        return ok({
          device: world.clearWebhookUrls(token, clearUrlsSchema.parse(await jsonBody(ctx)).fields)
        })
      }
    },
    {
      methods: ['POST'],
      path: '/__sandbox/device/webhook-reply',
      handler: async (ctx) => {
        const token = tokenOf(ctx)
        return ok({ device: world.setWebhookReply(token, switchSchema.parse(await jsonBody(ctx)).enabled) })
      }
    },
    {
      methods: ['GET'],
      path: '/__sandbox/webhooks',
      handler: (ctx) => {
        const credential = credentialOf(ctx.headers, ctx.query)
        return ok({ deliveries: world.webhookDeliveries(credential?.token), queue: world.webhookQueue() })
      }
    },
    {
      methods: ['GET'],
      path: '/__sandbox/autoreplies',
      handler: (ctx) => ok({ autoReplies: world.autoReplies(credentialOf(ctx.headers, ctx.query)?.token) })
    },
    {
      methods: ['GET'],
      path: '/__sandbox/reminders',
      handler: (ctx) => ok({ reminders: world.reminders(credentialOf(ctx.headers, ctx.query)?.token) })
    },
    {
      methods: ['GET'],
      path: '/__sandbox/device/incoming',
      handler: (ctx) => ok({ incoming: world.incoming(tokenOf(ctx)) })
    },
    {
      methods: ['GET'],
      path: '/__sandbox/messages',
      handler: (ctx) => ok({ messages: world.messages({ refId: ctx.query.get('ref_id') ?? undefined }) })
    },
    {
      methods: ['GET'],
      path: '/__sandbox/accepted-log',
      handler: () => ok({ entries: world.acceptedLog() })
    },
    {
      methods: ['GET'],
      path: '/__sandbox/schedules',
      handler: (ctx) => ok({ schedules: world.schedules(credentialOf(ctx.headers, ctx.query)?.token) })
    },
    {
      methods: ['POST'],
      path: '/__sandbox/faults',
      handler: async (ctx) => ok({ id: faults.add(faultRuleSchema.parse(await jsonBody(ctx))) })
    },
    { methods: ['GET'], path: '/__sandbox/faults', handler: () => ok({ faults: faults.list() }) },
    {
      methods: ['DELETE'],
      path: '/__sandbox/faults',
      handler: () => {
        faults.clear()
        return ok({})
      }
    },
    {
      methods: ['DELETE'],
      path: '/__sandbox/faults/:id',
      handler: (ctx) => {
        if (!faults.remove(ctx.params.id ?? '')) throw new SandboxActionError('no fault with this id', 404)
        return ok({})
      }
    }
  ]
}

/** `{ok:false, error}` with a 4xx status for what a control call got wrong. */
export function controlFailure(error: unknown): ApiResponse | null {
  if (error instanceof SandboxActionError) return json({ ok: false, error: error.message }, error.httpStatus)
  if (error instanceof z.ZodError) {
    const detail = error.issues
      .map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`)
      .join('; ')
    return json({ ok: false, error: detail }, 400)
  }
  return null
}
