/**
 * The campaigns feature's commands: read a spreadsheet, check it against a mapping and template (with previews and
 * an estimate), create/start/pause/resume/cancel, edit pacing while running, per-row results, exports, opt-outs.
 */
import { randomUUID } from 'node:crypto'
import { ApiFailure, type Commands } from '../commands'
import { requireDevice } from '../devices'
import { normalisePhone } from '../gateway'
import type { CoreEvents } from '../core-events'
import { FileChangedError, type FileHandles, type RegisteredFile } from '../files'
import type { QueuePort } from '../outbox'
import type { SqliteDatabase } from '../store'
import {
  pushOptOutsToGateways,
  type CampaignDevices,
  type GatewaySync,
  type PushSettled
} from './gateway-blacklist'
import { KeywordsRefused, readKeywords, saveKeywords } from './opt-out-keywords'
import {
  fileNamePart,
  megabytesBesideLimit,
  numbersWrittenTwice,
  type KeywordsProblem
} from '../../../shared/domain'
import { translate, type MessageKey } from '../../../shared/i18n'
import {
  CampaignError,
  copyCampaignFile,
  copyCampaignFiles,
  type Campaigns,
  type StartOptions
} from './campaigns'
import { readSpreadsheet, SpreadsheetError, type Sheet, type SheetRow } from './spreadsheet'
import { TemplateError } from './template'
import { ExportRuns, exportTimeZone } from './export'
import { fileKey, rowContent, sheetNameOf, type CheckedRow, type RowProblem } from './check'

export type CampaignChannel =
  | 'campaigns:read'
  | 'campaigns:cancelRead'
  | 'campaigns:stopExport'
  | 'campaigns:check'
  | 'campaigns:create'
  | 'campaigns:list'
  | 'campaigns:get'
  | 'campaigns:checkDraft'
  | 'campaigns:start'
  | 'campaigns:split'
  | 'campaigns:pause'
  | 'campaigns:resume'
  | 'campaigns:cancel'
  | 'campaigns:takeBack'
  | 'campaigns:takeBackPlan'
  | 'campaigns:holdForTakeBack'
  | 'campaigns:keepAfterTakeBack'
  | 'campaigns:setDevices'
  | 'campaigns:setPacing'
  | 'campaigns:progress'
  | 'campaigns:rows'
  | 'campaigns:export'
  | 'optouts:list'
  | 'optouts:among'
  | 'optouts:add'
  | 'optouts:keywords'
  | 'optouts:setKeywords'
  | 'optouts:remove'
  | 'optouts:removeMany'
  | 'optouts:restore'

export interface CampaignCommandsDeps {
  campaigns: Campaigns
  /** Where the opt-out keyword lists are kept (the settings table). */
  db: SqliteDatabase
  registry: CampaignDevices
  events: CoreEvents
  now: () => number
  /** A campaign's one file: registered like any drop, held until start, copied once by the outbox. */
  files: FileHandles
  outbox: Pick<QueuePort, 'copyFile' | 'hasCopy'>
  /** The file-size limit of a device (the composition's resolver, as for any send). */
  fileLimitFor: (deviceId: string) => number
  /** Told what a push of the opt-out list did not bring to a gateway (kept to catch up; the app's composition). */
  blacklistSettled?: PushSettled
}

/** Why an edited keyword list was refused, in words. */
const KEYWORDS_PROBLEM_KEY = {
  'no-opt-out': 'desktop.optOutKeywords.noOptOut',
  'empty-keyword': 'desktop.optOutKeywords.empty',
  'too-long': 'desktop.optOutKeywords.tooLong',
  'too-many': 'desktop.optOutKeywords.tooMany',
  'in-both': 'desktop.optOutKeywords.inBoth'
} as const satisfies Record<KeywordsProblem['code'], MessageKey>

/** The skipped rows a check lists (the summary counts them all; the export lists them all). */
const PROBLEM_ROWS_SHOWN = 500

