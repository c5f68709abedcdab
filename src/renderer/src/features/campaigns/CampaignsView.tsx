// The campaigns view: import a spreadsheet → check its rows → compose the message (live preview) → pacing and devices
// → confirm → progress (pause, resume, cancel, per-device waits) → export the proof.
import { useCallback, useEffect, useRef, useState } from 'react'
import type {
  CampaignView,
  ColumnMappingView,
  FileHandleView,
  InvokeReply,
  PacingPolicyView,
  SheetView
} from '../../../../shared/contract'
import { call, coreMessage, errorInfo, getApi, type ErrorInfo } from '../../api'
import { download } from '../../ui/download'
import { coreText } from '../../../../shared/i18n/notes'
import { localeOf, useLanguage, useT, type MessageKey } from '../../i18n'
import { formatBytes } from '../../i18n/dates'
import { useDevices } from '../../stores/devices'
import { ViewHeading } from '../../ui/ViewHeading'
import { CampaignRows } from './CampaignRows'
import { OptOuts } from './OptOuts'
import { DEFAULT_PACING, isUsablePacing, PacingFields } from './PacingFields'
import { problemsText } from './problems'
import { ProgressChart } from './ProgressChart'
import { TakeBackCampaign } from './TakeBackCampaign'
import { campaignWaitText } from './wait-text'
import { formatWhatsApp } from './whatsapp-format'
import './campaigns.css'

type Check = InvokeReply<'campaigns:check'>

const COUNT_KEY = {
  waiting: 'campaigns.count.waiting',
  queued: 'campaigns.count.queued',
  accepted: 'campaigns.count.accepted',
  sent: 'campaigns.count.sent',
  delivered: 'campaigns.count.delivered',
  read: 'campaigns.count.read',
  failed: 'campaigns.count.failed',
  cancelled: 'campaigns.count.cancelled',
  cancelled_at_gateway: 'campaigns.count.cancelledAtGateway',
  revoked: 'campaigns.count.revoked',
  skipped: 'campaigns.count.skipped'
} as const satisfies Record<string, MessageKey>

const STATUS_KEY: Record<CampaignView['status'], MessageKey> = {
  draft: 'campaigns.status.draft',
  running: 'campaigns.status.running',
  paused: 'campaigns.status.paused',
  cancelled: 'campaigns.status.cancelled',
  finished: 'campaigns.status.finished'
}

const time = (at: number | null): string => (at ? new Date(at).toLocaleString() : '')

