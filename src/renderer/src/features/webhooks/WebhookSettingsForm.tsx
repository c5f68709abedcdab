// A device's webhook settings (`webhooks:get` / `webhooks:update`): both URLs, incoming on/off and, for sandbox
// devices, auto reply from webhook. Only what changed is sent to the gateway.
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react'
import type { DeviceView, WebhookSettingsView } from '../../../../shared/contract'
import { call, errorInfo, type ErrorInfo } from '../../api'
import { localeOf, useLanguage, useT } from '../../i18n'
import { busyButtonProps } from '../../ui/busy-button'
import { formatDateTimeInZone } from '../../i18n/dates'
import { useKeptState } from '../../stores/kept-fields'
import { useOperatorZone } from '../../stores/settings'
import { Field } from '../../ui/Field'
import { useFocusAfterAction } from '../../ui/use-focus-after-action'
import { ConfirmPanel } from '../../ui/ConfirmPanel'
import {
  httpUrlProblem,
  MAX_HTTP_URL_LENGTH,
  typedHost,
  type HttpUrlProblem
} from '../../../../shared/domain'
import type { MessageKey } from '../../../../shared/i18n'
import { isSandboxDevice } from '../../../../shared/device-status'
import { gatewayPostsToThisComputer } from './webhook-reach'

type UrlField = 'webhookUrl' | 'trackingUrl'
const URL_FIELDS: readonly UrlField[] = ['webhookUrl', 'trackingUrl']

type Patch = {
  webhookUrl?: string
  trackingUrl?: string
  incoming?: boolean
  autoReplyFromWebhook?: boolean
  clear?: UrlField[]
}

/** What the operator changed and has not saved: shown over the gateway's settings when the form is back. */
type UnsavedEdits = { webhookUrl?: string; trackingUrl?: string; incoming?: boolean; autoReply?: boolean }

/** Each problem of the shared rule for webhook addresses (shared/domain httpUrlProblem) in its own words. */
const URL_PROBLEM_KEYS: Record<HttpUrlProblem, MessageKey> = {
  too_long: 'webhooks.url.tooLong',
  scheme: 'webhooks.url.invalid',
  not_a_url: 'webhooks.url.notAUrl',
  port: 'webhooks.url.port',
  credentials: 'webhooks.url.credentials',
  host: 'webhooks.url.host',
  host_underscore: 'webhooks.url.hostUnderscore',
  ip_part: 'webhooks.url.ipPart',
  insecure_http: 'webhooks.url.insecure'
}

/** QA75: where the device's gateway does not post to this computer (the sandbox, a hosted one), http:// is not offered. */
const HTTPS_ONLY_KEYS: Partial<Record<HttpUrlProblem, MessageKey>> = {
  scheme: 'webhooks.url.invalidHttpsOnly',
  insecure_http: 'webhooks.url.insecureHttpsOnly'
}

