/**
 * `sender-desk outbox …` and `send … --queue`: the durable outbox from the terminal. Items are keyed to the app's
 * device with the same gateway address and token, else to an id derived from them (a one-way hash: the token is never
 * written), so `outbox flush` sends only what was queued for the credentials it is given.
 */
import { homedir } from 'node:os'
import { join, resolve } from 'node:path'
import { UsageError, intFlag, stringFlag, type ParsedArgs } from './args'
import { counted, EXIT } from './output'
import { optedOutAnswer, refusingOptedOut } from './opted-out'
import type { CliSchedule } from './send-at'
import type { CliContext } from './index'
// The terminal's own composition, not the app's: a fresh `outbox list` loads only what it runs (issue 18).
import {
  appDeviceStates,
  composeCommandLine,
  createRedactingLogger,
  holdsData,
  listedDeviceFor,
  terminalDeviceAliases,
  terminalDeviceId,
  type CommandLineCore,
  type CommandLineDevice,
  type CommandLinePorts,
  type GatewayCredentials
} from '../core/compose-command-line'
import { type InvokeRequest, type OutboxBulkRefusal, type OutboxItemView } from '../../shared/contract'
import {
  computerTimeZone,
  isValidTimeZone,
  MAX_SETTABLE_FILE_BYTES,
  OUTBOX_BULK_MAX,
  STATUS_FILTER_CHOICES,
  type StatusFilterChoice
} from '../../shared/domain'
import { coreText } from '../../shared/i18n/notes'
import { localDateTime } from './times'
import { appBeside, flushBesideApp } from './beside-app'
import { reportDataUpdate } from './data-update'
import { campaignFlag, campaignScope, refusingCountChanged } from './outbox-campaign-flag'
import { scheduledWords } from './outbox-schedule-words'
import { queuedHeldBy } from './device-words'
import { checkBeforeFlush, heldAfterFlush } from './flush-checked'

const MB = 1024 * 1024

/**
 * The terminal's device has no record to keep a limit in: `--max-file-mb` is its plan's limit, null when not given
 * (then the composition applies the settings' limit, else the gateway default, as for the window).
 */
export function cliDeviceFileLimit(args: ParsedArgs): number | null {
  const mb = intFlag(args, 'max-file-mb', { min: 1, max: MAX_SETTABLE_FILE_BYTES / MB })
  return mb === undefined ? null : mb * MB
}

/** What `send … --queue` puts in the outbox: a text, or a file `files:register` accepted. */
export type QueuedEntry = InvokeRequest<'outbox:enqueue'>['entries'][number]

/** The terminal's own id for credentials no device of the app's list holds (core/devices/terminal-id.ts). */
export const cliDeviceId = (credentials: GatewayCredentials): string => terminalDeviceId(credentials)

/** The ids earlier versions gave the same credentials: their items are this device's. */
export const cliDeviceAliases = (credentials: GatewayCredentials): string[] =>
  terminalDeviceAliases(credentials)

/**
 * The device a command with these credentials acts as: the app's device with the same gateway address and token when
 * its list holds one (so the open app sends what is queued here: QA24 Q24-01), else the terminal's own id for them.
 * Either way the terminal's ids for them are aliases, so nothing filed under them earlier is left behind.
 */
export async function commandLineDevice(
  context: CliContext,
  credentials: GatewayCredentials
): Promise<CommandLineDevice & { listed: boolean }> {
  const listed = await listedDeviceFor(cliDataDir(context), credentials)
  const own = cliDeviceId(credentials)
  return {
    id: listed?.id ?? own,
    ...(listed ? { label: listed.label, dailyCap: listed.dailyCap, gatewayNames: listed.gatewayNames } : {}),
    aliases: listed ? [own, ...cliDeviceAliases(credentials)] : cliDeviceAliases(credentials),
    credentials,
    maxFileBytes: cliDeviceFileLimit(context.args),
    listed: listed !== null
  }
}

