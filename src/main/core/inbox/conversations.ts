// The inbox an operator works from: conversations (with contact names and our device ids), threads that merge what
// arrived with what was sent to that chat from that device, read and archive marks, search, and contacts.
import {
  bucketOfItem,
  inEntryKey,
  renderReplyTemplate,
  sentEntryKey,
  threadEntryOfKey
} from '../../../shared/domain'
import { messageView } from './message-view'
import type {
  CannedReplyView,
  ContactView,
  CustomerCampaignFilter,
  CustomerPlace,
  CustomerView,
  InboxConversationView,
  InboxMessageView,
  InboxThreadEntry,
  OutboxItemView
} from '../../../shared/contract'
import { MAX_CONTACTS_PER_CALL, type GatewayClient } from '../gateway'
import {
  CannedRepliesStore,
  ContactsStore,
  InboxConversationsStore,
  deviceKeyOf,
  type CannedReplyRecord,
  type ContactRecord,
  type ConversationRecord,
  type ChatPlace,
  type FoundMessage,
  type InboxMessageRecord,
  type SqliteDatabase
} from '../store'

/** Our devices as the gateway names them: the monitor's serial and sender number (the terminal: the registry's). */
export interface DeviceDirectory {
  list(): readonly { id: string; serial: string | null; phone: string | null }[]
}

/** The gateway's contacts calls of one device (its opened client). */
export type GatewayContacts = Pick<GatewayClient, 'addContacts' | 'updateContacts' | 'listContacts'>

/**
 * The kernel's outgoing half of a thread (sendQueue.sentToChat), of a search (sendQueue.sentWithText) and of a page of
 * conversations' last messages (sendQueue.newestToChats).
 */
export interface SentToChat {
  sentToChat(
    deviceId: string,
    recipient: string,
    limit: number,
    place?: ChatPlace,
    shownAfter?: number
  ): { at: number; item: OutboxItemView }[]
  sentWithText(
    text: string,
    limit: number,
    before?: { at: number; id: string },
    /** Asked after each match and after each stretch read past (`read`: how many items it held). */
    goOn?: (read?: number) => boolean
  ): {
    matches: { position: number; id: string; deviceId: string; recipient: string; shownAt: number }[]
    /** The last sent item read, matching or not: where a read stopped short goes on from. */
    readTo: { at: number; id: string } | null
  }
  sentAt(positions: readonly number[]): { position: number; at: number; item: OutboxItemView }[]
  /**
   * Each chat's newest item that is its conversation's traffic (sent from the device to the recipient, shown after
   * `shownAfter` when given; countsAsConversationTraffic, QA76), with when the gateway took it, or null, in the order
   * asked: a page of conversations' last replies in one read.
   */
  newestToChats(
    chats: readonly { deviceId: string; recipient: string; shownAfter?: number }[]
  ): ({ at: number; item: OutboxItemView } | null)[]
}

/** A conversation's newest reply and when its thread shows it. */
type NewestReply = { at: number; item: OutboxItemView }

/** The buckets of a message the customer will not have: a row shows it as its newest, saying so. */
const UNREACHED_BUCKETS = ['failed', 'cancelled', 'optedOut', 'revoked'] as const

/** How a row's newest message, the operator's, did not reach the customer (its bucket), or undefined when it did. */
function unreachedOf(item: OutboxItemView): InboxConversationView['lastUnreached'] {
  const bucket = bucketOfItem({ status: item.status, failureCode: item.failure?.code ?? null })
  return UNREACHED_BUCKETS.find((unreached) => unreached === bucket)
}

/** The core's kept files of the replies being written, by conversation id (the files feature's). */
export interface ReplyDraftFiles {
  releaseReplyDraft(conversationId: number): Promise<void>
}

export interface ConversationsDeps {
  db: SqliteDatabase
  now: () => number
  devices?: DeviceDirectory
  outbox?: SentToChat
  /** The customers' files on disk (the media fetcher's): removed once a deleted conversation has committed. */
  mediaFiles?: { remove(numbers: readonly number[]): Promise<void> }
  /** The files kept for each conversation's reply draft: a deleted conversation's draft lets its file go. */
  replyDrafts?: ReplyDraftFiles
  /** CPU time in ms, which bounds a search page's read of the sent matches. Tests script it (the process's by default). */
  cpuMs?: () => number
}

/** The process's CPU time in ms: during a synchronous read, the main thread's. */
function processCpuMs(): number {
  const used = process.cpuUsage()
  return (used.user + used.system) / 1000
}

export function contactView(contact: ContactRecord): ContactView {
  return { ...contact, updatedAt: new Date(contact.updatedAt).toISOString() }
}

/**
 * Where a thread page ends: the last entry's time, side and key. Entries are ordered by time, then sent before
 * received at the same millisecond, then by key, all descending; the string is opaque to the window.
 */
interface ThreadCursor {
  at: number
  direction: 'in' | 'out'
  key: string
}

const encodeCursor = (cursor: ThreadCursor): string => `${cursor.at}:${cursor.direction}:${cursor.key}`