export function WebhookSettingsForm({ device }: { device: DeviceView }): React.JSX.Element {
  const t = useT()
  const locale = localeOf(useLanguage())
  const zone = useOperatorZone()
  const [saved, setSaved] = useState<WebhookSettingsView | null>(null)
  const [webhookUrl, setWebhookUrl] = useState('')
  const [trackingUrl, setTrackingUrl] = useState('')
  const [incoming, setIncoming] = useState(false)
  const [autoReply, setAutoReply] = useState(false)
  // The edits outlive a look at another view (an operator's probe: an address typed, the Outbox looked at, the
  // address gone), until saved; the form loads the gateway's settings afresh and puts them over.
  const [unsaved, setUnsaved] = useKeptState<UnsavedEdits | null>(`webhooks.${device.id}.unsaved`, null)
  const unsavedAtOpen = useRef(unsaved)
  const edit = <K extends keyof UnsavedEdits>(
    field: K,
    value: NonNullable<UnsavedEdits[K]>,
    set: (v: typeof value) => void
  ) => {
    set(value)
    setUnsaved({ ...unsaved, [field]: value })
  }
  const [error, setError] = useState<ErrorInfo | null>(null)
  // The addresses the core refused for its device's gateway (it cannot reach them), each said at its field while it
  // is typed.
  const [refusedAddresses, setRefusedAddresses] = useState<
    readonly { field: UrlField; value: string; message: string }[]
  >([])
  const [feedback, setFeedback] = useState('')
  const [busy, setBusy] = useState(false)
  const [tried, setTried] = useState(false)
  const feedbackRef = useRef<HTMLParagraphElement>(null)
  const webhookUrlRef = useRef<HTMLInputElement>(null)
  const trackingUrlRef = useRef<HTMLInputElement>(null)
  // Save keeps the focus while it runs (said busy, never disabled), and after it (or the answer's line takes it).
  const actionStarts = useFocusAfterAction(busy, feedbackRef)
  const saveRef = useRef<HTMLButtonElement>(null)
  // Messages in receives this device's messages through these addresses ("Receive messages"): said at the form, and
  // a save that would stop it is asked first (QA58: the mailbox's URL cleared here stopped it unasked). Not known
  // (no mailbox, the read failed): nothing is said or asked.
  const [receivingHere, setReceivingHere] = useState(false)
  const [stopsInbox, setStopsInbox] = useState<{
    patch: Patch
    said: (outcome: string | null) => string
  } | null>(null)
  const readReceiving = useCallback(
    (isCurrent: () => boolean = () => true): void => {
      call('inbox:receiving', {})
        .then((view) => {
          if (isCurrent()) setReceivingHere(view.devices.some((d) => d.deviceId === device.id && d.receiving))
        })
        .catch(() => undefined)
    },
    [device.id]
  )

  function show(settings: WebhookSettingsView, edits: UnsavedEdits | null = null): void {
    setSaved(settings)
    setWebhookUrl(edits?.webhookUrl ?? settings.webhookUrl ?? '')
    setTrackingUrl(edits?.trackingUrl ?? settings.trackingUrl ?? '')
    setIncoming(edits?.incoming ?? settings.incoming)
    setAutoReply(edits?.autoReply ?? settings.autoReplyFromWebhook)
  }

  useEffect(() => {
    let on = true
    readReceiving(() => on)
    call('webhooks:get', { deviceId: device.id })
      .then((settings) => {
        if (on) show(settings, unsavedAtOpen.current)
      })
      .catch((e: unknown) => {
        if (on) setError(errorInfo(e))
      })
    return () => {
      on = false
    }
  }, [device.id, readReceiving])

  const urlProblem = (value: string): string | null => {
    if (value.trim() === '') return null
    const problem = httpUrlProblem(value)
    if (problem === null) return null
    const key =
      (gatewayPostsToThisComputer(device) ? undefined : HTTPS_ONLY_KEYS[problem]) ?? URL_PROBLEM_KEYS[problem]
    return t(key, { host: typedHost(value), max: MAX_HTTP_URL_LENGTH })
  }
  const fieldProblem = (field: UrlField, value: string): string | null =>
    urlProblem(value) ??
    refusedAddresses.find((refused) => refused.field === field && refused.value === value.trim())?.message ??
    null

  async function submit(event: FormEvent): Promise<void> {
    event.preventDefault()
    setTried(true)
    // Whatever the last save said (its answer or the gateway's refusal) is not about this one.
    setFeedback('')
    setError(null)
    if (!saved) return
    // A refused address takes the focus, so what is wrong with it is read where it is put right.
    const refused = urlProblem(webhookUrl) ? webhookUrlRef : urlProblem(trackingUrl) ? trackingUrlRef : null
    if (refused) {
      refused.current?.focus()
      return
    }
    const patch: Patch = {}
    if (webhookUrl.trim() !== '' && webhookUrl.trim() !== (saved.webhookUrl ?? ''))
      patch.webhookUrl = webhookUrl.trim()
    if (trackingUrl.trim() !== '' && trackingUrl.trim() !== (saved.trackingUrl ?? ''))
      patch.trackingUrl = trackingUrl.trim()
    if (incoming !== saved.incoming) patch.incoming = incoming
    if (isSandboxDevice(device) && autoReply !== saved.autoReplyFromWebhook)
      patch.autoReplyFromWebhook = autoReply
    // The gateway's API can set an address but not remove one (gateway-api.md §4.1): an emptied field is shown its
    // saved address again, with what the operator can do instead. The sandbox is its own dashboard: there the app
    // removes it, and says so once the sandbox took it.
    const cannotClear: string[] = []
    const cleared: string[] = []
    const emptied = (field: UrlField, keep: () => void, words: MessageKey): void => {
      if (isSandboxDevice(device)) {
        patch.clear = [...(patch.clear ?? []), field]
        cleared.push(t(words))
      } else {
        keep()
        cannotClear.push(
          t(field === 'webhookUrl' ? 'webhooks.cannotClear.url' : 'webhooks.cannotClear.tracking')
        )
      }
    }
    if (webhookUrl.trim() === '' && saved.webhookUrl)
      emptied('webhookUrl', () => setWebhookUrl(saved.webhookUrl ?? ''), 'webhooks.cleared.url')
    if (trackingUrl.trim() === '' && saved.trackingUrl)
      emptied('trackingUrl', () => setTrackingUrl(saved.trackingUrl ?? ''), 'webhooks.cleared.tracking')
    const said = (outcome: string | null): string =>
      [outcome, ...cleared, ...cannotClear].filter(Boolean).join(' ')
    if (Object.keys(patch).length === 0) {
      setUnsaved(null)
      setFeedback(said(cannotClear.length > 0 ? null : t('webhooks.unchanged')))
      return
    }
    const stopsReceiving =
      patch.webhookUrl !== undefined ||
      patch.trackingUrl !== undefined ||
      patch.incoming === false ||
      (patch.clear?.length ?? 0) > 0
    if (receivingHere && stopsReceiving) {
      setStopsInbox({ patch, said })
      return
    }
    await save(patch, said)
  }

  async function save(patch: Patch, said: (outcome: string | null) => string): Promise<void> {
    actionStarts()
    setBusy(true)
    try {
      show(await call('webhooks:update', { deviceId: device.id, ...patch }))
      setUnsaved(null)
      setFeedback(said(t('webhooks.saved')))
      if (receivingHere) readReceiving()
    } catch (e) {
      const info = errorInfo(e)
      const field = URL_FIELDS.find((name) => name === info.field)
      if (field === undefined) setError(info)
      else {
        const refused = [{ field: info.field, message: info.message }, ...(info.otherFields ?? [])].flatMap(
          (one) => {
            const at = URL_FIELDS.find((name) => name === one.field)
            return at ? [{ field: at, value: patch[at] ?? '', message: one.message }] : []
          }
        )
        setRefusedAddresses(refused)
        ;(field === 'webhookUrl' ? webhookUrlRef : trackingUrlRef).current?.focus()
      }
    } finally {
      setBusy(false)
    }
  }

  if (!saved) {
    return error ? (
      <p className="alert alert--bad" role="alert">
        {error.message}
      </p>
    ) : (
      <p role="status">{t('outbox.loading')}</p>
    )
  }

  return (
    <form className="card form" noValidate onSubmit={(e) => void submit(e)} data-testid="webhooks-form">
      {saved.source === 'remembered' ? (
        <p className="muted small" data-testid="webhooks-remembered">
          {t('webhooks.remembered')}
          {saved.savedAt
            ? ` ${t('webhooks.savedAt', { time: formatDateTimeInZone(saved.savedAt, locale, zone) })}`
            : ''}
        </p>
      ) : null}
      <div className="form-grid">
        {receivingHere ? (
          <p className="field-hint span-all" data-testid="webhooks-receiving-here">
            {t('webhooks.receivingHere')}
          </p>
        ) : null}
        <Field
          id="webhooks-url"
          label={t('webhooks.url')}
          hint={t('webhooks.url.hint')}
          error={tried ? fieldProblem('webhookUrl', webhookUrl) : null}
        >
          {(control) => (
            <input
              {...control}
              type="url"
              inputMode="url"
              spellCheck={false}
              ref={webhookUrlRef}
              data-testid="webhooks-url"
              value={webhookUrl}
              placeholder="https://"
              onChange={(e) => edit('webhookUrl', e.target.value, setWebhookUrl)}
            />
          )}
        </Field>
        <Field
          id="webhooks-tracking-url"
          label={t('webhooks.trackingUrl')}
          hint={t('webhooks.trackingUrl.hint')}
          error={tried ? fieldProblem('trackingUrl', trackingUrl) : null}
        >
          {(control) => (
            <input
              {...control}
              type="url"
              inputMode="url"
              spellCheck={false}
              ref={trackingUrlRef}
              data-testid="webhooks-tracking-url"
              value={trackingUrl}
              placeholder="https://"
              onChange={(e) => edit('trackingUrl', e.target.value, setTrackingUrl)}
            />
          )}
        </Field>
      </div>
      <Switch
        id="webhooks-incoming"
        label={t('webhooks.incoming')}
        hint={t('webhooks.incoming.hint')}
        checked={incoming}
        onChange={(on) => edit('incoming', on, setIncoming)}
      />
      <Switch
        id="webhooks-auto-reply"
        label={t('webhooks.autoReply')}
        hint={isSandboxDevice(device) ? t('webhooks.autoReply.hint') : t('webhooks.autoReply.dashboard')}
        checked={autoReply}
        disabled={!isSandboxDevice(device)}
        onChange={(on) => edit('autoReply', on, setAutoReply)}
      />
      {error ? (
        <p className="alert alert--bad" role="alert" data-testid="webhooks-error">
          {error.message}
        </p>
      ) : null}
      <div className="actions">
        <button
          ref={saveRef}
          type="submit"
          className="button button--primary"
          {...busyButtonProps(busy)}
          data-testid="webhooks-save"
        >
          {t('webhooks.save')}
        </button>
      </div>
      {stopsInbox ? (
        <div data-testid="webhooks-stops-inbox">
          <ConfirmPanel
            id="webhooks-stops-inbox-question"
            question={t('webhooks.stopsInbox.question', { device: device.label })}
            confirmLabel={t('webhooks.stopsInbox.confirm')}
            keepLabel={t('webhooks.stopsInbox.keep')}
            focusOnOpen
            onConfirm={() => {
              const { patch, said } = stopsInbox
              setStopsInbox(null)
              saveRef.current?.focus()
              void save(patch, said)
            }}
            onKeep={() => {
              setStopsInbox(null)
              saveRef.current?.focus()
            }}
          />
        </div>
      ) : null}
      <p
        role="status"
        className="feedback feedback--ok"
        data-testid="webhooks-feedback"
        ref={feedbackRef}
        tabIndex={-1}
      >
        {feedback}
      </p>
    </form>
  )
}

function Switch(props: {
  id: string
  label: string
  hint: string
  checked: boolean
  disabled?: boolean
  onChange(value: boolean): void
}): React.JSX.Element {
  return (
    <div className="field field--toggle">
      <label className="checkbox" htmlFor={props.id}>
        <input
          id={props.id}
          type="checkbox"
          data-testid={props.id}
          checked={props.checked}
          disabled={props.disabled}
          aria-describedby={`${props.id}-hint`}
          onChange={(e) => props.onChange(e.target.checked)}
        />{' '}
        {props.label}
      </label>
      <p id={`${props.id}-hint`} className="field-hint">
        {props.hint}
      </p>
    </div>
  )
}
