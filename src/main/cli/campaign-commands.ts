/**
 * `sender-desk campaign …`: a spreadsheet campaign from the terminal on the same core as the window — create (check
 * and report the skipped rows), start/resume (send, paced, until done or --timeout), pause, cancel, status, export.
 * The campaign's device is the CLI's device for the credentials given (see outbox-commands).
 */
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { basename, join } from 'node:path'
import { UsageError, intFlag, requireString, stringFlag } from './args'
import { EXIT } from './output'
import type { CliContext } from './index'
import { cliDeviceId, withCommandLineCore } from './outbox-commands'
import { registerFile } from './send-commands'
import { GATEWAY_TIME_ZONE } from '../../shared/domain'
import {
  CampaignError,
  copyCampaignFile,
  copyCampaignFiles,
  DEFAULT_PACING,
  type CampaignFile,
  type RegisteredFile,
  fileKey,
  pacingProblems,
  readSpreadsheet,
  SpreadsheetError,
  type Campaigns,
  type CampaignView,
  type CommandLineCore,
  type GatewayCredentials,
  type Outbox,
  type PacingPolicy
} from '../core/compose'
import { describeTakeBackView } from './take-back-output'

/** `phone=No HP;vars=Nama,Tagihan;file=Invoice` (vars default to every other column; file names a file per row). */
export function parseMap(
  text: string | undefined,
  headers: readonly string[]
): { phone: string; variables: string[]; attachment: string | null } {
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
  return { phone, variables, attachment }
}

/**
 * Pacing from flags over `base` (the safe defaults, or a running campaign's policy when it is edited): --delay 5-30,
 * --batch 20/10, --hours 08:00-20:00@Asia/Jakarta|any, --cap 150.
 */
export function parsePacing(context: CliContext, base: PacingPolicy = DEFAULT_PACING): PacingPolicy {
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
        timeZone: match[3] ?? DEFAULT_PACING.workingHours?.timeZone ?? GATEWAY_TIME_ZONE
      }
    }
  }
  const cap = intFlag(context.args, 'cap', { min: 1, max: 1_000_000 })
  if (cap !== undefined) pacing.dailyCapPerDevice = cap
  const problems = pacingProblems(pacing)
  if (problems.length > 0) throw new UsageError(problems.join('; '))
  return pacing
}

async function withCampaigns<T>(
  context: CliContext,
  credentials: GatewayCredentials | null,
  run: (campaigns: Campaigns, outbox: Outbox, core: CommandLineCore) => Promise<T>
): Promise<T> {
  return withCommandLineCore(context, credentials, async (core) => {
    try {
      return await run(core.campaigns, core.outbox, core)
    } catch (error) {
      if (error instanceof CampaignError || error instanceof SpreadsheetError)
        throw new UsageError(error.message)
      throw error
    }
  })
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

function describeCampaign(view: CampaignView): string {
  const c = view.counts
  const lines = [
    `${view.id}  ${view.name}  ${view.status}`,
    `Rows: ${view.summary.total} — ready ${view.summary.ready}, skipped ${view.summary.skipped}` +
      (view.summary.skipped > 0
        ? ` (${Object.entries(view.summary.byProblem)
            .map(([code, n]) => `${n} ${code.replace('_', ' ')}`)
            .join(', ')})`
        : ''),
    `Sent: accepted ${c.accepted}, sent ${c.sent}, delivered ${c.delivered}, read ${c.read}; failed ${c.failed}; ` +
      `waiting ${c.queued + c.waiting}; cancelled ${c.cancelled}`
  ]
  lines.push(`Pacing: ${describePacing(view.pacing)}`)
  for (const device of view.devices) {
    if (device.autoPaused) lines.push(`Paused on ${device.deviceId}: ${device.autoPaused.replace('_', ' ')}`)
    else if (device.wait)
      lines.push(
        `Waiting (${device.wait.code.replace('_', ' ')})${device.wait.until ? ` until ${new Date(device.wait.until).toISOString()}` : ''}`
      )
  }
  if (view.estimate.finishAt)
    lines.push(`Estimated finish: ${new Date(view.estimate.finishAt).toISOString()}`)
  return lines.join('\n')
}

/** The file checked as any `send`, copied once into the outbox for every row of the campaign. */
async function copied(core: CommandLineCore, path: string): Promise<CampaignFile> {
  return copyCampaignFile(core.outbox, await registerFile(core, path))
}

/** The files in `dir` whose names (trimmed, any case) are among `wanted`: matching key → path. */
async function filesNamedIn(dir: string, wanted: ReadonlySet<string>): Promise<Map<string, string>> {
  const entries = await readdir(dir, { withFileTypes: true }).catch((error: unknown) => {
    throw new UsageError(`--files-dir ${dir}: ${error instanceof Error ? error.message : String(error)}`)
  })
  const found = new Map<string, string>()
  for (const entry of entries)
    if (entry.isFile() && wanted.has(fileKey(entry.name)))
      found.set(fileKey(entry.name), join(dir, entry.name))
  return found
}

/** Send until the campaign has nothing left or the timeout passes. */
async function sendCampaign(
  context: CliContext,
  campaigns: Campaigns,
  outbox: Outbox,
  id: string
): Promise<CampaignView> {
  const timeoutSec = intFlag(context.args, 'timeout', { min: 1, max: 7 * 86_400 }) ?? 300
  await outbox.start()
  const deadline = Date.now() + timeoutSec * 1000
  while (Date.now() < deadline) {
    campaigns.settle(id)
    const view = campaigns.get(id)
    if (view.status !== 'running') break
    context.out.progress(
      `accepted ${view.counts.accepted + view.counts.sent + view.counts.delivered + view.counts.read}, failed ${view.counts.failed}, waiting ${view.counts.queued}`
    )
    const stop = await Promise.race([
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 1000)),
      context.stopSignal.then(() => true)
    ])
    if (stop) break
  }
  await outbox.stop()
  return campaigns.get(id)
}

