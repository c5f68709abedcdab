/**
 * `sender-desk message revoke|cancel|resend <id…>` and `message cancel-all`: take messages back at the gateway by
 * their gateway ids, each one gateway call per 100 ids (the client splits), ending with a tally.
 */
import { UsageError } from './args'
import { counted, EXIT } from './output'
import type { CliContext } from './index'
import type { GatewayClient } from '../core/compose-command-line'

type TakeBackResult = Awaited<ReturnType<GatewayClient['revokeMessages']>>
type TakeBackOutcome = TakeBackResult['outcomes'][number]
type CancelAllResult = Awaited<ReturnType<GatewayClient['cancelAllMessages']>>

const CALLS = {
  revoke: { method: 'revokeMessages', done: 'revoked', doing: 'Revoking' },
  cancel: { method: 'cancelMessages', done: 'cancelled', doing: 'Cancelling' },
  resend: { method: 'resendMessages', done: 'resent', doing: 'Resending' }
} as const
type Sub = keyof typeof CALLS

const UNKNOWN_TEXT: Record<Extract<TakeBackOutcome, { result: 'unknown' }>['reason'], string> = {
  not_listed: 'the gateway’s answer does not mention it',
  unexpected_status: 'the gateway answered with another status',
  call_failed: 'its call failed; it may or may not have been done (check with: sender-desk report --id)',
  not_attempted: 'not asked: an earlier call failed (safe to run again)'
}

/** The ids as given, one per argument or comma-separated, in order, without repeats. */
function idsOf(positionals: string[], sub: Sub): string[] {
  const ids = [
    ...new Set(
      positionals
        .flatMap((arg) => arg.split(','))
        .map((id) => id.trim())
        .filter(Boolean)
    )
  ]
  if (ids.length === 0)
    throw new UsageError(`message ${sub} needs the gateway message ids (as send and report show them)`)
  return ids
}

export interface TakeBackTally {
  done: number
  refused: number
  unknown: number
}

export function tallyOf(outcomes: readonly TakeBackOutcome[]): TakeBackTally {
  const tally = { done: 0, refused: 0, unknown: 0 }
  for (const outcome of outcomes) {
    if (outcome.result === 'refused') tally.refused++
    else if (outcome.result === 'unknown') tally.unknown++
    else tally.done++
  }
  return tally
}

function describeOutcome(outcome: TakeBackOutcome): string | null {
  if (outcome.result === 'refused') {
    return `${outcome.id}  refused: ${outcome.gatewayMessage ?? 'the gateway gave no reason'}`
  }
  if (outcome.result === 'unknown') {
    const status = outcome.reason === 'unexpected_status' ? ` "${outcome.gatewayStatus ?? ''}"` : ''
    return `${outcome.id}  unknown: ${UNKNOWN_TEXT[outcome.reason]}${status}`
  }
  return null
}

function describeTakeBack(sub: Sub, result: TakeBackResult, tally: TakeBackTally): string {
  const lines = [
    ...result.messages.filter((message, index, all) => message !== '' && all.indexOf(message) === index),
    `${tally.done} ${CALLS[sub].done}, ${tally.refused} refused, ${tally.unknown} unknown`,
    ...result.outcomes.map(describeOutcome).filter((line): line is string => line !== null)
  ]
  if (result.stoppedBy) lines.push(`Stopped: ${result.stoppedBy.message}`)
  return lines.join('\n')
}

/** The count once, in words: the gateway's own "Cancel N pending messages" says the same (--json keeps it). */
function describeCancelAll(result: CancelAllResult): string {
  return [
    `${counted(result.count, 'pending message')} cancelled at the gateway`,
    ...result.cancelledIds
  ].join('\n')
}

export async function runMessage(context: CliContext): Promise<number> {
  const [sub, ...rest] = context.args.positionals
  if (sub === 'cancel-all') {
    if (rest.length > 0)
      throw new UsageError('message cancel-all takes no ids (it cancels every pending message)')
    const result = await (await context.client()).cancelAllMessages()
    context.out.result(describeCancelAll(result), { ok: true, ...result })
    return EXIT.ok
  }
  if (sub !== 'revoke' && sub !== 'cancel' && sub !== 'resend') {
    throw new UsageError('message needs one of: revoke <id…>, cancel <id…>, resend <id…>, cancel-all')
  }
  const ids = idsOf(rest, sub)
  const client = await context.client()
  if (ids.length > 1) context.out.progress(`${CALLS[sub].doing} ${ids.length} messages at the gateway…`)
  const result = await client[CALLS[sub].method](ids)
  const tally = tallyOf(result.outcomes)
  const ok = tally.done === ids.length
  context.out.result(describeTakeBack(sub, result, tally), {
    ok,
    action: result.action,
    tally: { [CALLS[sub].done]: tally.done, refused: tally.refused, unknown: tally.unknown },
    outcomes: result.outcomes,
    messages: result.messages,
    quota: result.quota,
    stoppedBy: result.stoppedBy
  })
  // Like `outbox cancel`: any id not taken back makes the exit code say so; a run cut short says why.
  if (result.stoppedBy) return result.stoppedBy.kind === 'transient' ? EXIT.network : EXIT.rejected
  return ok ? EXIT.ok : EXIT.rejected
}
