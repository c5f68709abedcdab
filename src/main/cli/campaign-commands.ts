/**
 * `sender-desk campaign …`: a spreadsheet campaign from the terminal through the window's own commands
 * (`files:register`, `campaigns:*`) on the terminal's core — create (check and report the skipped rows), start/resume
 * (send, paced, until done or --timeout), pause, edit the pacing, cancel, status, export. The feature reads the
 * spreadsheet, applies its limits, checks the rows and words every refusal; this file turns flags into requests and
 * replies into lines. The campaign's device is the CLI's device for the credentials given (see outbox-commands).
 */
import { readdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { UsageError, intFlag, requireString, stringFlag } from './args'
import { EXIT, counted } from './output'
import { localDateTime } from './times'
import type { CliContext } from './index'
import {
  cliDataDir,
  cliDeviceId,
  commandLineDevice,
  saidNoData,
  withCommandLineCore
} from './outbox-commands'
import {
  appBeside,
  besideApp,
  besideAppExit,
  TAKE_BACK_CALLS,
  takeBackBesideApp,
  takeBacksHere
} from './beside-app'
import { describeRejection, registerFile } from './send-commands'
import { ApiFailure, appDeviceLabels, type CommandLineCore } from '../core/compose-command-line'
import { campaignPartWords, sayCampaignPartWords } from '../../shared/campaign-part-words'
import { CAMPAIGN_BUCKET_KEY, readyRowBuckets } from '../../shared/campaign-bucket-words'
import type {
  CampaignView,
  DeviceState,
  InvokeReply,
  InvokeRequest,
  SameMessageMoves,
  TakeBackView
} from '../../shared/contract'
import {
  pacingProblemMessage,
  skippedReasons,
  translate,
  type MessageKey,
  type Translate
} from '../../shared/i18n'
import {
  draftStartCounts,
  setAsideAtStartKey,
  setAsideReasons,
  setAsideUnforeseen
} from '../../shared/set-aside-at-start'
import { formatNumber } from '../../shared/i18n/numbers'
import {
  campaignBucketCounts,
  campaignFinishEstimate,
  MAX_CAMPAIGN_ROW_FILES,
  type CampaignBucket,
  newCampaignPacing,
  pacingProblems,
  type PacingPolicy
} from '../../shared/domain'

/** The files picked for a campaign's attachment column, as the window sends them. */
type RowFiles = NonNullable<InvokeRequest<'campaigns:start'>['files']>
import { describeTakeBackState, describeTakeBackView, describeUnreadTakeBack } from './take-back-output'
import { campaignNamed } from './outbox-campaign-flag'
import { chooseDevicesHint, setDraftDevices } from './campaign-devices'

/**
 * `phone=No HP;vars=Nama,Tagihan;file=Invoice;name=Nama` (vars default to every other column; file names a file per
 * row; name is the contacts' names column, by default the core's guess `guessedName`, none with `name=`).
 */
export function parseMap(
  text: string | undefined,
  headers: readonly string[],
  guessedName: string | null = null
): { phone: string; variables: string[]; attachment: string | null; name: string | null } {
  const parts = new Map<string, string>()
  for (const piece of (text ?? '').split(';')) {
    const at = piece.indexOf('=')
    if (piece.trim() === '') continue
    if (at < 0)
      throw new UsageError(`--map: "${piece}" is not key=value (use phone=<column>;vars=<col>,<col>)`)
    parts.set(piece.slice(0, at).trim().toLowerCase(), piece.slice(at + 1).trim())
  }
  const phone = parts.get('phone') ?? headers.find((h) => /phone|hp|wa|nomor|telp/i.test(h))
  if (!phone || !headers.includes(phone))
    throw new UsageError(
      `--map: no phone column${phone ? ` named "${phone}"` : ''}; the columns are ${headers.join(', ')}`
    )
  const vars = parts.get('vars')
  const variables =
    vars === undefined ? headers.filter((h) => h !== phone) : vars.split(',').map((v) => v.trim())
  const unknown = variables.filter((v) => !headers.includes(v))
  if (unknown.length > 0)
    throw new UsageError(`--map: no column named ${unknown.map((u) => `"${u}"`).join(', ')}`)
  const attachment = parts.get('file') ?? null
  if (attachment !== null && !headers.includes(attachment))
    throw new UsageError(`--map: no file column named "${attachment}"`)
  const named = parts.get('name')
  const name = named === undefined ? guessedName : named === '' ? null : named
  if (name !== null && !headers.includes(name)) throw new UsageError(`--map: no name column named "${name}"`)
  return { phone, variables, attachment, name: name === phone ? null : name }
}

/**
 * Pacing from flags over `base` (a new campaign's, or a running campaign's policy when it is edited): --delay 5-30,
 * --batch 20/10, --hours 08:00-20:00@Asia/Jakarta|any, --cap 150. Hours without a zone keep the base's zone, else
 * take `operatorZone` (the settings' default zone, as the window's form does). The flags are read for their shape
 * only; what the numbers may be is the domain's rule (pacingProblems), worded as the window words it.
 */
export function parsePacing(
  context: Pick<CliContext, 'args'>,
  base: PacingPolicy,
  operatorZone: string
): PacingPolicy {
  const pacing: PacingPolicy = { ...base }
  const delay = stringFlag(context.args, 'delay')
  if (delay !== undefined) {
    const match = /^(\d+(?:\.\d+)?)-(\d+(?:\.\d+)?)$/.exec(delay)
    if (!match) throw new UsageError('--delay is min-max seconds, e.g. 5-30')
    pacing.minDelaySeconds = Number(match[1])
    pacing.maxDelaySeconds = Number(match[2])
  }
  const batch = stringFlag(context.args, 'batch')
  if (batch !== undefined) {
    const match = /^(\d+)\/(\d+(?:\.\d+)?)$/.exec(batch)
    if (!match) throw new UsageError('--batch is sends/pause-minutes, e.g. 20/10')
    pacing.batchSize = Number(match[1])
    pacing.batchPauseMinutes = Number(match[2])
  }
  const hours = stringFlag(context.args, 'hours')
  if (hours !== undefined) {
    if (hours === 'any') pacing.workingHours = null
    else {
      const match = /^(\d\d:\d\d)-(\d\d:\d\d)(?:@(.+))?$/.exec(hours)
      if (!match) throw new UsageError('--hours is HH:mm-HH:mm[@Time/Zone] or "any"')
      pacing.workingHours = {
        start: match[1] ?? '',
        end: match[2] ?? '',
        timeZone: match[3] ?? base.workingHours?.timeZone ?? operatorZone
      }
    }
  }
  const cap = stringFlag(context.args, 'cap')
  if (cap !== undefined) {
    if (!/^\d+$/.test(cap)) throw new UsageError('--cap is sends per device per day, e.g. 150')
    pacing.dailyCapPerDevice = Number(cap)
  }
  const problems = pacingProblems(pacing)
  if (problems.length > 0)
    throw new UsageError(
      problems
        .map((problem) => {
          const { key, params } = pacingProblemMessage(problem)
          return translate('en', key, params)
        })
        // Whole sentences, each with its full stop, as the core's problemList joins them.
        .join(' ')
    )
  return pacing
}

function describePacing(pacing: PacingPolicy): string {
  const hours = pacing.workingHours
  return [
    `${pacing.minDelaySeconds}-${pacing.maxDelaySeconds} s between sends`,
    pacing.batchPauseMinutes > 0 ? `${pacing.batchPauseMinutes} min after every ${pacing.batchSize}` : null,
    hours ? `${hours.start}-${hours.end} ${hours.timeZone}` : 'any time',
    `${pacing.dailyCapPerDevice} a day per device`
  ]
    .filter((part) => part !== null)
    .join(', ')
}

/**
 * A campaign's device as the terminal knows it: the app's name for it (its devices file), and its state when this
 * command could ask the gateway (the device of the credentials given; the terminal has no other device's token).
 */
export interface KnownDevice {
  id: string
  label?: string
  state?: DeviceState
}

/** One device's part said: by its device's name (its id when the app does not list it), and in the window's words. */
export interface CampaignPartSaid {
  deviceId: string
  /** The name the part is said by: the app's for its device, else its id. */
  device: string
  /** The window's sentence for the part ("Waiting: the device is logged out."), a wait's end on the terminal's clock. */
  words: string
  /** The line `campaign status` prints: "Toko Kedua — Waiting: the device is logged out." */
  line: string
}

/**
 * Each device's part in the window's sentence, "Toko Kedua — Waiting: the device is logged out.", its words chosen by
 * the window's own rule (campaign-part-words.ts) and said in English, a wait's end on the terminal's clock; none but
 * while the campaign can send (a draft or an ended one has no part sending or waiting, as the window shows none). The
 * text and --json of `campaign status` both say these, so a script need not choose the words again from the codes.
 */
export function campaignParts(
  view: CampaignView,
  devices: readonly KnownDevice[],
  timeZone: string | undefined
): CampaignPartSaid[] {
  if (view.status !== 'running' && view.status !== 'paused') return []
  return view.devices.map((part) => {
    const known = devices.find((device) => device.id === part.deviceId)
    const words = sayCampaignPartWords(
      campaignPartWords(part, known?.state ? { state: known.state } : undefined, {
        heldForTakeBack: view.heldForTakeBack === true
      }),
      (key, params) => translate('en', key, params),
      (until) => localDateTime(until, timeZone)
    )
    const device = known?.label ?? part.deviceId
    return {
      deviceId: part.deviceId,
      device,
      words,
      line: translate('en', 'campaigns.part', { device, state: words })
    }
  })
}

/**
 * The devices of these campaigns' parts as the terminal knows them: each by the app's name (a device it does not list
 * by its id), and with `readStates` the state of the credentials' device (one ask of the gateway) for a part that can
 * send, so a part its logged-out phone holds says so, as in the window.
 */
async function knownDevices(
  context: CliContext,
  core: CommandLineCore,
  views: readonly CampaignView[],
  readStates = false
): Promise<KnownDevice[]> {
  const labels = await appDeviceLabels(cliDataDir(context))
  const ids = new Set(views.flatMap((view) => view.devices.map((part) => part.deviceId)))
  const sending = new Set(
    views
      .filter((view) => view.status === 'running' || view.status === 'paused')
      .flatMap((view) => view.devices.map((part) => part.deviceId))
  )
  return Promise.all(
    [...ids].map(async (id) => {
      const label = labels.get(id)
      const state = readStates && sending.has(id) ? await core.deviceState(id) : null
      return { id, ...(label === undefined ? {} : { label }), ...(state === null ? {} : { state }) }
    })
  )
}

/**
 * A campaign's ready rows by bucket, as its page in the window counts and words them ("2 read; 1 cancelled; 3 deleted
 * for everyone"), each bucket that holds some; "none" when it has no ready row. Parted by ";", as some words hold a
 * comma ("with the gateway, not yet sent").
 */
function readyRowsText(view: CampaignView): string {
  const parts = readyRowBuckets(view).map(({ bucket, count }) =>
    translate('en', 'overview.campaigns.bucket', {
      count: formatNumber(count, 'en'),
      bucket: translate('en', CAMPAIGN_BUCKET_KEY[bucket])
    })
  )
  return parts.length > 0 ? parts.join('; ') : 'none'
}

/**
 * A campaign's view as `--json` gives it, with its rows by bucket beside the core's counts: `buckets`, those its text
 * and the window count, every one (0 when empty); they add up to its rows (`summary.total`), all but `skipped` to its
 * ready rows.
 */
function campaignJson(view: CampaignView): CampaignView & { buckets: Record<CampaignBucket, number> } {
  const { total: _total, ...buckets } = campaignBucketCounts(view.counts, view.status === 'draft')
  return { ...view, buckets }
}

/**
 * A draft's rows as its start now would find them, as the window's page counts them from its first drawing (checkDraft:
 * read, nothing written): its stored counts are its check's at import, and kept counting as ready a number opted out
 * since, set aside by the start. Any other campaign, or a draft whose read fails, as stored.
 */
async function draftAsStartFinds(core: CommandLineCore, view: CampaignView): Promise<CampaignView> {
  if (view.status !== 'draft') return view
  const now = await core.invoke('campaigns:checkDraft', { id: view.id }).catch(() => null)
  return now === null ? view : { ...view, counts: now.campaign.counts, summary: now.campaign.summary }
}

/** The take-back a campaign's view names (takeBackId) as read for `campaign status`: null when it names none. */
type CampaignTakeBack = TakeBackView | { unread: string } | null

/**
 * A campaign in the terminal's words; its estimated end read against `now` (a time gone by is never the end). Its
 * times on the computer's clock (or `timeZone`'s) with the zone named, as the pacing line names its hours' zone.
 * `takeBack`: the take-back its view names (takeBackId), said in one line: under way, paused or done, or that it
 * could not be read, and why.
 */
export function describeCampaign(
  view: CampaignView,
  now = Date.now(),
  timeZone?: string,
  takeBack: CampaignTakeBack = null,
  devices: readonly KnownDevice[] = []
): string {
  const lines = [
    `${view.id}  ${view.name}  ${view.status}`,
    // When it ran, as the window's page says it; an end not known (it ended before ends were kept) is left out.
    ...(view.startedAt !== null ? [`Started: ${localDateTime(view.startedAt, timeZone)}`] : []),
    // Ended by its last device's removal (QA77), it says so: nobody cancelled it.
    ...(view.endedAt != null && (view.status === 'finished' || view.status === 'cancelled')
      ? [
          `${view.status === 'finished' ? 'Finished' : 'Cancelled'}: ${localDateTime(view.endedAt, timeZone)}` +
            (view.status === 'cancelled' && view.endReason === 'device_removed'
              ? `: ${translate('en', 'desktop.note.cancelledDeviceRemoved')}`
              : '')
        ]
      : []),
    `Rows: ${view.summary.total} — ready ${view.summary.ready}, skipped ${view.summary.skipped}` +
      (view.summary.skipped > 0
        ? ` (${skippedReasons(
            view.summary.byProblem,
            (key, params) => translate('en', key, params),
            view.summary.sameMessageWaitingIn
          )})`
        : ''),
    // The sheet's blank rows, in no bucket above: said under its rows as the window's form says them under the sheet's
    // (its words), so the rows here add up to the file's; nothing when it had none.
    ...(view.summary.blankRows
      ? [translate('en', 'campaigns.sheet.blank', { count: view.summary.blankRows })]
      : []),
    // Where its ready rows are, in the buckets and words of the window's page (cancelled here or at the gateway, the
    // opted out apart, deleted for everyone…), each that holds some: they add up to "ready" above (issue 29 point 2).
    `Ready rows: ${readyRowsText(view)}`,
    ...(takeBack === null
      ? []
      : 'unread' in takeBack
        ? [describeUnreadTakeBack(takeBack.unread)]
        : [describeTakeBackState(takeBack, view.id)])
  ]
  lines.push(`Pacing: ${describePacing(view.pacing)}`)
  // Each device's part while the campaign can send, as the window lists them (QA carried: "Paused on dev-1: failure
  // rate", "Waiting (device state)", the device's id and the core's codes).
  lines.push(...campaignParts(view, devices, timeZone).map((part) => part.line))
  // A draft whose only device was removed cannot start until one is chosen (its start is refused in these words).
  if (view.status === 'draft' && view.devices.length === 0)
    lines.push(translate('en', 'desktop.error.draftNoDevice'), chooseDevicesHint(view.id))
  // The window's rule: a paused (or wholly held) campaign has no end to promise, only a running one; a running one's
  // is held to its devices' gateway quotas left, as the check's summary and the window say it.
  const end = campaignFinishEstimate(
    { ...view, finishAt: view.estimate.finishAt, quotaFinish: view.estimate.quotaFinish },
    now
  )
  const renewal = 'until the gateway package is renewed or topped up'
  const messages = (n: number): string => `${n} ${n === 1 ? 'message' : 'messages'}`
  if (end.kind === 'at') lines.push(`Estimated finish: ${localDateTime(end.at, timeZone)}`)
  else if (end.kind === 'late')
    lines.push('Estimated finish: running behind the estimate (a new one is being made)')
  else if (end.kind === 'part')
    lines.push(
      `Estimated finish: the ${messages(end.covered)} the gateway quota covers ` +
        (end.at === null
          ? `${end.covered === 1 ? 'has' : 'have'} no estimate yet`
          : `by ${localDateTime(end.at, timeZone)}`) +
        `; the other ${end.waiting} ${end.waiting === 1 ? 'waits' : 'wait'} ${renewal}`
    )
  else if (end.kind === 'waits_for_quota')
    lines.push(
      `Estimated finish: none while the gateway quota is spent; the ${messages(end.waiting)} left ` +
        `${end.waiting === 1 ? 'waits' : 'wait'} ${renewal}`
    )
  return lines.join('\n')
}

/** The campaign's list, registered as a spreadsheet (its own size limit) and read by the feature: the sheet's id. */
async function readSheet(
  core: CommandLineCore,
  path: string
): Promise<{
  sheetId: string
  fileName: string
  headers: string[]
  /** The core's first guess of the columns (or the mapping remembered for this layout). */
  mapping: { name?: string | null }
}> {
  const { files, rejected } = await core.invoke('files:register', {
    sources: [{ kind: 'path', path }],
    purpose: 'spreadsheet'
  })
  const [rejection] = rejected
  if (rejection) {
    const line = describeRejection(rejection, path, 'spreadsheet')
    throw new UsageError(rejection.code === 'not_found' ? line : `${path}: ${line}`)
  }
  const handle = files[0]?.handle
  if (handle === undefined) throw new Error(`${path} was accepted but not kept`)
  return core.invoke('campaigns:read', { handle }).catch((error: unknown) => {
    // The reader's refusal is about the file: the terminal names the path it was given, as for any --file.
    if (error instanceof ApiFailure && error.field === 'file')
      throw new ApiFailure(error.code, `${path}: ${error.message}`, error.field)
    throw error
  })
}

/**
 * Every file in `dir`, registered as the window registers the files an operator picks for the attachment column
 * (matched to each row's cell by name in the feature). A file that cannot be sent is left out with one line on
 * stderr: a row naming it is then skipped at create (missing file), and refused at start.
 */
async function registerFolder(context: CliContext, core: CommandLineCore, dir: string): Promise<RowFiles> {
  const entries = await readdir(dir, { withFileTypes: true }).catch((error: unknown) => {
    throw new UsageError(`--files-dir ${dir}: ${error instanceof Error ? error.message : String(error)}`)
  })
  const names = entries.filter((entry) => entry.isFile()).map((entry) => entry.name)
  if (names.length > MAX_CAMPAIGN_ROW_FILES)
    throw new UsageError(
      `--files-dir ${dir} holds ${names.length} files; a campaign takes at most ${MAX_CAMPAIGN_ROW_FILES}`
    )
  const files: RowFiles = []
  for (const name of names) {
    try {
      files.push({ name, handle: (await registerFile(context, core, join(dir, name))).handle })
    } catch (error) {
      if (!(error instanceof UsageError)) throw error
      context.out.progress(`sender-desk: left out of --files-dir: ${error.message}`)
    }
  }
  return files
}

/** What a start or resume did: the campaign as it is now; beside the open app, what waits for it to close. */
interface Sent {
  view: CampaignView
  exit: number
  waitingForFlush?: number
}

/** Send until the campaign has nothing left or the timeout passes; the feature settles it as its items move. */
async function sendCampaign(
  context: CliContext,
  core: CommandLineCore,
  id: string,
  command: 'campaign start' | 'campaign resume'
): Promise<Sent> {
  const timeoutSec = intFlag(context.args, 'timeout', { min: 1, max: 7 * 86_400 }) ?? 300
  // The open app holds the queue (the dispatcher lease): it sends the campaign, or it waits for it to close; said so,
  // where starting the outbox here would only fail with "busy" after the campaign had started. Whether it waits, and
  // the exit code then, is outbox flush's rule (beside-app.ts).
  const app = await appBeside(core, cliDataDir(context))
  if (app !== null) {
    const view = await core.invoke('campaigns:get', { id })
    const { appSendsAll, waiting } = besideApp(
      core,
      app,
      view.devices.map((device) => device.deviceId)
    )
    const device = await commandLineDevice(context, await context.credentials())
    context.out.progress(
      appSendsAll
        ? `Sender Desk is running (pid ${app.pid}) and sends this campaign through ${device.label ?? device.id}; follow it there or with: sender-desk campaign status ${id}`
        : `Sender Desk is running (pid ${app.pid}) and sends only for its own devices, and these credentials are none of them: this campaign waits, and goes with sender-desk outbox flush once it is closed.`
    )
    return {
      view,
      exit: besideAppExit(context, command, 'these credentials', waiting),
      waitingForFlush: waiting
    }
  }
  await core.outbox.start()
  try {
    const deadline = Date.now() + timeoutSec * 1000
    while (Date.now() < deadline) {
      const view = await core.invoke('campaigns:get', { id })
      if (view.status !== 'running') break
      const accepted = ['accepted', 'sent', 'delivered', 'read'].reduce(
        (n, s) => n + (view.counts[s] ?? 0),
        0
      )
      context.out.progress(
        `accepted ${accepted}, failed ${view.counts['failed'] ?? 0}, waiting ${view.counts['queued'] ?? 0}`
      )
      const stop = await Promise.race([
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 1000)),
        context.stopSignal.then(() => true)
      ])
      if (stop) break
    }
  } finally {
    // Stopped before the core closes, whatever happened: no send may be in flight when the database goes.
    await core.outbox.stop()
  }
  return { view: await core.invoke('campaigns:get', { id }), exit: EXIT.ok }
}