/** The data folder of the terminal's database: --data-dir, SENDER_DESK_DATA_DIR, else ~/.sender-desk. */
export function cliDataDir(context: CliContext): string {
  const given = stringFlag(context.args, 'data-dir') ?? context.env['SENDER_DESK_DATA_DIR']
  return resolve(given ?? join(homedir(), '.sender-desk'))
}

/**
 * For a read-only command, the data folder when it holds Sender Desk's data, else the line saying there is none yet and
 * where it looked: the command creates nothing (opening the core made the folder and an empty database).
 */
export function dataToRead(context: CliContext): { dataDir: string } | { noDataIn: string; said: string } {
  const dataDir = cliDataDir(context)
  if (holdsData(dataDir)) return { dataDir }
  return {
    noDataIn: dataDir,
    said:
      `No data yet: Sender Desk has no data in ${dataDir}. The app's data folder is in its Settings → Data and ` +
      'security; give it with --data-dir or SENDER_DESK_DATA_DIR.'
  }
}

/**
 * A read-only command's answer on a computer with no data folder: the "No data yet" line (under `shown`, what it finds
 * without data, if anything) and, in --json, what it found (nothing) with `noDataIn`. False when the folder holds
 * Sender Desk's data: the command reads it.
 */
export function saidNoData(context: CliContext, found: Record<string, unknown>, shown?: string): boolean {
  const data = dataToRead(context)
  if (!('noDataIn' in data)) return false
  context.out.result(shown === undefined ? data.said : `${shown}\n${data.said}`, {
    ok: true,
    ...found,
    noDataIn: data.noDataIn
  })
  return true
}

/** The terminal's core (database, settings, outbox, campaigns, file checks) for one command, closed when `run` ends. */
export async function withCommandLineCore<T>(
  context: CliContext,
  credentials: GatewayCredentials | null,
  run: (core: CommandLineCore) => Promise<T>,
  more: Pick<CommandLinePorts, 'appDevices'> = {}
): Promise<T> {
  const core = composeCommandLine({
    ...more,
    dataDir: cliDataDir(context),
    device: credentials ? await commandLineDevice(context, credentials) : null,
    onDataUpdate: reportDataUpdate(context.out),
    // A failure the outbox survives still shows on stderr, with the token masked.
    logger: createRedactingLogger(
      (level, line) => {
        if (level === 'error' || level === 'warn') context.out.progress(`sender-desk: ${line}`)
      },
      () => (credentials ? [credentials.token, credentials.secret ?? ''].filter(Boolean) : [])
    )
  })
  try {
    await core.releaseGoneReplies()
    return await run(core)
  } finally {
    core.close()
  }
}

/**
 * Who sends what a command queued: the open app sends only for the devices of its list; what it cannot send waits
 * for a flush after it is closed; with no app running, a flush. `next` says so (null: the caller's flush line).
 */
export function whoSendsQueued(
  core: CommandLineCore,
  device: CommandLineDevice & { listed: boolean }
): { sentBy: 'app' | 'flush' | 'flush-after-app'; next: string | null } {
  const app = core.otherDispatcher()
  if (app === null) return { sentBy: 'flush', next: null }
  return device.listed
    ? { sentBy: 'app', next: `Sender Desk is running and sends them through ${device.label ?? device.id}.` }
    : {
        sentBy: 'flush-after-app',
        next: `Sender Desk is running (pid ${app}) and sends only for its own devices, and these credentials are none of them: they go with sender-desk outbox flush once it is closed.`
      }
}

