// One device in the devices view: live state, sender, quota, expiry, and its actions (restart, relink, change number, rename, remove).
import { useState, type FormEvent } from 'react'
import type { DeviceView } from '../../../../shared/contract'
import { offers } from '../../../../shared/device-status'
import { errorInfo } from '../../api'
import { localeOf, useLanguage, useT } from '../../i18n'
import { formatDateTime } from '../../i18n/dates'
import { coreText } from '../../../../shared/i18n/notes'
import { useDevices } from '../../stores/devices'
import { useLinking } from '../../stores/linking'
import { Field } from '../../ui/Field'
import { FormActions } from '../../ui/FormActions'
import { SandboxPanel } from '../sandbox/SandboxPanel'
import { normalisePhone } from '../send/recipients'
import { StateBadge } from './StateBadge'
import { formatPhoneForReading } from '../../../../shared/domain/phone-display'
import { ConfirmPanel } from '../../ui/ConfirmPanel'

type Panel = 'none' | 'rename' | 'number' | 'remove' | 'token' | 'limit'

interface Feedback {
  tone: 'ok' | 'bad'
  text: string
}

export function DeviceRow({ device }: { device: DeviceView }): React.JSX.Element {
  const t = useT()
  const language = useLanguage()
  const locale = localeOf(language)
  const { restart, refresh, rename, remove, changeNumber, updateToken, setFileLimit } = useDevices.getState()
  const [panel, setPanel] = useState<Panel>('none')
  const [busy, setBusy] = useState<string | null>(null)
  const [feedback, setFeedback] = useState<Feedback | null>(null)
  const [label, setLabel] = useState(device.label)
  const [phone, setPhone] = useState('')
  const [phoneTouched, setPhoneTouched] = useState(false)
  const [token, setToken] = useState('')
  const [secret, setSecret] = useState('')
  const [limitMb, setLimitMb] = useState(
    device.maxFileBytes ? String(device.maxFileBytes / (1024 * 1024)) : ''
  )
  const limitValue = limitMb.trim() === '' ? null : Number(limitMb.replace(',', '.'))
  const limitError =
    limitValue !== null && (!Number.isFinite(limitValue) || limitValue <= 0 || limitValue > 100)
      ? t('devices.limit.invalid')
      : null
  const id = device.id
  // A token the keyring cannot give back, or one the gateway refuses, can be entered again here.
  const tokenNeeded = offers(device.state, 'enterToken')

  function submitLimit(event: FormEvent): void {
    event.preventDefault()
    if (limitError) return
    const bytes = limitValue === null ? null : Math.round(limitValue * 1024 * 1024)
    void run('limit', async () => {
      await setFileLimit(id, bytes)
      setPanel('none')
      return bytes === null
        ? t('devices.limit.cleared')
        : t('devices.limit.saved', { mb: String(limitValue) })
    })
  }

  function submitToken(event: FormEvent): void {
    event.preventDefault()
    if (!token.trim()) return
    void run('token', async () => {
      await updateToken(id, token.trim(), secret.trim() || undefined)
      setPanel('none')
      setToken('')
      setSecret('')
      return t('devices.token.done')
    })
  }

  async function run(action: string, work: () => Promise<string | null>): Promise<void> {
    setBusy(action)
    setFeedback(null)
    try {
      const text = await work()
      if (text) setFeedback({ tone: 'ok', text })
    } catch (error) {
      setFeedback({ tone: 'bad', text: errorInfo(error).message })
    } finally {
      setBusy(null)
    }
  }

  const phoneCheck = phone.trim() ? normalisePhone(phone) : null
  const phoneError =
    phoneTouched && !phone.trim()
      ? t('devices.number.required')
      : phoneCheck?.problem
        ? t(`recipient.problem.${phoneCheck.problem}`)
        : null

  function submitNumber(event: FormEvent): void {
    event.preventDefault()
    setPhoneTouched(true)
    if (!phoneCheck || phoneCheck.problem) return
    const value = phoneCheck.value
    void run('number', async () => {
      await changeNumber(id, value)
      setPanel('none')
      setPhone('')
      setPhoneTouched(false)
      return t('devices.number.done', { phone: value })
    })
  }

  function submitRename(event: FormEvent): void {
    event.preventDefault()
    if (!label.trim()) return
    void run('rename', async () => {
      await rename(id, label.trim())
      setPanel('none')
      return t('devices.renamed')
    })
  }

  const quota =
    device.quota === null
      ? t('common.unknown')
      : device.quota === 'unlimited'
        ? t('devices.quota.unlimited')
        : String(device.quota)

  return (
    <li className="card device" data-testid={`device-row-${id}`} aria-labelledby={`device-title-${id}`}>
      <div className="device-head">
        <h3 id={`device-title-${id}`} className="device-title">
          {device.label}
          {device.sandbox ? <span className="tag">{t('devices.sandboxTag')}</span> : null}
        </h3>
        <StateBadge id={id} state={device.state} />
      </div>
      <dl className="facts">
        <div>
          <dt>{t('devices.sender')}</dt>
          <dd data-testid={`device-sender-${id}`}>
            {device.sender ? formatPhoneForReading(device.sender) : t('common.none')}
          </dd>
        </div>
        <div>
          <dt>{t('devices.quota')}</dt>
          <dd data-testid={`device-quota-${id}`}>{quota}</dd>
        </div>
        <div>
          <dt>{t('devices.expires')}</dt>
          <dd>{device.expiresAt ? formatDateTime(device.expiresAt, locale) : t('common.unknown')}</dd>
        </div>
        <div>
          <dt>{t('devices.serial')}</dt>
          <dd>{device.serial ?? t('common.none')}</dd>
        </div>
        <div>
          <dt>{t('devices.token')}</dt>
          <dd>{device.tokenHint}</dd>
        </div>
        <div>
          <dt>{t('devices.checked')}</dt>
          <dd>{device.lastCheckedAt ? formatDateTime(device.lastCheckedAt, locale) : t('common.never')}</dd>
        </div>
      </dl>
      <p className="device-note" data-testid={`device-note-${id}`}>
        {device.stateNote ? (
          <span>{coreText(language, device.stateNote, device.stateNoteKey, device.stateNoteParams)} </span>
        ) : null}
        {device.state !== 'connected' ? <span className="muted">{t(`advice.${device.state}`)}</span> : null}
      </p>
      <div className="actions" role="group" aria-label={t('devices.actionsFor', { label: device.label })}>
        {offers(device.state, 'restart') ? (
          <button
            type="button"
            className="button"
            data-testid={`restart-${id}`}
            disabled={busy !== null}
            onClick={() =>
              void run('restart', async () => {
                const reply = await restart(id)
                // The gateway may accept a restart and still leave the phone offline: only "connected" is success.
                if (reply.device.state !== 'connected')
                  throw new Error(t('devices.restart.stillDown', { state: t(`state.${reply.device.state}`) }))
                return t(
                  reply.via === 'restart' ? 'devices.restart.restarted' : 'devices.restart.reconnected'
                )
              })
            }
          >
            {busy === 'restart' ? t('devices.restart.busy') : t('devices.restart')}
          </button>
        ) : null}
        {offers(device.state, 'relink') ? (
          <button
            type="button"
            className="button"
            data-testid={`relink-${id}`}
            onClick={() => void useLinking.getState().open(id)}
          >
            {t('devices.relink')}
          </button>
        ) : null}
        {offers(device.state, 'renew') || offers(device.state, 'checkNetwork') ? (
          <button
            type="button"
            className="button button--primary"
            data-testid={`check-again-${id}`}
            disabled={busy !== null}
            onClick={() =>
              void run('check', async () => {
                const after = await refresh(id)
                if (after.state !== 'connected')
                  throw new Error(t('devices.checkAgain.still', { state: t(`state.${after.state}`) }))
                return t('devices.checkAgain.ok')
              })
            }
          >
            {busy === 'check' ? t('devices.checkAgain.busy') : t('devices.checkAgain')}
          </button>
        ) : null}
        {tokenNeeded ? (
          <button
            type="button"
            className="button button--primary"
            data-testid={`token-${id}`}
            aria-expanded={panel === 'token'}
            onClick={() => setPanel(panel === 'token' ? 'none' : 'token')}
          >
            {t('devices.token.enter')}
          </button>
        ) : null}
        <button
          type="button"
          className="button"
          data-testid={`change-number-${id}`}
          aria-expanded={panel === 'number'}
          onClick={() => setPanel(panel === 'number' ? 'none' : 'number')}
        >
          {t('devices.number')}
        </button>
        <button
          type="button"
          className="button"
          data-testid={`limit-${id}`}
          aria-expanded={panel === 'limit'}
          onClick={() => setPanel(panel === 'limit' ? 'none' : 'limit')}
        >
          {t('devices.limit')}
        </button>
        <button
          type="button"
          className="button"
          data-testid={`rename-${id}`}
          aria-expanded={panel === 'rename'}
          onClick={() => {
            setLabel(device.label)
            setPanel(panel === 'rename' ? 'none' : 'rename')
          }}
        >
          {t('devices.rename')}
        </button>
        <button
          type="button"
          className="button button--danger"
          data-testid={`remove-${id}`}
          aria-expanded={panel === 'remove'}
          onClick={() => setPanel(panel === 'remove' ? 'none' : 'remove')}
        >
          {t('devices.remove')}
        </button>
      </div>

      {panel === 'rename' ? (
        <form className="inline-form" onSubmit={submitRename} data-testid={`rename-form-${id}`}>
          <Field id={`rename-${id}-input`} label={t('devices.rename.label')}>
            {(control) => (
              <input
                {...control}
                value={label}
                maxLength={80}
                onChange={(e) => setLabel(e.target.value)}
                data-testid={`rename-input-${id}`}
              />
            )}
          </Field>
          <FormActions
            submitLabel={t('common.save')}
            cancelLabel={t('common.cancel')}
            onCancel={() => setPanel('none')}
            disabled={busy !== null || !label.trim()}
          />
        </form>
      ) : null}

      {panel === 'limit' ? (
        <form className="inline-form" onSubmit={submitLimit} noValidate data-testid={`limit-form-${id}`}>
          <Field
            id={`limit-${id}-input`}
            label={t('devices.limit.label')}
            hint={t('devices.limit.hint')}
            error={limitError}
          >
            {(control) => (
              <input
                {...control}
                type="text"
                inputMode="decimal"
                value={limitMb}
                onChange={(e) => setLimitMb(e.target.value)}
                data-testid={`limit-input-${id}`}
              />
            )}
          </Field>
          <FormActions
            submitLabel={t('common.save')}
            cancelLabel={t('common.cancel')}
            onCancel={() => setPanel('none')}
            disabled={busy !== null || limitError !== null}
            submitTestId={`limit-submit-${id}`}
          />
        </form>
      ) : null}

      {panel === 'token' ? (
        <form className="inline-form" onSubmit={submitToken} data-testid={`token-form-${id}`}>
          <p className="muted">{t('devices.token.explain')}</p>
          <Field id={`token-${id}-input`} label={t('devices.token.label')}>
            {(control) => (
              <input
                {...control}
                type="password"
                autoComplete="off"
                value={token}
                onChange={(e) => setToken(e.target.value)}
                data-testid={`token-input-${id}`}
              />
            )}
          </Field>
          <Field id={`token-${id}-secret`} label={t('devices.token.secret')}>
            {(control) => (
              <input
                {...control}
                type="password"
                autoComplete="off"
                value={secret}
                onChange={(e) => setSecret(e.target.value)}
                data-testid={`token-secret-${id}`}
              />
            )}
          </Field>
          <FormActions
            submitLabel={t('devices.token.submit')}
            cancelLabel={t('common.cancel')}
            onCancel={() => setPanel('none')}
            disabled={busy !== null || !token.trim()}
            submitTestId={`token-submit-${id}`}
          />
        </form>
      ) : null}

      {panel === 'number' ? (
        <form className="inline-form" onSubmit={submitNumber} noValidate data-testid={`number-form-${id}`}>
          <Field
            id={`number-${id}-input`}
            label={t('devices.number.label')}
            hint={
              phoneCheck && !phoneCheck.problem
                ? t('devices.number.willUse', { phone: phoneCheck.value })
                : t('devices.number.hint')
            }
            error={phoneError}
            errorTestId={`number-error-${id}`}
          >
            {(control) => (
              <input
                {...control}
                type="tel"
                inputMode="tel"
                autoComplete="off"
                value={phone}
                onChange={(e) => {
                  setPhone(e.target.value)
                  setPhoneTouched(true)
                }}
                data-testid={`number-input-${id}`}
              />
            )}
          </Field>
          <p className="muted">{t('devices.number.rescan')}</p>
          <FormActions
            submitLabel={t('devices.number.submit')}
            cancelLabel={t('common.cancel')}
            onCancel={() => setPanel('none')}
            disabled={busy !== null}
            submitTestId={`number-submit-${id}`}
          />
        </form>
      ) : null}

      {panel === 'remove' ? (
        <ConfirmPanel
          id={`remove-q-${id}`}
          question={t('devices.remove.confirm', { label: device.label })}
          confirmLabel={t('devices.remove.yes')}
          keepLabel={t('devices.remove.no')}
          onConfirm={() => void run('remove', async () => (await remove(id), null))}
          onKeep={() => setPanel('none')}
          disabled={busy !== null}
          confirmTestId={`remove-confirm-${id}`}
        />
      ) : null}

      <p
        role="status"
        className={feedback ? `feedback feedback--${feedback.tone}` : 'feedback'}
        data-testid={`device-feedback-${id}`}
      >
        {feedback?.text ?? ''}
      </p>

      {device.sandbox ? (
        <details className="sandbox-details">
          <summary>{t('sandbox.title')}</summary>
          <SandboxPanel device={device} compact />
        </details>
      ) : null}
    </li>
  )
}
