/** `sender-desk device …`: info, restart, QR (drawn in the terminal) and change-number against a gateway. */
import { writeFile } from 'node:fs/promises'
import QRCode from 'qrcode'
import { UsageError, stringFlag } from './args'
import { gatewayTime } from './gateway-time'
import { EXIT } from './output'
import type { CliContext } from './index'
import {
  appDeviceStates,
  deviceStateFacts,
  type DeviceInfo,
  type GatewayClient
} from '../core/compose-command-line'
import { nextCommand, stateAdvice, stateName, type DeviceStateFacts } from './device-words'
import { cliDataDir, cliDeviceId } from './outbox-commands'

const EXTENSION: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/svg+xml': 'svg',
  'image/webp': 'webp'
}

/**
 * The device in words: its state as the window's card says it (name, advice) with the next step as a terminal command,
 * then its sender, quota and expiry (on the computer's clock, or `timeZone`'s, zone named), and the gateway's own note
 * apart, as its words (QA80: "disconnected" and "Note: whatsapp sender not connected, need scan qr code again" for
 * a phone the window said needs a QR scan). `facts`: the state the core's rule makes of `info`, with what the app's
 * list knows of the device.
 */
export function describeDeviceInfo(
  info: DeviceInfo,
  timeZone?: string,
  facts: DeviceStateFacts = deviceStateFacts(info)
): string {
  const next = nextCommand(facts)
  const lines = [
    `Device ${info.serial ?? '(no serial)'}${info.name ? ` — ${info.name}` : ''}: ${stateName(facts)}`,
    stateAdvice(facts),
    ...(next ? [`Next: ${next}`] : []),
    `Sender: ${info.sender ?? 'not linked'}`,
    `Quota: ${info.quota ?? 'unknown'}`,
    `Expires: ${info.expiresAt ? gatewayTime(info.expiresAt, timeZone) : 'unknown'}`
  ]
  if (info.note) lines.push(`The gateway said: ${info.note}`)
  return lines.join('\n')
}

/**
 * The gateway's own line, as the window says "Restarted." or "Reconnected.": which endpoint answered is said only
 * when it was the legacy reconnect this gateway has instead of restart (the line of `device/restart` already says
 * "restart").
 */
export function describeRestart(result: Awaited<ReturnType<GatewayClient['restart']>>): string {
  return result.via === 'reconnect'
    ? `${result.message} (this gateway has no restart: the device was reconnected instead)`
    : result.message
}

export async function runDevice(context: CliContext): Promise<number> {
  const [sub, ...rest] = context.args.positionals
  const client = await context.client()
  switch (sub) {
    case 'info': {
      const info = await client.deviceInfo()
      // The app's list knows more of a device it lists (whether a phone ever scanned it, a changed number).
      const states = await appDeviceStates(cliDataDir(context))
      const facts = deviceStateFacts(info, states.get(cliDeviceId(await context.credentials())))
      context.out.result(describeDeviceInfo(info, undefined, facts), {
        ok: true,
        device: info,
        state: facts.state,
        stateName: stateName(facts),
        advice: stateAdvice(facts),
        next: nextCommand(facts)
      })
      return EXIT.ok
    }
    case 'restart': {
      const result = await client.restart()
      context.out.result(describeRestart(result), { ok: true, ...result })
      return EXIT.ok
    }
    case 'qr': {
      const qr = await client.scanQr()
      const outFile = stringFlag(context.args, 'out')
      if (qr.kind === 'text') {
        if (outFile) await QRCode.toFile(outFile, qr.text, { type: 'png' })
        const drawing = await QRCode.toString(qr.text, { type: 'terminal', small: true })
        const saved = outFile ? `\nSaved the QR code to ${outFile}.` : ''
        context.out.result(
          `${drawing}\nScan this with WhatsApp on the sender phone (Linked devices → Link a device).${saved}`,
          { ok: true, kind: 'text', text: qr.text, ...(outFile ? { file: outFile } : {}) }
        )
        return EXIT.ok
      }
      // The gateway sent a picture: we cannot redraw it as text, so save it for an image viewer.
      const file = outFile ?? `sender-desk-qr.${EXTENSION[qr.mime] ?? 'img'}`
      await writeFile(file, qr.bytes)
      context.out.result(`The gateway sent the QR as an image: saved to ${file}; open it and scan it.`, {
        ok: true,
        kind: 'image',
        mime: qr.mime,
        file
      })
      return EXIT.ok
    }
    case 'change-number': {
      const phone = rest[0]
      if (!phone) throw new UsageError('device change-number needs the new phone number')
      const result = await client.changeNumber(phone)
      context.out.result(`${result.message}. The device needs a new QR scan (sender-desk device qr).`, {
        ok: true,
        ...result
      })
      return EXIT.ok
    }
    default:
      throw new UsageError('device needs one of: info, restart, qr, change-number <phone>')
  }
}