/** Queues through the window's own command (`outbox:enqueue`): the same recipient and file-limit checks. */
export async function enqueueFromCli(
  context: CliContext,
  core: CommandLineCore,
  input: { recipients: string[]; isGroup: boolean; entry: QueuedEntry; schedule?: CliSchedule }
): Promise<number> {
  const device = await commandLineDevice(context, await context.credentials())
  const optedOut = optedOutAnswer(context.args)
  const { schedule } = input
  const { itemIds } = await refusingOptedOut(() =>
    core.invoke('outbox:enqueue', {
      deviceId: device.id,
      recipients: input.recipients,
      isGroup: input.isGroup,
      entries: [input.entry],
      ...(schedule ? { schedule: schedule.request } : {}),
      ...(optedOut ? { optedOut } : {})
    })
  )
  const items = counted(itemIds.length, 'item')
  const { sentBy, next } = whoSendsQueued(core, device)
  const text = !schedule
    ? `Queued ${items}:\n${itemIds.join('\n')}\n${next ?? 'Send them with: sender-desk outbox flush'}`
    : schedule.request.mode === 'gateway'
      ? `Scheduled ${items} for ${schedule.shown}, for the gateway to keep:\n${itemIds.join('\n')}\n${next ?? 'Hand them to the gateway with: sender-desk outbox flush'}`
      : `Scheduled ${items} for ${schedule.shown}, kept on this computer:\n${itemIds.join('\n')}\n${sentBy === 'flush-after-app' ? next : 'Sender Desk sends them at that time while it runs (or: sender-desk outbox flush after it)'}`
  context.out.result(text, {
    ok: true,
    itemIds,
    deviceId: device.id,
    sentBy,
    ...(schedule
      ? { scheduledFor: schedule.shown, keptBy: schedule.request.mode === 'gateway' ? 'gateway' : 'here' }
      : {})
  })
  return EXIT.ok
}

/**
 * One item in a line: its status and when it came (a waiting schedule: its time, who keeps it, a hold, at `now`: see
 * outbox-schedule-words.ts), when it was created, each on the operator's clock (the computer's zone; a schedule on
 * its own zone's, as the window says it) with the zone named. The window's row says the same moments; a bare time
 * read as UTC's or any of Indonesia's three. Why it still waits (a device's daily cap) goes on a second line, as the
 * window's detail says it. `zone`: the computer's, read once by a caller printing many (reading it builds an Intl
 * formatter: a thousand items read it two thousand times, 200 ms).
 */
export function describeItem(
  item: OutboxItemView,
  zone: string = computerTimeZone(),
  now: number = Date.now(),
  heldBy: (item: OutboxItemView) => string | null = () => null
): string {
  const what =
    item.kind === 'text' ? `"${(item.text ?? '').slice(0, 40)}"` : `${item.kind} ${item.fileName ?? ''}`
  const failure = item.failure ? ` — ${item.failure.message}` : ''
  const at = (iso: string, on: string = zone): string => {
    const ms = Date.parse(iso)
    return Number.isNaN(ms) ? iso : localDateTime(ms, on)
  }
  const due =
    item.status === 'scheduled' && item.scheduledAt
      ? at(item.scheduledAt, item.timezone && isValidTimeZone(item.timezone) ? item.timezone : zone)
      : ''
  // A scheduled one: when it goes and who keeps it, not when its status was set (QA80: that read as its time).
  const state = scheduledWords(item, due, now) ?? `${item.status} ${at(item.updatedAt)}`
  const line = `${item.id}  ${state}  created ${at(item.createdAt)}  to ${item.recipient}  ${what}${failure}`
  const waiting = heldBy(item) ?? (item.waitReason ? waitingText(item.waitReason, zone) : null)
  return waiting ? `${line}\n  waiting: ${waiting}` : line
}

/** A policy's reason in words; its `until` on the clock of its `zone` (a device's midnight), else this computer's. */
function waitingText(reason: NonNullable<OutboxItemView['waitReason']>, computerZone: string): string {
  const params = { ...reason.messageParams }
  const until = params['until']
  if (typeof until === 'string' && !Number.isNaN(Date.parse(until))) {
    const zone = typeof params['zone'] === 'string' ? params['zone'] : computerZone
    params['until'] = localDateTime(Date.parse(until), zone)
  }
  return coreText('en', reason.message, reason.messageKey, params)
}