/**
 * What a draft's start did under the same-message rule asked again (the core counts each row it moved), in the window's
 * words: the rows it set aside (left out for the same message, or their number opted out since the check) in the
 * window's one line, "1 number was set aside at start: 1 opted out." when the draft had skipped none
 * (`skippedBefore`), "1 more was set aside: …" after rows it skipped; then those left out for it before that it sends
 * to now — with --send-recent because the operator asked, without because their 24 hours ran out.
 */
export function describeSameMessageMoves(
  moves: SameMessageMoves,
  sendRecent: boolean,
  skippedBefore: number
): string[] {
  const en: Translate = (key, params) => translate('en', key, params)
  // QA73 follow-up: who got it and who still waits for it (and where) are counted apart, as the summary's reasons.
  const kinds = (rows: number, waiting: number, waitingIn: string | undefined): string =>
    skippedReasons({ sent_recently: rows - waiting, same_message_waiting: waiting }, en, waitingIn)
  const lines: string[] = []
  // No read of the draft before the start, as the window's "Before you start" reads it: every row it set aside is one
  // the terminal had counted as a recipient (those opted out since the check were cancelled "during the campaign").
  const setAside = { ...setAsideUnforeseen(null, moves, sendRecent), skippedBefore }
  if (setAside.count > 0)
    lines.push(
      en(setAsideAtStartKey(setAside), {
        count: setAside.count,
        reasons: skippedReasons(setAsideReasons(setAside), en, setAside.waitingIn)
      })
    )
  if (moves.readyAgain > 0)
    lines.push(
      sendRecent
        ? `This start sends it again to ${counted(moves.readyAgain, 'row')} left out for this same message (--send-recent): ${kinds(moves.readyAgain, moves.readyAgainWaitingRows?.length ?? 0, moves.readyAgainWaitingIn)}.`
        : `This start sends to ${counted(moves.readyAgain, 'row')} left out before for the same message: their 24 hours ran out.`
    )
  return lines
}

