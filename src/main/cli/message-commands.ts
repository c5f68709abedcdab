/**
 * `sender-desk message revoke|cancel|resend <id…>` and `message cancel-all`: take messages back at the gateway, ending
 * with a tally. A message the outbox holds (named by its outbox id, as `send --queue` and `outbox list` print it, or
 * by the gateway's id) is taken back as the window's "Delete for everyone" takes it back (outbox:takeBack), so the
 * outbox records it; any other id is asked of the gateway directly, one call per 100 ids (the client splits).
 */
import { UsageError } from './args'
import { counted, EXIT } from './output'
import type { CliContext } from './index'
import type { CommandLineCore, GatewayClient } from '../core/compose-command-line'
import type { TakeBackView } from '../../shared/contract'
import { appBeside, besideAppExit, TAKE_BACK_CALLS, takeBackBesideApp, takeBacksHere } from './beside-app'
import { cliDataDir, withCommandLineCore } from './outbox-commands'
import { describeSelectionTakeBack } from './take-back-output'

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
    throw new UsageError(
      `message ${sub} needs the message ids (the outbox's, as send --queue and outbox list show them, or the gateway's)`
    )
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

/** What the outbox's take-back did, added to the gateway's own answers: one tally for all the ids given. */
interface Tally extends TakeBackTally {
  /** The outbox's calls still to make (the open app makes them, or they wait). */
  pending: number
  /** The outbox's messages taken back otherwise: stopped before they left, or left as they were. */
  stopped: number
  left: number
}

function tallyWith(direct: TakeBackTally, sub: Sub, view: TakeBackView | null): Tally {
  const line = view?.[sub]
  return {
    done: direct.done + (line?.done ?? 0),
    refused: direct.refused + (line?.refused ?? 0),
    unknown: direct.unknown + (line?.unknown ?? 0),
    pending: line?.pending ?? 0,
    stopped: view?.stoppedLocally ?? 0,
    left: Object.values(view?.leftAlone ?? {}).reduce((sum, n) => sum + n, 0)
  }
}

/**
 * The tally first; the gateway's general line ("Message is being deleted and waiting to be processed") only when it
 * did something (QA80: it headed "0 revoked, 1 refused"); each id the gateway did not take back; then the outbox's.
 */