/**
 * Several ids in one command: one transaction through the window's bulk channel. Every id is accounted for; any
 * left as it was makes the exit code 3 (refused), so a script notices a partial result.
 */
async function bulkRetryOrCancel(
  context: CliContext,
  action: 'retry' | 'cancel',
  ids: string[]
): Promise<number> {
  if (ids.length > OUTBOX_BULK_MAX)
    throw new UsageError(`outbox ${action} takes at most ${OUTBOX_BULK_MAX} ids`)
  const reply = await withCommandLineCore(context, null, (core) =>
    core.invoke(action === 'retry' ? 'outbox:retryMany' : 'outbox:cancelMany', { ids })
  )
  const verb = action === 'retry' ? 'Retried' : 'Cancelled'
  const lines = [`${verb} ${reply.done.length} of ${counted(ids.length, 'item')}.`]
  for (const refusal of reply.refused) {
    lines.push(`${refusal.id}  left as ${refusal.status ?? 'unknown'}: ${BULK_REFUSAL_TEXT[refusal.reason]}`)
  }
  const ok = reply.refused.length === 0
  context.out.result(lines.join('\n'), { ok, ...reply })
  return ok ? EXIT.ok : EXIT.rejected
}

/** The filter's choice `opted-out` is also written as, the way the terminal's flags are. */
const STATUS_ALIASES: Readonly<Record<string, StatusFilterChoice>> = { 'opted-out': 'optedOut' }

/**
 * `--status queued,failed`, checked against the outbox filter's choices: the statuses, with `cancelled` parted from
 * `optedOut` as the window's filter parts them (since it did, `cancelled` left the opted-out out, and nothing took
 * them).
 */
function statusFlag(context: CliContext): StatusFilterChoice[] | undefined {
  return stringFlag(context.args, 'status')
    ?.split(',')
    .map((s) => {
      const asked = s.trim()
      const choice = STATUS_FILTER_CHOICES.find((c) => c === (STATUS_ALIASES[asked] ?? asked))
      if (!choice) throw new UsageError(`unknown status "${s}" (one of ${STATUS_FILTER_CHOICES.join(', ')})`)
      return choice
    })
}

/**
 * Every item matching --status/--text and --campaign/--direct (as `list` reads them), however many. Like the window's
 * confirm, the count must be given back (--expect N): without it the command only says how many match. Fewer matching
 * now is done and said (a moving queue sends some meanwhile); more is refused, nothing done.
 */
async function retryOrCancelMatching(context: CliContext, action: 'retry' | 'cancel'): Promise<number> {
  const status = statusFlag(context)
  const text = stringFlag(context.args, 'text')
  const expected = intFlag(context.args, 'expect', { min: 1, max: Number.MAX_SAFE_INTEGER })
  // QA73 carried: narrowed by the window's own campaign filter, so the count asked back is of that campaign's only.
  const { reply, tally } = await withCommandLineCore(context, null, async (core) => {
    const scope = await campaignScope(context.args, core)
    const filter = { ...(status ? { status } : {}), ...(text ? { text } : {}), ...scope.filter }
    if (expected === undefined) {
      const { total } = await core.invoke('outbox:list', { ...filter, offset: 0, limit: 1 })
      throw new UsageError(
        `${counted(total, 'item')}${scope.said} ${total === 1 ? 'matches' : 'match'}; add --expect ${total} to ${action} them all`
      )
    }
    const matching = action === 'retry' ? 'outbox:retryMatching' : 'outbox:cancelMatching'
    const reply = await refusingCountChanged(scope.said, () => core.invoke(matching, { filter, expected }))
    return { reply, tally: `${reply.done} of ${counted(expected, 'item')}${scope.said}` }
  })
  const lines = [`${action === 'retry' ? 'Retried' : 'Cancelled'} ${tally}.`]
  for (const { reason, count } of reply.refused)
    lines.push(`${count} left as they were: ${BULK_REFUSAL_TEXT[reason]}`)
  if (reply.noLongerMatching > 0)
    lines.push(`${reply.noLongerMatching} no longer matched (sent or changed since counted).`)
  const ok = reply.refused.length === 0
  context.out.result(lines.join('\n'), { ok, ...reply })
  return ok ? EXIT.ok : EXIT.rejected
}