type EndedUnsentRow = InvokeReply<'campaigns:cancel'>['endedUnsent'][number]

/**
 * A cancel's rows already ended unsent, named as the window's campaign counts name their buckets; of the cancelled,
 * one taken back at the gateway (it held the message, and cancelled it) as the outbox's history names that status.
 */
const ENDED_UNSENT_WORDS = {
  optedOut: 'campaigns.count.optedOut',
  failed: 'campaigns.count.failed',
  cancelled: 'campaigns.count.cancelled'
} as const satisfies Record<EndedUnsentRow['bucket'], MessageKey>

const endedUnsentWords = (row: EndedUnsentRow): MessageKey =>
  row.status === 'cancelled_at_gateway' ? 'desktop.note.cancelledAtGateway' : ENDED_UNSENT_WORDS[row.bucket]

/** What `campaign cancel` did: the rows it cancelled, those already with the gateway, and those already ended unsent. */
export function describeCancelReport(report: InvokeReply<'campaigns:cancel'>): string {
  const accepted = report.alreadyAccepted.map(
    (r) => `  row ${r.rowNumber}  ${r.phone ?? ''}  ${r.status}  ${r.gatewayId ?? ''}`
  )
  // Rows already ended unsent (opted out during the campaign, failed, cancelled here or at the gateway before) in the
  // window's words for them: with the two lists above, every row that became a message (QA77).
  const ended = report.endedUnsent.map(
    (r) => `  row ${r.rowNumber}  ${r.phone ?? ''}  ${translate('en', endedUnsentWords(r))}`
  )
  return [
    `Cancelled ${counted(report.cancelledRows.length, 'row')}.`,
    `Already with the gateway (${accepted.length}):`,
    ...accepted,
    ...(ended.length > 0 ? [`Already ended unsent (${ended.length}):`, ...ended] : [])
  ].join('\n')
}

