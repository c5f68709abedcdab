// The one-off send producer: a message (texts and files) to recipients now or at a time, as items in line.
import { randomUUID } from 'node:crypto'
import { encodeNote } from '../../../shared/i18n/notes'
import {
  distinctCopies,
  FileChangedError,
  OutboxError,
  resolveSchedule,
  type EnqueueInput,
  type FileEntry,
  type SendQueue
} from '../outbox'
import { UNSENT, type NewItem } from '../store'
import { checkMessageRequest } from './message-rules'

export function createOneOffSends(queue: Pick<SendQueue, 'add' | 'copyFiles' | 'now'>) {
  /** Queue (or schedule) every entry for every recipient in one write; files are copied first. */
  async function enqueue(request: EnqueueInput): Promise<{ itemIds: string[] }> {
    const recipients = checkMessageRequest(request)
    const schedules = request.entries.map((entry) =>
      request.schedule
        ? resolveSchedule(request.schedule, entry.kind === 'text' ? 'text' : entry.mediaKind)
        : null
    )
    const fileEntries = request.entries.filter((e): e is FileEntry => e.kind === 'file')
    const copies = await queue.copyFiles(fileEntries)
    /** The same bytes again, for copies a retention sweep removed before the items were written. */
    const copyAgain = async (gone: readonly string[]): Promise<void> => {
      const again = fileEntries.filter((entry) => gone.includes(copies.get(entry.path)?.sha256 ?? ''))
      for (const [path, copy] of await queue.copyFiles(again)) {
        const name = again.find((entry) => entry.path === path)?.name ?? path
        if (copy.sha256 !== copies.get(path)?.sha256)
          throw new OutboxError('attachment', new FileChangedError(name).message, 'entries')
      }
    }
    const now = queue.now()
    const isGroup = request.isGroup ?? false
    const items: NewItem[] = []
    request.entries.forEach((entry, i) => {
      const schedule = schedules[i] ?? null
      const due = schedule === null || schedule.notBefore <= now
      const copy = entry.kind === 'file' ? copies.get(entry.path) : undefined
      for (const recipient of recipients) {
        items.push({
          id: request.itemIds?.[items.length] ?? randomUUID(),
          ...(request.producerTag ? { producerTag: request.producerTag } : {}),
          deviceId: request.deviceId,
          recipient,
          isGroup,
          kind: entry.kind === 'text' ? 'text' : entry.mediaKind,
          text: entry.kind === 'text' ? entry.text : entry.caption || null,
          attachmentSha256: copy?.sha256 ?? null,
          fileName: entry.kind === 'file' ? entry.name : null,
          fileMime: entry.kind === 'file' ? entry.mime : null,
          fileSize: copy?.size ?? null,
          status: due ? 'queued' : 'scheduled',
          ...UNSENT,
          queuedAt: due ? now : null,
          createdAt: now,
          notBefore: schedule?.notBefore ?? null,
          scheduledLocal: schedule?.scheduledLocal ?? null,
          timezone: schedule?.timezone ?? null,
          scheduleMode: schedule?.scheduleMode ?? null,
          overduePolicy: schedule?.overduePolicy ?? null,
          note: schedule && due ? encodeNote('desktop.note.lateQueued') : null
        })
      }
    })
    await queue.add(items, {
      attachments: distinctCopies(copies.values()),
      recipients: recipients.map((recipient) => ({ recipient, isGroup })),
      copyAgain,
      ...(request.atCommit ? { atCommit: request.atCommit } : {})
    })
    return { itemIds: items.map((i) => i.id) }
  }

  return { enqueue }
}
