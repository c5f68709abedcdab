// The auto-replies feature's commands: the gateway's keyword rules for a device, listed and changed through its client.
import type { AutoReplyView } from '../../../shared/contract'
import type { Commands } from '../commands'
import { requireClient, type DeviceRegistry } from '../devices'
import type { AutoReply } from '../gateway'

export type AutoReplyChannel =
  'autoReplies:list' | 'autoReplies:create' | 'autoReplies:update' | 'autoReplies:delete'

export interface AutoReplyCommandsDeps {
  registry: DeviceRegistry
}

function toAutoReplyView(reply: AutoReply): AutoReplyView {
  return {
    id: reply.id,
    keyword: reply.keyword,
    response: reply.response,
    category: reply.category,
    file: reply.file
  }
}

export function createAutoReplyCommands(deps: AutoReplyCommandsDeps): Commands<AutoReplyChannel> {
  const clientOf = (deviceId: string) => requireClient(deps.registry, deviceId)
  return {
    async 'autoReplies:list'({ deviceId, keyword }) {
      const client = await clientOf(deviceId)
      const rules = await client.listAutoReplies(keyword ? { keyword } : {})
      return { autoReplies: rules.map(toAutoReplyView) }
    },

    async 'autoReplies:create'({ deviceId, keyword, response }) {
      const client = await clientOf(deviceId)
      return toAutoReplyView(await client.createAutoReply({ keyword, response }))
    },

    async 'autoReplies:update'({ deviceId, id, keyword, response }) {
      const client = await clientOf(deviceId)
      return toAutoReplyView(await client.updateAutoReply(id, { keyword, response }))
    },

    async 'autoReplies:delete'({ deviceId, id }) {
      const client = await clientOf(deviceId)
      const { message } = await client.deleteAutoReply(id)
      return { ok: true as const, message }
    }
  }
}