/** Runs `work` on the terminal's core without a device (commands that only read or change campaigns). */
function onCore<T>(context: CliContext, work: (core: CommandLineCore) => Promise<T>): Promise<T> {
  return withCommandLineCore(context, null, work)
}

type TakeBackTally = {
  view: TakeBackView
  devices: { id: string; label: string; state: DeviceState | null }[]
}

/** What carrying take-backs did: each read back, the exit code, and beside the open app what waits for it to close. */
interface Carried {
  tallies: TakeBackTally[]
  exit: number
  waitingForResume?: number
}

/**
 * The take-backs `start` names (it starts or resumes them), carried to their end here like a flush (--timeout, 300 s
 * by default), each read back with the devices its calls wait for, to say them as the window says them; 4 when the
 * time ran out first. Beside the open app, outbox flush's rule (beside-app.ts): the app takes back for the devices
 * of its list (it reads what this command wrote), this command asks the gateway nothing, and what the app does not
 * take back waits for `takeback resume` once it is closed (then 2).
 */
async function carryTakeBacks(
  context: CliContext,
  command: 'campaign takeback' | 'campaign takeback resume',
  campaignId: string,
  start: (core: CommandLineCore) => Promise<string[]>
): Promise<Carried> {
  const credentials = await context.credentials()
  const carryHere = takeBacksHere(context)
  return withCommandLineCore(context, credentials, async (core) => {
    const ids = await start(core)
    const app = await appBeside(core, cliDataDir(context))
    if (app !== null) {
      const views = await Promise.all(ids.map((id) => core.invoke('outbox:takeBackProgress', { id })))
      const { appSendsAll, waiting } = takeBackBesideApp(app, views)
      const device = await commandLineDevice(context, credentials)
      context.out.progress(
        appSendsAll
          ? `Sender Desk is running (pid ${app.pid}) and takes this campaign back through ${device.label ?? device.id}; follow it there or with: sender-desk campaign status ${campaignId}`
          : `Sender Desk is running (pid ${app.pid}) and takes back only for its own devices, and these credentials are none of them: the rest waits, and goes with sender-desk campaign takeback resume ${campaignId} once it is closed.`
      )
      // The devices' states are the gateway's to say: not asked here, where the app does the asking.
      return {
        tallies: views.map((view) => ({ view, devices: [] })),
        exit: besideAppExit(context, command, 'these credentials', waiting, TAKE_BACK_CALLS),
        waitingForResume: waiting
      }
    }
    context.out.progress('Taking the campaign back at the gateway…')
    await carryHere(core)
    const tallies = await Promise.all(ids.map((id) => readTakeBack(core, id)))
    return { tallies, exit: tallies.every((t) => t.view.state === 'done') ? EXIT.ok : EXIT.network }
  })
}

