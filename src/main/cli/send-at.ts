/**
 * `send … --at "Y-m-d H:i" [--zone Z] [--on-gateway]` (QA10 Q10-20): a message for later, kept in the outbox with its
 * time as the window's "Send later" keeps one. Checked before the credentials, by the schedule rule the window's form
 * and the core ask, so a mistake is bad input whatever else is missing.
 */
import { UsageError, stringFlag, type ParsedArgs } from './args'
import type { InvokeRequest } from '../../shared/contract'
import { computerTimeZone, dayIn, isValidTimeZone, scheduleTime } from '../../shared/domain'

export interface CliSchedule {
  request: NonNullable<InvokeRequest<'outbox:enqueue'>['schedule']>
  /** "2026-12-01 09:00 (Asia/Jakarta)": as the terminal prints a time. */
  shown: string
}

const AT_SHAPE = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})$/

/** The schedule the flags ask for; undefined for a send now. */
export function scheduleOf(
  args: ParsedArgs,
  kind: 'text' | 'file',
  now = Date.now()
): CliSchedule | undefined {
  const at = stringFlag(args, 'at')?.trim()
  const zoneFlag = stringFlag(args, 'zone')?.trim()
  const onGateway = args.flags['on-gateway'] === true
  if (at === undefined) {
    if (zoneFlag !== undefined) throw new UsageError('--zone goes with --at (the time it is on)')
    if (onGateway) throw new UsageError('--on-gateway goes with --at (a time for the gateway to send at)')
    return undefined
  }
  // The terminal's clock unless another is named: the time is printed with its zone, so it is never a guess.
  const timeZone = zoneFlag ?? computerTimeZone()
  if (!isValidTimeZone(timeZone))
    throw new UsageError(`--zone ${timeZone} is not a time zone (e.g. Asia/Jakarta)`)
  const example = `${dayIn(now + 24 * 60 * 60 * 1000, timeZone)} 09:00`
  const shape = AT_SHAPE.exec(at)
  const localTime = shape ? `${shape[1]}T${shape[2]}` : ''
  const when = shape ? scheduleTime(localTime, timeZone, now) : ({ kind: 'invalid' } as const)
  if (when.kind === 'invalid')
    throw new UsageError(`--at must be "Y-m-d H:i" on the clock of ${timeZone}, e.g. "${example}"`)
  const shown = `${shape![1]} ${shape![2]} (${timeZone})`
  if (when.kind === 'passed')
    throw new UsageError(`--at ${shown} has already passed: give a time still to come, e.g. "${example}"`)
  if (onGateway && kind === 'file')
    throw new UsageError(
      "--on-gateway schedules text only (the gateway's schedule takes text): leave it out to keep the file on this computer until its time"
    )
  return {
    request: { localTime, timezone: timeZone, mode: onGateway ? 'gateway' : 'local', overduePolicy: 'send' },
    shown
  }
}