/**
 * `outbox delete <id…>`: by the window's bulk delete, so one id or many are kept by the same rule and every kept one
 * is said with why (only a message waiting its turn is refused for its status: it is cancelled first).
 */
async function deleteItems(context: CliContext, ids: string[]): Promise<number> {
  if (ids.length === 0) throw new UsageError('outbox delete needs an item id')
  if (ids.length > OUTBOX_BULK_MAX) throw new UsageError(`outbox delete takes at most ${OUTBOX_BULK_MAX} ids`)
  const reply = await withCommandLineCore(context, null, (core) => core.invoke('outbox:deleteMany', { ids }))
  const lines = [`Deleted ${reply.done.length} of ${counted(ids.length, 'item')}.`]
  for (const refusal of reply.refused) {
    const why =
      refusal.reason === 'not_applicable'
        ? 'waiting to be sent: cancel it first'
        : BULK_REFUSAL_TEXT[refusal.reason]
    lines.push(`${refusal.id}  kept as ${refusal.status ?? 'unknown'}: ${why}`)
  }
  const ok = reply.refused.length === 0
  context.out.result(lines.join('\n'), { ok, ...reply })
  return ok ? EXIT.ok : EXIT.rejected
}

const BULK_REFUSAL_TEXT: Record<OutboxBulkRefusal, string> = {
  at_gateway: 'already with the gateway',
  sending: 'being sent right now',
  not_applicable: 'not in a status this action applies to',
  not_found: 'no such item',
  producer: 'their campaign was cancelled, so they are not sent again',
  would_fail_again: 'sending them again would fail the same way (see why each failed)',
  opted_out: 'their number is on the opt-out list: take it off the list first to send to it again',
  already_cancelled: 'they were cancelled already',
  after_series_end: "they lie after their recurring series' end, so they are not sent again",
  device_removed: 'their device was removed from Sender Desk, so nothing would send them',
  saving_at_gateway: 'the gateway is saving their schedule right now: try again in a moment',
  gateway_still_holds:
    'the gateway keeps them and has not taken their cancel yet: cancelled, not deleted (delete them once it has)',
  taking_back:
    'their "Delete for everyone" or cancel at the gateway is still waiting for their device: delete them once it is done'
}

