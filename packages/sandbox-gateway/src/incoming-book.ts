// Incoming messages and auto-replies of the sandbox world: what contacts wrote to each device, the keyword chatbot
// rules (v2/autoreply), and the per-device limit on replies the sandbox sends on its own.

import {
  incomingMediaRecord,
  incomingMediaUrl,
  MAX_INCOMING_MEDIA_BYTES,
  type IncomingMediaRecord
} from './incoming-media'
import type { MediaKind } from './media-rules'
import { isGroupId, normalisePhone } from './phone-numbers'
import type { AutoReplyRecord, DeviceRecord, IncomingRecord } from './records'
import { GatewayRejection } from './rejections'
import { uniqueNumericId } from './random-source'
import { lastMinute } from './send-pacing'
import { iso, type WorldContext } from './world-context'
import {
  SandboxActionError,
  type AutoReplySnapshot,
  type IncomingInput,
  type IncomingMessage
} from './world-interface'

/** Per device: auto-replies (keyword and webhook answers together) beyond this in a minute are not sent. */
export const AUTO_REPLIES_PER_MINUTE = 20

/** Keyword matching ignores case and repeated spaces: "Jam  Buka" answers "jam buka". */
const keywordKey = (text: string): string => text.trim().replace(/\s+/g, ' ').toLowerCase()

export class IncomingBook {
  private readonly incomingList: IncomingRecord[] = []
  /** How much of the incoming list the store has saved. */
  private savedIncoming = 0
  private autoReplyList: AutoReplyRecord[] = []
  /** When each device last sent auto-replies (keyword or webhook answers), for the per-minute limit. */
  private readonly recentReplies = new Map<string, number[]>()

  constructor(private readonly context: WorldContext) {}

  // ---- incoming messages ----

  /** Records a message a contact wrote to the device (the caller has checked the device can receive). */
  receive(device: DeviceRecord, incoming: IncomingInput): IncomingRecord {
    const from = normalisePhone(incoming.from)
    if (!from) throw new SandboxActionError(`from ${incoming.from} is not a phone number`, 400)
    const groupId = incoming.groupId?.trim() || null
    if (groupId !== null && !isGroupId(groupId)) {
      throw new SandboxActionError(`groupId ${groupId} is not a group id`, 400)
    }
    const size = incoming.media?.sizeBytes
    if (size !== undefined && (!Number.isInteger(size) || size < 0 || size > MAX_INCOMING_MEDIA_BYTES)) {
      throw new SandboxActionError(
        `media.sizeBytes must be a whole number up to ${MAX_INCOMING_MEDIA_BYTES}`,
        400
      )
    }
    const id = this.context.random.whatsappId()
    const record: IncomingRecord = {
      id,
      deviceSerial: device.serial,
      from,
      message: incoming.message,
      receivedAt: this.context.clock.now(),
      // No name given: none is made up, so the app names the sender by number as it does for a contact without one.
      ...(incoming.pushName?.trim() ? { pushName: incoming.pushName.trim() } : {}),
      groupId,
      groupSubject: groupId === null ? null : incoming.groupSubject?.trim() || 'Sandbox group',
      media: incoming.media ? incomingMediaRecord(incoming.media, id) : null
    }
    this.incomingList.push(record)
    return record
  }

  byId(id: unknown): IncomingRecord | undefined {
    return this.incomingList.find((record) => record.id === id)
  }

  incoming(serial: string | undefined, mediaBaseUrl: string): IncomingMessage[] {
    return this.incomingList
      .filter((record) => serial === undefined || record.deviceSerial === serial)
      .map((record) => incomingSnapshot(record, mediaBaseUrl))
  }

  /** The media a contact sent under this stored name, if any. */
  media(kind: MediaKind, file: string): IncomingMediaRecord | undefined {
    return (
      this.incomingList.find((record) => record.media?.kind === kind && record.media.file === file)?.media ??
      undefined
    )
  }

  // ---- auto-replies (v2/autoreply) ----

  /** The keyword rule an incoming message matches, if any. */
  ruleFor(record: IncomingRecord): AutoReplyRecord | undefined {
    return this.autoReplyList.find(
      (reply) =>
        reply.deviceSerial === record.deviceSerial && keywordKey(reply.keyword) === keywordKey(record.message)
    )
  }

