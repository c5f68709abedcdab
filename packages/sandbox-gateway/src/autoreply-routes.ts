// Gateway auto-reply routes (`v2/autoreply`): keyword → response rules per device; incoming messages that equal a
// keyword get the response (see WorldState.receive).

import { checkTextLength } from './media-rules'
import type { AutoReplyRecord } from './records'
import { GatewayRejection } from './rejections'
import { RequestFields } from './request-fields'
import { json, requestDevice, type ApiContext, type ApiResponse, type Route } from './route-table'

const MAX_KEYWORD_CHARS = 100

function pairOf(fields: RequestFields, prefix = ''): { keyword: string; response: string } {
  const keyword = fields.text('keyword')?.trim()
  const response = fields.text('response')
  if (!keyword) throw new GatewayRejection(`${prefix}keyword is required`)
  if ([...keyword].length > MAX_KEYWORD_CHARS)
    throw new GatewayRejection(`${prefix}keyword max ${MAX_KEYWORD_CHARS} characters`)
  if (response === undefined || response.trim() === '')
    throw new GatewayRejection(`${prefix}response is required`)
  checkTextLength('response', response)
  return { keyword, response }
}

function item(reply: AutoReplyRecord): Record<string, unknown> {
  return { id: reply.id, device: reply.deviceSerial, keyword: reply.keyword, response: reply.response }
}

/** `{keyword, response}`; the yii2 client sends an array of pairs (each becomes a rule). */
async function create(ctx: ApiContext): Promise<ApiResponse> {
  const device = requestDevice(ctx)
  const fields = await ctx.fields()
  const listed = fields.value('data')
  if (Array.isArray(listed)) {
    const pairs = listed.map((entry: unknown, index) => {
      if (entry === null || typeof entry !== 'object' || Array.isArray(entry))
        throw new GatewayRejection(`data[${index}]: item must be an object`)
      return pairOf(new RequestFields(entry as Record<string, unknown>), `data[${index}]: `)
    })
    if (pairs.length === 0) throw new GatewayRejection('keyword is required')
    const created = pairs.map((pair) => ctx.world.addAutoReply(device, pair.keyword, pair.response))
    return json({ status: true, message: 'Auto reply created successfully', data: created.map(item) })
  }
  const pair = pairOf(fields)
  const reply = ctx.world.addAutoReply(device, pair.keyword, pair.response)
  return json({ status: true, message: 'Auto reply created successfully', data: item(reply) })
}

async function update(ctx: ApiContext): Promise<ApiResponse> {
  const device = requestDevice(ctx)
  const pair = pairOf(await ctx.fields())
  const reply = ctx.world.updateAutoReply(device, ctx.params.id ?? '', pair.keyword, pair.response)
  return json({
    status: true,
    message: `update autoreply keyword: ${reply.keyword} successfully`,
    data: item(reply)
  })
}

function remove(ctx: ApiContext): ApiResponse {
  const device = requestDevice(ctx)
  const reply = ctx.world.removeAutoReply(device, ctx.params.id ?? '')
  return json({ status: true, message: `remove autoreply keyword: ${reply.keyword} successfully` })
}

async function list(ctx: ApiContext): Promise<ApiResponse> {
  const device = requestDevice(ctx)
  const keyword = (await ctx.fields()).text('keyword')?.trim() || undefined
  return json({
    status: true,
    message: 'sucessfully get autoreplies data',
    data: ctx.world
      .autoRepliesOf(device, keyword)
      .map((reply) => ({ ...item(reply), category: 'text', file: null }))
  })
}

export const autoReplyRoutes: Route[] = [
  // Before `/:id`: the reference's sample curl asks for the list with PUT.
  { methods: ['GET', 'PUT', 'POST'], path: '/api/v2/autoreply/getData', handler: list },
  { methods: ['POST'], path: '/api/v2/autoreply', handler: create },
  { methods: ['PUT', 'POST'], path: '/api/v2/autoreply/:id', handler: update },
  { methods: ['DELETE'], path: '/api/v2/autoreply/:id', handler: remove }
]