async function readTakeBack(core: CommandLineCore, id: string): Promise<TakeBackTally> {
  const view = await core.invoke('outbox:takeBackProgress', { id })
  const devices = await Promise.all(
    view.pendingByDevice.map(async ({ deviceId }) => ({
      id: deviceId,
      label: deviceId,
      state: await core.deviceState(deviceId)
    }))
  )
  return { view, devices }
}

/**
 * The take-back a campaign's view names, read for `campaign status`. A read that fails (its record damaged, the disk
 * failing) is said in place of the take-back, in the words a failed command gets: it used to fail the whole status.
 */
async function readCampaignTakeBack(
  core: CommandLineCore,
  id: string | null | undefined
): Promise<CampaignTakeBack> {
  if (!id) return null
  try {
    return await core.invoke('outbox:takeBackProgress', { id })
  } catch (error) {
    return { unread: (await import('./failure')).describeFailure(error).line }
  }
}

/**
 * `campaign takeback pause|resume <id>`: the operator's pause of the campaign's take-backs still under way (a long one
 * started by mistake, or to stop half way): calls in flight end and are recorded, nothing more is asked until resume,
 * which goes on where it was (nothing asked twice) and carries it to its end here as `takeback` does. 2 when the
 * campaign has none under way. Pause only writes the take-backs' state, which the open app reads before each call it
 * makes: allowed beside it, where resume follows the rule of carryTakeBacks.
 */
