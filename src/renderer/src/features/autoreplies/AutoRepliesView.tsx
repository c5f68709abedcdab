// The auto-replies view: a device's keyword chatbot at the gateway (list, add, edit, delete), and for sandbox devices a
// "try it" box where a contact's message arrives and the reply it got is shown.
import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react'
import { forgetKeptFields, useKeptState } from '../../stores/kept-fields'
import type { AutoReplyView, DeviceView } from '../../../../shared/contract'
import { call, errorInfo, type ErrorInfo } from '../../api'
import { useT } from '../../i18n'
import { busyButtonProps } from '../../ui/busy-button'
import { lengthError, tooLongError } from '../../ui/text-limit'
import { autoReplyKeywordForm, MAX_KEYWORD_LENGTH } from '../../../../shared/domain'
import { useDevices } from '../../stores/devices'
import { DeviceSelect } from '../../ui/DeviceSelect'
import { Field } from '../../ui/Field'
import { ViewHeading } from '../../ui/ViewHeading'
import { TryIncoming } from '../sandbox/TryIncoming'
import { PanelToggle, RowActions, useRowPanel } from '../../ui/RowActions'
import { ConfirmPanel } from '../../ui/ConfirmPanel'
import { cancelOnEscape } from '../../ui/escape'
import { ListStatus } from '../../ui/ListStatus'
import { useFocusAfterAction } from '../../ui/use-focus-after-action'
import { useFocusFirstInvalid } from '../../ui/use-focus-first-invalid'
import { isSandboxDevice } from '../../../../shared/device-status'

export function AutoRepliesView(): React.JSX.Element {
  const t = useT()
  const [deviceId, setDeviceId] = useState<string | null>(null)
  const device = useDevices((s) => s.devices.find((d) => d.id === deviceId))

  return (
    <section className="view" aria-labelledby="autoreplies-heading" data-testid="view-autoReplies">
      <ViewHeading id="autoreplies-heading">{t('autoReplies.title')}</ViewHeading>
      <p className="muted">{t('autoReplies.intro')}</p>
      <DeviceSelect
        id="autoreplies-device"
        testId="autoreplies-device"
        value={deviceId}
        onChange={setDeviceId}
      />
      {device ? <DeviceRules key={device.id} device={device} /> : null}
    </section>
  )
}

function DeviceRules({ device }: { device: DeviceView }): React.JSX.Element {
  const t = useT()
  const [rules, setRules] = useState<AutoReplyView[] | null>(null)
  const [error, setError] = useState<ErrorInfo | null>(null)

  const [reload, setReload] = useState(0)
  const load = (): void => setReload((n) => n + 1)
  // A deleted rule's row goes with the focused button: once the list is read again, the focus goes to its heading
  // rather than to the start of the page (unless the operator moved it meanwhile).
  const listHeading = useRef<HTMLHeadingElement>(null)
  const focusListOnLoad = useRef(false)
  useLayoutEffect(() => {
    if (!focusListOnLoad.current || rules === null) return
    focusListOnLoad.current = false
    const active = document.activeElement
    if (active === null || active === document.body) listHeading.current?.focus()
  }, [rules])

  useEffect(() => {
    let on = true
    call('autoReplies:list', { deviceId: device.id })
      .then((reply) => {
        if (!on) return
        setRules(reply.autoReplies)
        setError(null)
      })
      .catch((e: unknown) => {
        if (on) setError(errorInfo(e))
      })
    return () => {
      on = false
    }
  }, [device.id, reload])

  return (
    <>
      <RuleForm
        deviceId={device.id}
        testId="autoreply-new"
        title={t('autoReplies.add.title')}
        submitLabel={t('autoReplies.add')}
        others={rules ?? []}
        onSaved={load}
      />
      <section className="card" aria-labelledby="autoreplies-list-heading">
        <h3 id="autoreplies-list-heading" ref={listHeading} tabIndex={-1}>
          {t('autoReplies.list')}
        </h3>
        <ListStatus
          items={rules}
          error={error}
          emptyText={t('autoReplies.empty')}
          emptyTestId="autoreplies-empty"
          errorTestId="autoreplies-error"
          onRetry={() => {
            setError(null)
            load()
          }}
          waitsOn={listHeading}
        />
        {rules !== null && rules.length > 0 ? (
          <ul className="service-list" aria-label={t('autoReplies.list')}>
            {rules.map((rule) => (
              <RuleRow
                key={rule.id}
                deviceId={device.id}
                rule={rule}
                others={rules.filter((other) => other.id !== rule.id)}
                onChanged={load}
                onDeleted={() => {
                  focusListOnLoad.current = true
                  load()
                }}
              />
            ))}
          </ul>
        ) : null}
      </section>
      {isSandboxDevice(device) ? <TryIncoming deviceId={device.id} inspectorBelow={false} /> : null}
    </>
  )
}

