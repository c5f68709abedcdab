/** `sender-desk report`: ask the gateway what happened to messages, by their ids or by a send's ref_id. */
import { UsageError, stringFlag } from './args'
import { gatewayTime } from './gateway-time'
import { EXIT } from './output'
import type { CliContext } from './index'
import type { ReportItem } from '../core/compose-command-line'

/** One line a message; when it last changed, a time on the gateway's clock, on the computer's (or `timeZone`'s). */
export function describeReport(items: ReportItem[], timeZone?: string): string {
  if (items.length === 0) return 'No message found (yet).'
  return items
    .map(
      (i) =>
        `${i.id}  to ${i.to ?? '?'}  ${i.status}${i.refId ? `  ref ${i.refId}` : ''}` +
        (i.updatedAt ? `  at ${gatewayTime(i.updatedAt, timeZone)}` : '')
    )
    .join('\n')
}

export async function runReport(context: CliContext): Promise<number> {
  const ids = stringFlag(context.args, 'id')
  const ref = stringFlag(context.args, 'ref')
  if (!ids === !ref) throw new UsageError('report needs exactly one of --id <ids,…> or --ref <ref_id>')
  const client = await context.client()
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