export async function runOutbox(context: CliContext): Promise<number> {
  const [sub, id] = context.args.positionals
  switch (sub) {
    case 'flush': {
      const timeoutSec = intFlag(context.args, 'timeout', { min: 1, max: 86_400 }) ?? 300
      const credentials = await context.credentials()
      type Flushed =
        | { besideApp: number }
        | {
            summary: Awaited<ReturnType<CommandLineCore['outbox']['flush']>>
            held: ReturnType<typeof heldAfterFlush>
          }
      const flushed = await withCommandLineCore(context, credentials, async (core): Promise<Flushed> => {
        // The open app holds the queue: say what it sends and what waits for it to close, not only "stop it".
        const app = await appBeside(core, cliDataDir(context))
        if (app !== null)
          return {
            besideApp: flushBesideApp(
              context,
              core,
              app,
              await commandLineDevice(context, credentials),
              await appDeviceStates(cliDataDir(context))
            )
          }
        // No app polls the device: its state, asked once, decides whether its messages go (it sent to a logged-out phone, each send refused).
        const device = await commandLineDevice(context, credentials)
        const listed = (await appDeviceStates(cliDataDir(context))).get(device.id)
        const check = await checkBeforeFlush(core, device, listed)
        const summary = await core.outbox.flush({
          timeoutMs: timeoutSec * 1000,
          onProgress: (p) =>
            context.out.progress(`sent ${p.accepted}, failed ${p.failed}, remaining ${p.remaining}`)
        })
        return { summary, held: heldAfterFlush(core, device, check) }
      })
      if (!('summary' in flushed)) return flushed.besideApp
      const { summary, held } = flushed
      const left = summary.remaining.queued + summary.remaining.sending
      const lines = [
        `Accepted by the gateway: ${summary.accepted}`,
        `Failed: ${summary.failed}`,
        `Still to send: ${left}`
      ]
      for (const block of summary.blocked)
        // The state's hold is said in words below.
        if (!(held && block.reason === 'not-sendable'))
          lines.push(`Waiting: ${block.reason}${block.detail ? ` — ${block.detail}` : ''}`)
      if (held) lines.push(...held.lines)
      if (summary.timedOut) lines.push(`Stopped after ${timeoutSec} s; run flush again to continue.`)
      const unfinished = summary.timedOut && left > 0
      const unchecked = held?.cannotGoNow.checkFailed !== undefined
      context.out.result(lines.join('\n'), {
        ok: !unfinished && !unchecked,
        ...summary,
        cannotGoNow: held ? [held.cannotGoNow] : []
      })
      if (held && unchecked) {
        context.out.progress(
          `sender-desk: outbox flush could not check ${held.cannotGoNow.label} at its gateway; ${counted(held.cannotGoNow.items, 'item')} for it ${held.cannotGoNow.items === 1 ? 'waits' : 'wait'}`
        )
        return EXIT.network
      }
      if (!unfinished) return EXIT.ok
      // A failed flush says so on stderr like every other failure, in one line.
      context.out.progress(
        `sender-desk: outbox flush stopped after ${timeoutSec} s with ${counted(left, 'item')} still to send`
      )
      return EXIT.network
    }
    case 'list': {
      const status = statusFlag(context)
      if (saidNoData(context, { items: [], total: 0 })) return EXIT.ok
      const { page, heldBy } = await withCommandLineCore(context, null, async (core) => ({
        page: await core.invoke('outbox:list', {
          ...(status ? { status } : {}),
          ...(await campaignFlag(context.args, core)),
          limit: 1000
        }),
        // What holds a queued item back as the window says it: a pause, its device's state (QA80: plain "queued").
        heldBy: queuedHeldBy(core.outbox.pausedState(), await appDeviceStates(cliDataDir(context)))
      }))
      const zone = computerTimeZone()
      context.out.result(
        page.items.length > 0
          ? page.items.map((item) => describeItem(item, zone, Date.now(), heldBy)).join('\n')
          : 'The outbox is empty.',
        {
          ok: true,
          ...page
        }
      )
      return EXIT.ok
    }
    case 'retry':
    case 'cancel': {
      if (context.args.flags.matching === true) {
        if (id) throw new UsageError(`outbox ${sub} takes ids or --matching, not both`)
        return retryOrCancelMatching(context, sub)
      }
      if (!id) throw new UsageError(`outbox ${sub} needs an item id`)
      const ids = context.args.positionals.slice(1)
      if (ids.length > 1) return bulkRetryOrCancel(context, sub, ids)
      const item = await withCommandLineCore(context, null, (core) =>
        core.invoke(sub === 'retry' ? 'outbox:retry' : 'outbox:cancel', { id })
      )
      context.out.result(describeItem(item), { ok: true, item })
      return EXIT.ok
    }
    case 'delete':
      return deleteItems(context, context.args.positionals.slice(1))
    default:
      throw new UsageError('outbox needs one of: flush, list, retry <id>..., cancel <id>..., delete <id>...')
  }
}