function RuleRow({
  deviceId,
  rule,
  others,
  onChanged,
  onDeleted
}: {
  deviceId: string
  rule: AutoReplyView
  others: readonly AutoReplyView[]
  onChanged(): void
  onDeleted(): void
}): React.JSX.Element {
  const t = useT()
  const panels = useRowPanel<'edit' | 'delete'>()
  const [busy, setBusy] = useState(false)
  const [feedback, setFeedback] = useState<{ tone: 'ok' | 'bad'; text: string } | null>(null)

  async function remove(): Promise<void> {
    setBusy(true)
    setFeedback(null)
    try {
      await call('autoReplies:delete', { deviceId, id: rule.id })
      panels.close()
      onDeleted()
    } catch (e) {
      setFeedback({ tone: 'bad', text: errorInfo(e).message })
    } finally {
      setBusy(false)
    }
  }

  return (
    <li className="service-row" data-testid="autoreply-row" data-id={rule.id}>
      <div>
        <strong data-testid="autoreply-keyword-text">{rule.keyword}</strong>
        <span className="muted"> → </span>
        <span data-testid="autoreply-response-text" dir="auto">
          {rule.response}
        </span>
      </div>
      <RowActions label={t('autoReplies.actionsFor', { keyword: rule.keyword })}>
        <PanelToggle
          panels={panels}
          panel="edit"
          className="button button--small"
          testId={`autoreply-edit-${rule.id}`}
        >
          {t('autoReplies.edit')}
        </PanelToggle>
        <PanelToggle
          panels={panels}
          panel="delete"
          className="button button--small button--danger"
          testId={`autoreply-delete-${rule.id}`}
        >
          {t('outbox.delete')}
        </PanelToggle>
      </RowActions>
      {panels.open === 'delete' ? (
        <ConfirmPanel
          id={`autoreply-delete-q-${rule.id}`}
          question={t('autoReplies.delete.confirm', { keyword: rule.keyword })}
          confirmLabel={t('outbox.delete')}
          keepLabel={t('common.keep')}
          onConfirm={() => void remove()}
          onKeep={panels.close}
          disabled={busy}
          confirmTestId={`autoreply-delete-confirm-${rule.id}`}
        />
      ) : null}
      {panels.open === 'edit' ? (
        <RuleForm
          deviceId={deviceId}
          rule={rule}
          others={others}
          testId={`autoreply-form-${rule.id}`}
          submitLabel={t('common.save')}
          onCancel={panels.close}
          onSaved={() => {
            panels.close()
            onChanged()
          }}
        />
      ) : null}
      {feedback ? <p className={`feedback feedback--${feedback.tone}`}>{feedback.text}</p> : null}
    </li>
  )
}