async function pauseTakeBack(
  context: CliContext,
  action: 'pause' | 'resume',
  campaignId: string
): Promise<number> {
  const under = async (core: CommandLineCore): Promise<string[]> => {
    await core.invoke('campaigns:get', { id: campaignId })
    const ids = core.campaignTakeBacks(campaignId)
    if (ids.length === 0)
      throw new UsageError(`campaign ${campaignId} has no take-back under way to ${action}`)
    for (const id of ids) await core.invoke('outbox:setTakeBackPaused', { id, paused: action === 'pause' })
    return ids
  }
  const carried: Carried =
    action === 'pause'
      ? await onCore(context, async (core) => ({
          tallies: await Promise.all((await under(core)).map((id) => readTakeBack(core, id))),
          exit: EXIT.ok
        }))
      : await carryTakeBacks(context, 'campaign takeback resume', campaignId, under)
  const { tallies, exit, waitingForResume } = carried
  const lines = tallies.map((t) => describeTakeBackView(t.view, campaignId, t.devices))
  if (action === 'pause') lines.push(`Resume with: sender-desk campaign takeback resume ${campaignId}`)
  context.out.result(lines.join('\n'), {
    ok: exit === EXIT.ok,
    takeBacks: tallies.map((t) => t.view),
    ...(waitingForResume === undefined ? {} : { waitingForResume })
  })
  return exit
}