export async function runCampaign(context: CliContext): Promise<number> {
  const [sub, id] = context.args.positionals
  const needId = (): string => {
    if (!id) throw new UsageError(`campaign ${sub} needs a campaign id`)
    return id
  }
  switch (sub) {
    case 'create': {
      const file = requireString(context.args, 'file', 'a CSV or XLSX file')
      const template = requireString(context.args, 'template', 'the message, with {Column} variables')
      const credentials = await context.credentials()
      const sheet = await readSpreadsheet(new Uint8Array(await readFile(file)), file).catch(
        (error: unknown) => {
          throw error instanceof SpreadsheetError ? new UsageError(`${file}: ${error.message}`) : error
        }
      )
      const mapping = parseMap(stringFlag(context.args, 'map'), sheet.headers)
      const pacing = parsePacing(context)
      const attach = stringFlag(context.args, 'attach')
      const filesDir = stringFlag(context.args, 'files-dir')
      if (filesDir !== undefined && mapping.attachment === null)
        throw new UsageError('--files-dir needs the column naming each row\'s file: --map "…;file=<column>"')
      const fileColumn = mapping.attachment === null ? -1 : sheet.headers.indexOf(mapping.attachment)
      const named = new Set(sheet.rows.map((row) => fileKey(row.cells[fileColumn] ?? '')))
      const found = filesDir === undefined ? new Map<string, string>() : await filesNamedIn(filesDir, named)
      const view = await withCampaigns(context, credentials, async (campaigns, _outbox, core) => {
        // Checked now (type, the device's limit) so a file that cannot go refuses the campaign before it exists.
        const attachment = attach === undefined ? null : await registerFile(core, attach)
        const fileNames: string[] = []
        for (const path of found.values()) fileNames.push((await registerFile(core, path)).name)
        return campaigns.create({
          name: stringFlag(context.args, 'name') ?? basename(file),
          fileName: basename(file),
          sheet,
          mapping,
          template,
          pacing,
          devices: [cliDeviceId(credentials)],
          attachmentName: attachment?.name ?? null,
          fileNames
        })
      })
      const again =
        attach !== undefined
          ? ` --attach ${attach}`
          : filesDir !== undefined
            ? ` --files-dir ${filesDir}`
            : ''
      const startHint = `sender-desk campaign start ${view.id}${again}`
      context.out.result(`${describeCampaign(view)}\nStart it with: ${startHint}`, {
        ok: true,
        campaign: view
      })
      return EXIT.ok
    }
    case 'start':
    case 'resume': {
      const campaignId = needId()
      const credentials = await context.credentials()
      const attach = stringFlag(context.args, 'attach')
      const filesDir = stringFlag(context.args, 'files-dir')
      const view = await withCampaigns(context, credentials, async (campaigns, outbox, core) => {
        if (sub === 'start' && filesDir !== undefined) {
          // Each distinct file the ready rows name, copied once; the core refuses a row whose file is not here.
          const found = await filesNamedIn(filesDir, new Set(campaigns.rowFileNames(campaignId)))
          const files = new Map<string, RegisteredFile>()
          for (const [key, path] of found) files.set(key, await registerFile(core, path))
          await campaigns.start(campaignId, null, await copyCampaignFiles(core.outbox, files))
        } else if (sub === 'start')
          await campaigns.start(campaignId, attach === undefined ? null : await copied(core, attach))
        else campaigns.resume(campaignId)
        return sendCampaign(context, campaigns, outbox, campaignId)
      })
      context.out.result(describeCampaign(view), { ok: true, campaign: view })
      return EXIT.ok
    }
    case 'pause': {
      const campaignId = needId()
      const view = await withCampaigns(context, null, async (campaigns) => campaigns.pause(campaignId))
      context.out.result(describeCampaign(view), { ok: true, campaign: view })
      return EXIT.ok
    }
    case 'pacing': {
      // Edit the pacing of a draft, running or paused campaign: flags not given keep the campaign's current values.
      const campaignId = needId()
      const view = await withCampaigns(context, null, async (campaigns) =>
        campaigns.setPacing(campaignId, parsePacing(context, campaigns.get(campaignId).pacing))
      )
      context.out.result(describeCampaign(view), { ok: true, campaign: view })
      return EXIT.ok
    }
    case 'cancel': {
      const campaignId = needId()
      const report = await withCampaigns(context, null, async (campaigns) => campaigns.cancel(campaignId))
      const accepted = report.alreadyAccepted.map(
        (r) => `  row ${r.rowNumber}  ${r.phone ?? ''}  ${r.status}  ${r.gatewayId ?? ''}`
      )
      context.out.result(
        [
          `Cancelled ${report.cancelledRows.length} row(s).`,
          `Already with the gateway (${accepted.length}):`,
          ...accepted
        ].join('\n'),
        { ok: true, ...report }
      )
      return EXIT.ok
    }
    case 'takeback': {
      // Cancel the campaign, stop what has not left, cancel what the gateway holds (and, when asked, delete for
      // everyone what was sent), carried to its end here like a flush: the tally says what could not be taken back.
      const campaignId = needId()
      const credentials = await context.credentials()
      const timeoutSec = intFlag(context.args, 'timeout', { min: 1, max: 86_400 }) ?? 300
      const revokeDelivered = context.args.flags['revoke-delivered'] === true
      const view = await withCampaigns(context, credentials, async (_campaigns, outbox, core) => {
        const started = await core.invoke('campaigns:takeBack', { id: campaignId, revokeDelivered })
        context.out.progress('Taking the campaign back at the gateway…')
        await outbox.flush({ timeoutMs: timeoutSec * 1000 })
        return core.invoke('outbox:takeBackProgress', { id: started.id })
      })
      context.out.result(describeTakeBackView(view), { ok: view.state === 'done', takeBack: view })
      return view.state === 'done' ? EXIT.ok : EXIT.network
    }
    case 'status': {
      const view = await withCampaigns(context, null, async (campaigns) =>
        id ? [campaigns.get(id)] : campaigns.list()
      )
      context.out.result(view.length > 0 ? view.map(describeCampaign).join('\n\n') : 'No campaigns yet.', {
        ok: true,
        campaigns: view
      })
      return EXIT.ok
    }
    case 'export': {
      const campaignId = needId()
      const format = stringFlag(context.args, 'format') ?? 'csv'
      if (format !== 'csv' && format !== 'xlsx' && format !== 'skipped')
        throw new UsageError('--format is csv, xlsx or skipped')
      const out = requireString(context.args, 'out', 'the file to write')
      const bytes = await withCampaigns(context, null, async (campaigns) =>
        format === 'skipped'
          ? new TextEncoder().encode(campaigns.skippedCsv(campaignId))
          : campaigns.exportResults(campaignId, format)
      )
      await writeFile(out, bytes)
      context.out.result(`Wrote ${out}`, { ok: true, file: out, bytes: bytes.length })
      return EXIT.ok
    }
    default:
      throw new UsageError(
        'campaign needs one of: create, start, pause, resume, pacing, cancel, takeback, status, export'
      )
  }
}
