// A queued text item as a store test writes it (built outside enqueue: a campaign's row, a crashed writer's chunk).
import { UNSENT, type NewItem } from '../outbox-store'

export function newTextItem(id: string, extra: Partial<NewItem> = {}): NewItem {
  return {
    ...UNSENT,
    id,
    deviceId: 'd1',
    recipient: 'a',
    isGroup: false,
    kind: 'text',
    text: id,
    attachmentSha256: null,
    fileName: null,
    fileMime: null,
    fileSize: null,
    status: 'queued',
    queuedAt: 0,
    createdAt: 0,
    notBefore: null,
    scheduledLocal: null,
    timezone: null,
    scheduleMode: null,
    overduePolicy: null,
    note: null,
    ...extra
  }
}
