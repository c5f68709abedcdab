// Device states as the gateway reports them: notes, device/info shapes (current and legacy) and rotating QR codes.

import { createHash } from 'node:crypto'
import type { DeviceRecord, DeviceState } from './records'
import { formatInZone } from './local-time'

export interface QrTimings {
  qrRotateMs: number
  qrGraceMs: number
}

/** States where the phone is linked to the gateway (a new QR is pointless). */
export const LINKED_STATES: ReadonlySet<DeviceState> = new Set([
  'awaiting-activation',
  'connected',
  'offline',
  'web-conflict'
])

export const DEVICE_NOTES = {
  needsScan: 'whatsapp sender not connected, need scan qr code again',
  awaitingActivation: 'waiting for activation by IT support',
  ready: 'ready to use',
  offline: 'device disconnected, restart the device to reconnect',
  webConflict:
    'device disconnected because the number was opened in WhatsApp Web at the same time, restart the device to reconnect',
  expired: 'device expired',
  banned: 'whatsapp number banned for sending too many messages too fast, link another number',
  awayTooLong: 'logged out because the phone was away for 14 days, need scan qr code again'
} as const

/** WhatsApp logs a linked device out after its phone has been away this long. */
export const PHONE_AWAY_LOGOUT_MS = 14 * 24 * 60 * 60 * 1000
/** Refused sends (over the device's ban rate) before the number is banned. */
export const REFUSALS_BEFORE_BAN = 3

/** The note device/info and snapshots show: the reason the device is in its state, or the state's own note. */
export function noteOf(device: DeviceRecord): string {
  return device.stateNote ?? deviceNote(device.state)
}

export function deviceNote(state: DeviceState): string {
  switch (state) {
    case 'needs-scan':
    case 'qr-shown':
      return DEVICE_NOTES.needsScan
    case 'awaiting-activation':
      return DEVICE_NOTES.awaitingActivation
    case 'connected':
      return DEVICE_NOTES.ready
    case 'offline':
      return DEVICE_NOTES.offline
    case 'web-conflict':
      return DEVICE_NOTES.webConflict
    case 'expired':
      return DEVICE_NOTES.expired
  }
}

export interface CurrentDeviceInfo {
  name: string
  serial: string
  sender: string
  quota: number | 'unlimited'
  expired_date: string
  active: boolean
  status: 'connected' | 'disconnected'
  note: string
}

export function connectionText(state: DeviceState): 'connected' | 'disconnected' {
  // Awaiting activation counts as connected: the phone is linked, only the account is not active yet.
  return state === 'connected' || state === 'awaiting-activation' ? 'connected' : 'disconnected'
}

/** device/info `data`, current flat shape. */
export function currentDeviceInfo(device: DeviceRecord): CurrentDeviceInfo {
  return {
    name: device.name,
    serial: device.serial,
    sender: device.sender,
    quota: device.quota,
    expired_date: formatInZone(device.expiresAt, device.timezone),
    active: device.activated && device.state !== 'expired',
    status: connectionText(device.state),
    note: noteOf(device)
  }
}

/** device/info `data`, legacy shape `{token, domain, sender, whatsapp{quota, expired, status}}`. */
export function legacyDeviceInfo(device: DeviceRecord, domain: string): Record<string, unknown> {
  return {
    token: device.token,
    domain,
    sender: device.sender,
    whatsapp: {
      quota: device.quota,
      expired: formatInZone(device.expiresAt, device.timezone).slice(0, 10),
      status: connectionText(device.state)
    }
  }
}

/** WhatsApp-Web-like QR content (`2@…,…,…`), derived from the device's salt so rotation needs no randomness. */
export function qrText(device: DeviceRecord, generation: number, index: number): string {
  const digest = (part: string): string =>
    createHash('sha256').update(`${device.qrSalt}:${generation}:${index}:${part}`).digest('base64')
  return `2@${digest('ref').slice(0, 40)},${digest('key').slice(0, 43)}=,${digest('adv').slice(0, 22)}==`
}

export interface QrView {
  text: string
  /** Seconds until this QR content rotates. */
  expiresInSec: number
  /** The rotated-out QR, still accepted until `validUntil`. */
  previous: { text: string; validUntil: number } | null
}

export function qrView(device: DeviceRecord, now: number, timings: QrTimings): QrView | null {
  if (!device.qr) return null
  const elapsed = Math.max(0, now - device.qr.shownAt)
  const index = Math.floor(elapsed / timings.qrRotateMs)
  const rotatedAt = device.qr.shownAt + index * timings.qrRotateMs
  const rotatesAt = rotatedAt + timings.qrRotateMs
  const previousValidUntil = rotatedAt + timings.qrGraceMs
  return {
    text: qrText(device, device.qr.generation, index),
    expiresInSec: Math.max(1, Math.ceil((rotatesAt - now) / 1000)),
    previous:
      index > 0 && now < previousValidUntil
        ? { text: qrText(device, device.qr.generation, index - 1), validUntil: previousValidUntil }
        : null
  }
}
