// The JSON bodies the sandbox POSTs to webhooks, field for field as the reference documents them (§5.2, §5.4).

import { connectionText, noteOf } from './device-lifecycle'
import { wireStatus } from './wire-habits'
import { incomingMediaUrl } from './incoming-media'
import type { MediaKind } from './media-rules'
import type { DeviceRecord, IncomingRecord, MessageRecord } from './records'

/** §5.2: an incoming message. Private chats carry empty group strings and `participants: null`. */
export interface IncomingPayload {
  id: string
  pushName: string
  isGroup: boolean
  group: {
    sender: string
    subject: string
    owner: string
    desc: string
    participants: { jid: string; is_admin: boolean }[] | null
  }
  message: string
  phone: string
  messageType: 'text' | MediaKind
  file: string
  url: string
  mimeType: string
  deviceId: string
  sender: string
  isFromMe: boolean
  timestamp: string
  profileImage: string
}

/** §5.4: a message status change. Only the documented fields, nothing the reference does not name. */
export interface TrackingPayload {
  id: string
  phone: string
  status: string
  note: string
  deviceId: string
  sender: string
}

/** §5.5: a device connected or disconnected (a scan, a logout, a disconnect, a restart). */
export interface DeviceStatusPayload {
  deviceId: string
  deviceName: string
  sender: string
  status: 'connected' | 'disconnected'
  note: string
  /** ISO-8601 UTC with the fraction of a second, as the reference's sample (`2024-01-22T04:56:02.41114184Z`). */
  timestamp: string
}

export function deviceStatusPayload(device: DeviceRecord, at: number): DeviceStatusPayload {
  return {
    deviceId: device.serial,
    deviceName: device.name,
    sender: device.sender,
    status: connectionText(device.state),
    note: noteOf(device),
    timestamp: new Date(at).toISOString()
  }
}

/** `2021-03-31T02:15:45Z`: ISO-8601 UTC to the second, as the reference's samples write it. */
export function webhookTimestamp(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z')
}

const jid = (phone: string): string => `${phone}@s.whatsapp.net`

/** `mediaBaseUrl` is the sandbox's own origin: a file's `url` points at its `GET /{kind}/{file}`. */
export function incomingPayload(
  device: DeviceRecord,
  record: IncomingRecord,
  mediaBaseUrl: string
): IncomingPayload {
  const groupId = record.groupId ?? null
  const media = record.media ?? null
  return {
    id: record.id,
    pushName: record.pushName ?? '',
    isGroup: groupId !== null,
    group:
      groupId === null
        ? { sender: '', subject: '', owner: '', desc: '', participants: null }
        : {
            sender: record.from,
            subject: record.groupSubject ?? '',
            owner: record.from,
            desc: '',
            participants: [
              { jid: jid(record.from), is_admin: true },
              { jid: jid(device.sender), is_admin: false }
            ]
          },
    message: record.message,
    // For groups the reference puts the group id here; the member who wrote is group.sender.
    phone: groupId ?? record.from,
    messageType: media?.kind ?? 'text',
    file: media?.file ?? '',
    url: media ? incomingMediaUrl(mediaBaseUrl, media) : '',
    mimeType: media?.mimeType ?? '',
    deviceId: device.serial,
    sender: device.sender,
    isFromMe: false,
    timestamp: webhookTimestamp(record.receivedAt),
    profileImage: ''
  }
}

export function trackingPayload(
  device: DeviceRecord,
  message: MessageRecord,
  tidy: boolean
): TrackingPayload {
  return {
    id: message.id,
    phone: message.phone,
    status: wireStatus(message.status, tidy),
    note: message.note ?? '',
    deviceId: device.serial,
    sender: device.sender
  }
}