export function CampaignsView(): React.JSX.Element {
  const t = useT()
  const [openId, setOpenId] = useState<string | null>(null)
  const [list, setList] = useState<CampaignView[]>([])
  const [reload, setReload] = useState(0)
  const refresh = useCallback(() => setReload((n) => n + 1), [])

  useEffect(() => {
    let on = true
    void call('campaigns:list', {}).then((reply) => on && setList(reply.campaigns))
    return () => {
      on = false
    }
  }, [reload, openId])

  return (
    <section className="view campaigns" aria-labelledby="campaigns-heading" data-testid="view-campaigns">
      <ViewHeading id="campaigns-heading">{t('campaigns.title')}</ViewHeading>
      <p className="muted">{t('campaigns.intro')}</p>
      <OptOuts />
      {list.length > 0 ? (
        <ul className="campaigns-list" aria-label={t('campaigns.list')}>
          {list.map((c) => (
            <li key={c.id}>
              <button type="button" className="button button--link" onClick={() => setOpenId(c.id)}>
                {c.name}
              </button>{' '}
              <span className="muted">{t(STATUS_KEY[c.status])}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {openId ? (
        <CampaignProgress key={openId} id={openId} onClose={() => setOpenId(null)} onChanged={refresh} />
      ) : (
        <NewCampaign onCreated={setOpenId} />
      )}
    </section>
  )
}

/** The picked files as the core matches them to the attachment column: by name. */
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

/** The input for an attachment column's files, and the files picked so far, each removable. */
function RowFilesPicker({
  id,
  hint,
  files,
  onPick,
  onRemove
}: {
  id: string
  hint?: string
  files: readonly FileHandleView[]
  onPick: (files: File[]) => void
  onRemove: (file: FileHandleView) => void
}): React.JSX.Element {
  const t = useT()
  return (
    <>
      <input
        id={id}
        type="file"
        multiple
        aria-describedby={hint}
        onChange={(e) => {
          onPick([...(e.target.files ?? [])])
          e.target.value = ''
        }}
      />
      {files.length > 0 ? (
        <ul aria-label={t('campaigns.rowFiles.list')}>
          {files.map((file) => (
            <li key={file.handle}>
              <FileLine file={file} onRemove={() => onRemove(file)} />
            </li>
          ))}
        </ul>
      ) : null}
    </>
  )
}

function releaseHandles(files: readonly FileHandleView[]): void {
  if (files.length === 0) return
  void call('files:release', { handles: files.map((f) => f.handle) }).catch(() => undefined)
}

/** A drop zone of its own: the files dropped on it go to `onFiles`, not to a drop zone around it. */
function fileDrop(
  onFiles: (files: File[]) => void
): Pick<React.HTMLAttributes<HTMLElement>, 'onDragOver' | 'onDrop'> {
  return {
    onDragOver: (e) => e.preventDefault(),
    onDrop: (e) => {
      e.preventDefault()
      e.stopPropagation()
      onFiles([...e.dataTransfer.files])
    }
  }
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

function NewCampaign({ onCreated }: { onCreated: (id: string) => void }): React.JSX.Element {
  const t = useT()
  const language = useLanguage()
  const devices = useDevices((s) => s.devices)
  const [sheet, setSheet] = useState<SheetView | null>(null)
  const [mapping, setMapping] = useState<ColumnMappingView | null>(null)
  const [template, setTemplate] = useState('')
  const [name, setName] = useState('')
  const [pacing, setPacing] = useState<PacingPolicyView>(DEFAULT_PACING)
  const [chosen, setChosen] = useState<string[]>([])
  const [previewRow, setPreviewRow] = useState<number | null>(null)
  /** One file sent with every row, registered like a file dropped on the send panel. */
  const [attachment, setAttachment] = useState<FileHandleView | null>(null)
  /** The files the mapping's attachment column names, one per row (picked alongside the sheet). */
  const [rowFiles, setRowFiles] = useState<FileHandleView[]>([])
  const [lastCheck, setCheck] = useState<Check | null>(null)
  const [error, setError] = useState<ErrorInfo | null>(null)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    if (!sheet || !mapping || template.trim() === '') return
    let on = true
    const timer = setTimeout(() => {
      call('campaigns:check', {
        sheetId: sheet.sheetId,
        mapping,
        template,
        // A policy the core would refuse has no estimate; the form says what is wrong with it.
        ...(isUsablePacing(pacing) ? { pacing } : {}),
        deviceCount: Math.max(1, chosen.length),
        ...(previewRow !== null ? { previewRows: [previewRow] } : {}),
        // The file is checked against every chosen device's limit here, before anything is created.
        ...(attachment ? { attachment: { handle: attachment.handle }, devices: chosen } : {}),
        ...(mapping.attachment ? { files: namedFiles(rowFiles), devices: chosen } : {})
      })
        .then((reply) => {
          if (!on) return
          setCheck(reply)
          setError(null)
        })
        .catch((e: unknown) => {
          // The last check stays (the devices stay choosable); a refused file keeps the start button off.
          if (on) setError(errorInfo(e))
        })
    }, 200)
    return () => {
      on = false
      clearTimeout(timer)
    }
  }, [sheet, mapping, template, pacing, chosen, previewRow, attachment, rowFiles])

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
    if (files.length > 0) setRowFiles(replacingByName(rowFiles, files))
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
    setError(null)
    setBusy(true)
    try {
      // Registered like a drop (the core gets a path, or the harness's bytes) and read by the core: the window never
      // holds a 50,000-row file's bytes on its UI thread.
      const registered = await getApi().registerFiles([file], 'spreadsheet')
      const refused = registered.rejected[0]
      if (refused) {
        setError({ code: refused.code, message: coreMessage(refused) })
        return
      }
      const handle = registered.files[0]?.handle
      if (!handle) return
      const read = await call('campaigns:read', { handle })
      setSheet(read)
      setMapping(read.mapping)
      setName(read.fileName.replace(/\.[^.]+$/, ''))
    } catch (e) {
      setError(errorInfo(e))
    } finally {
      setBusy(false)
    }
  }

  async function createAndStart(): Promise<void> {
    if (!sheet || !mapping) return
    setBusy(true)
    setError(null)
    try {
      const created = await call('campaigns:create', {
        sheetId: sheet.sheetId,
        name,
        mapping,
        template,
        pacing,
        devices: chosen,
        ...(attachment ? { attachment: { handle: attachment.handle } } : {}),
        ...(mapping.attachment ? { files: namedFiles(rowFiles) } : {})
      })
      await call('campaigns:start', { id: created.id })
      // The core copied the files for the campaign and released the handles.
      setAttachment(null)
      setRowFiles([])
      onCreated(created.id)
    } catch (e) {
      setError(errorInfo(e))
    } finally {
      setBusy(false)
    }
  }

  // A check belongs to the message it was made for: none while the message is empty.
  const check = sheet && mapping && template.trim() !== '' ? lastCheck : null
  const preview = check?.previews[0]
  const ready = check?.summary.ready ?? 0

  return (
    <div className="campaign-steps">
      <section aria-labelledby="campaign-import">
        <h3 id="campaign-import">{t('campaigns.step.import')}</h3>
        <label htmlFor="campaign-file">{t('campaigns.file')}</label>
        <input
          id="campaign-file"
          type="file"
          accept=".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          data-testid="campaign-file"
          disabled={busy}
          onChange={(e) => void onFile(e.target.files?.[0])}
        />
        {sheet ? (
          <p role="status" data-testid="campaign-sheet">
            {t('campaigns.sheet', { rows: sheet.rowCount, format: sheet.format })}
            {sheet.remembered ? ` ${t('campaigns.mapping.remembered')}` : ''}
          </p>
        ) : null}
      </section>

      {sheet && mapping ? (
        <section aria-labelledby="campaign-mapping">
          <h3 id="campaign-mapping">{t('campaigns.step.mapping')}</h3>
          <label htmlFor="campaign-phone-column">{t('campaigns.phoneColumn')}</label>
          <select
            id="campaign-phone-column"
            data-testid="campaign-phone-column"
            value={mapping.phone}
            onChange={(e) =>
              setMapping({
                ...mapping,
                phone: e.target.value,
                variables: sheet.headers.filter((h) => h !== e.target.value)
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
        </section>
      ) : null}

      {sheet && mapping ? (
        <section aria-labelledby="campaign-message">
          <h3 id="campaign-message">{t('campaigns.step.message')}</h3>
          <label htmlFor="campaign-template">{t('campaigns.template')}</label>
          <p className="muted" id="campaign-template-hint">
            {t('campaigns.template.hint', { column: '{Name}', spin: '{Hello|Hi}' })}
          </p>
          <textarea
            id="campaign-template"
            data-testid="campaign-template"
            aria-describedby="campaign-template-hint"
            rows={4}
            value={template}
            onChange={(e) => setTemplate(e.target.value)}
          />
          {mapping.attachment ? (
            <div
              className="campaign-attachment"
              data-testid="campaign-row-files"
              {...fileDrop((files) => void pickRowFiles(files))}
            >
              <label htmlFor="campaign-row-files-input">
                {t('campaigns.rowFiles', { column: mapping.attachment })}
              </label>
              <p className="muted" id="campaign-row-files-hint">
                {t('campaigns.rowFiles.hint')}
              </p>
              <RowFilesPicker
                id="campaign-row-files-input"
                hint="campaign-row-files-hint"
                files={rowFiles}
                onPick={(picked) => void pickRowFiles(picked)}
                onRemove={removeRowFile}
              />
            </div>
          ) : (
            <div
              className="campaign-attachment"
              data-testid="campaign-attachment"
              {...fileDrop((files) => void attach(files[0]))}
            >
              <label htmlFor="campaign-attachment-file">{t('campaigns.attachment')}</label>
              <p className="muted" id="campaign-attachment-hint">
                {t('campaigns.attachment.hint')}
              </p>
              <input
                id="campaign-attachment-file"
                type="file"
                aria-describedby="campaign-attachment-hint"
                onChange={(e) => {
                  void attach(e.target.files?.[0])
                  e.target.value = ''
                }}
              />
              {attachment ? (
                <p data-testid="campaign-attachment-file">
                  <FileLine file={attachment} onRemove={() => replaceAttachment(null)} />
                </p>
              ) : null}
            </div>
          )}
          {check?.templateError ? (
            <p className="field-error" role="alert">
              {coreText(language, check.templateError, check.templateErrorKey, check.templateErrorParams)}
            </p>
          ) : null}
          {check ? (
            <>
              <p role="status" data-testid="campaign-summary">
                {t('campaigns.summary', { ready: check.summary.ready, skipped: check.summary.skipped })}
              </p>
              {check.problems.length > 0 ? (
                <details>
                  <summary>{t('campaigns.skippedRows')}</summary>
                  <ul data-testid="campaign-problems">
                    {check.problems.slice(0, 50).map((p) => (
                      <li key={p.rowNumber}>
                        {t('campaigns.row', { row: p.rowNumber })} {p.phoneCell}:{' '}
                        {problemsText(p.problems, t)}
                      </li>
                    ))}
                  </ul>
                </details>
              ) : null}
              <label htmlFor="campaign-preview-row">{t('campaigns.previewRow')}</label>
              <input
                id="campaign-preview-row"
                type="number"
                min={2}
                value={previewRow ?? preview?.rowNumber ?? 2}
                onChange={(e) => setPreviewRow(Number(e.target.value))}
              />
              {preview ? (
                <div
                  className="campaign-bubble"
                  data-testid="campaign-preview"
                  aria-label={t('campaigns.preview')}
                >
                  {formatWhatsApp(preview.message)}
                </div>
              ) : null}
            </>
          ) : null}
        </section>
      ) : null}

      {check && !check.templateError ? (
        <section aria-labelledby="campaign-pacing">
          <h3 id="campaign-pacing">{t('campaigns.step.pacing')}</h3>
          <p className="muted">{t('campaigns.pacing.explain')}</p>
          <PacingFields pacing={pacing} onChange={setPacing} />
          <fieldset>
            <legend>{t('campaigns.devices')}</legend>
            {devices.map((d) => (
              <label key={d.id} className="campaign-check">
                <input
                  type="checkbox"
                  checked={chosen.includes(d.id)}
                  onChange={(e) =>
                    setChosen(e.target.checked ? [...chosen, d.id] : chosen.filter((c) => c !== d.id))
                  }
                />
                {d.label} {d.quota !== null ? `(${t('campaigns.quota', { quota: String(d.quota) })})` : ''}
              </label>
            ))}
          </fieldset>
        </section>
      ) : null}

      {check && !check.templateError && chosen.length > 0 ? (
        <section aria-labelledby="campaign-confirm">
          <h3 id="campaign-confirm">{t('campaigns.step.confirm')}</h3>
          <label htmlFor="campaign-name">{t('campaigns.name')}</label>
          <input id="campaign-name" value={name} onChange={(e) => setName(e.target.value)} />
          <p data-testid="campaign-estimate">
            {t('campaigns.confirm', { count: ready, finish: time(check.estimate?.finishAt ?? null) })}
          </p>
          <button
            type="button"
            className="button button--primary"
            data-testid="campaign-start"
            disabled={busy || ready === 0 || error?.field === 'attachment' || !isUsablePacing(pacing)}
            onClick={() => void createAndStart()}
          >
            {t('campaigns.start', { count: ready })}
          </button>
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
  onSave: (pacing: PacingPolicyView) => Promise<void>
}): React.JSX.Element {
  const t = useT()
  const [pacing, setPacing] = useState(current)
  return (
    <details className="campaign-edit-pacing" data-testid="campaign-edit-pacing">
      <summary>{t('campaigns.pacing.edit')}</summary>
      <p className="muted">{t('campaigns.pacing.editExplain')}</p>
      <PacingFields pacing={pacing} onChange={setPacing} />
      <button
        type="button"
        className="button"
        data-testid="campaign-save-pacing"
        disabled={!isUsablePacing(pacing)}
        onClick={() => void onSave(pacing)}
      >
        {t('campaigns.pacing.save')}
      </button>
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
  onStarted
}: {
  campaign: CampaignView
  onStarted: () => void
}): React.JSX.Element {
  const t = useT()
  const [attachment, setAttachment] = useState<FileHandleView | null>(null)
  const [rowFiles, setRowFiles] = useState<FileHandleView[]>([])
  const [error, setError] = useState<ErrorInfo | null>(null)
  const [busy, setBusy] = useState(false)
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

  async function start(): Promise<void> {
    setBusy(true)
    setError(null)
    try {
      await call('campaigns:start', {
        id: campaign.id,
        ...(attachment ? { attachment: { handle: attachment.handle } } : {}),
        ...(column && rowFiles.length > 0 ? { files: namedFiles(rowFiles) } : {})
      })
      // The core copied the files and released their handles.
      held.current = []
      setAttachment(null)
      setRowFiles([])
      onStarted()
    } catch (e) {
      setError(errorInfo(e))
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="campaign-draft" data-testid="campaign-draft">
      <p className="muted">{t('campaigns.draft.explain')}</p>
      {campaign.attachmentName ? (
        <div className="campaign-attachment">
          <label htmlFor="campaign-draft-attachment">
            {t('campaigns.draft.attachAgain', { name: campaign.attachmentName })}
          </label>
          <input
            id="campaign-draft-attachment"
            type="file"
            onChange={(e) => {
              void pickAttachment(e.target.files?.[0])
              e.target.value = ''
            }}
          />
          {attachment ? (
            <p data-testid="campaign-draft-attachment-file">
              <FileLine file={attachment} />
            </p>
          ) : null}
        </div>
      ) : null}
      {column ? (
        <div className="campaign-attachment">
          <label htmlFor="campaign-draft-row-files">{t('campaigns.draft.rowFilesAgain', { column })}</label>
          <RowFilesPicker
            id="campaign-draft-row-files"
            files={rowFiles}
            onPick={(picked) => void pickRowFiles(picked)}
            onRemove={(file) => {
              releaseHandles([file])
              setRowFiles(rowFiles.filter((f) => f.handle !== file.handle))
            }}
          />
        </div>
      ) : null}
      <button
        type="button"
        className="button button--primary"
        data-testid="campaign-draft-start"
        disabled={busy}
        onClick={() => void start()}
      >
        {t('campaigns.start', { count: campaign.counts.waiting ?? 0 })}
      </button>
      {error ? (
        <p className="alert alert--bad" role="alert">
          {error.message}
        </p>
      ) : null}
    </div>
  )
}

function CampaignProgress({
  id,
  onClose,
  onChanged
}: {
  id: string
  onClose: () => void
  onChanged: () => void
}): React.JSX.Element {
  const t = useT()
  const language = useLanguage()
  const [campaign, setCampaign] = useState<CampaignView | null>(null)
  const [cancelled, setCancelled] = useState<InvokeReply<'campaigns:cancel'> | null>(null)
  const [error, setError] = useState<ErrorInfo | null>(null)
  const [tick, setTick] = useState(0)

  useEffect(() => getApi().on('campaigns:changed', (e) => e.id === id && setTick((n) => n + 1)), [id])
  useEffect(() => {
    // Counts also move with delivery reports, which raise no campaign event: look again every few seconds.
    const timer = setInterval(() => setTick((n) => n + 1), 3000)
    return () => clearInterval(timer)
  }, [])
  useEffect(() => {
    let on = true
    call('campaigns:get', { id })
      .then((c) => on && setCampaign(c))
      .catch((e: unknown) => on && setError(errorInfo(e)))
    return () => {
      on = false
    }
  }, [id, tick])

  // The list beside shows the status too: tell it when the status moves (finished, auto-paused…).
  const status = campaign?.status
  useEffect(() => {
    if (status) onChanged()
  }, [status, onChanged])

  async function act(work: () => Promise<unknown>): Promise<void> {
    setError(null)
    try {
      await work()
      setTick((n) => n + 1)
      onChanged()
    } catch (e) {
      setError(errorInfo(e))
    }
  }

  if (!campaign) return <p role="status">{t('campaigns.loading')}</p>
  const c = campaign.counts
  const counted = (k: string): number => c[k] ?? 0
  return (
    <section aria-labelledby="campaign-progress" data-testid="campaign-progress">
      <h3 id="campaign-progress">
        {campaign.name} — <span data-testid="campaign-status">{t(STATUS_KEY[campaign.status])}</span>
      </h3>
      <dl className="campaign-counts" data-testid="campaign-counts">
        {(
          [
            'waiting',
            'queued',
            'accepted',
            'sent',
            'delivered',
            'read',
            'failed',
            'cancelled',
            'cancelled_at_gateway',
            'revoked',
            'skipped'
          ] as const
        ).map((k) => (
          <div key={k}>
            <dt>{t(COUNT_KEY[k])}</dt>
            <dd data-testid={`campaign-count-${k}`}>{counted(k)}</dd>
          </div>
        ))}
      </dl>
      {campaign.status === 'draft' ? (
        <StartDraft
          campaign={campaign}
          onStarted={() => {
            setTick((n) => n + 1)
            onChanged()
          }}
        />
      ) : null}
      <ProgressChart id={id} refresh={tick} />
      {campaign.status !== 'draft' ? <CampaignRows id={id} refresh={tick} /> : null}
      <ul className="campaign-devices" hidden={campaign.status !== 'running' && campaign.status !== 'paused'}>
        {campaign.devices.map((d) => (
          <li key={d.deviceId} data-testid="campaign-device-wait">
            {campaignWaitText(d, t)}
            {d.autoPaused ? (
              <>
                {' '}
                <button
                  type="button"
                  className="button"
                  onClick={() => void act(() => call('campaigns:resume', { id, deviceId: d.deviceId }))}
                >
                  {t('campaigns.resume')}
                </button>
              </>
            ) : null}
          </li>
        ))}
      </ul>
      {campaign.status === 'running' || campaign.status === 'paused' ? (
        <EditPacing
          key={campaign.id}
          current={campaign.pacing}
          onSave={(pacing) => act(() => call('campaigns:setPacing', { id, pacing }))}
        />
      ) : null}
      <div className="form-actions">
        {campaign.status === 'running' ? (
          <button
            type="button"
            className="button"
            data-testid="campaign-pause"
            onClick={() => void act(() => call('campaigns:pause', { id }))}
          >
            {t('campaigns.pause')}
          </button>
        ) : null}
        {campaign.status === 'paused' ? (
          <button
            type="button"
            className="button"
            data-testid="campaign-resume"
            onClick={() => void act(() => call('campaigns:resume', { id }))}
          >
            {t('campaigns.resume')}
          </button>
        ) : null}
        {campaign.status === 'running' || campaign.status === 'paused' ? (
          <button
            type="button"
            className="button button--danger"
            data-testid="campaign-cancel"
            onClick={() => void act(async () => setCancelled(await call('campaigns:cancel', { id })))}
          >
            {t('campaigns.cancel')}
          </button>
        ) : null}
        <button
          type="button"
          className="button"
          data-testid="campaign-export-csv"
          onClick={() =>
            void act(async () => download(await call('campaigns:export', { id, format: 'csv', language })))
          }
        >
          {t('campaigns.export.csv')}
        </button>
        <button
          type="button"
          className="button"
          data-testid="campaign-export-xlsx"
          onClick={() =>
            void act(async () => download(await call('campaigns:export', { id, format: 'xlsx', language })))
          }
        >
          {t('campaigns.export.xlsx')}
        </button>
        <button
          type="button"
          className="button"
          onClick={() =>
            void act(async () =>
              download(await call('campaigns:export', { id, format: 'skipped', language }))
            )
          }
        >
          {t('campaigns.export.skipped')}
        </button>
        <button type="button" className="button" onClick={onClose}>
          {t('campaigns.new')}
        </button>
      </div>
      {campaign.status !== 'draft' ? (
        <TakeBackCampaign key={`take-back-${id}`} id={id} onChanged={() => setTick((n) => n + 1)} />
      ) : null}
      {cancelled ? (
        <p role="status" data-testid="campaign-cancel-report">
          {t('campaigns.cancelReport', {
            cancelled: cancelled.cancelledRows.length,
            accepted: cancelled.alreadyAccepted.length
          })}
        </p>
      ) : null}
      {error ? (
        <p className="alert alert--bad" role="alert">
          {error.message}
        </p>
      ) : null}
    </section>
  )
}