function describeTakeBack(sub: Sub, result: TakeBackResult, view: TakeBackView | null, tally: Tally): string {
  const directDone = tallyOf(result.outcomes).done
  const counts = `${tally.done} ${CALLS[sub].done}, ${tally.refused} refused, ${tally.unknown} unknown`
  const lines = [
    ...(directDone > 0
      ? result.messages.filter((message, index, all) => message !== '' && all.indexOf(message) === index)
      : []),
    tally.pending > 0 ? `${counts}, ${tally.pending} still to do` : counts,
    ...result.outcomes.map(describeOutcome).filter((line): line is string => line !== null),
    ...(view ? describeSelectionTakeBack(view) : [])
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
  const credentials = await context.credentials()
  const carryHere = takeBacksHere(context)
  const outbox = await withCommandLineCore(context, credentials, (core) =>
    takeBackInOutbox(context, core, sub, ids, carryHere)
  )
  const atGateway = ids.filter((id) => !outbox.named.has(id))
  let result: TakeBackResult = { action: sub, outcomes: [], messages: [], quota: null, stoppedBy: null }
  if (atGateway.length > 0) {
    const client = await context.client()
    if (atGateway.length > 1)
      context.out.progress(`${CALLS[sub].doing} ${atGateway.length} messages at the gateway…`)
    result = await client[CALLS[sub].method](atGateway)
  }
  const tally = tallyWith(tallyOf(result.outcomes), sub, outbox.view)
  const exit = exitOf(result, outbox, tally)
  context.out.result(describeTakeBack(sub, result, outbox.view, tally), {
    ok: exit === EXIT.ok,
    action: result.action,
    tally: {
      [CALLS[sub].done]: tally.done,
      refused: tally.refused,
      unknown: tally.unknown,
      ...(outbox.view
        ? { stillToDo: tally.pending, stoppedHere: tally.stopped, leftAsTheyWere: tally.left }
        : {})
    },
    outcomes: result.outcomes,
    messages: result.messages,
    quota: result.quota,
    stoppedBy: result.stoppedBy,
    // The outbox's messages among the ids (by the id given), and their take-back as the window's tally has it.
    inOutbox: Object.fromEntries(outbox.named),
    takeBack: outbox.view
  })
  return exit
}

/**
 * Like `outbox cancel`: any id not taken back makes the exit code say so, and a run cut short says why; beside the
 * open app, outbox flush's rule (beside-app.ts: 0 when it does the asking); calls left when the time ran out, 4.
 */
function exitOf(result: TakeBackResult, outbox: OutboxPart, tally: Tally): number {
  if (result.stoppedBy) return result.stoppedBy.kind === 'transient' ? EXIT.network : EXIT.rejected
  if (outbox.exit !== EXIT.ok) return outbox.exit
  if (tally.refused + tally.unknown + tally.left > 0) return EXIT.rejected
  return tally.pending > 0 && !outbox.beside ? EXIT.network : EXIT.ok
}

/** The outbox's part of a take-back: the ids it holds (given id → its item), its take-back read back, the exit. */
interface OutboxPart {
  named: Map<string, string>
  view: TakeBackView | null
  exit: number
  /** Whether the open app carries its calls (or they wait for it to close), not this command. */
  beside: boolean
}

/**
 * The outbox's messages among the ids, taken back as the window takes them back (outbox:takeBack: what has not left
 * is stopped here, what the gateway holds or sent is asked of it, the rest left as it was), then carried to the end
 * here as `campaign takeback` carries its own (--timeout, 300 s; takeBacksHere: nothing else queued is sent with
 * it); beside the open app, the app carries it, or it
 * waits for it to close (beside-app.ts). A message this command has not heard of since it left (no tracking runs
 * here) is first read in the gateway's reports, as the app's tracking would read it: delivered or read, it is
 * deleted for everyone, not cancelled.
 */
async function takeBackInOutbox(
  context: CliContext,
  core: CommandLineCore,
  sub: Sub,
  ids: readonly string[],
  carryHere: (core: CommandLineCore) => Promise<void>
): Promise<OutboxPart> {
  const named = core.outbox.itemIdsNamed(ids)
  if (named.size === 0) return { named, view: null, exit: EXIT.ok, beside: false }
  const itemIds = [...new Set(named.values())]
  await followUp(core, itemIds)
  let view = await core.invoke('outbox:takeBack', { ids: itemIds, action: sub })
  const toDo = (v: TakeBackView): number => v.pendingByDevice.reduce((sum, p) => sum + p.n, 0)
  if (toDo(view) === 0) return { named, view, exit: EXIT.ok, beside: false }
  const command = `message ${sub}`
  const app = await appBeside(core, cliDataDir(context))
  if (app !== null) {
    const { appSendsAll, waiting } = takeBackBesideApp(app, [view])
    context.out.progress(
      appSendsAll
        ? `Sender Desk is running (pid ${app.pid}) and takes ${them(toDo(view))} back; its Outbox shows the answer (or: sender-desk outbox list)`
        : `Sender Desk is running (pid ${app.pid}) and takes back only for its own devices, and these credentials are none of them: the rest waits, and goes with sender-desk outbox flush once it is closed.`
    )
    return {
      named,
      view,
      exit: besideAppExit(context, command, 'these credentials', waiting, TAKE_BACK_CALLS),
      beside: true
    }
  }
  await carryHere(core)
  view = await core.invoke('outbox:takeBackProgress', { id: view.id })
  return { named, view, exit: EXIT.ok, beside: false }
}

const them = (n: number): string => (n === 1 ? 'it' : 'them')

/**
 * The named messages the gateway has and this outbox last heard of as accepted, sent or delivered: read in the
 * gateway's reports and applied as the app's tracking applies them (never backwards). A report that cannot be read
 * leaves them as they are: the take-back's own call then answers.
 */
async function followUp(core: CommandLineCore, itemIds: readonly string[]): Promise<void> {
  const client = core.client
  if (!client) return
  const messageIds = itemIds
    .map((id) => core.outbox.get(id).item)
    .filter((item) => ['accepted', 'sent', 'delivered'].includes(item.status) && item.gatewayId !== null)
    .map((item) => item.gatewayId ?? '')
  if (messageIds.length === 0) return
  try {
    const page = await client.reportRealtime({ messageIds, limit: Math.min(messageIds.length, 1000) })
    for (const report of page.items) core.outbox.applyGatewayStatus(report.id, report.status)
  } catch {
    // Not read now: the outbox decides on what it knew.
  }
}
