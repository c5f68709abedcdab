/** `sender-desk reminder …`: the gateway's recurring messages (create, update, info, delete), ids as the gateway gives them. */
import { UsageError, intFlag, requireString, stringFlag } from './args'
import { EXIT } from './output'
import type { CliContext } from './index'
import { normaliseRecipients, type Reminder, type ReminderPeriode } from '../core/compose-command-line'
import { optedOutAnswer, refuseOptedOut } from './opted-out'
import { withCommandLineCore } from './outbox-commands'
import { warnTypedVariable } from './send-commands'
import {
  checkReminderRepeat,
  dayIn,
  GATEWAY_TIME_ZONE,
  MAX_EVERY_N_DAYS,
  parseInZone,
  REMINDER_PERIODS
} from '../../shared/domain'

const PERIODES: readonly ReminderPeriode[] = REMINDER_PERIODS

export function describeReminder(reminder: Reminder): string {
  const lines = [
    `Reminder ${reminder.id}${reminder.title ? ` — ${reminder.title}` : ''}: ${reminder.reminderType ?? 'recurring'}`,
    `To: ${reminder.phone ?? 'unknown'}`,
    `Starts: ${reminder.startAt ?? 'unknown'}${reminder.timezone ? ` (${reminder.timezone})` : ''}`,
    `Message: ${reminder.message ?? ''}`
  ]
  return lines.join('\n')
}

/** A first time to give as an example: tomorrow at 09:00 on the gateway's clock, never a date gone by. */
function exampleStart(now: number): string {
  return `${dayIn(now + 24 * 60 * 60 * 1000, GATEWAY_TIME_ZONE)} 09:00`
}

/**
 * `2026-02-01 08:00`, `2026-02-01T08:00` or with seconds, as the gateway's `Y-m-d H:i:s`. Checked here, in the
 * usage's words: the gateway client's own check names its field ("scheduledAt must be Y-m-d H:i:s").
 */
function startOf(context: CliContext, now = Date.now()): string {
  const raw = requireString(
    context.args,
    'start',
    `the first time, e.g. "${exampleStart(now)}" on the gateway clock`
  )
  const start = raw.trim().replace('T', ' ')
  // The shape first: parseInZone also takes a bare date, which the usage does not offer.
  if (
    !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(?::\d{2})?$/.test(start) ||
    parseInZone(start, GATEWAY_TIME_ZONE) === null
  )
    throw new UsageError(`--start must be "Y-m-d H:i", e.g. ${exampleStart(now)}`)
  return start
}

function idOf(positionals: string[], command: string): string {
  const id = positionals[1]
  if (!id) throw new UsageError(`reminder ${command} needs the reminder id`)
  return id
}

export async function runReminder(context: CliContext): Promise<number> {
  const positionals = context.args.positionals
  const [sub] = positionals
  if (!sub || !['create', 'update', 'info', 'delete'].includes(sub)) {
    throw new UsageError('reminder needs one of: create, update <id>, info <id>, delete <id>')
  }
  // Checked before the credentials, so a mistake is bad input whatever else is missing.
  const title = stringFlag(context.args, 'title')
  let create: { periode: ReminderPeriode; customDay?: number } | undefined
  if (sub === 'create') {
    const periode = requireString(context.args, 'periode', PERIODES.join(', ')).trim().toLowerCase()
    if (!(PERIODES as readonly string[]).includes(periode)) {
      throw new UsageError(`--periode must be one of ${PERIODES.join(', ')}`)
    }
    const customDay = intFlag(context.args, 'custom-day', { min: 1, max: MAX_EVERY_N_DAYS })
    const repeat = checkReminderRepeat(periode, customDay)
    if (repeat === 'days_without_custom') throw new UsageError('--custom-day goes with --periode custom only')
    if (repeat) throw new UsageError(`--periode custom needs --custom-day N (1–${MAX_EVERY_N_DAYS})`)
    create = { periode: periode as ReminderPeriode, ...(customDay !== undefined ? { customDay } : {}) }
  }
  const fields = (): { phone: string; message: string; startDate: string; title?: string } => ({
    phone: requireString(context.args, 'to', 'one phone number'),
    message: requireString(context.args, 'message'),
    startDate: startOf(context),
    ...(title !== undefined ? { title } : {})
  })
  const input = sub === 'create' || sub === 'update' ? fields() : undefined
  if (input) warnTypedVariable(context, input.message, '--message')
  // A reminder is a direct send the gateway repeats: a number on the opt-out list is refused, as `send` refuses it.
  if (sub === 'create' && optedOutAnswer(context.args) === undefined) {
    const recipients = normaliseRecipients(input!.phone, false)
    await withCommandLineCore(context, null, async (core) => refuseOptedOut(core, recipients))
  }
  const client = await context.client()
  switch (sub) {
    case 'create': {
      const reminder = await client.createReminder({ ...input!, ...create! })
      context.out.result(`${reminder.gatewayMessage}\n${describeReminder(reminder)}`, { ok: true, reminder })
      return EXIT.ok
    }
    case 'update': {
      const reminder = await client.updateReminder(idOf(positionals, 'update'), input!)
      context.out.result(`${reminder.gatewayMessage}\n${describeReminder(reminder)}`, { ok: true, reminder })
      return EXIT.ok
    }
    case 'info': {
      const reminder = await client.reminderInfo(idOf(positionals, 'info'))
      context.out.result(describeReminder(reminder), { ok: true, reminder })
      return EXIT.ok
    }
    default: {
      const id = idOf(positionals, 'delete')
      const { message } = await client.deleteReminder(id)
      context.out.result(message || `Reminder ${id} deleted.`, { ok: true, id, message })
      return EXIT.ok
    }
  }
}
