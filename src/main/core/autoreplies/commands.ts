// The auto-replies feature's commands: the gateway's keyword rules for a device, listed and changed through its client,
// with the core's copy of them kept up to date (the chatbot view reads the copy, never the gateway per thread).
import type { AutoReplyView } from '../../../shared/contract'
import { autoReplyKeywordForm } from '../../../shared/domain'
import { isoOrNull } from '../clock'
import type { Commands } from '../commands'
import { requireClient, type DeviceRegistry } from '../devices'
import { mayHaveReachedGateway, type AutoReply } from '../gateway'
import type { AutoReplyBook } from './auto-reply-book'

export type AutoReplyChannel =
  | 'autoReplies:list'
  | 'autoReplies:create'
  | 'autoReplies:update'
  | 'autoReplies:delete'
  | 'autoReplies:chatbot'

export interface AutoReplyCommandsDeps {
  registry: DeviceRegistry
  /** The core's copy of the rules; without one (a test of the gateway calls alone) nothing is kept. */
  book?: AutoReplyBook
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
  /** A change made through the app: the copy is read again before the change is answered. */
  const changed = (deviceId: string): Promise<void> => deps.book?.changed(deviceId) ?? Promise.resolve()
  return {
    async 'autoReplies:list'({ deviceId, keyword }) {
      const client = await clientOf(deviceId)
      const rules = await client.listAutoReplies(keyword ? { keyword } : {})
      // The whole list is the gateway's truth now; a keyword's list is only part of it.
      if (!keyword) deps.book?.keep(deviceId, rules)
      return { autoReplies: rules.map(toAutoReplyView) }
    },

    async 'autoReplies:create'({ deviceId, keyword, response }) {
      const client = await clientOf(deviceId)
      let made: AutoReply
      try {
        made = await client.createAutoReply({ keyword, response })
      } catch (error) {
        if (!mayHaveReachedGateway(error)) throw error
        // Its answer lost: the gateway's list says whether it made the rule (a keyword is there once at most).
        const listed = await client.listAutoReplies({ keyword }).catch(() => [])
        // Compared as the gateway matches keywords (it may keep one in another case or spacing).
        const found = listed.find(
          (rule) =>
            autoReplyKeywordForm(rule.keyword) === autoReplyKeywordForm(keyword) &&
            rule.response.trim() === response.trim()
        )
        if (!found) throw error
        made = found
      }
      await changed(deviceId)
      return toAutoReplyView(made)
    },

    async 'autoReplies:update'({ deviceId, id, keyword, response }) {
      const client = await clientOf(deviceId)
      const updated = toAutoReplyView(await client.updateAutoReply(id, { keyword, response }))
      await changed(deviceId)
      return updated
    },

    async 'autoReplies:delete'({ deviceId, id }) {
      const client = await clientOf(deviceId)
      const { message } = await client.deleteAutoReply(id)
      await changed(deviceId)
      return { ok: true as const, message }
    },

    async 'autoReplies:chatbot'() {
      if (!deps.book) return { devices: [] }
      const devices = await deps.book.chatbot(deps.registry.list().map((device) => device.id))
      return {
        devices: devices.map((device) => ({
          ...device,
          refreshedAt: isoOrNull(device.refreshedAt),
          rules: device.rules.map((rule) => ({ ...rule, knownSince: isoOrNull(rule.knownSince) }))
        }))
      }
    }
  }
}
