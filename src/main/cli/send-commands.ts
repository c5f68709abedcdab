/** `sender-desk send …` and `report`: send now (or queue with --queue) and ask the gateway what happened. */
import { randomUUID } from 'node:crypto'
import { open, stat } from 'node:fs/promises'
import { basename } from 'node:path'
import { UsageError, requireString, stringFlag } from './args'
import { EXIT } from './output'
import type { CliContext } from './index'
import { cliFileLimit, enqueueFromCli } from './outbox-commands'
import { createGatewayClient, normaliseRecipients } from '../core/compose'
import type { ReportItem, SendResult } from '../core/compose'
import { detectFileType } from '../core/compose'
import { ALLOWED_EXTENSIONS, extensionOf, formatMegabytes, isWithinFileLimit } from '../../shared/domain'

const MB = 1024 * 1024

export interface CheckedFile {
  path: string
  name: string
  size: number
  kind: 'image' | 'document' | 'video' | 'audio'
  mime: string
}

/** The same checks the app makes before a file may be sent: a regular file, size (against `maxBytes`), type by magic bytes. */
export async function checkFile(path: string, maxBytes: number): Promise<CheckedFile> {
  const info = await stat(path)
  const name = basename(path)
  if (!info.isFile()) throw new UsageError(`${path} is not a regular file`)
  if (info.size === 0) throw new UsageError(`${name} is empty`)
  if (!isWithinFileLimit(info.size, maxBytes)) {
    throw new UsageError(
      `${name} is ${(info.size / MB).toFixed(1)} MB; the gateway accepts files up to ${formatMegabytes(maxBytes)}` +
        ' (a device on a larger plan: --max-file-mb N)'
    )
  }
  const handle = await open(path, 'r')
  const head = Buffer.alloc(Math.min(4096, info.size))
  try {
    await handle.read(head, 0, head.length, 0)
  } finally {
    await handle.close()
  }
  const type = detectFileType(head, name)
  if (!type)
    throw new UsageError(`${name} is not an image, document, video or audio file the gateway can send`)
  // The gateway types a file by its name: a JPEG called photo.exe is bad input here, not a gateway refusal later.
  const allowed = ALLOWED_EXTENSIONS[type.kind]
  if (!allowed.includes(extensionOf(name))) {
    const stem = name.includes('.') ? name.slice(0, name.lastIndexOf('.')) : name
    throw new UsageError(
      `${name} holds ${type.mime}, but the gateway needs the name to end in .${allowed.join(', .')}: rename it, e.g. to ${stem}.${type.extension}`
    )
  }
  return { path, name, size: info.size, kind: type.kind, mime: type.mime }
}

function describeSend(result: SendResult, refId: string): string {
  const lines = result.messages.map((m) => `${m.phone}: ${m.status} (id ${m.id})`)
  return [
    `${result.message}`,
    ...lines,
    `ref_id: ${refId}  (follow it with: sender-desk report --ref ${refId})`
  ].join('\n')
}

export async function runSend(context: CliContext): Promise<number> {
  const [sub, ...rest] = context.args.positionals
  if (sub !== 'text' && sub !== 'file') throw new UsageError('send needs: text or file <path>')
  const isGroup = context.args.flags['group'] === true
  const recipients = normaliseRecipients(
    requireString(context.args, 'to', 'phone numbers or a group id'),
    isGroup
  )
  if (recipients.length === 0) throw new UsageError('--to has no recipient')
  const caption = stringFlag(context.args, 'caption')

  if (sub === 'text') {
    const message = requireString(context.args, 'message')
    if (context.args.flags['queue'] === true) {
      return enqueueFromCli(context, { recipients, isGroup, entry: { kind: 'text', text: message } })
    }
    const refId = randomUUID()
    const client = createGatewayClient(await context.credentials())
    const result = await client.sendText({ phone: recipients, message, isGroup, refId })
    context.out.result(describeSend(result, refId), { ok: true, refId, ...result })
    return EXIT.ok
  }

  const path = rest[0]
  if (!path) throw new UsageError('send file needs the path of the file to send')
  const maxFileBytes = cliFileLimit(context.args)
  const file = await checkFile(path, maxFileBytes)
  if (context.args.flags['queue'] === true) {
    return enqueueFromCli(context, { recipients, isGroup, entry: { kind: 'file', file, caption } })
  }
  const { readFile } = await import('node:fs/promises')
  const bytes = new Uint8Array(await readFile(file.path))
  const refId = randomUUID()
  const client = createGatewayClient(await context.credentials())
  context.out.progress(`Uploading ${file.name} (${file.kind}, ${Math.ceil(file.size / 1024)} KB)…`)
  const result = await client.sendLocalFile({
    phone: recipients,
    kind: file.kind,
    file: { name: file.name, mime: file.mime, bytes },
    maxFileBytes,
    isGroup,
    refId,
    ...(caption ? { caption } : {})
  })
  context.out.result(describeSend(result, refId), { ok: true, refId, ...result })
  return EXIT.ok
}

function describeReport(items: ReportItem[]): string {
  if (items.length === 0) return 'No message found (yet).'
  return items
    .map(
      (i) =>
        `${i.id}  to ${i.to ?? '?'}  ${i.status}${i.refId ? `  ref ${i.refId}` : ''}${i.updatedAt ? `  (${i.updatedAt})` : ''}`
    )
    .join('\n')
}

export async function runReport(context: CliContext): Promise<number> {
  const ids = stringFlag(context.args, 'id')
  const ref = stringFlag(context.args, 'ref')
  if (!ids === !ref) throw new UsageError('report needs exactly one of --id <ids,…> or --ref <ref_id>')
  const client = createGatewayClient(await context.credentials())
  const page = ids
    ? await client.reportRealtime({
        messageIds: ids
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      })
    : await client.reportMessages({ refId: ref! })
  context.out.result(describeReport(page.items), { ok: true, ...page })
  return EXIT.ok
}
