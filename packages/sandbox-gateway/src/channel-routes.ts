// The reference's §4.12 sends beside WhatsApp: `channel/{telegram|line|facebook|twitter}` (`user_id, message`, or a
// media `type` with `urlFile`) and the legacy `sms/send` (`phone, message`). The sandbox has no channel accounts: the
// device's token stands for the channel token, and the sends are recorded as the device's messages with `channel` set.

import { wireRefId } from './wire-habits'
import { checkFileType, checkTextLength, fileNameFromUrl, type MediaKind } from './media-rules'
import { OTHER_CHANNELS, type MessageRecord, type OtherChannel } from './records'
import { GATEWAY_MESSAGES, GatewayRejection } from './rejections'
import type { RequestFields } from './request-fields'
import { json, type ApiContext, type ApiResponse, type Route } from './route-table'
import { pending, recipientsOf, requiredText, sendingDevice } from './send-routes'
import type { MessageDraft } from './world'

type ChatChannel = Exclude<OtherChannel, 'sms'>

/** The media a channel takes (the reference lists image, video and audio; no documents). */
const CHANNEL_MEDIA: readonly MediaKind[] = ['image', 'video', 'audio']

const isChatChannel = (name: string): name is ChatChannel =>
  name !== 'sms' && (OTHER_CHANNELS as readonly string[]).includes(name)

/** A channel message: text, or a media `type` with its `urlFile` and the `message` as an optional caption. */
function channelDraft(channel: ChatChannel, fields: RequestFields): MessageDraft {
  const userId = fields.text('user_id')?.trim()
  if (!userId) throw new GatewayRejection('user_id is required')
  const type = fields.text('type')?.trim().toLowerCase()
  const base = { phone: userId, isGroup: false, fileBytes: null, refId: null, channel }
  if (!type) {
    return { ...base, kind: 'text', text: requiredText(fields, 'message'), fileName: null, url: null }
  }
  const kind = CHANNEL_MEDIA.find((candidate) => candidate === type)
  if (!kind) throw new GatewayRejection('type invalid, use image, video or audio')
  const url = fields.text('urlFile')?.trim()
  if (!url) throw new GatewayRejection('urlFile is required')
  const fileName = fileNameFromUrl(url)
  checkFileType(kind, fileName, 'url')
  const caption = fields.text('message') || null
  if (caption !== null) checkTextLength('message', caption)
  return { ...base, kind, text: caption, fileName, url }
}

/** A `data.messages[]` item of a channel send: the recipient is a channel user id, never a phone number. */
function channelItem(message: MessageRecord, tidy: boolean): Record<string, unknown> {
  return {
    id: message.id,
    user_id: message.phone,
    message: message.text,
    ...(message.kind === 'text' ? {} : { type: message.kind, urlFile: message.url }),
    status: message.status,
    ref_id: wireRefId(message.refId, tidy)
  }
}

async function sendOnChannel(ctx: ApiContext): Promise<ApiResponse> {
  const channel = ctx.params.channel ?? ''
  if (!isChatChannel(channel)) {
    throw new GatewayRejection(`channel ${channel} unknown, use telegram, line, facebook or twitter`, 404)
  }
  const device = sendingDevice(ctx)
  const draft = channelDraft(channel, await ctx.fields())
  const [message] = ctx.world.accept(device, [draft], ctx.path)
  return json({
    status: true,
    message: GATEWAY_MESSAGES.messagePending,
    data: {
      device_id: device.serial,
      quota: device.quota,
      messages: message ? [channelItem(message, ctx.world.tidy)] : []
    }
  })
}

/** Legacy SMS: `phone` (one number or a CSV list) and `message`, answered as send-message answers. */
async function sendSms(ctx: ApiContext): Promise<ApiResponse> {
  const device = sendingDevice(ctx)
  const fields = await ctx.fields()
  const recipients = recipientsOf(fields)
  if (recipients.isGroup) throw new GatewayRejection('an SMS goes to phone numbers, not groups')
  const text = requiredText(fields, 'message')
  const drafts = recipients.phones.map((phone): MessageDraft => ({
    phone,
    isGroup: false,
    kind: 'text',
    text,
    fileName: null,
    url: null,
    fileBytes: null,
    refId: null,
    channel: 'sms'
  }))
  return pending(device, ctx.world.accept(device, drafts, ctx.path), ctx.world.tidy)
}

export const channelRoutes: Route[] = [
  { methods: ['POST'], path: '/api/channel/:channel', handler: sendOnChannel },
  { methods: ['POST'], path: '/api/sms/send', handler: sendSms }
]