function decodeCursor(text: string): ThreadCursor | null {
  const match = /^(\d+):(in|out):(.+)$/.exec(text)
  if (!match) return null
  return { at: Number(match[1]), direction: match[2] as 'in' | 'out', key: match[3]! }
}

/**
 * Where a search's pages end: each side's keyset past what was shown (the last message's number; the last reply's
 * time in its thread and id, the order the replies are read in), or none when nothing of that side was shown yet.
 * Opaque to the window.
 */
interface SearchCursor {
  message?: number
  reply?: { at: number; id: string }
}

const encodeSearchCursor = (cursor: SearchCursor): string =>
  `${cursor.message ?? ''}|${cursor.reply ? `${cursor.reply.at}:${cursor.reply.id}` : ''}`

function decodeSearchCursor(text: string): SearchCursor {
  const match = /^(\d*)\|(?:(\d+):(.+))?$/.exec(text)
  return {
    ...(match?.[1] ? { message: Number(match[1]) } : {}),
    ...(match?.[2] && match[3] ? { reply: { at: Number(match[2]), id: match[3] } } : {})
  }
}

/**
 * Outbox matches read at once at first while looking for the operator's replies among everything sent; each further
 * read of the same page takes twice as many (up to the page's bound), going on from where the one before stopped.
 */
const REPLY_SCAN_CHUNK = 200
/**
 * Outbox matches one page of a search reads at most: a word a campaign sent to thousands of chats without a conversation
 * was otherwise read past in one task. The next page goes on from there.
 */
export const REPLY_SCAN_LIMIT = 2_000
/**
 * CPU time a page's read of the sent matches may take before it stops and says how far it read: the index's read
 * deep in a campaign of 100,000 took ~20-60 ms before the first match (it walks past the newer ones), and the core's
 * event loop also sends and polls, so a page keeps under the 50 ms goal by time, not only by count.
 */
export const REPLY_SCAN_CPU_MS = 20
/** Items read between two looks at the CPU clock (a system call each). */
const CPU_CHECK_EVERY = 64

/** The operator's own message found, with the conversation whose thread shows it and its place in the outbox. */
interface FoundReply {
  position: number
  conversation: InboxConversationView
  item: OutboxItemView
  /** When it shows in its thread (the thread's time for it: when the gateway took it). */
  at: number
  /** How many sent matches were read up to and including this one (what a page showing it has read past). */
  readThrough: number
}

/** A chat's conversation for the search, by our device and chat: the one its thread shows, and when it was cleared. */
type SearchChat = { conversation: InboxConversationView; clearedAt: number | null } | null

/** A thread's entry as read, with where it stands in the thread's order. */
interface ThreadPiece {
  cursor: ThreadCursor
  entry: InboxThreadEntry
}

/** The key the window and a search result name an entry by (thread-entry-key.ts). */
const pieceKey = ({ entry }: ThreadPiece): string =>
  entry.direction === 'in' ? inEntryKey(entry.message.number) : sentEntryKey(entry.item.id)

/** Entries read at once while looking for a search result's entry further back than a page. */
const THREAD_THROUGH_READ = 500
/**
 * The most entries a thread is read down to a search result's entry: the window draws them all, so a message further
 * back than this opens the thread as a plain opening does, or on the page around it when that is asked for too (QA75).
 */
export const THREAD_THROUGH_MOST = 10_000

/** Which entry comes first in a thread (newest first): positive when `a` comes after `b`. */
function threadOrder(a: ThreadCursor, b: ThreadCursor): number {
  if (a.at !== b.at) return b.at - a.at
  if (a.direction !== b.direction) return a.direction === 'out' ? -1 : 1
  if (a.direction === 'in') return Number(b.key) - Number(a.key)
  return a.key < b.key ? 1 : a.key > b.key ? -1 : 0
}

export class CannedReplyNotFound extends Error {
  constructor(readonly replyId: number) {
    super(`There is no canned reply ${replyId}.`)
  }
}

const cannedReplyView = (reply: CannedReplyRecord): CannedReplyView => ({
  ...reply,
  updatedAt: new Date(reply.updatedAt).toISOString()
})

export class ConversationNotFound extends Error {
  constructor(readonly conversationId: number) {
    super(`There is no conversation ${conversationId} in the inbox.`)
  }
}

export type InboxConversations = ReturnType<typeof createConversations>