export async function runCampaign(context: CliContext): Promise<number> {
  const [sub, id] = context.args.positionals
  /** The id of the campaign given by its id or its name, as `outbox list --campaign` takes it (QA80). */
  const needId = async (asked = id, command = sub): Promise<string> => {
    const given = asked?.trim()
    if (!given) throw new UsageError(`campaign ${command} needs a campaign id or name`)
    return (await onCore(context, (core) => campaignNamed(given, core))).id
  }
  const showCampaign = ({ view, devices }: { view: CampaignView; devices: KnownDevice[] }): number => {
    context.out.result(describeCampaign(view, Date.now(), undefined, null, devices), {
      ok: true,
      campaign: campaignJson(view)
    })
    return EXIT.ok
  }
  /** A campaign changed by `change`, with its devices named. */
  const changed = (
    change: (core: CommandLineCore) => Promise<CampaignView>
  ): Promise<{ view: CampaignView; devices: KnownDevice[] }> =>
    onCore(context, async (core) => {
      const view = await change(core)
      return { view, devices: await knownDevices(context, core, [view]) }
    })
  switch (sub) {
    case 'create': {
      const file = requireString(context.args, 'file', 'a CSV or XLSX file')
      const template = requireString(context.args, 'template', 'the message, with {Column} variables')
      const attach = stringFlag(context.args, 'attach')
      const filesDir = stringFlag(context.args, 'files-dir')
      const credentials = await context.credentials()
      const view = await withCommandLineCore(context, credentials, async (core) => {
        const sheet = await readSheet(core, file)
        const mapping = parseMap(stringFlag(context.args, 'map'), sheet.headers, sheet.mapping.name ?? null)
        const zone = core.operatorTimeZone()
        const pacing = parsePacing(context, newCampaignPacing(zone), zone)
        if (filesDir !== undefined && mapping.attachment === null)
          throw new UsageError(
            '--files-dir needs the column naming each row\'s file: --map "…;file=<column>"'
          )
        // Checked now (type, the device's limit) so a file that cannot go refuses the campaign before it exists.
        const attachment =
          attach === undefined ? null : { handle: (await registerFile(context, core, attach)).handle }
        const files = filesDir === undefined ? undefined : await registerFolder(context, core, filesDir)
        return core.invoke('campaigns:create', {
          sheetId: sheet.sheetId,
          // Unnamed: the core names it after the file, numbered past the campaigns that have that name.
          name: stringFlag(context.args, 'name') ?? '',
          mapping,
          template,
          pacing,
          devices: [core.deviceId ?? cliDeviceId(credentials)],
          attachment,
          ...(files ? { files } : {}),
          ...(context.args.flags['send-recent'] === true ? { sendRecent: true } : {})
        })
      })
      const again =
        attach !== undefined
          ? ` --attach ${attach}`
          : filesDir !== undefined
            ? ` --files-dir ${filesDir}`
            : ''
      const startHint = `sender-desk campaign start ${view.id}${again}`
      // QA73: those still waiting for the same message (in line, or with the gateway) are not said to have got it.
      const got = view.summary.byProblem['sent_recently'] ?? 0
      const waiting = view.summary.byProblem['same_message_waiting'] ?? 0
      const recent = got + waiting
      const isAre = recent === 1 ? 'is' : 'are'
      const why =
        waiting === 0
          ? `got this same message in the last 24 hours and ${isAre} left out`
          : `${isAre} left out for this same message (${skippedReasons(
              { sent_recently: got, same_message_waiting: waiting },
              (key, params) => translate('en', key, params),
              view.summary.sameMessageWaitingIn
            )})`
      const recentLine =
        recent > 0
          ? `\n${counted(recent, 'row')} ${why}; to send it to them again: ${startHint} --send-recent`
          : ''
      // Which rows and why, as the window's "Download skipped rows" offers: the summary above only counts them.
      const skippedLine =
        view.summary.skipped > 0
          ? `\nThe skipped rows and why, to fix and import again: sender-desk campaign export ${view.id} --format skipped --out skipped-rows.csv`
          : ''
      context.out.result(
        `${describeCampaign(view)}${recentLine}${skippedLine}\nStart it with: ${startHint}`,
        {
          ok: true,
          campaign: view
        }
      )
      return EXIT.ok
    }
    case 'start':
    case 'resume': {
      const campaignId = await needId()
      const credentials = await context.credentials()
      const attach = stringFlag(context.args, 'attach')
      const filesDir = stringFlag(context.args, 'files-dir')
      // The start checks the same message again (its 24 hours end now): with it, those rows are sent to again too.
      const sendRecent = context.args.flags['send-recent'] === true ? { sendRecent: true } : {}
      // The draft's skipped rows as `campaign create` or `status` said them: what its start sets aside is "more" then.
      let skippedBefore = 0
      const { sent, sameMessage, devices } = await withCommandLineCore(context, credentials, async (core) => {
        if (sub === 'resume') {
          await core.invoke('campaigns:resume', { id: campaignId })
          const resumed = await sendCampaign(context, core, campaignId, 'campaign resume')
          return {
            sent: resumed,
            sameMessage: undefined,
            devices: await knownDevices(context, core, [resumed.view])
          }
        }
        // The feature copies each file the ready rows name once and refuses a row whose file is not among them.
        const files = filesDir === undefined ? undefined : await registerFolder(context, core, filesDir)
        const handle =
          files !== undefined || attach === undefined
            ? undefined
            : (await registerFile(context, core, attach)).handle
        skippedBefore = draftStartCounts(
          await core.invoke('campaigns:get', { id: campaignId }),
          sendRecent.sendRecent === true
        ).skipped
        const started = await core.invoke('campaigns:start', {
          id: campaignId,
          ...(files === undefined ? {} : { files }),
          ...(handle === undefined ? {} : { attachment: { handle } }),
          ...sendRecent
        })
        const sentNow = await sendCampaign(context, core, campaignId, 'campaign start')
        return {
          sent: sentNow,
          sameMessage: started.sameMessage,
          devices: await knownDevices(context, core, [sentNow.view])
        }
      })
      const { view, exit, waitingForFlush } = sent
      const moved =
        sameMessage === undefined
          ? []
          : describeSameMessageMoves(sameMessage, sendRecent.sendRecent === true, skippedBefore)
      const described = describeCampaign(view, Date.now(), undefined, null, devices)
      context.out.result(`${described}${moved.map((line) => `\n${line}`).join('')}`, {
        ok: exit === EXIT.ok,
        campaign: view,
        ...(sameMessage === undefined ? {} : { sameMessage }),
        ...(waitingForFlush === undefined ? {} : { waitingForFlush })
      })
      return exit
    }
    case 'pause': {
      const campaignId = await needId()
      return showCampaign(await changed((core) => core.invoke('campaigns:pause', { id: campaignId })))
    }
    case 'pacing': {
      // Edit the pacing of a draft, running or paused campaign: flags not given keep the campaign's current values.
      const campaignId = await needId()
      return showCampaign(
        await changed(async (core) => {
          const { pacing } = await core.invoke('campaigns:get', { id: campaignId })
          return core.invoke('campaigns:setPacing', {
            id: campaignId,
            pacing: parsePacing(context, pacing, core.operatorTimeZone())
          })
        })
      )
    }
    case 'devices': {
      // A draft's devices chosen again (one left with none by a removal cannot start until one is chosen).
      const { view, names } = await setDraftDevices(context, await needId())
      context.out.result(
        `${describeCampaign(view)}\n${translate('en', 'campaigns.devices')}: ${names.join(', ')}`,
        {
          ok: true,
          campaign: campaignJson(view)
        }
      )
      return EXIT.ok
    }
    case 'cancel': {
      const campaignId = await needId()
      const report = await onCore(context, (core) => core.invoke('campaigns:cancel', { id: campaignId }))
      context.out.result(describeCancelReport(report), { ok: true, ...report })
      return EXIT.ok
    }
    case 'takeback': {
      const [, action, ofCampaign] = context.args.positionals
      if (action === 'pause' || action === 'resume')
        return pauseTakeBack(context, action, await needId(ofCampaign, `takeback ${action}`))
      // Cancel the campaign, stop what has not left, cancel what the gateway holds (and, when asked, delete for
      // everyone what was sent), carried to its end here like a flush: the tally says what could not be taken back.
      const campaignId = await needId()
      const revokeDelivered = context.args.flags['revoke-delivered'] === true
      const { tallies, exit, waitingForResume } = await carryTakeBacks(
        context,
        'campaign takeback',
        campaignId,
        async (core) => [(await core.invoke('campaigns:takeBack', { id: campaignId, revokeDelivered })).id]
      )
      const [view] = tallies
      if (!view) throw new Error('the take-back was not recorded')
      context.out.result(describeTakeBackView(view.view, campaignId, view.devices), {
        ok: exit === EXIT.ok,
        takeBack: view.view,
        ...(waitingForResume === undefined ? {} : { waitingForResume })
      })
      return exit
    }
    case 'status': {
      // Each with the take-back its view names, read to say whether it is under way, paused or done. Given a device's
      // credentials (optional, as for optout add), its state is asked, to say what holds its parts as the window does.
      // With no data folder, none is made: no campaigns yet, there or asked by name.
      if (saidNoData(context, { campaigns: [] })) return EXIT.ok
      const credentials = await context.credentials().catch(() => null)
      const { shown, devices } = await withCommandLineCore(context, credentials, async (core) => {
        const read = id
          ? [await core.invoke('campaigns:get', { id: (await campaignNamed(id.trim(), core)).id })]
          : (await core.invoke('campaigns:list', {})).campaigns
        const views = await Promise.all(read.map((view) => draftAsStartFinds(core, view)))
        return {
          shown: await Promise.all(
            views.map(async (view) => ({ view, takeBack: await readCampaignTakeBack(core, view.takeBackId) }))
          ),
          devices: await knownDevices(context, core, views, true)
        }
      })
      context.out.result(
        shown.length > 0
          ? shown
              .map((s) => describeCampaign(s.view, Date.now(), undefined, s.takeBack, devices))
              .join('\n\n')
          : 'No campaigns yet.',
        {
          ok: true,
          // The take-back itself beside its id (kept as it was): the same view `campaign takeback --json` gives,
          // null when the campaign has none, and why when it could not be read. Each device's part in the words the
          // text says (`parts`; none unless it can send), beside the codes of `devices` they are chosen from.
          campaigns: shown.map(({ view, takeBack }) => {
            const parts = campaignParts(view, devices, undefined)
            return takeBack !== null && 'unread' in takeBack
              ? { ...campaignJson(view), parts, takeBack: null, takeBackReadError: takeBack.unread }
              : { ...campaignJson(view), parts, takeBack }
          })
        }
      )
      return EXIT.ok
    }
    case 'export': {
      const campaignId = await needId()
      const format = stringFlag(context.args, 'format') ?? 'csv'
      if (format !== 'csv' && format !== 'xlsx' && format !== 'skipped')
        throw new UsageError('--format is csv, xlsx or skipped')
      const out = requireString(context.args, 'out', 'the file to write')
      const { dataBase64 } = await onCore(context, (core) =>
        core.invoke('campaigns:export', { id: campaignId, format })
      )
      const bytes = Buffer.from(dataBase64, 'base64')
      await writeFile(out, bytes)
      context.out.result(`Wrote ${out}`, { ok: true, file: out, bytes: bytes.length })
      return EXIT.ok
    }
    default:
      throw new UsageError(
        'campaign needs one of: create, start, pause, resume, pacing, devices, cancel, takeback, status, export'
      )
  }
}
