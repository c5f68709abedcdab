// The campaigns view: import a spreadsheet → check its rows → compose the message (live preview) → pacing and devices
// → confirm → progress (pause, resume, cancel, per-device waits) → export the proof.
import { Fragment, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import type {
  CampaignView,
  ColumnMappingView,
  DeviceView,
  DraftExample,
  FileHandleView,
  InvokeReply,
  InvokeRequest,
  PacingPolicyView
} from '../../../../shared/contract'
import {
  adviceKey,
  deviceStatus,
  isSendable,
  offersCheckAgain,
  renewAddress
} from '../../../../shared/device-status'
import { call, coreMessage, errorInfo, getApi, type ErrorInfo } from '../../api'
import { dismissExport, runExport, stopExport, useExportSlot } from '../../stores/exports'
import { ExportState, exportButton } from '../../ui/ExportState'
import { useFocusAfterAction } from '../../ui/use-focus-after-action'
import { coreText } from '../../../../shared/i18n/note-text'
import {
  formatList,
  localeOf,
  useLanguage,
  useT,
  type Language,
  type MessageKey,
  type Translate
} from '../../i18n'
import {
  formatBytes,
  formatClockTime,
  formatCount,
  formatCompactDateTime,
  formatCompactTimeAfter,
  formatDateTimeInZone,
  formatSoonInZone,
  zoneName
} from '../../i18n/dates'
import {
  bucketOf,
  newCampaignPacing,
  takenCampaignName,
  campaignNameFromFile,
  uniqueCampaignName,
  splitRestName,
  SPREADSHEET_PICKER_ACCEPT,
  type QuotaFinish,
  type StatusBucket
} from '../../../../shared/domain'
import { useOperatorZone } from '../../stores/settings'
import { useDevices } from '../../stores/devices'
import { useDroppedSheet } from '../../stores/dropped-sheet'
import { DropRest } from './DropRest'
import {
  clearCampaignDraft,
  draftWasShown,
  patchCampaignDraft,
  useCampaignDraft
} from '../../stores/campaign-draft'
import { useNavigation } from '../../stores/navigation'
import { keepOpenCampaign, keptOpenCampaign, whenIdle } from '../../stores/place'
import { openOutboxAt, useOutbox } from '../../stores/outbox'
import { coalescedReads, type CoalescedReads } from '../../ui/coalesced-reads'
import { ConfirmPanel } from '../../ui/ConfirmPanel'
import { ReadFailed, useReadAgain } from '../../ui/ReadFailed'
import { ViewHeading } from '../../ui/ViewHeading'
import { gatewayQuotaText, quotaFinishText, runningFinishText } from '../../ui/budget-words'
import { CampaignRows } from './CampaignRows'
import { FileDrop } from './FileDrop'
import { DraftDevices, draftDeviceIds, NoDeviceToSendFrom, noDeviceStartProps } from './DraftDevices'
import { campaignFinish, PreSendSummary, type ChosenDevice } from './PreSendSummary'
import { CampaignTemplate, MessageSent } from './CampaignMessage'
import { OptOuts } from './OptOuts'
import { Customers } from '../customers/Customers'
import { isUsablePacing, PacingFields, preparePacingFields } from './PacingFields'
import {
  CAMPAIGN_BUCKET_KEY,
  campaignDevices,
  campaignStatusText,
  campaignZone,
  inDealOrder,
  isHeld,
  rowBuckets,
  sendsNothingNow,
  type CampaignBucket
} from './campaign-facts'
import {
  draftStartCounts,
  NONE_SET_ASIDE,
  setAsideAtStartKey,
  setAsideReasons,
  setAsideUnforeseen,
  type SetAsideAtStart
} from '../../../../shared/set-aside-at-start'
import { CampaignAnnouncer } from './CampaignAnnouncer'
import { problemsText, skippedReasons } from './problems'
import { sheetFormatText } from './sheet-format'
import { ProgressChart, type CampaignProgress } from './ProgressChart'
import { campaignFinishEstimate } from '../../../../shared/domain/finish-estimate'
import { skippedForOptOut } from '../../../../shared/domain/campaign-buckets'
import { shownText } from '../../../../shared/domain/shown-text'
import { useNow } from '../../ui/use-now'
import { useViewFocus } from '../../ui/view-focus'
import { TakeBackCampaign } from './TakeBackCampaign'
import { campaignPartText, heldByState, rowsWaitText } from './wait-text'
import { deviceChoiceLabel, waitsUntilKey } from '../devices/device-choice'
import { RenewLink } from '../devices/RenewLink'
import { formatWhatsApp } from './whatsapp-format'
import { readTypedNumber } from '../../ui/typed-number'
import { useFocusStopAsItStarts } from '../../ui/use-focus-stop-as-it-starts'
import { useFocusKeptInside } from '../../ui/use-focus-kept-inside'
import './campaigns.css'

type Check = InvokeReply<'campaigns:check'>

/**
 * How often at most the campaign page looks again when the outbox's counts move (the header's follow each event): the
 * counts and the chart are read together, and the chart's read walks every row's history, so a big campaign's page
 * looks again less often (500 ms up to 10,000 rows, 2.5 s at 50,000, never over 3 s: its timer's pace).
 */
export function pageRereadGapMs(rows: number): number {
  return Math.min(3000, Math.max(500, Math.round(rows / 20)))
}

const EXPORT_PROGRESS_KEY: MessageKey = 'campaigns.export.progress'

/**
 * How long the list waits to join change notices into one read: a sending campaign changes with every send, and the
 * list names statuses only (the open campaign's counts are read on their own).
 */
const LIST_CHANGES_GAP_MS = 1000

/**
 * What "Cancel the rest" did: the rows it cancelled, and those past cancelling by where they stand — sent (or further)
 * apart from still with the gateway (QA4 F12: a row already read was "already with the gateway") — and those already
 * ended unsent, by the campaign's buckets (QA77: two opted out during the campaign were named nowhere).
 */
const SENT_BUCKETS: readonly StatusBucket[] = ['sent', 'delivered', 'read', 'revoked']

type EndedUnsentRow = InvokeReply<'campaigns:cancel'>['endedUnsent'][number]

/**
 * The words of each part of the rows already ended unsent: by bucket, and the `cancelled` bucket's cancels at the
 * gateway (a take-back of a message the gateway held) apart, in the Outbox's words for that status.
 */
const ENDED_UNSENT_KEY = {
  optedOut: 'campaigns.cancelReport.optedOut',
  failed: 'campaigns.cancelReport.failed',
  cancelled: 'campaigns.cancelReport.cancelledBefore',
  cancelledAtGateway: 'campaigns.cancelReport.cancelledAtGateway'
} as const satisfies Record<EndedUnsentRow['bucket'] | 'cancelledAtGateway', MessageKey>

const endedUnsentPart = (row: EndedUnsentRow): keyof typeof ENDED_UNSENT_KEY =>
  row.status === 'cancelled_at_gateway' ? 'cancelledAtGateway' : row.bucket

function cancelReportText(report: InvokeReply<'campaigns:cancel'>, t: Translate): string {
  const sent = report.alreadyAccepted.filter((row) => SENT_BUCKETS.includes(bucketOf(row.status))).length
  const withGateway = report.alreadyAccepted.length - sent
  const ended = (Object.keys(ENDED_UNSENT_KEY) as (keyof typeof ENDED_UNSENT_KEY)[]).map((part) => {
    const n = report.endedUnsent.filter((row) => endedUnsentPart(row) === part).length
    return n > 0 ? t(ENDED_UNSENT_KEY[part], { n }) : null
  })
  const parts = [
    sent > 0 ? t('campaigns.cancelReport.sent', { n: sent }) : null,
    withGateway > 0 ? t('campaigns.cancelReport.withGateway', { n: withGateway }) : null,
    ...ended
  ].filter((part): part is string => part !== null)
  return t('campaigns.cancelReport', {
    cancelled: report.cancelledRows.length,
    past: parts.length > 0 ? parts.join(', ') : t('campaigns.cancelReport.noneLeft')
  })
}

/** The draft a split left for later: named under the campaign that started, with a way to it. */
interface SplitRest {
  id: string
  name: string
  rows: number
}

/**
 * The draft a split leaves for later, "<name> (rest)", a rest's rest "<name> (rest 2)", numbered past the names the
 * campaigns have (two "<name> (rest)" drafts could not be told apart): within the name's limit.
 */
function restNameOf(t: Translate, campaignName: string, existingNames: readonly string[]): string {
  return splitRestName(
    campaignName,
    (name) => t('campaigns.split.restName', { name }),
    (name, n) => t('campaigns.split.restNameAgain', { name, n }),
    existingNames
  )
}

export function CampaignsView(): React.JSX.Element {
  const t = useT()
  const locale = localeOf(useLanguage())
  const sendingPaused = useOutbox((s) => s.sendingPaused)
  const devices = useDevices((s) => s.devices)
  const operatorZone = useOperatorZone()
  // On the clock of the campaign's other times (campaignZone), compact: the list's rows are one line each.
  const listTime = (campaign: CampaignView, time: number): string =>
    formatCompactDateTime(
      new Date(time).toISOString(),
      locale,
      campaignZone(campaign.pacing, operatorZone),
      true
    )
  const [splitRest, setSplitRest] = useState<SplitRest | null>(null)
  // A campaign asked for from elsewhere (the Overview's list) opens as if picked in the list here.
  const [asked] = useState(() => useNavigation.getState().openCampaign)
  useEffect(() => {
    useNavigation.getState().takeOpenCampaign()
  }, [])
  const [openId, setOpenId] = useState<string | null>(asked)
  /** The campaign was opened by the operator (list, Start, the Overview): its heading takes the focus. */
  const [focusOpened, setFocusOpened] = useState(asked !== null)
  /** "New campaign" was pressed on a campaign: the new form's first field takes the focus. */
  const [focusNew, setFocusNew] = useState(false)
  /** The operator asked for a new campaign: a running one is no longer opened by itself. */
  const [wantsNew, setWantsNew] = useState(
    () => useDroppedSheet.getState().forCampaign !== null || draftWasShown()
  )
  // The campaign open before a reload (or as the view was left) opens again once listed, as picked in the list; one
  // deleted since does not (QA45 Q45-02). One asked for from elsewhere, or a new one asked for, wins.
  const [reopening] = useState(() => (asked === null && !wantsNew ? keptOpenCampaign() : null))
  const reopened = useRef(reopening === null)
  const { leftHere, takeIfStill } = useViewFocus()
  const [list, setList] = useState<CampaignView[]>([])
  const [listError, setListError] = useState<ErrorInfo | null>(null)
  const [reload, setReload] = useState(0)
  const refresh = useCallback(() => setReload((n) => n + 1), [])
  // Try again after a failed read: the failure goes and the focus waits on the view's heading, over the list.
  const headingRef = useRef<HTMLHeadingElement>(null)
  const listFailureRef = useRef<HTMLDivElement>(null)
  const readListAgain = useReadAgain(listError, headingRef, listFailureRef, () => {
    setListError(null)
    refresh()
  })

  useEffect(() => {
    let on = true
    call('campaigns:list', {}).then(
      (reply) => {
        if (!on) return
        setListError(null)
        setList(reply.campaigns)
        if (!reopened.current) {
          reopened.current = true
          if (reply.campaigns.some((c) => c.id === reopening)) {
            setFocusOpened(true)
            setOpenId((open) => open ?? reopening)
            return
          }
          // Gone: the view's heading takes the focus its navigation left for the campaign (none on the first view).
          if (useNavigation.getState().seq > 1) takeIfStill(document.getElementById('campaigns-heading'))
        }
        // Coming back to the view shows the campaign that is sending (or paused), not a blank form.
        const current = reply.campaigns.find((c) => c.status === 'running' || c.status === 'paused')
        if (current && !wantsNew) setOpenId((open) => open ?? current.id)
      },
      (e: unknown) => {
        if (on) setListError(errorInfo(e))
      }
    )
    return () => {
      on = false
    }
  }, [reload, openId, wantsNew, reopening, takeIfStill])
  // Every listed campaign follows its changes, not the open one alone (QA64: "Small run sending" stayed long after it
  // had finished while another was open): the list's words only; what is open, and the focus, stay.
  useEffect(() => {
    let on = true
    const listReads = coalescedReads(async () => {
      const reply = await call('campaigns:list', {})
      if (on) setList(reply.campaigns)
    }, LIST_CHANGES_GAP_MS)
    const off = getApi().on('campaigns:changed', () => listReads.ask('soon'))
    return () => {
      on = false
      listReads.stop()
      off()
    }
  }, [])
  useEffect(() => {
    if (openId === null && !reopened.current) return
    keepOpenCampaign(openId)
  }, [openId])

  // A spreadsheet the operator chose to import from a drop elsewhere: the new-campaign form takes it.
  useEffect(
    () =>
      useDroppedSheet.subscribe((state, before) => {
        if (state.forCampaign && state.forCampaign !== before.forCampaign) {
          setWantsNew(true)
          setOpenId(null)
        }
      }),
    []
  )

  // Which of the two was on screen, for the next visit (a draft left on screen is shown again, QA28 Q28-03).
  useEffect(() => patchCampaignDraft({ formShown: openId === null }), [openId])

  /** The list's buttons by campaign: "Back to your campaigns" puts the focus on the campaign's own. */
  const rowButtons = useRef(new Map<string, HTMLButtonElement>())
  const open = (id: string): void => {
    // Picked here (the list, Start): the campaign's heading takes the focus from where the operator is now.
    leftHere()
    setFocusOpened(true)
    setOpenId(id)
  }
  const started = (id: string, rest?: SplitRest): void => {
    setSplitRest(rest ?? null)
    open(id)
  }

  return (
    <section className="view campaigns" aria-labelledby="campaigns-heading" data-testid="view-campaigns">
      {/* A campaign asked for from elsewhere (or open before a reload) takes the focus to its own heading once read (CampaignProgress). */}
      <ViewHeading id="campaigns-heading" ref={headingRef} leavesFocus={asked !== null || reopening !== null}>
        {t('campaigns.title')}
      </ViewHeading>
      <p className="muted">{t('campaigns.intro')}</p>
      <Customers campaigns={list} />
      <OptOuts />
      {listError ? (
        <ReadFailed
          ref={listFailureRef}
          testId="campaigns-list-error"
          says={t('campaigns.listFailed', { why: listError.message })}
          onRetry={readListAgain}
        />
      ) : null}
      {list.length > 0 ? (
        <ul className="campaigns-list" aria-label={t('campaigns.list')}>
          {list.map((c) => (
            <li key={c.id}>
              {/* The row's J / K stop is the button that opens it, so Enter opens it as a click does. */}
              <button
                type="button"
                className="button button--link"
                data-row-focus
                ref={(button) => {
                  if (button) rowButtons.current.set(c.id, button)
                  return () => {
                    rowButtons.current.delete(c.id)
                  }
                }}
                onClick={() => open(c.id)}
              >
                {c.name}
              </button>{' '}
              <span className="muted">
                {campaignStatusText(c, t, locale, sendingPaused, devices, operatorZone)}
              </span>
              {/* Which week's "camp" it is: the list told campaigns of one name apart by nothing else. */}
              <span className="muted" data-testid="campaigns-list-when">
                {' · '}
                {c.startedAt !== null
                  ? t('campaigns.list.started', { time: listTime(c, c.startedAt) })
                  : t('campaigns.list.created', { time: listTime(c, c.createdAt) })}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {splitRest && openId && openId !== splitRest.id ? (
        <p role="status" data-testid="campaign-split-rest">
          {t('campaigns.split.done', {
            later: splitRest.rows,
            name: splitRest.name
          })}{' '}
          <button
            type="button"
            className="button button--link"
            onClick={() => {
              setSplitRest(null)
              open(splitRest.id)
            }}
          >
            {t('campaigns.split.open', { name: splitRest.name })}
          </button>
        </p>
      ) : null}
      {openId ? (
        <CampaignProgress
          key={openId}
          id={openId}
          focusOnOpen={focusOpened}
          onClose={() => {
            setWantsNew(true)
            setFocusNew(true)
            setOpenId(null)
          }}
          onBack={() => {
            // The list is drawn above the campaign: the focus goes to the campaign's row in it (the view's heading if
            // the list does not have it), then the campaign is closed, its form not taking the focus.
            ;(rowButtons.current.get(openId) ?? document.getElementById('campaigns-heading'))?.focus()
            setWantsNew(true)
            setFocusNew(false)
            setOpenId(null)
          }}
          onChanged={refresh}
          onSplit={setSplitRest}
          existingNames={list.map((c) => c.name)}
        />
      ) : (
        <NewCampaign onCreated={started} focusFirst={focusNew} existingNames={list.map((c) => c.name)} />
      )}
    </section>
  )
}

/** The picked files as the core matches them to the attachment column: by name. */
/** A preview row as the operator may type it: a whole row number past the header row. */
const isRowNumber = (text: string, language: Language): boolean => readTypedNumber(text, true, language) >= 2

const namedFiles = (files: readonly FileHandleView[]): { name: string; handle: string }[] =>
  files.map((f) => ({ name: f.name, handle: f.handle }))

/** A picked file as the send panel shows it: name, kind and size, and a remove button when it can be removed. */
function FileLine({ file, onRemove }: { file: FileHandleView; onRemove?: () => void }): React.JSX.Element {
  const t = useT()
  const locale = localeOf(useLanguage())
  return (
    <>
      <span className="file-name">{file.name}</span>{' '}
      <span className="file-meta">
        {t(`kind.${file.kind}`)} · {formatBytes(file.size, locale)}
      </span>
      {onRemove ? (
        <>
          {' '}
          <button
            type="button"
            className="icon-button"
            aria-label={t('send.file.remove', { name: file.name })}
            onClick={onRemove}
          >
            ×
          </button>
        </>
      ) : null}
    </>
  )
}

/** The files picked for an attachment column so far, each removable. */
function PickedFiles({
  files,
  onRemove
}: {
  files: readonly FileHandleView[]
  onRemove: (file: FileHandleView) => void
}): React.JSX.Element | null {
  const t = useT()
  if (files.length === 0) return null
  return (
    <ul aria-label={t('campaigns.rowFiles.list')}>
      {files.map((file) => (
        <li key={file.handle}>
          <FileLine file={file} onRemove={() => onRemove(file)} />
        </li>
      ))}
    </ul>
  )
}

function releaseHandles(files: readonly FileHandleView[]): void {
  if (files.length === 0) return
  void call('files:release', { handles: files.map((f) => f.handle) }).catch(() => undefined)
}

/** Registers picked files like any drop: the accepted ones, and the first refusal named (or the call's error). */
async function registerPicked(
  files: readonly File[]
): Promise<{ files: FileHandleView[]; error: ErrorInfo | null }> {
  if (files.length === 0) return { files: [], error: null }
  try {
    const reply = await getApi().registerFiles([...files])
    const rejected = reply.rejected[0]
    return {
      files: reply.files,
      error: rejected ? { code: rejected.code, message: coreMessage(rejected) } : null
    }
  } catch (e) {
    return { files: [], error: errorInfo(e) }
  }
}

/** Files for an attachment column, by name (any case): a newly picked file replaces the earlier one, released. */
function replacingByName(
  current: readonly FileHandleView[],
  added: readonly FileHandleView[]
): FileHandleView[] {
  const key = (name: string): string => name.trim().toLowerCase()
  const names = new Set(added.map((f) => key(f.name)))
  releaseHandles(current.filter((f) => names.has(key(f.name))))
  return [...current.filter((f) => !names.has(key(f.name))), ...added]
}

function NewCampaign({
  onCreated,
  focusFirst = false,
  existingNames
}: {
  onCreated: (id: string, rest?: SplitRest) => void
  /** Opened by "New campaign" on a campaign: the focus goes to its first field, the spreadsheet's choose button. */
  focusFirst?: boolean
  /** The campaigns' names so far: the default name is none of them, a typed one that is gets a warning. */
  existingNames: readonly string[]
}): React.JSX.Element {
  const t = useT()
  const language = useLanguage()
  const devices = useDevices((s) => s.devices)
  // The form's fields live in the draft store: a trip to another view keeps them (QA28 Q28-03).
  const draft = useCampaignDraft()
  const {
    sheet,
    mapping,
    template,
    typedName,
    chosen,
    previewRow,
    previewRowText,
    sendRecent,
    attachment,
    rowFiles
  } = draft
  const setMapping = (value: ColumnMappingView | null): void => patchCampaignDraft({ mapping: value })
  const setTemplate = (value: string): void => patchCampaignDraft({ template: value })
  const setTypedName = (value: string | null): void => patchCampaignDraft({ typedName: value })
  const operatorZone = useOperatorZone()
  const defaultPacing = useMemo(() => newCampaignPacing(operatorZone), [operatorZone])
  const pacing = draft.pacing ?? defaultPacing
  const setPacing = (value: PacingPolicyView): void => patchCampaignDraft({ pacing: value })
  // The pacing step appears with the read sheet: what it first needs is made while a file is picked and read.
  const pacingShown = sheet !== null && mapping !== null
  useEffect(() => {
    if (!pacingShown) whenIdle(() => preparePacingFields(pacing, operatorZone, language))
  }, [pacingShown, pacing, operatorZone, language])
  const setChosen = (value: string[]): void => patchCampaignDraft({ chosen: value })
  // Send to numbers that got this same message in the last 24 hours too: no, unless the operator says so (QA17 Q17-04).
  const setSendRecent = (value: boolean): void => patchCampaignDraft({ sendRecent: value })
  const setAttachment = (value: FileHandleView | null): void => patchCampaignDraft({ attachment: value })
  const setRowFiles = (value: FileHandleView[]): void => patchCampaignDraft({ rowFiles: value })
  /** The last check's reply, and the inputs it was asked with (checkKey below). */
  const [lastCheck, setCheck] = useState<{ reply: Check; key: string } | null>(null)
  const [error, setError] = useState<ErrorInfo | null>(null)
  const [busy, setBusy] = useState(false)
  /** The spreadsheet being read by the core: its handle (to cancel) and how far it is (0 to 1). */
  const [reading, setReading] = useState<{ handle: string; fraction: number } | null>(null)
  const readingHandle = useRef<string | null>(null)
  const [readStopped, setReadStopped] = useState(false)
  /** Why the last file picked could not be read: said in step 1, at the picker (the file before may stay below). */
  const [readError, setReadError] = useState<ErrorInfo | null>(null)
  /** The file the last read was of: a failure names it, beside the list still loaded (QA65). */
  const [readFile, setReadFile] = useState<string | null>(null)
  /** The pre-send summary is open: Start asks before anything is created. */
  const [confirming, setConfirming] = useState(false)
  const fileInput = useRef<HTMLInputElement>(null)
  const attachmentInput = useRef<HTMLInputElement>(null)
  const startButton = useRef<HTMLButtonElement>(null)
  useLayoutEffect(() => {
    if (focusFirst) fileInput.current?.focus()
  }, [focusFirst])
  const phoneColumn = useRef<HTMLSelectElement>(null)
  // The picker is disabled while a spreadsheet is read, which drops the focus: once enabled again it goes to what the
  // reading produced (the columns), or back to the picker when nothing was read (refused, failed or stopped).
  const focusAfterReading = useRef<'file' | 'mapping' | null>(null)
  // Meanwhile it waits on Stop reading (a large sheet takes seconds), not on the page.
  const stopReading = useRef<HTMLButtonElement>(null)
  useFocusStopAsItStarts(reading !== null, stopReading)
  // In the next frame, not in the task that draws the read sheet's steps: focusing there laid them out in that task
  // as well (40–50 ms with a 50,000-row sheet, issue 29), where the frame's own task lays them out anyway. Unless
  // the operator has put the focus somewhere meanwhile: that place is theirs.
  useLayoutEffect(() => {
    if (busy || focusAfterReading.current === null) return
    const target = focusAfterReading.current === 'mapping' ? phoneColumn.current : fileInput.current
    focusAfterReading.current = null
    const leftOn = document.activeElement
    const frame = requestAnimationFrame(() => {
      if (document.activeElement === leftOn) target?.focus()
    })
    return () => cancelAnimationFrame(frame)
  }, [busy])

  // One device: it is the one to send from (ticked once; the operator may untick it, also before leaving the view).
  useEffect(() => {
    const only = devices.length === 1 ? devices[0] : undefined
    if (only && !useCampaignDraft.getState().autoTicked)
      patchCampaignDraft({ autoTicked: true, chosen: [only.id] })
  }, [devices])

  useEffect(
    () =>
      getApi().on('campaigns:readProgress', (e) => {
        if (e.handle === readingHandle.current) setReading({ handle: e.handle, fraction: e.fraction })
      }),
    []
  )

  // A spreadsheet dropped elsewhere and answered "import as campaign recipients" is read here (the form may be open
  // already: the drop was on the campaigns view, outside its import area).
  const incoming = useDroppedSheet((s) => s.forCampaign)
  useEffect(() => {
    if (!incoming) return
    const dropped = useDroppedSheet.getState().takeForCampaign()
    if (dropped) void onFile(dropped)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- onFile is this render's; only a new file matters
  }, [incoming])
  // …or dropped on the tray, which registered it to be read: the core reads it by its handle.
  const incomingFromTray = useDroppedSheet((s) => s.trayForCampaign)
  useEffect(() => {
    if (!incomingFromTray) return
    const dropped = useDroppedSheet.getState().takeTrayForCampaign()
    if (dropped) void onTrayFile(dropped)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- onTrayFile is this render's; only a new handle matters
  }, [incomingFromTray])

  // What the check is asked now, and the same as a key: a reply belongs to the inputs it was asked with.
  const checkRequest = useMemo<InvokeRequest<'campaigns:check'> | null>(
    () =>
      !sheet || !mapping || template.trim() === ''
        ? null
        : {
            sheetId: sheet.sheetId,
            mapping,
            template,
            // A policy the core would refuse has no estimate; the form says what is wrong with it.
            ...(isUsablePacing(pacing) ? { pacing } : {}),
            deviceCount: Math.max(1, chosen.length),
            // The estimate holds each chosen device to its own daily cap; a file is checked against each one's limit.
            ...(chosen.length > 0 ? { devices: chosen } : {}),
            ...(previewRow !== null ? { previewRows: [previewRow] } : {}),
            ...(attachment ? { attachment: { handle: attachment.handle } } : {}),
            ...(mapping.attachment ? { files: namedFiles(rowFiles) } : {}),
            ...(sendRecent ? { sendRecent: true } : {})
          },
    [sheet, mapping, template, pacing, chosen, previewRow, attachment, rowFiles, sendRecent]
  )
  const checkKey = checkRequest === null ? null : JSON.stringify(checkRequest)
  // Where the chosen devices stand today (sends, cap, quota) and what waits in the outbox (other sends share the cap):
  // the estimate holds each device to them, so it is asked again when they move (a send of another campaign's), the
  // timer below making one ask of a burst (QA28 Q28-02). A reply is still matched by checkKey alone: the end shown
  // meanwhile is the form's, a moment behind the count.
  const waitingInOutbox = useOutbox((s) => s.counts.queued + s.counts.scheduled)
  // The end is estimated from now (working hours, today's caps): asked again each minute the form stays open, or a
  // form left open says an end already gone, or an evening's end after the hours have closed (an operator's probe).
  const minute = useNow(60_000)
  // The check leaves out the numbers on the opt-out list: one added or taken off while the form is open is counted
  // again (QA59: "Start sending 8 messages" and "Before you start" still counted a number just opted out).
  const [optOutsChanged, setOptOutsChanged] = useState(0)
  useEffect(() => getApi().on('optouts:changed', () => setOptOutsChanged((n) => n + 1)), [])
  const devicesNow = JSON.stringify(
    devices
      .filter((d) => chosen.includes(d.id))
      .map((d) => [d.id, d.sentToday?.count ?? 0, d.dailyCap ?? null, d.quota])
  )
  useEffect(() => {
    if (checkRequest === null || checkKey === null) return
    let on = true
    const timer = setTimeout(() => {
      call('campaigns:check', checkRequest)
        .then((reply) => {
          // A reply for inputs changed since is dropped, even when it comes after the newer one's (QA23 Q23-03).
          if (!on) return
          setCheck({ reply, key: checkKey })
          setError(null)
        })
        .catch((e: unknown) => {
          // The last check stays (the devices stay choosable); a refused file keeps the start button off.
          if (on) failed(e)
        })
    }, 200)
    return () => {
      on = false
      clearTimeout(timer)
    }
  }, [checkRequest, checkKey, devicesNow, waitingInOutbox, minute, optOutsChanged])

  async function attach(file: File | undefined): Promise<void> {
    if (!file) return
    setError(null)
    const { files, error } = await registerPicked([file])
    setError(error)
    if (files[0]) replaceAttachment(files[0])
  }

  async function pickRowFiles(picked: readonly File[]): Promise<void> {
    if (picked.length === 0) return
    setError(null)
    const { files, error } = await registerPicked(picked)
    setError(error)
    // The files as they are now: the view may have been left and come back to while these were registered.
    if (files.length > 0) setRowFiles(replacingByName(useCampaignDraft.getState().rowFiles, files))
  }

  function removeRowFile(file: FileHandleView): void {
    releaseHandles([file])
    setRowFiles(rowFiles.filter((f) => f.handle !== file.handle))
  }

  function replaceAttachment(next: FileHandleView | null): void {
    if (attachment) void call('files:release', { handles: [attachment.handle] }).catch(() => undefined)
    setAttachment(next)
  }

  async function onFile(file: File | undefined): Promise<void> {
    if (!file) return
    // Registered like a drop (the core gets a path, or the harness's bytes) and read by the core: the window never
    // holds a 50,000-row file's bytes on its UI thread.
    await readSheet(file.name, () => getApi().registerFiles([file], 'spreadsheet'))
  }

  async function onTrayFile(file: FileHandleView): Promise<void> {
    await readSheet(file.name, async () => ({ files: [file], rejected: [] }))
  }

  /** Registers a spreadsheet (`register`), then has the core read it, with its progress and a way to stop. */
  async function readSheet(
    fileName: string,
    register: () => Promise<InvokeReply<'files:register'>>
  ): Promise<void> {
    setError(null)
    setReadError(null)
    setReadFile(fileName)
    setReadStopped(false)
    setBusy(true)
    focusAfterReading.current = 'file'
    try {
      const registered = await register()
      const refused = registered.rejected[0]
      if (refused) {
        // Its words name the file already.
        setReadFile(null)
        setReadError({ code: refused.code, message: coreMessage(refused) })
        return
      }
      const handle = registered.files[0]?.handle
      if (!handle) return
      readingHandle.current = handle
      setReading({ handle, fraction: 0 })
      const read = await call('campaigns:read', { handle })
      // Another sheet: its recipients are asked about again, left out by default.
      patchCampaignDraft({ sheet: read, mapping: read.mapping, typedName: null, sendRecent: false })
      focusAfterReading.current = 'mapping'
    } catch (e) {
      // Stopped by the operator: said as such, not as a failure.
      if (readingHandle.current === null) setReadStopped(true)
      else setReadError(errorInfo(e))
    } finally {
      readingHandle.current = null
      setReading(null)
      setBusy(false)
    }
  }

  function cancelReading(): void {
    const handle = readingHandle.current
    if (!handle) return
    readingHandle.current = null
    void call('campaigns:cancelRead', { handle }).catch(() => undefined)
    // The Stop button goes with the reading: the focus goes back to choosing a spreadsheet, once it is enabled.
    focusAfterReading.current = 'file'
  }

  /** Creates the campaign and starts it; with `keep`, only its first `keep` ready rows, the rest made a draft. */
  async function createAndStart(keep?: number): Promise<void> {
    if (!sheet || !mapping) return
    setBusy(true)
    setError(null)
    try {
      const created = await call('campaigns:create', {
        sheetId: sheet.sheetId,
        name: campaignName,
        mapping,
        template,
        pacing,
        devices: chosen,
        ...(attachment ? { attachment: { handle: attachment.handle } } : {}),
        ...(mapping.attachment ? { files: namedFiles(rowFiles) } : {}),
        ...(sendRecent ? { sendRecent: true } : {})
      })
      const split =
        keep === undefined
          ? null
          : await call('campaigns:split', {
              id: created.id,
              keep,
              restName: restNameOf(t, created.name, existingNames)
            })
      await call('campaigns:start', { id: created.id })
      setConfirming(false)
      // The core copied the files for the campaign and released the handles; the next campaign starts empty.
      clearCampaignDraft()
      onCreated(
        created.id,
        split ? { id: split.rest.id, name: split.rest.name, rows: split.rest.summary.ready } : undefined
      )
    } catch (e) {
      failed(e)
    } finally {
      setBusy(false)
    }
  }

  /**
   * Says what went wrong. A sheet the core no longer holds (it keeps a few, a restart none: the draft outlived it) is
   * said at the picker, where the fix is, and its steps go; the message, pacing and devices stay for the next file.
   */
  function failed(e: unknown): void {
    const info = errorInfo(e)
    if (info.code !== 'sheet_gone') {
      setError(info)
      return
    }
    setError(null)
    setConfirming(false)
    patchCampaignDraft({ sheet: null, mapping: null })
    setReadError(info)
  }

  // Told apart from the campaigns before it (QA4 F22: two "promo3" side by side): a repeat of the file is numbered.
  const defaultName = sheet ? uniqueCampaignName(campaignNameFromFile(sheet.fileName), existingNames) : ''
  const name = typedName ?? defaultName
  /** What the campaign is created as: an emptied field takes the default again. */
  const campaignName = name.trim() || defaultName
  // A typed repeat is the operator's choice (a second run of last month's name): said at the field, not refused.
  const nameTaken = takenCampaignName(name, existingNames)

  // A check belongs to the message it was made for: none while the message is empty.
  const check = sheet && mapping && template.trim() !== '' ? (lastCheck?.reply ?? null) : null
  // The end it estimates is of the inputs it was asked with: while the form differs (the pacing typed a moment ago,
  // the check not answered yet), that end is being worked out, never shown beside the new pacing (QA23 Q23-03).
  const estimate = check && lastCheck?.key === checkKey ? (check.estimate ?? null) : 'working'
  const skippedRows = new Map((check?.problems ?? []).map((p) => [p.rowNumber, p.problems]))
  // The first sendable row unless the operator chose one: a skipped row is never shown as a message.
  const preview =
    previewRow === null
      ? (check?.previews.find((p) => !skippedRows.has(p.rowNumber)) ?? check?.previews[0])
      : check?.previews[0]
  const previewProblems = preview ? skippedRows.get(preview.rowNumber) : undefined
  // What "Before you start" says is sent (QA81): the first ready row previewed, as the preview merged it (the one it
  // shows, unless it shows a row not sent); none while the check is of other inputs, the template as written then.
  // Named as its sheet names it, as a saved draft's example is (the contact's name only without one there).
  const sentPreview =
    lastCheck?.key === checkKey ? check?.previews.find((p) => !skippedRows.has(p.rowNumber)) : undefined
  const example: DraftExample | null = sentPreview?.phone
    ? {
        rowNumber: sentPreview.rowNumber,
        phone: sentPreview.phone,
        name: sentPreview.name ?? null,
        message: sentPreview.message
      }
    : null
  // The row asked for is none the sheet has (a blank row left out, or past the last): the answer to this very ask has
  // no preview, and the preview was left empty with nothing said (an operator's probe).
  const noSuchRow =
    previewRow !== null && check !== null && lastCheck?.key === checkKey && check.previews.length === 0
  // Typed, no row at all (1 is the header; 0, letters): said at the field, and no other row's preview beside it
  // (QA58: the last row read stayed, the field marked with nothing said). Emptied to type another: nothing said yet.
  const typedNoRow = previewRowText !== null && !isRowNumber(previewRowText, language)
  const typedNoRowSaid = !typedNoRow
    ? null
    : previewRowText.trim() === ''
      ? null
      : readTypedNumber(previewRowText, true, language) === 1
        ? t('campaigns.preview.headerRow')
        : t('campaigns.preview.notARow', { typed: previewRowText.trim() })
  const ready = check?.summary.ready ?? 0
  const templateFailure = check?.templateError
    ? coreText(language, check.templateError, check.templateErrorKey, check.templateErrorParams)
    : null
  // Why Start cannot be pressed yet, first reason first.
  // The chosen devices, each with what other sends have waiting on it today (they share its cap, QA28 Q28-07), in the
  // order they were chosen: the campaign keeps it, and its start deals the rows in it (each one's part of the quota).
  const chosenDevices: ChosenDevice[] = inDealOrder(chosen, devices).map((d) => ({
    ...d,
    waitingToday: check?.waitingToday?.[d.id] ?? 0
  }))
  const at = (instant: number): string =>
    formatDateTimeInZone(
      new Date(instant).toISOString(),
      localeOf(language),
      campaignZone(pacing, operatorZone)
    )
  /** The form's line: the messages and their end, the quota's part said as the summary says it (QA28 Q28-02). */
  // No end to estimate: said in a sentence of its own, and why when the pacing is the reason ("estimated to finish
  // Unknown." read as a placeholder left in the text, an operator's probe).
  // No device chosen covers no message: "None while the gateway quota is spent" was said of devices with quota left
  // (a new operator's probe, two devices and neither ticked yet). The end waits for a device, not for a quota.
  // None of those ticked can send (expired, logged out): no end, as "Before you start" says below it (QA58: the form
  // promised one there).
  const noneTickedSends = chosenDevices.length > 0 && chosenDevices.every((d) => !isSendable(d.state))
  const finishLine = (finish: QuotaFinish): string =>
    blocked === 'campaigns.blocked.noDevice' || blocked === 'campaigns.blocked.noneTicked'
      ? t('campaigns.confirmNoEnd.noDevice', { count: ready })
      : noneTickedSends
        ? t('campaigns.confirmNoEnd.noneSends', { count: ready })
        : finish.kind === 'none'
          ? t(
              blocked === 'campaigns.blocked.pacing'
                ? 'campaigns.confirmNoEnd.pacing'
                : 'campaigns.confirmNoEnd',
              {
                count: ready
              }
            )
          : finish.kind === 'at'
            ? t('campaigns.confirm', { count: ready, finish: at(finish.at) })
            : t('campaigns.confirmQuota', {
                count: ready,
                finish: quotaFinishText(t, finish, at, chosenDevices, (labels) =>
                  formatList(labels, language)
                )
              })
  const blocked: MessageKey | null =
    template.trim() === ''
      ? 'campaigns.blocked.noMessage'
      : templateFailure
        ? 'campaigns.blocked.templateError'
        : !check
          ? 'campaigns.blocked.checking'
          : ready === 0
            ? 'campaigns.blocked.noneReady'
            : devices.length === 0
              ? 'campaigns.blocked.noDevice'
              : chosen.length === 0
                ? 'campaigns.blocked.noneTicked'
                : !isUsablePacing(pacing)
                  ? 'campaigns.blocked.pacing'
                  : error?.field === 'attachment'
                    ? 'campaigns.blocked.file'
                    : null

  return (
    <div className="campaign-steps">
      <section aria-labelledby="campaign-import">
        <h3 id="campaign-import">{t('campaigns.step.import')}</h3>
        <FileDrop
          id="campaign-file"
          label={t('campaigns.file')}
          hint={t('campaigns.file.hint')}
          accept={SPREADSHEET_PICKER_ACCEPT}
          testId="campaign-import-drop"
          inputTestId="campaign-file"
          inputRef={fileInput}
          disabled={busy}
          onFiles={(files) => {
            // One customer list at a time: the others dropped with it are named, not dropped unsaid (QA65).
            const leftOut = files.slice(1).map((file) => file.name)
            useDroppedSheet.setState({ dropRest: leftOut.length > 0 ? { attached: [], leftOut } : null })
            void onFile(files[0])
          }}
        />
        {reading ? (
          <div className="campaign-reading" role="status" data-testid="campaign-reading">
            <label htmlFor="campaign-reading-progress">{t('campaigns.reading')}</label>
            <progress id="campaign-reading-progress" max={1} value={reading.fraction} />
            <button ref={stopReading} type="button" className="button" onClick={cancelReading}>
              {t('campaigns.reading.cancel')}
            </button>
          </div>
        ) : null}
        {readStopped ? <p role="status">{t('campaigns.reading.stopped')}</p> : null}
        {readError ? (
          <div className="alert alert--bad" role="alert" data-testid="campaign-read-error">
            <p>
              {readFile
                ? t('campaigns.readError.file', { file: readFile, why: readError.message })
                : readError.message}
            </p>
            {sheet ? <p>{t('campaigns.readError.keptList', { file: sheet.fileName })}</p> : null}
          </div>
        ) : null}
        {sheet ? (
          <p role="status" data-testid="campaign-sheet">
            {t('campaigns.sheet', {
              file: sheet.fileName,
              rows: sheet.rowCount,
              format: sheetFormatText(sheet.format, t)
            })}
            {/* Every row under the header accounted for: the blank ones are no row of the campaign (QA39 Q39-04). */}
            {sheet.blankRows ? ` ${t('campaigns.sheet.blank', { count: sheet.blankRows })}` : ''}
            {/* A title above the column names, left out: said, so a wrong guess is seen (an operator's probe). */}
            {sheet.titleRows?.length
              ? ` ${t('campaigns.sheet.title', {
                  count: sheet.titleRows.length,
                  rows: sheet.titleRows.map((title) => `${title.row} (“${title.text}”)`).join(', ')
                })}`
              : ''}
            {sheet.remembered ? ` ${t('campaigns.mapping.remembered')}` : ''}
          </p>
        ) : null}
        <DropRest />
      </section>

      {sheet && mapping ? (
        <section aria-labelledby="campaign-mapping">
          <h3 id="campaign-mapping">{t('campaigns.step.mapping')}</h3>
          <label htmlFor="campaign-phone-column">{t('campaigns.phoneColumn')}</label>
          <select
            ref={phoneColumn}
            id="campaign-phone-column"
            data-testid="campaign-phone-column"
            value={mapping.phone}
            onChange={(e) =>
              setMapping({
                ...mapping,
                phone: e.target.value,
                variables: sheet.headers.filter((h) => h !== e.target.value),
                name: mapping.name === e.target.value ? null : mapping.name
              })
            }
          >
            {sheet.headers.map((h) => (
              <option key={h} value={h}>
                {h}
              </option>
            ))}
          </select>
          <fieldset>
            <legend>{t('campaigns.variables')}</legend>
            {sheet.headers
              .filter((h) => h !== mapping.phone)
              .map((h) => (
                <label key={h} className="campaign-check">
                  <input
                    type="checkbox"
                    checked={mapping.variables.includes(h)}
                    onChange={(e) =>
                      setMapping({
                        ...mapping,
                        variables: e.target.checked
                          ? [...mapping.variables, h]
                          : mapping.variables.filter((v) => v !== h)
                      })
                    }
                  />
                  {`{${h}}`}
                </label>
              ))}
          </fieldset>
          <label htmlFor="campaign-file-column">{t('campaigns.fileColumn')}</label>
          <select
            id="campaign-file-column"
            value={mapping.attachment ?? ''}
            onChange={(e) => {
              const column = e.target.value === '' ? null : e.target.value
              // Without a file column the picked files would never go: their handles are released.
              if (column === null) {
                releaseHandles(rowFiles)
                setRowFiles([])
              }
              setMapping({ ...mapping, attachment: column })
            }}
          >
            <option value="">{t('campaigns.fileColumn.none')}</option>
            {sheet.headers
              .filter((h) => h !== mapping.phone)
              .map((h) => (
                <option key={h} value={h}>
                  {h}
                </option>
              ))}
          </select>
          <label htmlFor="campaign-name-column">{t('campaigns.nameColumn')}</label>
          <p className="muted" id="campaign-name-column-hint">
            {t('campaigns.nameColumn.hint')}
          </p>
          <select
            id="campaign-name-column"
            data-testid="campaign-name-column"
            aria-describedby="campaign-name-column-hint"
            value={mapping.name ?? ''}
            onChange={(e) => setMapping({ ...mapping, name: e.target.value === '' ? null : e.target.value })}
          >
            <option value="">{t('campaigns.fileColumn.none')}</option>
            {/* Every column: a first guess may name the phone's column here until the operator fixes the phone's. */}
            {sheet.headers.map((h) => (
              <option key={h} value={h}>
                {h}
              </option>
            ))}
          </select>
        </section>
      ) : null}

      {sheet && mapping ? (
        <section aria-labelledby="campaign-message">
          <h3 id="campaign-message">{t('campaigns.step.message')}</h3>
          <label htmlFor="campaign-template">{t('campaigns.template')}</label>
          <p className="muted" id="campaign-template-hint">
            {t('campaigns.template.hint', {
              // The sheet's own column when it has one to name: the example the operator can type as it is.
              column: `{${mapping.variables[0] ?? t('campaigns.template.exampleColumn')}}`,
              spin: `{${t('campaigns.template.exampleSpin')}}`
            })}
          </p>
          <textarea
            id="campaign-template"
            data-testid="campaign-template"
            aria-describedby={
              templateFailure ? 'campaign-template-error campaign-template-hint' : 'campaign-template-hint'
            }
            aria-invalid={templateFailure ? true : undefined}
            rows={4}
            value={template}
            onChange={(e) => setTemplate(e.target.value)}
          />
          {templateFailure ? (
            <p className="field-error" role="alert" id="campaign-template-error">
              {templateFailure}
            </p>
          ) : null}
          {mapping.attachment ? (
            <FileDrop
              id="campaign-row-files-input"
              testId="campaign-row-files"
              label={t('campaigns.rowFiles', { column: mapping.attachment })}
              hint={t('campaigns.rowFiles.hint')}
              multiple
              onFiles={(picked) => void pickRowFiles(picked)}
            >
              <PickedFiles files={rowFiles} onRemove={removeRowFile} />
            </FileDrop>
          ) : (
            <FileDrop
              id="campaign-attachment-file"
              testId="campaign-attachment"
              label={t('campaigns.attachment')}
              hint={t('campaigns.attachment.hint')}
              inputRef={attachmentInput}
              onFiles={(files) => void attach(files[0])}
            >
              {attachment ? (
                <p data-testid="campaign-attachment-file">
                  <FileLine
                    file={attachment}
                    onRemove={() => {
                      replaceAttachment(null)
                      // The remove button goes with the file: the focus goes to picking one again.
                      attachmentInput.current?.focus()
                    }}
                  />
                </p>
              ) : null}
            </FileDrop>
          )}
          {check ? (
            <>
              {/* A message that cannot be made counts no row (QA62: "0 ready, 0 skipped." under the error). */}
              {templateFailure ? null : (
                <p role="status" data-testid="campaign-summary">
                  {check.summary.skipped > 0
                    ? t('campaigns.summary.why', {
                        ready: check.summary.ready,
                        skipped: check.summary.skipped,
                        reasons: skippedReasons(
                          check.summary.byProblem,
                          t,
                          check.summary.sameMessageWaitingIn
                        )
                      })
                    : t('campaigns.summary', { ready: check.summary.ready, skipped: 0 })}
                </p>
              )}
              {check.problems.length > 0 ? (
                <details>
                  <summary>{t('campaigns.skippedRows')}</summary>
                  <ul data-testid="campaign-problems">
                    {check.problems.slice(0, 50).map((p) => {
                      // The sheet's to write: drawn by the shown-text rule, as the rows table draws it.
                      const cell = shownText(p.phoneCell)
                      return (
                        <li key={p.rowNumber}>
                          {/* An empty phone cell adds nothing: "Row 15: no phone number", not "Row 15 :". */}
                          {t('campaigns.row', { row: p.rowNumber })}
                          {cell ? ` ${cell}` : ''}: {problemsText(p.problems, t)}
                        </li>
                      )
                    })}
                  </ul>
                </details>
              ) : null}
              <label htmlFor="campaign-preview-row">{t('campaigns.previewRow')}</label>
              <input
                id="campaign-preview-row"
                // Text, not type="number": Chromium's number input made "2,5" row 25 (QA19 Q19-01). What cannot be
                // read as a row is marked, the last row read staying in the preview.
                type="text"
                inputMode="numeric"
                value={previewRowText ?? String(previewRow ?? preview?.rowNumber ?? 2)}
                aria-invalid={noSuchRow || typedNoRow}
                aria-describedby={
                  noSuchRow || typedNoRowSaid !== null ? 'campaign-preview-no-row' : undefined
                }
                onChange={(e) => {
                  const text = e.target.value
                  // One change of the draft, one render per keystroke.
                  patchCampaignDraft({
                    previewRowText: text,
                    ...(isRowNumber(text, language)
                      ? { previewRow: readTypedNumber(text, true, language) }
                      : {})
                  })
                }}
              />
              {typedNoRow ? (
                typedNoRowSaid !== null ? (
                  <p
                    id="campaign-preview-no-row"
                    className="field-error"
                    data-testid="campaign-preview-no-row"
                  >
                    {typedNoRowSaid}
                  </p>
                ) : null
              ) : noSuchRow ? (
                <p id="campaign-preview-no-row" className="field-error" data-testid="campaign-preview-no-row">
                  {t('campaigns.preview.noRow', { row: previewRow })}
                </p>
              ) : preview && previewProblems ? (
                <p className="campaign-preview-skipped" data-testid="campaign-preview-skipped">
                  {t('campaigns.preview.skipped', {
                    row: preview.rowNumber,
                    reason: problemsText(previewProblems, t)
                  })}
                </p>
              ) : preview ? (
                <div
                  className="campaign-bubble"
                  data-testid="campaign-preview"
                  role="group"
                  aria-label={t('campaigns.preview')}
                >
                  {formatWhatsApp(preview.message)}
                </div>
              ) : null}
            </>
          ) : null}
        </section>
      ) : null}

      {sheet && mapping ? (
        <section aria-labelledby="campaign-pacing">
          <h3 id="campaign-pacing">{t('campaigns.step.pacing')}</h3>
          <p className="muted">{t('campaigns.pacing.explain')}</p>
          <PacingFields pacing={pacing} onChange={setPacing} />
          <fieldset>
            <legend>{t('campaigns.devices')}</legend>
            {devices.length === 0 ? <NoDeviceToSendFrom /> : null}
            {devices.map((d) => {
              // Ticked while it cannot send: its rows would wait for it, as Send warns (QA F13).
              const warn = chosen.includes(d.id) && !isSendable(d.state)
              const warningId = `campaign-device-warning-${d.id}`
              return (
                <Fragment key={d.id}>
                  <label className="campaign-check">
                    <input
                      type="checkbox"
                      checked={chosen.includes(d.id)}
                      aria-describedby={warn ? warningId : undefined}
                      onChange={(e) =>
                        setChosen(e.target.checked ? [...chosen, d.id] : chosen.filter((c) => c !== d.id))
                      }
                    />
                    {deviceChoiceLabel(d, t)}
                    {d.quota !== null
                      ? ` (${gatewayQuotaText(t, d.quota, (n) => formatCount(n, localeOf(language)))})`
                      : ''}
                  </label>
                  {warn ? (
                    <p className="field-hint" id={warningId} data-testid="campaign-device-warning">
                      {t(waitsUntilKey(d.state))}
                    </p>
                  ) : null}
                </Fragment>
              )
            })}
          </fieldset>
        </section>
      ) : null}

      {sheet && mapping ? (
        <section aria-labelledby="campaign-confirm">
          <h3 id="campaign-confirm">{t('campaigns.step.confirm')}</h3>
          <label htmlFor="campaign-name">{t('campaigns.name')}</label>
          <input
            id="campaign-name"
            data-testid="campaign-name"
            value={name}
            aria-describedby={nameTaken !== null ? 'campaign-name-taken' : undefined}
            onChange={(e) => setTypedName(e.target.value)}
          />
          {nameTaken !== null ? (
            <p className="field-hint" id="campaign-name-taken" data-testid="campaign-name-taken">
              {t('campaigns.nameTaken', { name: nameTaken.trim() })}
            </p>
          ) : null}
          {check && !templateFailure ? (
            <p data-testid="campaign-estimate">
              {estimate === 'working'
                ? t('campaigns.confirmWorking', { count: ready })
                : finishLine(
                    campaignFinish(
                      chosenDevices,
                      ready,
                      estimate?.finishAt ?? null,
                      estimate?.quotaFinish ?? null
                    )
                  )}
            </p>
          ) : null}
          {blocked ? (
            <p className="muted" id="campaign-start-blocked" data-testid="campaign-start-blocked">
              {t(blocked)}
            </p>
          ) : null}
          {confirming && check && !blocked ? (
            <PreSendSummary
              ready={ready}
              skipped={check.summary.skipped}
              skippedWhy={check.summary.byProblem}
              waitingIn={check.summary.sameMessageWaitingIn}
              blankRows={check.summary.blankRows}
              devices={chosenDevices}
              finishAt={estimate === 'working' ? 'working' : (estimate?.finishAt ?? null)}
              quotaFinish={estimate === 'working' ? null : (estimate?.quotaFinish ?? null)}
              timeZone={campaignZone(pacing, operatorZone)}
              workingHours={pacing.workingHours}
              campaignDailyCap={pacing.dailyCapPerDevice}
              busy={busy}
              restName={restNameOf(t, campaignName, existingNames)}
              recent={{
                count: check.summary.sentRecently ?? 0,
                waiting: check.summary.sentRecentlyWaiting ?? 0,
                sendAnyway: sendRecent,
                onChange: setSendRecent
              }}
              message={
                <MessageSent
                  template={template}
                  example={example}
                  attachmentName={attachment?.name ?? null}
                  fileColumn={mapping.attachment ?? null}
                />
              }
              onStart={() => void createAndStart()}
              onSplit={(keep) => void createAndStart(keep)}
              onBack={() => {
                setConfirming(false)
                // The summary had the focus; Start, which it replaced, takes it back.
                setTimeout(() => startButton.current?.focus(), 0)
              }}
            />
          ) : (
            <button
              ref={startButton}
              type="button"
              className="button button--primary"
              data-testid="campaign-start"
              aria-describedby={blocked ? 'campaign-start-blocked' : undefined}
              disabled={busy || blocked !== null}
              onClick={() => setConfirming(true)}
            >
              {t('campaigns.start', { count: ready })}
            </button>
          )}
        </section>
      ) : null}
      {error ? (
        <p className="alert alert--bad" role="alert">
          {error.message}
        </p>
      ) : null}
    </div>
  )
}

/** Change the pacing of a running or paused campaign; the next send follows the saved policy. */
function EditPacing({
  current,
  onSave
}: {
  current: PacingPolicyView
  /** True once the core took it (a refusal is said by the progress view's alert). */
  onSave: (pacing: PacingPolicyView) => Promise<boolean>
}): React.JSX.Element {
  const t = useT()
  const [pacing, setPacing] = useState(current)
  // Said beside the button, which keeps the focus (QA4 F22: saving said nothing); gone once the fields change again.
  const [saved, setSaved] = useState(false)
  return (
    <details className="campaign-edit-pacing" data-testid="campaign-edit-pacing">
      <summary>{t('campaigns.pacing.edit')}</summary>
      <p className="muted">{t('campaigns.pacing.editExplain')}</p>
      <PacingFields
        pacing={pacing}
        onChange={(next) => {
          setSaved(false)
          setPacing(next)
        }}
      />
      <button
        type="button"
        className="button"
        data-testid="campaign-save-pacing"
        disabled={!isUsablePacing(pacing)}
        onClick={() => {
          setSaved(false)
          void onSave(pacing).then(setSaved)
        }}
      >
        {t('campaigns.pacing.save')}
      </button>
      <p role="status" data-testid={saved ? 'campaign-pacing-saved' : undefined}>
        {saved ? t('campaigns.pacing.saved') : null}
      </p>
    </details>
  )
}

/**
 * A draft's start: its start failed, or the app restarted after it was made. Handles die with the app, so a draft made
 * with a file (one for every row, or one per row from its file column) has its files picked again here, checked like
 * any drop; without a pick the core uses the files kept since create, or says which file to attach again.
 */
function StartDraft({
  campaign,
  optOutsChanged,
  onStarted,
  onDevicesChosen,
  existingNames
}: {
  campaign: CampaignView
  /** Counts the opt-out list's changes: an open "Before you start" reads the draft again at each. */
  optOutsChanged: number
  /** Its devices were chosen again: the page reads the draft again. */
  onDevicesChosen: () => void
  /**
   * Started; `rest` is the draft a split left for later, `setAside` the rows the start left out for the same message
   * that the panel had counted as recipients (they matched between the panel's read and the click).
   */
  onStarted: (rest: SplitRest | undefined, setAside: SetAsideAtStart) => void
  /** The names the campaigns have: a split's rest is named past them. */
  existingNames: readonly string[]
}): React.JSX.Element {
  const t = useT()
  const devices = useDevices((s) => s.devices)
  const operatorZone = useOperatorZone()
  const [attachment, setAttachment] = useState<FileHandleView | null>(null)
  const [rowFiles, setRowFiles] = useState<FileHandleView[]>([])
  const [error, setError] = useState<ErrorInfo | null>(null)
  const [busy, setBusy] = useState(false)
  /** The pre-send summary is open: a draft's Start asks like a new campaign's. */
  const [confirming, setConfirming] = useState(false)
  /** Whether the draft's rows left out for the same message lately are sent to again (left out by default). */
  const [sendRecent, setSendRecent] = useState(false)
  /**
   * The draft as its start now would find it (the core's read: the same-message rule asked again, and the end of the
   * part its quota covers); null until it answers, `failed` when it could not (the stored counts then, as before).
   */
  const [checked, setChecked] = useState<InvokeReply<'campaigns:checkDraft'> | 'failed' | null>(null)
  const asOfNow = checked !== null && checked !== 'failed' ? checked : null
  const startCounts = draftStartCounts(asOfNow?.campaign ?? campaign, sendRecent)
  // Its end is of now, as the new campaign form's: asked again each minute the summary stays open.
  const minute = useNow(60_000)
  useEffect(() => {
    if (!confirming) return
    let on = true
    // Asked again when the operator sends to them again: the end is of the rows the start then sends.
    call('campaigns:checkDraft', { id: campaign.id, ...(sendRecent ? { sendRecent: true } : {}) }).then(
      (reply) => on && setChecked(reply),
      () => on && setChecked((before) => before ?? 'failed')
    )
    return () => {
      on = false
    }
  }, [confirming, sendRecent, campaign.id, minute, optOutsChanged])
  const startButton = useRef<HTMLButtonElement>(null)
  // Its devices, as last chosen here until the page's next read of the draft has them (a read naming other devices
  // than the choice was made over is newer than it).
  const [chosenNow, setChosenNow] = useState<{ over: string; devices: string[] } | null>(null)
  const [choosing, setChoosing] = useState(false)
  const storedDevices = draftDeviceIds(campaign)
  const storedKey = storedDevices.join(' ')
  const chosen = chosenNow?.over === storedKey ? chosenNow.devices : storedDevices
  const firstDeviceBox = useRef<HTMLInputElement>(null)
  /** A refusal about its devices is said with the focus at them, where the fix is. */
  const refuseAtDevices = (message: string): void => {
    setError({ code: 'invalid_input', message, field: 'devices' })
    firstDeviceBox.current?.focus()
  }

  async function chooseDevices(next: string[]): Promise<void> {
    // A draft keeps at least one: unticking its last is refused (the focus stays on that box), as a new campaign's
    // form refuses none.
    if (next.length === 0) {
      setError({ code: 'invalid_input', message: t('desktop.error.chooseDevice'), field: 'devices' })
      return
    }
    setChoosing(true)
    try {
      const reply = await call('campaigns:setDevices', { id: campaign.id, devices: next })
      setChosenNow({ over: storedKey, devices: draftDeviceIds(reply) })
      setError(null)
      onDevicesChosen()
    } catch (e) {
      setError(errorInfo(e))
    } finally {
      setChoosing(false)
    }
  }
  const column = campaign.mapping.attachment ?? null
  // Picked handles not handed to the core are released when the operator leaves the draft.
  const held = useRef<string[]>([])
  useEffect(() => {
    held.current = [...(attachment ? [attachment.handle] : []), ...rowFiles.map((f) => f.handle)]
  }, [attachment, rowFiles])
  useEffect(
    () => () => {
      if (held.current.length > 0)
        void call('files:release', { handles: held.current }).catch(() => undefined)
    },
    []
  )

  async function pickAttachment(file: File | undefined): Promise<void> {
    if (!file) return
    const { files, error } = await registerPicked([file])
    setError(error)
    if (!files[0]) return
    if (attachment) releaseHandles([attachment])
    setAttachment(files[0])
  }

  async function pickRowFiles(picked: readonly File[]): Promise<void> {
    if (picked.length === 0) return
    const { files, error } = await registerPicked(picked)
    setError(error)
    if (files.length > 0) setRowFiles(replacingByName(rowFiles, files))
  }

  const restName = restNameOf(t, campaign.name, existingNames)

  /** Starts the draft; with `keep`, only its first `keep` ready rows, the rest made a new draft. */
  async function start(keep?: number): Promise<void> {
    setBusy(true)
    setError(null)
    try {
      // The rows sent to again stay with the draft (a split moves ready rows only): they go now, with `keep` less them.
      const keepReady = sendRecent && keep !== undefined ? keep - startCounts.recent : keep
      const split =
        keepReady === undefined
          ? null
          : await call('campaigns:split', { id: campaign.id, keep: keepReady, restName })
      const sendingRecent = sendRecent && startCounts.recent > 0
      const started = await call('campaigns:start', {
        id: campaign.id,
        ...(attachment ? { attachment: { handle: attachment.handle } } : {}),
        ...(column && rowFiles.length > 0 ? { files: namedFiles(rowFiles) } : {}),
        ...(sendingRecent ? { sendRecent: true } : {})
      })
      // The start asks the rule again and names the rows it moved: compared by row with the panel's own read, those
      // the panel counted as recipients and the start left out.
      // Those whose number opted out since are set aside too, sent to again or not.
      const setAside = setAsideUnforeseen(asOfNow?.sameMessage ?? null, started.sameMessage, sendingRecent)
      // The core copied the files and released their handles.
      held.current = []
      setAttachment(null)
      setRowFiles([])
      onStarted(
        split ? { id: split.rest.id, name: split.rest.name, rows: split.rest.summary.ready } : undefined,
        { ...setAside, skippedBefore: startCounts.skipped }
      )
    } catch (e) {
      const refused = errorInfo(e)
      setError(refused)
      // Back to the Start button (the summary that had the focus is gone), with the reason below it; to its devices
      // when they are the reason (the field is drawn again once the summary is gone).
      setConfirming(false)
      setChecked(null)
      setTimeout(() => (refused.field === 'devices' ? firstDeviceBox : startButton).current?.focus(), 0)
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="campaign-draft" data-testid="campaign-draft">
      <p className="muted">{t('campaigns.draft.explain')}</p>
      <CampaignTemplate
        template={campaign.template}
        attachmentName={campaign.attachmentName ?? null}
        fileColumn={column}
      />
      {campaign.attachmentName ? (
        <FileDrop
          id="campaign-draft-attachment"
          label={t('campaigns.draft.attachAgain', { name: campaign.attachmentName })}
          hint={t('campaigns.attachment.hint')}
          onFiles={(files) => void pickAttachment(files[0])}
        >
          {attachment ? (
            <p data-testid="campaign-draft-attachment-file">
              <FileLine file={attachment} />
            </p>
          ) : null}
        </FileDrop>
      ) : null}
      {column ? (
        <FileDrop
          id="campaign-draft-row-files"
          label={t('campaigns.draft.rowFilesAgain', { column })}
          hint={t('campaigns.rowFiles.hint')}
          multiple
          onFiles={(picked) => void pickRowFiles(picked)}
        >
          <PickedFiles
            files={rowFiles}
            onRemove={(file) => {
              releaseHandles([file])
              setRowFiles(rowFiles.filter((f) => f.handle !== file.handle))
            }}
          />
        </FileDrop>
      ) : null}
      {confirming && checked !== null ? (
        <PreSendSummary
          ready={startCounts.ready}
          skipped={startCounts.skipped}
          skippedWhy={startCounts.skippedWhy}
          waitingIn={(asOfNow?.campaign ?? campaign).summary.sameMessageWaitingIn}
          // Kept with the draft: reopened later, its summary still accounts for every row under the header.
          blankRows={(asOfNow?.campaign ?? campaign).summary.blankRows}
          recent={{
            count: startCounts.recent,
            waiting: (asOfNow?.campaign ?? campaign).summary.sentRecentlyWaiting ?? 0,
            sendAnyway: sendRecent,
            onChange: setSendRecent
          }}
          devices={inDealOrder(chosen, devices)}
          finishAt={asOfNow ? asOfNow.estimate.finishAt : campaign.estimate.finishAt}
          // The covered part's end as of the draft's re-check (the rows may have changed since the view was read).
          quotaFinish={asOfNow?.estimate.quotaFinish ?? null}
          timeZone={campaignZone(campaign.pacing, operatorZone)}
          workingHours={campaign.pacing.workingHours}
          campaignDailyCap={campaign.pacing.dailyCapPerDevice}
          message={
            <MessageSent
              template={campaign.template}
              example={asOfNow?.example ?? null}
              attachmentName={campaign.attachmentName ?? null}
              fileColumn={column}
            />
          }
          busy={busy}
          restName={restName}
          onStart={() => void start()}
          onSplit={(keep) => void start(keep)}
          onBack={() => {
            setConfirming(false)
            setChecked(null)
            setTimeout(() => startButton.current?.focus(), 0)
          }}
        />
      ) : (
        <>
          <DraftDevices chosen={chosen} busy={choosing} onChoose={chooseDevices} firstBox={firstDeviceBox} />
          <button
            ref={startButton}
            type="button"
            className="button button--primary"
            data-testid="campaign-draft-start"
            disabled={busy}
            {...noDeviceStartProps(chosen)}
            // Kept enabled while the core reads the draft (the focus stays on it); a second press asks nothing more.
            aria-busy={confirming}
            onClick={() =>
              // With no device (its only one was removed) it cannot start: said at once, at its devices.
              chosen.length === 0 ? refuseAtDevices(t('desktop.error.draftNoDevice')) : setConfirming(true)
            }
          >
            {t('campaigns.start', { count: startCounts.ready })}
          </button>
          <p role="status" className="muted">
            {confirming ? t('campaigns.draft.checking') : null}
          </p>
        </>
      )}
      {error ? (
        <p className="alert alert--bad" role="alert">
          {error.message}
        </p>
      ) : null}
    </div>
  )
}

/**
 * A campaign at work's estimated end in its zone, or that it runs behind it, as the Overview says it (QA13 Q13-08:
 * only the Overview said it), held to its devices' gateway quotas left as its pre-send summary was (the part they
 * cover, and that the rest waits); nothing when there is no end to promise (held, paused, done).
 */
/**
 * When the campaign ran: its start, and its end once it finished or was cancelled, on the clock of its other times (its
 * hours, its estimated end). A finished campaign said neither: a week's "camp — finished" told apart by name alone.
 * An end not known (it ended before ends were kept) is left unsaid.
 */
function CampaignRunTimes({ campaign }: { campaign: CampaignView }): React.JSX.Element | null {
  const t = useT()
  const locale = localeOf(useLanguage())
  const zone = campaignZone(campaign.pacing, useOperatorZone())
  const at = (time: number): string => formatDateTimeInZone(new Date(time).toISOString(), locale, zone)
  const { startedAt, status } = campaign
  const endedAt = campaign.endedAt ?? null
  const text =
    startedAt === null
      ? status === 'cancelled' && endedAt !== null
        ? t('campaigns.when.cancelledUnstarted', { ended: at(endedAt) })
        : null
      : endedAt !== null && (status === 'finished' || status === 'cancelled')
        ? t(status === 'finished' ? 'campaigns.when.finished' : 'campaigns.when.cancelled', {
            started: at(startedAt),
            // The time alone when it ended the day it started: the start names the date and the zone.
            ended: formatCompactTimeAfter(
              new Date(endedAt).toISOString(),
              new Date(startedAt).toISOString(),
              locale,
              zone
            )
          })
        : t('campaigns.when.started', { started: at(startedAt) })
  if (text === null) return null
  return (
    <p className="muted" data-testid="campaign-run-times">
      {text}
    </p>
  )
}

function CampaignEnd({ campaign, now }: { campaign: CampaignView; now: number }): React.JSX.Element | null {
  const t = useT()
  const language = useLanguage()
  const locale = localeOf(language)
  const operatorZone = useOperatorZone()
  const sendingPaused = useOutbox((s) => s.sendingPaused)
  const devices = useDevices((s) => s.devices)
  // The shared rule (the terminal's too): only a running campaign not held has an end, held to its devices' quotas;
  // this window also knows when all sending is paused or no device can send.
  const end = sendsNothingNow(campaign, sendingPaused, devices)
    ? ({ kind: 'none' } as const)
    : campaignFinishEstimate(
        { ...campaign, finishAt: campaign.estimate.finishAt, quotaFinish: campaign.estimate.quotaFinish },
        now
      )
  if (end.kind === 'none') return null
  return (
    <p className="muted" data-testid="campaign-estimate-end">
      {runningFinishText(
        t,
        end,
        (at) =>
          formatDateTimeInZone(
            new Date(at).toISOString(),
            locale,
            campaignZone(campaign.pacing, operatorZone)
          ),
        campaignDevices(campaign, devices),
        (labels) => formatList(labels, language)
      )}
    </p>
  )
}

function CampaignProgress({
  id,
  focusOnOpen,
  onClose,
  onBack,
  onChanged,
  onSplit,
  existingNames
}: {
  id: string
  /** Opened by the operator (Start, the list): the focus goes to the campaign's heading. */
  focusOnOpen: boolean
  onClose: () => void
  /** Its read failed: the operator goes back to the list of campaigns. */
  onBack: () => void
  onChanged: () => void
  /** A draft started split: the rows left for later are in this new draft. */
  onSplit: (rest: SplitRest) => void
  /** The names the campaigns have: a split's rest is named past them. */
  existingNames: readonly string[]
}): React.JSX.Element {
  const t = useT()
  const language = useLanguage()
  // The times in the operator's zone, as the outbox export writes them (QA23 Q23-02).
  const timeZone = useOperatorZone()
  const locale = localeOf(language)
  const [readView, setCampaign] = useState<CampaignView | null>(null)
  /**
   * A draft's rows as its start now would find them (checkDraft), read as its page opens and once the opt-out list
   * changed: its stored counts are the check's at import, and kept counting a number opted out since (QA81).
   */
  const [draftNow, setDraftNow] = useState<Pick<CampaignView, 'counts' | 'summary'> | null>(null)
  const campaign = useMemo(
    () => (readView?.status === 'draft' && draftNow ? { ...readView, ...draftNow } : readView),
    [readView, draftNow]
  )
  const [progress, setProgress] = useState<CampaignProgress | null>(null)
  const [cancelled, setCancelled] = useState<InvokeReply<'campaigns:cancel'> | null>(null)
  const [askCancel, setAskCancel] = useState(false)
  const [cancelling, setCancelling] = useState(false)
  const [error, setError] = useState<ErrorInfo | null>(null)
  /** The last read of the campaign failed: said in place of the page until one is read (then below it). */
  const [readError, setReadError] = useState<ErrorInfo | null>(null)
  /**
   * Rows the draft's start left out, for the same message or as opted out, after its "Before you start" had counted
   * them as recipients.
   */
  const [setAsideAtStart, setSetAsideAtStart] = useState<SetAsideAtStart>(NONE_SET_ASIDE)
  const [tick, setTick] = useState(0)
  // Each completed page read: the rows table re-reads its shown page with it, so its statuses follow the counts.
  const [pageReads, setPageReads] = useState(0)
  const devices = useDevices((s) => s.devices)
  const sendingPaused = useOutbox((s) => s.sendingPaused)
  const heading = useRef<HTMLHeadingElement>(null)
  const failure = useRef<HTMLDivElement>(null)
  // A form or button that leaves with the focus as the campaign moves on (Save pacing as it finishes) hands the focus
  // to the heading, which says where the campaign is, not to the page (an operator's probe).
  const page = useRef<HTMLElement>(null)
  useFocusKeptInside(page, () => heading.current)
  const cancelButton = useRef<HTMLButtonElement>(null)
  // An estimated end that passes while the page is open is said as running behind, never as a time gone by.
  const now = useNow(60_000)
  // The results export runs in the window's exports store: its progress and outcome outlive this view (QA15 Q15-02).
  const exportSlot = `campaign:${id}`
  const exporting = useExportSlot(exportSlot)
  const exportSaid = useRef<HTMLSpanElement>(null)
  // The buttons are disabled while the file is made: the focus comes back to the one pressed, as the Outbox's.
  const exportStarts = useFocusAfterAction(exporting.running !== null, exportSaid)
  function exportResults(format: 'csv' | 'xlsx' | 'skipped'): void {
    exportStarts()
    // The file holds the rows as they were when asked for: its line says when, so that it is not taken for the final
    // results once the campaign has moved on (the line stays until dismissed).
    let asOf = 0
    void runExport(
      exportSlot,
      { progress: 'campaigns:exportProgress', stop: 'campaigns:stopExport' },
      (exportId) => {
        asOf = Date.now()
        return call('campaigns:export', { id, format, language, timeZone, exportId })
      },
      (reply) => (say, saidIn) =>
        // The skipped rows are the check's, fixed at the start: no "as of" (it said nothing at all, an operator's probe).
        format === 'skipped'
          ? say('campaigns.export.skippedDone', { file: reply.fileName })
          : say('campaigns.export.done', {
              file: reply.fileName,
              // In the language the line is drawn in, not the one it was written in (QA62: "Hasil per 15:19 UTC").
              time: formatSoonInZone(asOf, localeOf(saidIn), timeZone)
            }),
      { startedBy: format }
    )
  }
  const loaded = campaign !== null
  const failed = !loaded && readError !== null
  /** Its read was tried again by the operator ("Try again"): what comes of it takes the focus, as on opening. */
  const [retried, setRetried] = useState(false)
  const takeFocus = focusOnOpen || retried
  const { takeIfStill } = useViewFocus()
  useLayoutEffect(() => {
    // Once read, or once its read failed, unless the operator moved the focus meanwhile (from the Overview: from where
    // the view put it).
    if (takeFocus && (loaded || failed)) takeIfStill(loaded ? heading.current : failure.current)
  }, [loaded, failed, takeFocus, takeIfStill])

  useEffect(() => getApi().on('campaigns:changed', (e) => e.id === id && setTick((n) => n + 1)), [id])
  useEffect(() => {
    // Counts also move with delivery reports, which raise no campaign event: look again every few seconds.
    const timer = setInterval(() => setTick((n) => n + 1), 3000)
    return () => clearInterval(timer)
  }, [])
  const reads = useRef<CoalescedReads | null>(null)
  useEffect(() => {
    let on = true
    let rows = 0
    // A draft is read as its start now would find it once, as its page opens: a number opted out since its check
    // (before the page was opened) is set aside from the counts' first drawing, not only at the list's next change.
    let draftRead = false
    // The counts and the chart from one look, shown together: the chart read after the counts, so its "ever
    // delivered" is never below the rows delivered now (QA18 Q18-03: it lagged up to its own 3 s timer behind).
    async function readPage(): Promise<void> {
      try {
        const read = await call('campaigns:get', { id })
        const asOfNow =
          read.status === 'draft' && !draftRead
            ? // Not read: its stored counts are drawn (the start still leaves the number out, and says so).
              await call('campaigns:checkDraft', { id }).catch(() => null)
            : null
        if (read.status === 'draft') draftRead = true
        // The counts still say where the campaign is if the chart cannot be read; it is drawn at the next look.
        const lines = await call('campaigns:progress', { id }).catch(() => null)
        if (!on) return
        rows = read.summary.total
        setReadError(null)
        if (asOfNow) setDraftNow({ counts: asOfNow.campaign.counts, summary: asOfNow.campaign.summary })
        setCampaign(read)
        setProgress(lines)
        setPageReads((n) => n + 1)
      } catch (e) {
        if (on) setReadError(errorInfo(e))
      }
    }
    const campaignReads = coalescedReads(readPage, () => pageRereadGapMs(rows))
    reads.current = campaignReads
    // The header follows the outbox's counts event by event: the card looks again when they move, or the two differ
    // for seconds (QA4 F14). Once per gap: a 50,000-row campaign moves them on every send.
    const offCounts = useOutbox.subscribe((state, before) => {
      if (state.counts !== before.counts) campaignReads.ask('soon')
    })
    return () => {
      on = false
      campaignReads.stop()
      offCounts()
    }
  }, [id])
  useEffect(() => {
    reads.current?.ask('now')
  }, [id, tick])
  // A number of the draft put on the opt-out list, or taken off it, while its page is open: its counts, its Start and
  // its open "Before you start" count it again (QA81: they kept "3", and the start then set it aside).
  const [optOutsChanged, setOptOutsChanged] = useState(0)
  useEffect(() => getApi().on('optouts:changed', () => setOptOutsChanged((n) => n + 1)), [])
  const isDraft = readView?.status === 'draft'
  useEffect(() => {
    if (optOutsChanged === 0 || !isDraft) return
    let on = true
    call('campaigns:checkDraft', { id }).then(
      (reply) => on && setDraftNow({ counts: reply.campaign.counts, summary: reply.campaign.summary }),
      // Not read: the counts it had stay (the start still leaves the number out, and says so).
      () => undefined
    )
    return () => {
      on = false
    }
  }, [id, isDraft, optOutsChanged])

  // The list beside shows the status too: tell it when the status's words move (finished, handed over, paused…), the
  // take-back's included: its calls end in the background, and the list kept "being taken back" (QA39 Q39-02).
  const verdict = campaign ? campaignStatusText(campaign, t, locale, sendingPaused, devices, timeZone) : null
  useEffect(() => {
    if (verdict) onChanged()
  }, [verdict, onChanged])

  /** True when the work was done; a failure is said in the alert below. */
  async function act(work: () => Promise<unknown>): Promise<boolean> {
    setError(null)
    try {
      await work()
      setTick((n) => n + 1)
      onChanged()
      return true
    } catch (e) {
      setError(errorInfo(e))
      return false
    }
  }

  const deviceOf = (deviceId: string): DeviceView | undefined =>
    devices.find((device) => device.id === deviceId)
  /**
   * What brings a part back. Paused by a drop: the device's own advice when its state tells more than the drop (its
   * card's words: relink, renew…), then Resume, once that is done when the fix is the operator's, not the phone's.
   * Never paused but its device cannot send (QA N05): the device's advice; the part goes on by itself after it.
   */
  const partAdvice = (part: CampaignView['devices'][number]): string | null => {
    const device = deviceOf(part.deviceId)
    const state = heldByState(part, device)
    if (part.autoPaused === null)
      return device && state ? `${t(adviceKey(device))} ${t('campaigns.wait.goesOnWhenSendable')}` : null
    if (part.autoPaused !== 'disconnected' && part.autoPaused !== 'unreachable') return null
    if (device && isSendable(device.state)) return t('campaigns.autoPause.deviceBack')
    if (!device || !state) return t('campaigns.autoPause.resumeWhenBack')
    const then = deviceStatus(state).tokenRefused
      ? 'campaigns.autoPause.resumeWhenFixed'
      : 'campaigns.autoPause.resumeWhenBack'
    return `${t(adviceKey(device))} ${t(then)}`
  }
  if (!campaign) {
    if (!readError) return <p role="status">{t('campaigns.loading')}</p>
    // A campaign that cannot be read (damaged, the core failing) says so, with another try and a way back to the list.
    return (
      <ReadFailed
        ref={failure}
        id="campaign-load-error"
        testId="campaign-load-error"
        says={t('campaigns.readFailed', { why: readError.message })}
        onRetry={() => {
          // "Loading the campaign…" again while it is read; what comes of it takes the focus.
          setReadError(null)
          setRetried(true)
          reads.current?.ask('now')
        }}
      >
        <button type="button" className="button" onClick={onBack}>
          {t('campaigns.backToList')}
        </button>
      </ReadFailed>
    )
  }
  const buckets = rowBuckets(campaign)
  // A draft has sent nothing: its rows are ready or skipped, not queued (QA11-15), and its other buckets are all empty;
  // a started campaign has no rows only ready. Whatever holds rows is shown, so the counts add up to the rows.
  const draftBuckets: readonly CampaignBucket[] = ['ready', 'skipped']
  // Of the queued rows, those sent whose answer was cut short (5xx, time-out), checked at the gateway before a resend:
  // named as a part of the count, as the header names the paused ones (QA12-05: "queued 17" said nothing of them).
  const checking = Math.min(
    buckets.queued,
    campaign.devices.reduce((sum, part) => sum + (part.checking ?? 0), 0)
  )
  // Of the skipped, those on the opt-out list at the check: named with them, as "Before you start" named them.
  const skippedOptedOut = skippedForOptOut(campaign.counts, campaign.summary.byProblem)
  const shownBuckets = (Object.keys(CAMPAIGN_BUCKET_KEY) as CampaignBucket[]).filter((k) =>
    campaign.status === 'draft' ? draftBuckets.includes(k) || buckets[k] > 0 : k !== 'ready' || buckets[k] > 0
  )
  const rows = Object.values(buckets).reduce((sum, n) => sum + n, 0)
  // The sheet's blank rows, kept with the campaign: no rows of it, named beside its buckets (and its total) so every
  // row under the sheet's header is accounted for (QA39 Q39-04).
  const blankRows = campaign.summary.blankRows ?? 0
  // Not yet handed to the gateway: what "Cancel the rest" stops (a row being handed over is past stopping).
  const cancellable = buckets.queued + buckets.scheduled - (campaign.counts.sending ?? 0)
  const active = campaign.status === 'running' || campaign.status === 'paused'
  // Every device's part paused itself: nothing is left to pause, each part's own Resume (below) goes on.
  const partsHeld = campaign.status === 'running' && isHeld(campaign)
  const statusText = campaignStatusText(campaign, t, locale, sendingPaused, devices, timeZone)
  /** Where each part's words are read: the window's locale, the campaign's hours' zone. */
  const partContext = {
    locale,
    timeZone: campaignZone(campaign.pacing, timeZone),
    sendingPaused,
    heldForTakeBack: campaign.heldForTakeBack === true
  }
  return (
    <section ref={page} aria-labelledby="campaign-progress" data-testid="campaign-progress">
      <h3 id="campaign-progress" ref={heading} tabIndex={-1}>
        {campaign.name} — <span data-testid="campaign-status">{statusText}</span>
      </h3>
      <CampaignAnnouncer campaign={campaign} statusText={statusText} />
      {/* What acts on a sending campaign comes first, in sight as it opens: below the chart, the rows and the pacing it
          was a screen down at 1100×760, and further with each campaign listed above (QA39). */}
      {active ? (
        <div className="form-actions campaign-controls" data-testid="campaign-controls">
          {/* One button that turns from Pause to Resume: the focus stays on it. */}
          {!partsHeld ? (
            <button
              type="button"
              className="button"
              data-testid={campaign.status === 'running' ? 'campaign-pause' : 'campaign-resume'}
              onClick={() =>
                void act(() =>
                  campaign.status === 'running'
                    ? call('campaigns:pause', { id })
                    : call('campaigns:resume', { id })
                )
              }
            >
              {campaign.status === 'running' ? t('campaigns.pause') : t('campaigns.resume')}
            </button>
          ) : null}
          <button
            type="button"
            className="button button--danger"
            ref={cancelButton}
            data-testid="campaign-cancel"
            aria-expanded={askCancel}
            onClick={() => setAskCancel(true)}
          >
            {t('campaigns.cancel')}
          </button>
        </div>
      ) : null}
      {askCancel && active ? (
        <ConfirmPanel
          id="campaign-cancel-question"
          // The focus goes into it, where the Cancel that asked was (QA4 F12).
          focusOnOpen
          question={t('campaigns.cancel.confirm', { count: cancellable })}
          confirmLabel={t(cancelling ? 'campaigns.cancel.cancelling' : 'campaigns.cancel.yes', {
            count: cancellable
          })}
          keepLabel={t('campaigns.cancel.keep')}
          confirmTestId="campaign-cancel-confirm"
          // Thousands of rows take seconds: the button says so and takes no second press (QA15 Q15-08).
          disabled={cancelling}
          onConfirm={() => {
            if (cancelling) return
            setCancelling(true)
            void act(async () => {
              setCancelled(await call('campaigns:cancel', { id }))
              setAskCancel(false)
              // The buttons that were here are gone: the focus goes to the campaign, whose status says "cancelled".
              heading.current?.focus()
            }).finally(() => setCancelling(false))
          }}
          onKeep={() => {
            setAskCancel(false)
            // Back to the button that asked: the question, which had the focus, is gone.
            cancelButton.current?.focus()
          }}
        />
      ) : null}
      {cancelled ? (
        <p role="status" data-testid="campaign-cancel-report">
          {cancelReportText(cancelled, t)}
        </p>
      ) : null}
      {/* Each device's part with why it waits and its own Resume, beside the campaign's controls: below the chart and
          the rows, a campaign whose every part paused itself had nothing by its heading to resume it (QA58). */}
      <ul className="campaign-devices" hidden={campaign.status !== 'running' && campaign.status !== 'paused'}>
        {campaign.devices.map((d) => (
          // A J / K stop, named by its device's line (a list item takes no name from what it holds).
          <li
            key={d.deviceId}
            data-testid="campaign-device-wait"
            data-row-focus
            tabIndex={-1}
            aria-labelledby={`campaign-part-${d.deviceId}`}
          >
            <span id={`campaign-part-${d.deviceId}`}>
              {campaignPartText(d, deviceOf(d.deviceId), t, partContext)}
            </span>
            {/* A part paused by a drop stays paused when the device is back (the operator resumes): say so. */}
            {partAdvice(d) !== null ? ` ${partAdvice(d)}` : null}
            {/* The advice of an ended subscription comes with where it is renewed, as on the device's card. */}
            {partAdvice(d) !== null ? <PartRenewLink device={deviceOf(d.deviceId)} /> : null}
            {/* A gateway that came back is seen at the device's next check, minutes away after a long failure
                (its backoff): the operator can have it looked at now, where the card offers "Check again" too
                (QA36 Q36-07). */}
            {offersCheckAgainOn(deviceOf(d.deviceId)) ? (
              <>
                {' '}
                <button
                  type="button"
                  className="button"
                  onClick={() =>
                    void act(async () => {
                      await useDevices.getState().refresh(d.deviceId)
                      // Back: this button goes and the part's Resume is what comes next; else the focus stays here.
                      requestAnimationFrame(() =>
                        document.getElementById(`campaign-resume-${d.deviceId}`)?.focus()
                      )
                    })
                  }
                >
                  {t('campaigns.checkDeviceNow', { device: deviceOf(d.deviceId)?.label ?? d.deviceId })}
                </button>
              </>
            ) : null}
            {d.autoPaused ? (
              <>
                {' '}
                <button
                  type="button"
                  className="button"
                  id={`campaign-resume-${d.deviceId}`}
                  onClick={() =>
                    void act(async () => {
                      await call('campaigns:resume', { id, deviceId: d.deviceId })
                      // This Resume goes once the device's part runs again: the focus goes to the campaign.
                      heading.current?.focus()
                    })
                  }
                >
                  {t('campaigns.resumeOn', { device: deviceOf(d.deviceId)?.label ?? d.deviceId })}
                </button>
              </>
            ) : null}
          </li>
        ))}
      </ul>
      <p className="muted" data-testid="campaign-rows-total">
        {blankRows > 0
          ? t('campaigns.count.rowsBlank', { rows, blank: blankRows })
          : t('campaigns.count.rows', { rows })}
      </p>
      <CampaignRunTimes campaign={campaign} />
      {/* A cancelled or finished campaign sends nothing more: no sending hours to promise (QA N14). */}
      {campaign.status === 'cancelled' || campaign.status === 'finished' ? null : (
        <p className="muted" data-testid="campaign-hours">
          {campaign.pacing.workingHours
            ? t('campaigns.hours', {
                start: formatClockTime(campaign.pacing.workingHours.start, locale),
                end: formatClockTime(campaign.pacing.workingHours.end, locale),
                zone: zoneName(campaign.pacing.workingHours.timeZone)
              })
            : t('campaigns.hours.any')}
        </p>
      )}
      <CampaignEnd campaign={campaign} now={now} />
      {setAsideAtStart.count > 0 && campaign.status !== 'draft' ? (
        <p role="status" data-testid="campaign-set-aside-at-start">
          {t(setAsideAtStartKey(setAsideAtStart), {
            count: setAsideAtStart.count,
            // QA73 follow-up: who got it apart from who still waits for it, as the skipped rows' reasons say them.
            reasons: skippedReasons(setAsideReasons(setAsideAtStart), t, setAsideAtStart.waitingIn)
          })}
        </p>
      ) : null}
      <dl className="campaign-counts" data-testid="campaign-counts">
        {shownBuckets.map((k) => (
          <div key={k}>
            <dt>
              {k === 'queued' && checking > 0
                ? t('campaigns.count.queuedChecking', { checking: formatCount(checking, locale) })
                : k === 'skipped' && skippedOptedOut > 0
                  ? t('campaigns.count.skippedOptedOut', { count: skippedOptedOut })
                  : t(CAMPAIGN_BUCKET_KEY[k])}
            </dt>
            <dd data-testid={`campaign-count-${k}`}>{formatCount(buckets[k], locale)}</dd>
          </div>
        ))}
        {blankRows > 0 ? (
          <div>
            <dt>{t('campaigns.count.blank')}</dt>
            <dd data-testid="campaign-count-blank">{formatCount(blankRows, locale)}</dd>
          </div>
        ) : null}
      </dl>
      {/* QA73: its messages in the Outbox, apart from other campaigns' and direct sends, with the Outbox's tools. */}
      {campaign.status !== 'draft' ? (
        <p>
          <button
            type="button"
            className="button button--link"
            data-testid="campaign-show-in-outbox"
            onClick={() => openOutboxAt({ campaignId: campaign.id })}
          >
            {t('campaigns.showInOutbox')}
          </button>
        </p>
      ) : null}
      {campaign.status === 'draft' ? (
        <StartDraft
          campaign={campaign}
          optOutsChanged={optOutsChanged}
          existingNames={existingNames}
          onDevicesChosen={() => {
            setTick((n) => n + 1)
            onChanged()
          }}
          onStarted={(rest, setAside) => {
            if (rest) onSplit(rest)
            setSetAsideAtStart(setAside)
            setTick((n) => n + 1)
            onChanged()
            // The draft's Start is gone: the campaign, whose status now says it sends, takes the focus.
            heading.current?.focus()
          }}
        />
      ) : null}
      <ProgressChart progress={progress} timeZone={campaignZone(campaign.pacing, timeZone)} />
      {/* Its message as written (QA81), folded above its rows: one line however long the message, the counts and
          controls above where they were, the rows and the exports one line lower. */}
      {campaign.status !== 'draft' ? (
        <CampaignTemplate
          template={campaign.template}
          attachmentName={campaign.attachmentName ?? null}
          fileColumn={campaign.mapping.attachment ?? null}
          folded
        />
      ) : null}
      {campaign.status !== 'draft' ? (
        <CampaignRows
          id={id}
          campaign={campaign}
          refresh={pageReads}
          nameColumn={campaign.mapping.name ?? null}
          failed={buckets.failed}
          waitOf={(deviceId) => {
            if (campaign.status !== 'running' && campaign.status !== 'paused') return null
            // A row not handed over yet names no device: with one device, its part.
            const part =
              campaign.devices.find((d) => d.deviceId === deviceId) ??
              (campaign.devices.length === 1 ? campaign.devices[0] : undefined)
            return part ? rowsWaitText(part, t, partContext, deviceOf(part.deviceId)) : null
          }}
        />
      ) : null}
      {campaign.status === 'running' || campaign.status === 'paused' ? (
        <EditPacing
          key={campaign.id}
          current={campaign.pacing}
          onSave={(pacing) => act(() => call('campaigns:setPacing', { id, pacing }))}
        />
      ) : null}
      <div className="form-actions campaign-progress-actions">
        <button
          type="button"
          className="button"
          data-testid="campaign-export-csv"
          disabled={exporting.running !== null}
          onClick={() => exportResults('csv')}
          {...exportButton('csv')}
        >
          {t('campaigns.export.csv')}
        </button>
        <button
          type="button"
          className="button"
          data-testid="campaign-export-xlsx"
          disabled={exporting.running !== null}
          onClick={() => exportResults('xlsx')}
          {...exportButton('xlsx')}
        >
          {t('campaigns.export.xlsx')}
        </button>
        {campaign.summary.skipped > 0 ? (
          <button
            type="button"
            className="button"
            data-testid="campaign-export-skipped"
            disabled={exporting.running !== null}
            onClick={() => exportResults('skipped')}
            {...exportButton('skipped')}
          >
            {t('campaigns.export.skipped')}
          </button>
        ) : null}
        <button type="button" className="button" onClick={onClose}>
          {t('campaigns.new')}
        </button>
        <ExportState
          saidRef={exportSaid}
          running={exporting.running}
          said={exporting.said}
          startedBy={exporting.startedBy}
          progressKey={EXPORT_PROGRESS_KEY}
          onStop={() => stopExport(exportSlot)}
          onDismiss={() => dismissExport(exportSlot)}
          testId="campaign-export-said"
        />
      </div>
      {campaign.status !== 'draft' ? (
        <TakeBackCampaign
          key={`take-back-${id}`}
          id={id}
          takeBackId={campaign.takeBackId}
          // Something a take-back could act on: not sent yet, with the gateway, or on WhatsApp. One all cancelled, or
          // whose sent rows are all deleted already, has nothing (QA5 N07: its dialog could only say so).
          offered={
            buckets.queued +
              buckets.scheduled +
              buckets.withGateway +
              buckets.sent +
              buckets.delivered +
              buckets.read >
            0
          }
          // The list beside says "taken back" too, which no status change would tell it (QA5 N08).
          onChanged={() => {
            setTick((n) => n + 1)
            onChanged()
          }}
        />
      ) : null}
      {/* What the operator did that failed, else the last look at the campaign failing. */}
      {error || readError ? (
        <p className="alert alert--bad" role="alert">
          {(error ?? readError)?.message}
        </p>
      ) : null}
    </section>
  )
}

/** The card's rule for "Check again" (shared/device-status), for a part whose device may not be listed. */
const offersCheckAgainOn = (device: DeviceView | undefined): boolean =>
  device !== undefined && offersCheckAgain(device)

function PartRenewLink({ device }: { device: DeviceView | undefined }): React.JSX.Element | null {
  return device && renewAddress(device) ? (
    <>
      {' '}
      <RenewLink device={device} />
    </>
  ) : null
}
