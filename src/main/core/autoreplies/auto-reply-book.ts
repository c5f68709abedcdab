// The devices' auto-reply rules kept on this computer (the store's copy of the gateway's list), so the inbox can show
// which rule answered a message and count what each keyword answered without asking the gateway per thread. The copy
// is replaced when the app lists or changes the rules, and read again from the gateway when older than `staleMs`.
import type Database from 'better-sqlite3'
import { AUTO_REPLY_COUNT_DAYS, autoReplyAnswering } from '../../../shared/domain'
import { AutoReplyRulesStore, type CachedAutoReplyRule } from '../store'
import type { AutoReply } from '../gateway'

/** A copy older than this is read again from the gateway before it is shown. */
export const AUTO_REPLY_STALE_MS = 10 * 60_000
/** After a read that failed, the copy is shown as it is for this long: the inbox asks at every change. */
export const AUTO_REPLY_RETRY_MS = 60_000
/** The gateway takes keywords of at most 100 characters; a longer message is never one (and is not read). */
const LONGEST_KEYWORD_MESSAGE = 400

export interface RecentIncoming {
  conversationId: number
  deviceId: string | null
  text: string
  /** When the relay received it (ms): a rule first seen after it did not answer it. */
  receivedAt: number
}

export interface AutoReplyBookDeps {
  db: Database.Database
  now: () => number
  /** The device's whole rule list from the gateway (its client's `listAutoReplies`). */
  listFromGateway: (deviceId: string) => Promise<AutoReply[]>
  /** The customers' short text messages since a time, with our device for each (the inbox's). */
  recentIncoming?: (since: number, maxLength: number) => RecentIncoming[]
  /** A refresh that failed: the copy stays, and is shown as of when it was read. */
  refreshFailed?: (deviceId: string, error: unknown) => void
  staleMs?: number
}

export interface DeviceChatbot {
  deviceId: string
  refreshedAt: number | null
  rules: (CachedAutoReplyRule & { conversationIds: number[] })[]
}

export type AutoReplyBook = ReturnType<typeof createAutoReplyBook>

export function createAutoReplyBook(deps: AutoReplyBookDeps) {
  const store = new AutoReplyRulesStore(deps.db)
  const staleMs = deps.staleMs ?? AUTO_REPLY_STALE_MS
  /** One gateway read per device at a time: a second ask waits for the first. */
  const reading = new Map<string, Promise<void>>()
  /** When a device's last read failed (not kept: a restart tries at once). */
  const failedAt = new Map<string, number>()

  function keep(deviceId: string, rules: readonly AutoReply[]): void {
    store.replace(
      deviceId,
      rules.map((rule) => ({ id: rule.id, keyword: rule.keyword, response: rule.response })),
      deps.now()
    )
  }

  function refresh(deviceId: string): Promise<void> {
    const running = reading.get(deviceId)
    if (running) return running
    const read = deps
      .listFromGateway(deviceId)
      .then((rules) => {
        failedAt.delete(deviceId)
        keep(deviceId, rules)
      })
      .catch((error: unknown) => {
        failedAt.set(deviceId, deps.now())
        deps.refreshFailed?.(deviceId, error)
      })
      .finally(() => reading.delete(deviceId))
    reading.set(deviceId, read)
    return read
  }

  /** The device's rules, read again from the gateway first when the copy is missing or stale. */
  async function freshRules(deviceId: string): Promise<ReturnType<AutoReplyRulesStore['rulesOf']>> {
    const kept = store.rulesOf(deviceId)
    const failed = failedAt.get(deviceId)
    if (failed !== undefined && deps.now() - failed < AUTO_REPLY_RETRY_MS) return kept
    if (kept.refreshedAt === null || deps.now() - kept.refreshedAt > staleMs) {
      await refresh(deviceId)
      return store.rulesOf(deviceId)
    }
    return kept
  }

  return {
    /** The gateway's whole list, as just read by the app (the auto-replies view's list). */
    keep,
    /** After the app changed a rule: the copy is read again (the gateway's order and ids are its own). */
    changed: (deviceId: string): Promise<void> => refresh(deviceId),
    forget: (deviceId: string): void => {
      failedAt.delete(deviceId)
      store.forget(deviceId)
    },

    /**
     * Per device, its rules (fresh as above) and the conversations each answered in the last `days`: a customer's
     * message that is the rule's keyword by the domain's rule, on the device that has the rule.
     */
    async chatbot(deviceIds: readonly string[], days = AUTO_REPLY_COUNT_DAYS): Promise<DeviceChatbot[]> {
      const kept = await Promise.all(
        deviceIds.map(async (deviceId) => ({ deviceId, ...(await freshRules(deviceId)) }))
      )
      const since = deps.now() - days * 24 * 60 * 60_000
      const answered = new Map<string, Map<string, Set<number>>>()
      const longest = Math.min(
        LONGEST_KEYWORD_MESSAGE,
        Math.max(0, ...kept.flatMap((device) => device.rules.map((rule) => rule.keyword.length))) * 4
      )
      const messages = longest === 0 ? [] : (deps.recentIncoming?.(since, longest) ?? [])
      for (const device of kept) {
        const byRule = new Map(device.rules.map((rule) => [rule.id, new Set<number>()]))
        answered.set(device.deviceId, byRule)
        if (device.rules.length === 0) continue
        for (const message of messages) {
          if (message.deviceId !== device.deviceId) continue
          const rule = autoReplyAnswering(message.text, device.rules, message.receivedAt)
          if (rule) byRule.get(rule.id)?.add(message.conversationId)
        }
      }
      return kept.map((device) => ({
        deviceId: device.deviceId,
        refreshedAt: device.refreshedAt,
        rules: device.rules.map((rule) => ({
          ...rule,
          conversationIds: [...(answered.get(device.deviceId)?.get(rule.id) ?? [])].sort((a, b) => b - a)
        }))
      }))
    }
  }
}