/** Parsed sheets kept between read, check and create (the window holds only their id). */
const SHEETS_KEPT = 4

/** Campaign errors become operator-facing failures; everything else passes through. */
async function guarded<T>(work: () => T | Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof CampaignError) throw new ApiFailure(error.code, error.text, error.field)
    if (error instanceof SpreadsheetError) throw new ApiFailure(`sheet_${error.code}`, error.text, 'file')
    if (error instanceof TemplateError) throw new ApiFailure('invalid_template', error.text, 'template')
    throw error
  }
}

export function createCampaignCommands(deps: CampaignCommandsDeps): Commands<CampaignChannel> {
  const { campaigns } = deps
  const sheets = new Map<string, { sheet: Sheet; fileName: string }>()

  function sheetFor(sheetId: string): { sheet: Sheet; fileName: string } {
    const entry = sheets.get(sheetId)
    if (!entry) throw new ApiFailure('sheet_gone', { key: 'desktop.error.sheetGone' }, 'sheetId')
    return entry
  }

  const changed = (id: string): void => deps.events.emit('campaigns:changed', { id })
  /** The operator changed the opt-out list: the window's customer list says who opted out from it too (QA17 Q17-02). */
  const optOutsChanged = (count: number): void => {
    if (count > 0) deps.events.emit('optouts:changed', { at: new Date(deps.now()).toISOString() })
  }

  /** Results exports running, so the window's Stop reaches the right one (QA15 Q15-02). */
  const exportRuns = new ExportRuns()

  /** Handles being read → how to stop their reading (campaigns:cancelRead). */
  const reading = new Map<string, AbortController>()

  /** Draft campaign id → the handle of its file (handles live in memory: after a restart it is attached again). */
  const attached = new Map<string, string>()

  /** Draft campaign id → the files picked for its attachment column (in memory, like `attached`). */
  const attachedRowFiles = new Map<string, { name: string; handle: string }[]>()

  /** Every picked file must be registered and within every chosen device's limit, as one file for all is. */
  function checkRowFiles(files: readonly { handle: string }[] | undefined, devices: readonly string[]): void {
    for (const file of files ?? []) attachableFile(file.handle, devices)
  }

  /**
   * Each distinct file the ready rows name is copied once (checked again: a device's limit may have changed), then the
   * rows go in line with their own copies; the core refuses a row whose file is not among them.
   */
  async function startWithRowFiles(
    id: string,
    picked: readonly { name: string; handle: string }[],
    options: StartOptions
  ) {
    const draft = await guarded(() => campaigns.get(id))
    const needed = new Set(await guarded(() => campaigns.rowFileNames(id)))
    const devices = draft.devices.map((d) => d.deviceId)
    const files = new Map<string, RegisteredFile>()
    for (const { name, handle } of picked) {
      const key = fileKey(name)
      if (needed.has(key) && !files.has(key)) files.set(key, attachableFile(handle, devices))
    }
    const copies = await copyCampaignFiles(deps.outbox, files)
    // Only microtasks between the last check of the copies and the insert that references them.
    const view = await guarded(() => campaigns.start(id, null, copies, options))
    const kept = attachedRowFiles.get(id) ?? []
    attachedRowFiles.delete(id)
    await deps.files.release([...new Set([...picked, ...kept].map((f) => f.handle))])
    return view
  }

  /** The registered file, refused with the send panel's words when it is gone or over any chosen device's limit. */
  function attachableFile(handle: string, devices: readonly string[]): RegisteredFile {
    const file = deps.files.get(handle)
    if (!file) throw new ApiFailure('file_gone', { key: 'desktop.error.fileGone' }, 'attachment')
    for (const deviceId of devices) {
      const limit = deps.fileLimitFor(deviceId)
      if (file.size > limit)
        throw new ApiFailure(
          'too_large',
          {
            key: 'desktop.error.fileTooLarge',
            params: { name: file.name, ...megabytesBesideLimit(file.size, limit) }
          },
          'attachment'
        )
    }
    return file
  }

  const pushToGateways = (phones: readonly string[], add: boolean): Promise<GatewaySync> =>
    pushOptOutsToGateways(deps.registry, phones, add, deps.blacklistSettled)

  return {
    async 'campaigns:read'({ handle }) {
      return guarded(async () => {
        // The core reads the file itself (a path in Electron, pasted bytes in the harness): the window's UI thread
        // never holds a large spreadsheet's bytes.
        const file = await deps.files.takeSpreadsheet(handle).catch((error: unknown) => {
          if (error instanceof FileChangedError)
            throw new ApiFailure('file_gone', { key: 'desktop.error.fileGone' }, 'file')
          throw error
        })
        if (!file) throw new ApiFailure('file_gone', { key: 'desktop.error.fileGone' }, 'file')
        const fileName = file.name
        const cancel = new AbortController()
        reading.set(handle, cancel)
        const sheet = await readSpreadsheet(file.bytes, fileName, {
          signal: cancel.signal,
          onProgress: (fraction) => deps.events.emit('campaigns:readProgress', { handle, fraction })
        }).finally(() => reading.delete(handle))
        const sheetId = randomUUID()
        sheets.set(sheetId, { sheet, fileName })
        while (sheets.size > SHEETS_KEPT) sheets.delete(sheets.keys().next().value ?? '')
        const { mapping, remembered } = campaigns.mappingFor(sheet.headers)
        return {
          sheetId,
          fileName,
          headers: sheet.headers,
          rowCount: sheet.rows.length,
          blankRows: sheet.blankRows ?? 0,
          ...(sheet.titleRows ? { titleRows: sheet.titleRows } : {}),
          format: sheet.format,
          mapping,
          remembered,
          sample: sheet.rows.slice(0, 5).map((r) => r.cells)
        }
      })
    },

    async 'campaigns:cancelRead'({ handle }) {
      reading.get(handle)?.abort()
      return { ok: true as const }
    },

    async 'campaigns:check'(request) {
      const { sheetId, mapping, template, pacing, deviceCount, previewRows } = request
      const { sheet } = sheetFor(sheetId)
      if (!sheet.headers.includes(mapping.phone))
        throw new ApiFailure(
          'invalid_input',
          { key: 'desktop.error.noSuchColumn', params: { column: mapping.phone } },
          'mapping'
        )
      if (request.attachment) attachableFile(request.attachment.handle, request.devices ?? [])
      // A picked file over a device's limit is refused as a whole (like one file for all), not row by row: the
      // operator replaces that one file rather than losing every row naming it.
      checkRowFiles(request.files, request.devices ?? [])
      const withAttachment = Boolean(request.attachment)
      const fileNames = (request.files ?? []).map((f) => f.name)
      let result: Awaited<ReturnType<Campaigns['check']>>
      try {
        result = await campaigns.check({
          campaignId: sheetId,
          sheet,
          mapping,
          template,
          withAttachment,
          fileNames,
          sendRecent: request.sendRecent ?? false
        })
      } catch (error) {
        if (!(error instanceof TemplateError)) throw error
        return {
          summary: {
            total: sheet.rows.length,
            ready: 0,
            skipped: 0,
            byProblem: {},
            blankRows: sheet.blankRows ?? 0
          },
          problems: [],
          previews: [],
          templateError: error.message,
          templateErrorKey: error.text.key,
          templateErrorParams: error.text.params ?? {},
          estimate: null
        }
      }
      const checked = result.rows
      // By default the first rows and the first ready one: when the first rows are all skipped, the window still has
      // a message to preview rather than "Row 2 will not be sent".
      const firstReady = checked.firstReadyIndex()
      const wanted = new Set(
        previewRows ??
          [0, 1, 2, firstReady].flatMap((index) =>
            index >= 0 && index < checked.length ? [sheet.rows.rowNumber(index)] : []
          )
      )
      // Only the rows the window shows are rendered: the check itself renders none it does not need to.
      const content = rowContent({ campaignId: sheetId, sheet, mapping, template })
      const problems: { rowNumber: number; phoneCell: string; problems: RowProblem[] }[] = []
      for (const index of checked.skippedIndexes()) {
        if (problems.length === PROBLEM_ROWS_SHOWN) break
        const row = checked.at(index) as CheckedRow
        problems.push({ rowNumber: row.rowNumber, phoneCell: row.phoneCell, problems: [...row.problems] })
      }
      const previews: { rowNumber: number; phone: string | null; name: string | null; message: string }[] = []
      for (let index = 0; index < checked.length && previews.length < wanted.size; index++) {
        if (!wanted.has(sheet.rows.rowNumber(index))) continue
        const row = checked.at(index) as CheckedRow
        const sheetRow = sheet.rows.at(index) as SheetRow
        previews.push({
          rowNumber: row.rowNumber,
          phone: row.phone,
          // As its sheet names it: "Before you start" names the row as a saved draft's does (checkDraft's example).
          name: sheetNameOf(mapping, content.values(sheetRow)),
          message: content.message(sheetRow)
        })
      }
      return {
        // The sheet's blank rows too, so the summary accounts for every row under the header (QA39 Q39-04).
        summary: { ...result.summary, blankRows: sheet.blankRows ?? 0 },
        problems,
        previews,
        templateError: null,
        ...(request.devices?.length
          ? {
              waitingToday: Object.fromEntries(request.devices.map((id) => [id, campaigns.waitingToday(id)]))
            }
          : {}),
        estimate: pacing
          ? await campaigns.estimateBeforeCreate({
              pacing,
              seedKey: sheetId,
              rows: result.summary.ready,
              devices: deviceCount ?? 1,
              ...(request.devices?.length ? { deviceIds: request.devices } : {})
            })
          : null
      }
    },

    async 'campaigns:create'({
      sheetId,
      name,
      mapping,
      template,
      pacing,
      devices,
      attachment,
      files,
      sendRecent
    }) {
      const { sheet, fileName } = sheetFor(sheetId)
      for (const deviceId of devices) requireDevice(deps.registry, deviceId)
      // Refused here, before anything is created or queued.
      if (attachment) attachableFile(attachment.handle, devices)
      checkRowFiles(files, devices)
      const view = await guarded(() =>
        campaigns.create({
          name,
          fileName,
          sheet,
          mapping: { ...mapping, attachment: mapping.attachment ?? null },
          template,
          pacing,
          devices,
          seedKey: sheetId,
          attachmentName: attachment ? (deps.files.get(attachment.handle)?.name ?? null) : null,
          fileNames: (files ?? []).map((f) => f.name),
          sendRecent: sendRecent ?? false
        })
      )
      if (attachment) attached.set(view.id, attachment.handle)
      if (files && files.length > 0) attachedRowFiles.set(view.id, files)
      changed(view.id)
      return view
    },

    async 'campaigns:list'() {
      return { campaigns: campaigns.list() }
    },
    async 'campaigns:get'({ id }) {
      return guarded(() => campaigns.get(id))
    },
    async 'campaigns:checkDraft'({ id, sendRecent }) {
      const { view, sameMessage, estimate, example } = await guarded(() =>
        campaigns.checkDraft(id, { sendRecent: sendRecent ?? false })
      )
      return { campaign: view, sameMessage, estimate, example }
    },
    async 'campaigns:start'({ id, attachment, files, sendRecent }) {
      const options: StartOptions = { sendRecent: sendRecent ?? false }
      const rowFiles = files ?? attachedRowFiles.get(id)
      if (rowFiles !== undefined) return startWithRowFiles(id, rowFiles, options)
      const handle = attachment?.handle ?? attached.get(id)
      // Without a file, the core refuses a campaign that was created with one.
      if (handle === undefined) return guarded(() => campaigns.start(id, null, null, options))
      const draft = await guarded(() => campaigns.get(id))
      // Checked again: the device's limit may have changed since the campaign was created.
      const file = attachableFile(
        handle,
        draft.devices.map((d) => d.deviceId)
      )
      const copy = await copyCampaignFile(deps.outbox, file)
      // Only microtasks between the copy and the insert: the rows reference the copy before any sweep can see it.
      const view = await guarded(() => campaigns.start(id, copy, null, options))
      // The outbox has its copy: the handle given now and the one kept since create (when different) can go.
      const kept = attached.get(id)
      attached.delete(id)
      await deps.files.release(kept === undefined || kept === handle ? [handle] : [handle, kept])
      return view
    },
    async 'campaigns:split'({ id, keep, restName }) {
      return guarded(() => campaigns.split(id, keep, restName))
    },
    async 'campaigns:pause'({ id }) {
      return guarded(() => campaigns.pause(id))
    },
    async 'campaigns:resume'({ id, deviceId }) {
      return guarded(() => campaigns.resume(id, deviceId))
    },
    async 'campaigns:cancel'({ id }) {
      return guarded(() => campaigns.cancel(id))
    },
    async 'campaigns:takeBack'({ id, revokeDelivered }) {
      return guarded(() => campaigns.takeBack(id, { revokeDelivered }))
    },
    async 'campaigns:takeBackPlan'({ id, revokeDelivered }) {
      return guarded(() => campaigns.planTakeBack(id, { revokeDelivered }))
    },
    async 'campaigns:holdForTakeBack'({ id }) {
      return guarded(() => campaigns.holdForTakeBack(id))
    },
    async 'campaigns:keepAfterTakeBack'({ id }) {
      return guarded(() => campaigns.keepAfterTakeBack(id))
    },
    async 'campaigns:setDevices'({ id, devices }) {
      for (const deviceId of devices) requireDevice(deps.registry, deviceId)
      return guarded(() => campaigns.setDevices(id, devices))
    },
    async 'campaigns:setPacing'({ id, pacing }) {
      return guarded(() => campaigns.setPacing(id, pacing))
    },
    async 'campaigns:progress'({ id }) {
      return guarded(() => campaigns.progress(id))
    },

    async 'campaigns:rows'({ id, offset, limit, only }) {
      const page = await guarded(() => campaigns.resultsPage(id, offset, limit, only))
      return {
        total: page.total,
        rows: page.rows.map((r) => ({
          rowNumber: r.rowNumber,
          phone: r.phone,
          phoneCell: r.phoneCell,
          values: Object.entries(r.values),
          message: r.message,
          problems: r.problems as RowProblem[],
          status: r.status,
          gatewayId: r.gatewayId,
          deviceId: r.itemId ? r.deviceId : null,
          sentAt: r.sentAt,
          failureMessage: r.failureMessage,
          history: r.history,
          takeBackWaiting: r.takeBackWaiting,
          checking: r.checking
        }))
      }
    },

    async 'campaigns:export'({ id, format, language, timeZone, exportId }) {
      return guarded(async () => {
        const campaign = campaigns.get(id)
        // The campaign's name as the operator wrote it, less what a file name cannot hold (QA67: "1.000" lost its dot),
        // cut so the whole name with its tail stays within what a disk takes (a name of 120 "…" was 360 bytes).
        const named = (tail: string): string => `${fileNamePart(campaign.name, tail) || 'campaign'}${tail}`
        if (format === 'skipped') {
          const csv = campaigns.skippedCsv(id, language)
          return {
            fileName: named(` - ${translate(language ?? 'en', 'campaigns.exportFile.skipped')}.csv`),
            mime: 'text/csv',
            dataBase64: Buffer.from(csv, 'utf8').toString('base64')
          }
        }
        // Devices by the operator's label, as the window names them.
        const bytes = await exportRuns.run(exportId, (signal) =>
          campaigns.exportResults(
            id,
            format,
            (deviceId) => deps.registry.get(deviceId)?.label ?? deviceId,
            language,
            {
              signal,
              onWritten: (written, total) => {
                if (exportId) deps.events.emit('campaigns:exportProgress', { exportId, written, total })
              }
            },
            exportTimeZone(timeZone)
          )
        )
        return {
          // Named in the export's language, as its headers are (QA15 Q15-10).
          fileName: named(` - ${translate(language ?? 'en', 'campaigns.exportFile.results')}.${format}`),
          mime:
            format === 'csv'
              ? 'text/csv'
              : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          dataBase64: Buffer.from(bytes).toString('base64')
        }
      })
    },

    async 'campaigns:stopExport'({ exportId }) {
      exportRuns.stop(exportId)
      return { ok: true as const }
    },

    async 'optouts:list'(request) {
      const { entries, total, listed } = campaigns.optOuts.page(request)
      return { optOuts: entries, total, listed }
    },
    async 'optouts:among'({ phones }) {
      return {
        optedOut: phones.filter((phone) => {
          try {
            return campaigns.optOuts.has(normalisePhone(phone))
          } catch {
            return false
          }
        })
      }
    },
    async 'optouts:add'({ phones, source }) {
      const valid: string[] = []
      const invalid: string[] = []
      for (const phone of phones.map((p) => p.trim()).filter((p) => p !== '')) {
        try {
          valid.push(normalisePhone(phone))
        } catch {
          invalid.push(phone)
        }
      }
      const added = campaigns.optOuts.add(valid, source)
      optOutsChanged(added)
      // Each number once (two spellings of one number are one): those not added were on the list already.
      const numbers = new Set(valid).size
      const alreadyListed = numbers - added
      // Said, or four lines would read "2 added; 1 not valid" with one line unaccounted for.
      const repeated = numbersWrittenTwice(valid)
      return { added, invalid, alreadyListed, repeated, gatewaySync: await pushToGateways(valid, true) }
    },
    async 'optouts:keywords'() {
      const { optOut, optIn } = readKeywords(deps.db)
      return { optOut: [...optOut], optIn: [...optIn] }
    },
    async 'optouts:setKeywords'(lists) {
      try {
        const { optOut, optIn } = saveKeywords(deps.db, lists)
        return { optOut: [...optOut], optIn: [...optIn] }
      } catch (error) {
        if (!(error instanceof KeywordsRefused)) throw error
        const { problem } = error
        const params: Record<string, string> = 'keyword' in problem ? { keyword: problem.keyword } : {}
        throw new ApiFailure(
          'invalid_keywords',
          { key: KEYWORDS_PROBLEM_KEY[problem.code], params },
          'keywords'
        )
      }
    },
    async 'optouts:remove'({ phone }) {
      let normalised = phone
      try {
        normalised = normalisePhone(phone)
      } catch {
        // A stored number is always normalised; anything else simply is not on the list.
      }
      optOutsChanged(campaigns.optOuts.remove(normalised) ? 1 : 0)
      return { ok: true as const, gatewaySync: await pushToGateways([normalised], false) }
    },
    async 'optouts:removeMany'({ phones }) {
      // The window sends the list's own (normalised) numbers; any other spelling is read as the core reads one.
      const removed = campaigns.optOuts.removeMany(
        phones.map((phone) => {
          try {
            return normalisePhone(phone)
          } catch {
            return phone
          }
        })
      )
      optOutsChanged(removed.length)
      return {
        removed,
        gatewaySync: await pushToGateways(
          removed.map((e) => e.phone),
          false
        )
      }
    },
    async 'optouts:restore'({ entries }) {
      const stored = entries.flatMap((entry) => {
        try {
          return [{ ...entry, phone: normalisePhone(entry.phone) }]
        } catch {
          return []
        }
      })
      const restored = campaigns.optOuts.restore(stored)
      optOutsChanged(restored)
      return {
        restored,
        gatewaySync: await pushToGateways(
          stored.map((e) => e.phone),
          true
        )
      }
    }
  }
}