  /** Takes one of the device's auto-replies for this minute; the reason it may not be sent when none is left. */
  takeReplySlot(device: DeviceRecord): string | null {
    const now = this.context.clock.now()
    const recent = lastMinute(this.recentReplies.get(device.serial), now)
    this.recentReplies.set(device.serial, recent)
    if (recent.length >= AUTO_REPLIES_PER_MINUTE) {
      return `not sent: over ${AUTO_REPLIES_PER_MINUTE} auto-replies a minute for this device`
    }
    recent.push(now)
    return null
  }

  autoReplies(serial?: string): AutoReplySnapshot[] {
    return this.autoReplyList
      .filter((reply) => serial === undefined || reply.deviceSerial === serial)
      .map((reply) => autoReplySnapshot(reply))
  }

  autoRepliesOf(device: DeviceRecord, keyword?: string): AutoReplyRecord[] {
    const wanted = keyword === undefined ? undefined : keywordKey(keyword)
    return this.autoReplyList.filter(
      (reply) =>
        reply.deviceSerial === device.serial && (wanted === undefined || keywordKey(reply.keyword) === wanted)
    )
  }

  addAutoReply(device: DeviceRecord, keyword: string, response: string): AutoReplyRecord {
    this.refuseDuplicateKeyword(device, keyword, null)
    const now = this.context.clock.now()
    const reply: AutoReplyRecord = {
      id: uniqueNumericId(
        this.context.random,
        6,
        this.autoReplyList.map((entry) => entry.id)
      ),
      deviceSerial: device.serial,
      keyword: keyword.trim(),
      response,
      createdAt: now,
      updatedAt: now
    }
    this.autoReplyList.push(reply)
    this.context.changed()
    return reply
  }

  updateAutoReply(device: DeviceRecord, id: string, keyword: string, response: string): AutoReplyRecord {
    const reply = this.autoReplyOf(device, id)
    this.refuseDuplicateKeyword(device, keyword, id)
    reply.keyword = keyword.trim()
    reply.response = response
    reply.updatedAt = this.context.clock.now()
    this.context.changed()
    return reply
  }

  removeAutoReply(device: DeviceRecord, id: string): AutoReplyRecord {
    const reply = this.autoReplyOf(device, id)
    this.autoReplyList = this.autoReplyList.filter((entry) => entry !== reply)
    this.context.changed()
    return reply
  }

  // ---- persistence ----

  records(): { incoming: IncomingRecord[]; autoReplies: AutoReplyRecord[] } {
    return { incoming: this.incomingList, autoReplies: this.autoReplyList }
  }

  load(incoming: readonly IncomingRecord[], autoReplies: readonly AutoReplyRecord[]): void {
    this.incomingList.length = 0
    this.incomingList.push(...incoming)
    this.savedIncoming = this.incomingList.length
    this.autoReplyList = [...autoReplies]
  }

  /** The incoming messages new since the last call. */
  takeChanges(): IncomingRecord[] {
    const added = this.incomingList.slice(this.savedIncoming)
    this.savedIncoming = this.incomingList.length
    return added
  }

  // ---- internals ----

  private autoReplyOf(device: DeviceRecord, id: string): AutoReplyRecord {
    const reply = this.autoReplyList.find((entry) => entry.id === id && entry.deviceSerial === device.serial)
    if (!reply) throw new GatewayRejection(`autoreply ${id} not found`)
    return reply
  }

  private refuseDuplicateKeyword(device: DeviceRecord, keyword: string, exceptId: string | null): void {
    const taken = this.autoRepliesOf(device, keyword).some((reply) => reply.id !== exceptId)
    if (taken) throw new GatewayRejection(`keyword ${keyword.trim()} already exist`)
  }
}

export function incomingSnapshot(record: IncomingRecord, mediaBaseUrl: string): IncomingMessage {
  return {
    id: record.id,
    deviceSerial: record.deviceSerial,
    from: record.from,
    message: record.message,
    receivedAt: iso(record.receivedAt),
    pushName: record.pushName ?? '',
    groupId: record.groupId ?? null,
    groupSubject: record.groupSubject ?? null,
    media: record.media ? { ...record.media, url: incomingMediaUrl(mediaBaseUrl, record.media) } : null
  }
}

function autoReplySnapshot(reply: AutoReplyRecord): AutoReplySnapshot {
  return {
    id: reply.id,
    deviceSerial: reply.deviceSerial,
    keyword: reply.keyword,
    response: reply.response,
    createdAt: iso(reply.createdAt),
    updatedAt: iso(reply.updatedAt)
  }
}