export function createConversations(deps: ConversationsDeps) {
  const store = new InboxConversationsStore(deps.db)
  const contacts = new ContactsStore(deps.db)
  const canned = new CannedRepliesStore(deps.db)
  const cpuMs = deps.cpuMs ?? processCpuMs

  const receivedPiece = (message: InboxMessageRecord): ThreadPiece => ({
    cursor: { at: message.writtenAt, direction: 'in', key: String(message.number) },
    entry: { direction: 'in', at: '', message: messageView(message) }
  })

  /** What the conversation's device sent to its chat from `place` (the outbox's order there), as thread pieces. */
  function sentPieces(
    conversation: ConversationRecord,
    view: InboxConversationView,
    limit: number,
    place: ChatPlace | undefined
  ): ThreadPiece[] {
    if (!view.deviceId || !deps.outbox) return []
    // A chat whose conversation was deleted shows only what shows there since: by the time the thread places each
    // at (SHOWN_AT), so one written before the delete that went after it is there, where it landed.
    const clearedAt = store.clearedAt(conversation.deviceKey, conversation.chatId) ?? undefined
    return deps.outbox
      .sentToChat(view.deviceId, conversation.chatId, limit, place, clearedAt)
      .map(({ at, item }) => ({
        cursor: { at, direction: 'out', key: item.id },
        entry: { direction: 'out', at: '', item }
      }))
  }

  /**
   * Where each side's keyset stands at `cursor`: received at its millisecond come after a sent one there (all of
   * them) or after a smaller number; sent at its millisecond come before every received one there.
   */
  const sidesAt = (cursor: ThreadCursor) => ({
    received: {
      at: cursor.at,
      number: cursor.direction === 'out' ? Number.MAX_SAFE_INTEGER : Number(cursor.key)
    },
    sent: { at: cursor.at, id: cursor.direction === 'in' ? '' : cursor.key }
  })

  /**
   * One page of a thread past `cursor` (newest first): `limit` from each side, merged, the first `limit` kept; `more`
   * when an entry is left past it.
   */
  function threadPage(
    conversation: ConversationRecord,
    view: InboxConversationView,
    limit: number,
    cursor: ThreadCursor | null
  ): { page: ThreadPiece[]; more: boolean } {
    const at = cursor ? sidesAt(cursor) : undefined
    const received = store.messages(conversation.id, limit + 1, at?.received).map(receivedPiece)
    const sent = sentPieces(conversation, view, limit + 1, at && { before: at.sent })
    const merged = [...received, ...sent].sort((a, b) => threadOrder(a.cursor, b.cursor))
    return { page: merged.slice(0, limit), more: merged.length > limit }
  }

  /**
   * QA75: one page of a thread newer than `cursor`, the nearest first (oldest first): `limit` from each side, merged,
   * the first `limit` kept; `more` when a newer entry is left past it.
   */
  function threadPageNewer(
    conversation: ConversationRecord,
    view: InboxConversationView,
    limit: number,
    cursor: ThreadCursor
  ): { page: ThreadPiece[]; more: boolean } {
    const at = sidesAt(cursor)
    const received = store.messagesNewer(conversation.id, limit + 1, at.received).map(receivedPiece)
    const sent = sentPieces(conversation, view, limit + 1, { after: at.sent })
    const merged = [...received, ...sent].sort((a, b) => threadOrder(b.cursor, a.cursor))
    return { page: merged.slice(0, limit), more: merged.length > limit }
  }

  /** The thread's entry keyed `key` (thread-entry-key.ts), or null when the thread does not hold it (gone since). */
  function threadEntry(
    conversation: ConversationRecord,
    view: InboxConversationView,
    key: string
  ): ThreadPiece | null {
    const named = threadEntryOfKey(key)
    if (named && 'number' in named) {
      const message = store.messageIn(conversation.id, named.number)
      return message ? receivedPiece(message) : null
    }
    return named ? (sentPieces(conversation, view, 1, { item: named.itemId })[0] ?? null) : null
  }

  /**
   * QA75: a page of `limit` entries around the entry keyed `key` (a search result's further back than THREAD_THROUGH_MOST):
   * about half older than it, the rest newer (more older when few are newer, near the end), with whether entries are
   * left on each side; null when the thread does not hold it.
   */
  function threadAround(
    conversation: ConversationRecord,
    view: InboxConversationView,
    key: string,
    limit: number
  ): { page: ThreadPiece[]; older: boolean; newer: boolean } | null {
    const found = threadEntry(conversation, view, key)
    if (!found) return null
    const newer = threadPageNewer(conversation, view, Math.floor((limit - 1) / 2), found.cursor)
    const older = threadPage(conversation, view, limit - 1 - newer.page.length, found.cursor)
    return { page: [...newer.page.reverse(), found, ...older.page], older: older.more, newer: newer.more }
  }

  /**
   * QA71: the thread from `before` (its end when null) down to the entry keyed `through` (a search result's), read a
   * large page at a time; null when it is not there (gone since) or further back than THREAD_THROUGH_MOST entries.
   */
  function threadThrough(
    conversation: ConversationRecord,
    view: InboxConversationView,
    through: string,
    before: ThreadCursor | null
  ): ThreadPiece[] | null {
    const read: ThreadPiece[] = []
    let cursor = before
    while (read.length < THREAD_THROUGH_MOST) {
      const { page, more } = threadPage(conversation, view, THREAD_THROUGH_READ, cursor)
      const at = page.findIndex((piece) => pieceKey(piece) === through)
      if (at >= 0) return [...read, ...page.slice(0, at + 1)]
      if (!more) return null
      read.push(...page)
      cursor = page.at(-1)!.cursor
    }
    return null
  }

  /** Read at each call: a device added, re-added or polled since the message arrived is found (see the migration). */
  function deviceIdOf(conversation: {
    deviceSerial: string | null
    devicePhone: string | null
  }): string | null {
    const serial = conversation.deviceSerial?.trim().toLowerCase() || null
    const phone = conversation.devicePhone?.trim() || null
    const devices = deps.devices?.list() ?? []
    const bySerial = serial && devices.find((d) => d.serial?.trim().toLowerCase() === serial)
    if (bySerial) return bySerial.id
    const byPhone = phone && devices.find((d) => d.phone?.trim() === phone)
    return byPhone ? byPhone.id : null
  }

  /**
   * For each conversation, the newest message the operator sent to its chat from its device, with when its thread
   * shows it (the thread's order and time, and after the chat was last deleted, as the thread has it): a row shows it
   * as the last message, so an answered customer reads apart from a waiting one (QA14 Q14-10). Only what went out
   * (QA76: one scheduled, queued or cancelled before it went hid the customer's last words); one that then failed, was
   * cancelled at the gateway or deleted for everyone is shown as such (lastUnreached), as its going moved the row. A
   * page's rows in two reads (when each chat was cleared, then the replies), not two a row.
   */
  function newestReplies(
    rows: readonly { conversation: ConversationRecord; deviceId: string | null }[]
  ): (NewestReply | null)[] {
    const replies: (NewestReply | null)[] = rows.map(() => null)
    const asked = rows.flatMap(({ conversation, deviceId }, at) =>
      deviceId ? [{ at, conversation, deviceId }] : []
    )
    if (!deps.outbox || asked.length === 0) return replies
    const cleared = store.clearedAtOf(
      asked.map(({ conversation }) => ({ deviceKey: conversation.deviceKey, chatId: conversation.chatId }))
    )
    const newest = deps.outbox.newestToChats(
      asked.map(({ conversation, deviceId }, i) => {
        const after = cleared[i] ?? null
        const chat = { deviceId, recipient: conversation.chatId }
        return after === null ? chat : { ...chat, shownAfter: after }
      })
    )
    asked.forEach(({ at }, i) => (replies[at] = newest[i] ?? null))
    return replies
  }

  /**
   * The conversations from the top of the list down whose rows show something later than `at` (a message in, or the
   * operator's gone out: the row's time, as viewOf gives it), ending at the first that does not or at the chat's own
   * (`keys`: its device's names): the rows a message that went at `at` is placed under, learnt after them. Read a few
   * at first: a message taken now meets none.
   */
  function laterAbove(keys: readonly string[], chatId: string, at: number): number[] {
    const later: number[] = []
    let before: number | undefined
    for (let size = 4; ; size = Math.min(size * 4, 256)) {
      const page = store.byPlace(size, before)
      const replies = newestReplies(
        page.map((conversation) => ({ conversation, deviceId: deviceIdOf(conversation) }))
      )
      for (const [i, conversation] of page.entries()) {
        const own = conversation.chatId === chatId && keys.includes(conversation.deviceKey)
        if (own || Math.max(conversation.lastAt, replies[i]?.at ?? conversation.lastAt) <= at) return later
        later.push(conversation.id)
      }
      if (page.length < size) return later
      before = page.at(-1)!.activity
    }
  }

  /** The conversations' views, their last replies read for all of them at once. */
  function conversationViews(conversations: readonly ConversationRecord[]): InboxConversationView[] {
    const rows = conversations.map((conversation) => ({ conversation, deviceId: deviceIdOf(conversation) }))
    const replies = newestReplies(rows)
    // A row says its customer is on the opt-out list (QA67: only the thread told): the page's numbers in one read.
    const optedOut = store.optedOutAmong(conversations.filter((c) => !c.isGroup).map((c) => c.chatId))
    return rows.map(({ conversation, deviceId }, i) =>
      viewOf(conversation, deviceId, replies[i] ?? null, optedOut.has(conversation.chatId))
    )
  }

  function conversationView(conversation: ConversationRecord): InboxConversationView {
    return conversationViews([conversation])[0]!
  }

  function viewOf(
    conversation: ConversationRecord,
    deviceId: string | null,
    reply: NewestReply | null,
    optedOut: boolean
  ): InboxConversationView {
    // At the same millisecond a thread puts the sent one first (threadOrder): so does the row.
    const last =
      reply && reply.at >= conversation.lastAt
        ? {
            lastAt: reply.at,
            lastText: reply.item.text ?? '',
            lastType: reply.item.kind,
            lastFromMe: true,
            lastUnreached: unreachedOf(reply.item),
            lastSender: null
          }
        : { ...conversation, lastUnreached: undefined }
    return {
      id: conversation.id,
      deviceId,
      deviceSerial: conversation.deviceSerial,
      devicePhone: conversation.devicePhone,
      chatId: conversation.chatId,
      isGroup: conversation.isGroup,
      groupSubject: conversation.groupSubject,
      contactName: conversation.contactName,
      pushName: conversation.pushName,
      lastNumber: conversation.lastNumber,
      activity: conversation.activity,
      lastAt: new Date(last.lastAt).toISOString(),
      lastText: last.lastText,
      lastType: last.lastType,
      lastFromMe: last.lastFromMe,
      ...(last.lastUnreached === undefined ? {} : { lastUnreached: last.lastUnreached }),
      lastSender: last.lastSender,
      unread: conversation.unread,
      // Counted messages say it already: the mark alone is shown only when none are.
      markedUnread: conversation.markedUnread && conversation.unread === 0,
      archived: conversation.archived,
      optedOut
    }
  }

  function mustGet(conversationId: number): ConversationRecord {
    const conversation = store.get(conversationId)
    if (!conversation) throw new ConversationNotFound(conversationId)
    return conversation
  }

  /** The gateway's names for our device: every key its conversations may be filed under. */
  function keysOf(deviceId: string): string[] {
    const device = deps.devices?.list().find((d) => d.id === deviceId)
    if (!device) return []
    return [deviceKeyOf(device.serial, null), deviceKeyOf(null, device.phone)].filter((key) => key !== '')
  }

  /**
   * The operator's messages whose text holds `term` that a thread shows, newest first by when each shows there (then
   * id) past `before`, each with its conversation: sent from the device the conversation reached to its chat, after
   * the chat was last cleared. What went to a chat without a conversation (a campaign nobody answered) is read past.
   * One read a page, bounded by count and CPU time: `readTo` says where it stopped short of the end.
   */
  function repliesWith(
    term: string,
    limit: number,
    before?: { at: number; id: string }
  ): { found: FoundReply[]; readTo: { at: number; id: string } | null; read: number } {
    const outbox = deps.outbox
    if (term === '' || !outbox) return { found: [], readTo: null, read: 0 }
    const began = cpuMs()
    let asked = 0
    let nextLook = CPU_CHECK_EVERY
    let outOfTime = false
    const goOn = (read = 1): boolean => {
      asked += read
      if (asked < nextLook) return !outOfTime
      nextLook = asked + CPU_CHECK_EVERY
      if (cpuMs() - began >= REPLY_SCAN_CPU_MS) outOfTime = true
      return !outOfTime
    }
    // One look-up per chat, however many of its items match: by device and chat, null when it has no conversation.
    const chats = new Map<string, SearchChat>()
    const lookedUp = new Set<string>()
    const hits: Omit<FoundReply, 'item' | 'at'>[] = []
    let read = 0
    let after = before
    // Small reads first (the hits are often among the newest), each going on from the last item the one before read:
    // a walk of the index on SHOWN_AT costs what it reads past, so a page stops soon once it has its hits.
    for (let chunk = REPLY_SCAN_CHUNK; ; chunk *= 2) {
      const size = Math.min(chunk, REPLY_SCAN_LIMIT - read)
      // Only where each went: most go to chats without a conversation, and only the hits' items are loaded.
      const { matches: sent, readTo } = outbox.sentWithText(term, size, after, goOn)
      const unseen = [...new Set(sent.map((match) => match.recipient))].filter((chat) => !lookedUp.has(chat))
      // Newest conversation first, as a thread's look-up takes the first of a chat's on that device. The chats met
      // are read at once (their last replies, when each was cleared), not two reads a chat.
      const met = new Map<string, ConversationRecord>()
      for (const record of store.withChats(unseen)) {
        const key = `${deviceIdOf(record)}\n${record.chatId}`
        if (!chats.has(key) && !met.has(key)) met.set(key, record)
      }
      const records = [...met.values()]
      const views = conversationViews(records)
      const cleared = store.clearedAtOf(records.map(({ deviceKey, chatId }) => ({ deviceKey, chatId })))
      ;[...met.keys()].forEach((key, i) =>
        chats.set(key, { conversation: views[i]!, clearedAt: cleared[i] ?? null })
      )
      for (const chat of unseen) lookedUp.add(chat)
      for (const { position, deviceId, recipient, shownAt } of sent) {
        read++
        const chat = chats.get(`${deviceId}\n${recipient}`)
        // A chat whose conversation was deleted shows only what shows there since (as its thread does).
        if (!chat || (chat.clearedAt !== null && shownAt <= chat.clearedAt)) continue
        hits.push({ position, conversation: chat.conversation, readThrough: read })
        if (hits.length === limit) break
      }
      // A full page, or the end of the matches (a read that found fewer than asked, not for time).
      if (hits.length === limit || (sent.length < size && !outOfTime) || readTo === null) {
        return { found: withItems(outbox, hits), readTo: null, read }
      }
      after = readTo
      // Stopped by count or time short of the end, without a full page: the next page reads on from the last read.
      if (outOfTime || read >= REPLY_SCAN_LIMIT) return { found: withItems(outbox, hits), readTo, read }
    }
  }

  /** The hits with their items, loaded at once (an item gone since is left out). */
  function withItems(outbox: SentToChat, hits: Omit<FoundReply, 'item' | 'at'>[]): FoundReply[] {
    const items = new Map(outbox.sentAt(hits.map((hit) => hit.position)).map((s) => [s.position, s]))
    return hits.flatMap((hit) => {
      const sent = items.get(hit.position)
      return sent ? [{ ...hit, item: sent.item, at: sent.at }] : []
    })
  }

  return {
    deviceIdOf,

    /**
     * A message the gateway took (every producer's: a reply, a send, a campaign), told in the transition that records
     * it: the conversation of its chat on its device moves up, as it is now the conversation's newest traffic (QA76:
     * not when it was queued or scheduled), to where it went (`acceptedAt`): the top, unless it is learnt after rows
     * that came later (a schedule the gateway kept, sent at its time while Sender Desk was closed), which stay above
     * it. True when one moved.
     */
    messageTaken({
      deviceId,
      recipient,
      acceptedAt
    }: {
      deviceId: string
      recipient: string
      acceptedAt: number | null
    }): boolean {
      const keys = keysOf(deviceId)
      if (!store.withChat(recipient).some((c) => keys.includes(c.deviceKey))) return false
      const keepAbove = laterAbove(keys, recipient, acceptedAt ?? deps.now())
      return store.bumpActivity([{ deviceKeys: keys, chatId: recipient }], keepAbove) > 0
    },

    list(filter: {
      limit?: number
      before?: number
      archived?: boolean
      unreadOnly?: boolean
      deviceId?: string
      conversationIds?: readonly number[]
    }): { conversations: InboxConversationView[]; next: number | null } {
      const limit = filter.limit ?? 50
      const rows = store.list({
        limit: limit + 1,
        before: filter.before,
        archived: filter.archived,
        unreadOnly: filter.unreadOnly,
        ...(filter.deviceId === undefined ? {} : { deviceKeys: keysOf(filter.deviceId) }),
        ...(filter.conversationIds === undefined ? {} : { ids: filter.conversationIds })
      })
      const page = rows.slice(0, limit)
      return {
        conversations: conversationViews(page),
        next: rows.length > limit ? page.at(-1)!.activity : null
      }
    },

    get: (conversationId: number): InboxConversationView => conversationView(mustGet(conversationId)),

    /** The customers' short text messages since `since`, with our device for each (the chatbot view's counts). */
    recentShortIncoming(
      since: number,
      maxLength: number
    ): { conversationId: number; deviceId: string | null; text: string; receivedAt: number }[] {
      return store.recentShortIncoming(since, maxLength).map((message) => ({
        conversationId: message.conversationId,
        deviceId: deviceIdOf(message),
        text: message.text,
        receivedAt: message.receivedAt
      }))
    },

    /** The conversations with one chat (a number or a group id), newest first. */
    withChat: (chatId: string): InboxConversationView[] => conversationViews(store.withChat(chatId)),

    /**
     * The conversation's messages and what its device sent to that chat (text, files, campaign messages, with their
     * statuses now), newest first: `limit` from each side past the cursor, merged, the first `limit` kept.
     */
    thread(
      conversationId: number,
      options: { limit?: number; before?: string; through?: string; around?: string; after?: string } = {}
    ): {
      conversation: InboxConversationView
      entries: InboxThreadEntry[]
      next: string | null
      later: string | null
    } {
      const conversation = mustGet(conversationId)
      const view = conversationView(conversation)
      const limit = options.limit ?? 50
      const reply = (page: ThreadPiece[], older: boolean, newer: boolean) => ({
        conversation: view,
        entries: page.map(({ cursor: c, entry }) => ({ ...entry, at: new Date(c.at).toISOString() })),
        next: older && page.length > 0 ? encodeCursor(page.at(-1)!.cursor) : null,
        later: newer && page.length > 0 ? encodeCursor(page[0]!.cursor) : null
      })
      // QA75: a later page, above the newest entry shown of a page read around an entry (`later` goes on from it).
      if (options.after !== undefined) {
        const after = decodeCursor(options.after)
        const newer = after ? threadPageNewer(conversation, view, limit, after) : { page: [], more: false }
        return { ...reply(newer.page.reverse(), false, newer.more), next: null }
      }
      const before = options.before === undefined ? null : decodeCursor(options.before)
      // A search result's entry further back than the page (QA71): every entry down to it, then the page past it.
      const reached =
        options.through === undefined ? null : threadThrough(conversation, view, options.through, before)
      // QA75: the page around an entry; asked for with a read down to it, only when that is further back than the core
      // reads down to: a search result far back opens in one read.
      const around =
        reached || options.around === undefined
          ? null
          : threadAround(conversation, view, options.around, limit)
      if (around) return reply(around.page, around.older, around.newer)
      const past = threadPage(conversation, view, limit, reached ? reached.at(-1)!.cursor : before)
      return reply([...(reached ?? []), ...past.page], past.more, false)
    },

    markRead(conversationId: number, read: boolean): InboxConversationView {
      const conversation = mustGet(conversationId)
      if (read) store.markRead(conversationId, true)
      // QA72: the operator's reply the newest (or no message of the customer's): marked unread with nothing counted,
      // where the customer's message before it counted "1 unread message" they had not sent since.
      else if (
        conversation.unread === 0 &&
        (conversationView(conversation).lastFromMe || !store.markRead(conversationId, false))
      )
        store.markUnreadWithoutCount(conversationId)
      return conversationView(mustGet(conversationId))
    },

    /**
     * Deletes the conversation and the messages it received, with their files and its reply draft's file; what was
     * sent to the chat stays in the outbox. Answers how many messages went.
     */
    async delete(conversationId: number): Promise<{ messages: number }> {
      const deleted = store.delete(conversationId, deps.now())
      if (!deleted) throw new ConversationNotFound(conversationId)
      await deps.mediaFiles?.remove(deleted.fetchedFiles)
      // Whoever deleted it (the window, the terminal), the reply being written there has nowhere to go.
      await deps.replyDrafts?.releaseReplyDraft(conversationId)
      return { messages: deleted.messages }
    },

    archive(conversationId: number, archived: boolean): InboxConversationView {
      mustGet(conversationId)
      store.setArchived(conversationId, archived)
      return conversationView(mustGet(conversationId))
    },

    /**
     * The customers' messages whose text holds `text` and the operator's own messages that a conversation's thread
     * shows (sent to its chat from its device, since it was last deleted), merged newest first (a message by when it
     * arrived, a reply by when it shows in its thread, `at`: the pages' keysets, so a later page never holds a hit
     * that shows above an earlier page's); and, on the first page, the conversations whose contact or number matches. `before` is the previous page's `next`. `sentRead`: how many sent messages holding
     * the text this page read past (the window's progress while pages come back empty).
     */
    search(
      text: string,
      options: { limit?: number; before?: string } = {}
    ): {
      messages: (InboxMessageView & { conversationId: number })[]
      messageConversations: InboxConversationView[]
      replies: { conversation: InboxConversationView; item: OutboxItemView; at: string }[]
      conversations: InboxConversationView[]
      next: string | null
      moreFound: boolean
      conversationsMoreFound: boolean
      sentRead: number
    } {
      const limit = options.limit ?? 50
      const cursor = options.before === undefined ? null : decodeSearchCursor(options.before)
      const found = store.search(text, limit + 1, cursor?.message, cursor === null)
      const { found: sent, readTo, read } = repliesWith(text.trim(), limit + 1, cursor?.reply)
      // Each side comes in its own order (messages by number, the order they came in; replies by when each shows);
      // merged by time, a thread's way, taking from the head of either, so a page ends where each side's keyset says.
      const page: ({ message: FoundMessage } | { reply: FoundReply })[] = []
      let m = 0
      let r = 0
      const next: SearchCursor = { ...cursor }
      while (page.length < limit && (m < found.messages.length || r < sent.length)) {
        const message = found.messages[m]
        const reply = sent[r]
        // The replies were read only down to `readTo`: a message older than that waits for the page that reads on.
        if (
          reply === undefined &&
          readTo !== null &&
          message !== undefined &&
          threadOrder(
            { at: readTo.at, direction: 'out', key: readTo.id },
            { at: message.receivedAt, direction: 'in', key: String(message.number) }
          ) < 0
        )
          break
        const replyFirst =
          reply !== undefined &&
          (message === undefined ||
            threadOrder(
              { at: reply.at, direction: 'out', key: reply.item.id },
              { at: message.receivedAt, direction: 'in', key: String(message.number) }
            ) < 0)
        if (replyFirst) {
          page.push({ reply })
          next.reply = { at: reply.at, id: reply.item.id }
          r++
        } else {
          page.push({ message: message! })
          next.message = message!.number
          m++
        }
      }
      // Every reply read was shown: the next page reads on past `readTo`.
      if (readTo !== null && r === sent.length) next.reply = readTo
      // A hit read past the page is more for sure; sent messages left unread (readTo) may hold none.
      const moreFound = m < found.messages.length || r < sent.length
      const more = moreFound || readTo !== null
      // The next page reads again what came after the last reply shown: each match is counted by one page only.
      const sentRead = r === sent.length ? read : r > 0 ? sent[r - 1]!.readThrough : 0
      const messages = page.flatMap((hit) => ('message' in hit ? [hit.message] : []))
      return {
        messages: messages.map((message) => ({
          ...messageView(message),
          conversationId: message.conversationId
        })),
        // The window opens a hit beyond the list it loaded, and names its device as the list does.
        messageConversations: conversationViews(
          store.byIds([...new Set(messages.map((message) => message.conversationId))])
        ),
        replies: page.flatMap((hit) =>
          'reply' in hit
            ? [
                {
                  conversation: hit.reply.conversation,
                  item: hit.reply.item,
                  at: new Date(hit.reply.at).toISOString()
                }
              ]
            : []
        ),
        conversations: conversationViews(found.conversations.slice(0, limit)),
        // The store read one past the page: more conversations match than it shows (the window asks to narrow).
        conversationsMoreFound: found.conversations.length > limit,
        next: more ? encodeSearchCursor(next) : null,
        moreFound,
        sentRead
      }
    },

    cannedReplies: {
      list: (deviceId: string): CannedReplyView[] => canned.list(deviceId).map(cannedReplyView),
      save(reply: { id?: number; deviceId: string; title: string; text: string }): CannedReplyView {
        const saved = canned.save(reply, deps.now())
        if (!saved) throw new CannedReplyNotFound(reply.id ?? 0)
        return cannedReplyView(saved)
      },
      remove: (id: number): boolean => canned.remove(id),
      /** The reply as it reads in one conversation: the contact's name (else the push name) and the chat. */
      render(id: number, conversationId: number): { text: string; missing: string[] } {
        const reply = canned.get(id)
        if (!reply) throw new CannedReplyNotFound(id)
        const conversation = mustGet(conversationId)
        const name = conversation.isGroup
          ? conversation.groupSubject
          : (conversation.contactName ?? conversation.pushName)
        return renderReplyTemplate(reply.text, { name, number: conversation.chatId })
      }
    },

    contacts: {
      list(options: { limit?: number; after?: string; search?: string }): {
        contacts: ContactView[]
        next: string | null
      } {
        const limit = options.limit ?? 200
        const rows = contacts.list({ limit: limit + 1, after: options.after, search: options.search })
        const page = rows.slice(0, limit)
        return { contacts: page.map(contactView), next: rows.length > limit ? page.at(-1)!.phone : null }
      },
      /**
       * The customer list's page: one more read than shown says whether another page follows. A campaign's first
       * page (the contract's CustomerCampaignFilter) comes with how many the campaign and search keep in all; a later
       * page carries the cursor only (pageOfCampaign).
       */
      page(options: {
        limit: number
        after?: CustomerPlace
        search?: string
        campaign?: CustomerCampaignFilter
      }): { customers: CustomerView[]; next: CustomerPlace | null; total: number | null } {
        const { campaign, ...place } = options
        const read = { ...place, limit: options.limit + 1 }
        const { customers: rows, total } = campaign
          ? contacts.pageOfCampaign({ ...read, campaign })
          : { customers: contacts.page(read), total: null }
        const shown = rows.slice(0, options.limit)
        const last = shown.at(-1)
        return {
          customers: shown.map((c) => ({ ...contactView(c), optedOut: c.optedOut })),
          next: rows.length > options.limit && last ? { name: last.name, phone: last.phone } : null,
          total
        }
      },
      get: (phone: string): ContactView | undefined => {
        const contact = contacts.get(phone)
        return contact && contactView(contact)
      },
      /** The operator's name for a number (already checked and normalised by the caller). */
      set(phone: string, name: string): ContactView {
        contacts.learn(phone, name, 'operator', deps.now())
        return contactView(contacts.get(phone)!)
      },
      /** The operator's new customer; a number kept already is answered with its name and left alone. */
      add(
        phone: string,
        name: string
      ): { added: true; contact: ContactView } | { added: false; kept: ContactView } {
        const kept = contacts.add(phone, name, deps.now())
        return kept
          ? { added: false, kept: contactView(kept) }
          : { added: true, contact: contactView(contacts.get(phone)!) }
      },
      /** Undo: a customer put back as they were, their name's source and time too (already checked by the caller). */
      restore(contact: ContactView): ContactView {
        contacts.restore({ ...contact, updatedAt: Date.parse(contact.updatedAt) })
        return contactView(contacts.get(contact.phone)!)
      },
      remove: (phone: string): boolean => contacts.remove(phone),
      /** Many chats' names at once: contact names for numbers, inbox subjects for groups. */
      names: (chats: readonly string[]): { chatId: string; name: string }[] => contacts.names(chats),
      /** The picker's suggestions for what the operator typed. */
      suggest: (text: string, limit = 10): { chatId: string; name: string; isGroup: boolean }[] =>
        contacts.suggest(text, limit),
      /** Names from a spreadsheet or the gateway's contacts: kept unless the operator named the number. */
      learnMany: (
        entries: readonly { phone: string; name: string }[],
        source: 'campaign' | 'gateway'
      ): number => contacts.learnMany(entries, source, deps.now()),

      /**
       * Both ways with one device's address book at the gateway: its names learnt here (below the operator's), then
       * the operator's names added there, or updated where the gateway has another.
       */
      async syncWithGateway(gateway: GatewayContacts): Promise<{
        learnt: number
        added: number
        updated: number
        failed: { phone: string; message: string }[]
      }> {
        const theirs = new Map<string, string>()
        for (let page = 1; ; page++) {
          const answer = await gateway.listContacts({ page, limit: 1000 })
          for (const contact of answer.contacts) if (contact.name) theirs.set(contact.phone, contact.name)
          if (answer.contacts.length === 0 || page >= answer.totalPage) break
        }
        const learnt = contacts.learnMany(
          [...theirs].map(([phone, name]) => ({ phone, name })),
          'gateway',
          deps.now()
        )
        const ours: ContactRecord[] = []
        for (let after: string | undefined; ;) {
          const page = contacts.list({ limit: 1000, after })
          ours.push(...page.filter((c) => c.source === 'operator'))
          if (page.length < 1000) break
          after = page.at(-1)!.phone
        }
        const toAdd = ours.filter((c) => !theirs.has(c.phone))
        const toUpdate = ours.filter((c) => theirs.has(c.phone) && theirs.get(c.phone) !== c.name)
        const failed: { phone: string; message: string }[] = []
        let added = 0
        let updated = 0
        for (const [list, call] of [
          [toAdd, 'addContacts'],
          [toUpdate, 'updateContacts']
        ] as const) {
          for (let at = 0; at < list.length; at += MAX_CONTACTS_PER_CALL) {
            const chunk = list
              .slice(at, at + MAX_CONTACTS_PER_CALL)
              .map((c) => ({ name: c.name, phone: c.phone }))
            for (const outcome of await gateway[call](chunk)) {
              if (!outcome.ok) failed.push({ phone: outcome.phone, message: outcome.message })
              else if (call === 'addContacts') added++
              else updated++
            }
          }
        }
        return { learnt, added, updated, failed }
      }
    }
  }
}