function RuleForm({
  deviceId,
  rule,
  testId,
  title,
  submitLabel,
  others,
  onSaved,
  onCancel
}: {
  deviceId: string
  rule?: AutoReplyView
  /** The device's other rules: a keyword one of them has is said at the field (the gateway refuses it in English). */
  others: readonly AutoReplyView[]
  testId: string
  title?: string
  submitLabel: string
  onSaved(): void
  onCancel?(): void
}): React.JSX.Element {
  const t = useT()
  // The add form's typing is kept while another view is shown (by its device); a rule's Edit form opens afresh.
  const keptAs = `autoReply.new.${deviceId}.`
  const [keyword, setKeyword] = useKeptState(rule ? null : `${keptAs}keyword`, rule?.keyword ?? '')
  const [response, setResponse] = useKeptState(rule ? null : `${keptAs}response`, rule?.response ?? '')
  const [tried, setTried] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [done, setDone] = useState('')
  // Add keeps the focus while the gateway answers (said busy, never disabled), and after.
  const doneRef = useRef<HTMLParagraphElement>(null)
  const actionStarts = useFocusAfterAction(busy, doneRef)
  const formRef = useRef<HTMLFormElement>(null)
  const focusFirstInvalid = useFocusFirstInvalid(formRef)

  const taken = keyword.trim()
    ? others.find((other) => autoReplyKeywordForm(other.keyword) === autoReplyKeywordForm(keyword))
    : undefined

  async function submit(event: FormEvent): Promise<void> {
    event.preventDefault()
    setTried(true)
    setDone('')
    if (
      !keyword.trim() ||
      !response.trim() ||
      tooLongError(t, response) ||
      taken ||
      lengthError(t, keyword, MAX_KEYWORD_LENGTH)
    ) {
      focusFirstInvalid()
      return
    }
    actionStarts()
    setBusy(true)
    setError(null)
    try {
      const request = { deviceId, keyword: keyword.trim(), response }
      if (rule) await call('autoReplies:update', { ...request, id: rule.id })
      else await call('autoReplies:create', request)
      if (!rule) forgetKeptFields(keptAs)
      if (!rule) {
        setKeyword('')
        setResponse('')
        setTried(false)
        setDone(t('autoReplies.added'))
      }
      onSaved()
    } catch (e) {
      setError(errorInfo(e).message)
    } finally {
      setBusy(false)
    }
  }

  const prefix = rule ? `autoreply-${rule.id}` : 'autoreply-new'
  return (
    <form
      ref={formRef}
      className={rule ? 'inline-form form-grid' : 'card form'}
      noValidate
      onSubmit={(e) => void submit(e)}
      // A rule's Edit form: Escape does what Cancel does, as in the other inline forms; the row panel gives the focus
      // back to Edit (Q47-02). The add form has no Cancel.
      onKeyDown={onCancel ? cancelOnEscape(onCancel, busy) : undefined}
      data-testid={testId}
    >
      {title ? <h3>{title}</h3> : null}
      <div className="form-grid span-all">
        <Field
          id={`${prefix}-keyword`}
          label={t('autoReplies.keyword')}
          hint={rule ? undefined : t('autoReplies.keyword.hint')}
          error={
            lengthError(t, keyword, MAX_KEYWORD_LENGTH) ??
            (taken ? t('autoReplies.keyword.taken', { keyword: taken.keyword }) : null) ??
            (tried && !keyword.trim() ? t('common.required') : null)
          }
        >
          {(control) => (
            <input
              {...control}
              dir="auto"
              data-testid="autoreply-keyword"
              value={keyword}
              onChange={(e) => setKeyword(e.target.value)}
            />
          )}
        </Field>
        <Field
          id={`${prefix}-response`}
          label={t('autoReplies.response')}
          error={tooLongError(t, response) ?? (tried && !response.trim() ? t('common.required') : null)}
        >
          {(control) => (
            <textarea
              {...control}
              rows={2}
              dir="auto"
              data-testid="autoreply-response"
              value={response}
              onChange={(e) => setResponse(e.target.value)}
            />
          )}
        </Field>
      </div>
      {error ? (
        <p className="alert alert--bad span-all" role="alert">
          {error}
        </p>
      ) : null}
      <div className="actions span-all">
        <button
          type="submit"
          className="button button--primary"
          {...busyButtonProps(busy)}
          data-testid="autoreply-submit"
        >
          {submitLabel}
        </button>
        {onCancel ? (
          <button type="button" className="button" onClick={onCancel}>
            {t('common.cancel')}
          </button>
        ) : null}
      </div>
      {!rule ? (
        <p role="status" className="feedback feedback--ok" ref={doneRef} tabIndex={-1}>
          {done}
        </p>
      ) : null}
    </form>
  )
}
