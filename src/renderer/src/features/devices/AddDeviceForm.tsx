// The add-device form: label, gateway URL, token, optional secret key — checked as typed, then live by the core (`devices:add`).
import { useLayoutEffect, useRef, useState, type FormEvent } from 'react'
import type { DeviceView } from '../../../../shared/contract'
import { errorInfo, type ErrorInfo } from '../../api'
import { useT, type MessageKey } from '../../i18n'
import { useDevices } from '../../stores/devices'
import { Field } from '../../ui/Field'
import { busyButtonProps } from '../../ui/busy-button'
import { cancelOnEscape } from '../../ui/escape'
import { checkDeviceDraft, fieldOfError, type DeviceDraft, type DeviceField } from './device-rules'
import { SecretInput } from '../../ui/SecretInput'

const FIELDS: DeviceField[] = ['label', 'baseUrl', 'token', 'secret']

const PROBLEM_KEYS: Record<string, MessageKey> = {
  'label.required': 'addDevice.label.required',
  'label.tooLong': 'addDevice.label.tooLong',
  'baseUrl.required': 'addDevice.url.required',
  'baseUrl.invalid': 'addDevice.url.invalid',
  'baseUrl.https': 'addDevice.url.https',
  'token.required': 'addDevice.token.required'
}

interface AddDeviceFormProps {
  onAdded(device: DeviceView): void
  onCancel(): void
}

export function AddDeviceForm({ onAdded, onCancel }: AddDeviceFormProps): React.JSX.Element {
  const t = useT()
  const add = useDevices((state) => state.add)
  const [draft, setDraft] = useState<DeviceDraft>({ label: '', baseUrl: 'https://', token: '', secret: '' })
  const [touched, setTouched] = useState<Partial<Record<DeviceField, boolean>>>({})
  const [serverError, setServerError] = useState<ErrorInfo | null>(null)
  const [busy, setBusy] = useState(false)
  const formRef = useRef<HTMLFormElement>(null)
  // The button that opened the form is gone with it: the focus starts on the first field.
  useLayoutEffect(() => {
    formRef.current?.querySelector<HTMLElement>('#add-device-label')?.focus()
  }, [])

  const problems = checkDeviceDraft(draft)
  const serverField = fieldOfError(serverError?.field)

  function errorFor(field: DeviceField): string | null {
    if (serverError && serverField === field) return serverError.message
    const problem = problems[field]
    if (!problem || !touched[field]) return null
    const key = PROBLEM_KEYS[`${field}.${problem}`]
    return key ? t(key) : null
  }

  function change(field: DeviceField, value: string): void {
    setDraft((d) => ({ ...d, [field]: value }))
    setTouched((d) => ({ ...d, [field]: true }))
    if (serverError && (serverField === field || serverField === null)) setServerError(null)
  }

  async function submit(event: FormEvent): Promise<void> {
    event.preventDefault()
    setTouched({ label: true, baseUrl: true, token: true, secret: true })
    const first = FIELDS.find((f) => problems[f])
    if (first) {
      formRef.current?.querySelector<HTMLElement>(`#add-device-${first}`)?.focus()
      return
    }
    setBusy(true)
    setServerError(null)
    try {
      const secret = draft.secret.trim()
      const device = await add({
        label: draft.label.trim(),
        baseUrl: draft.baseUrl.trim(),
        token: draft.token.trim(),
        ...(secret ? { secret } : {})
      })
      onAdded(device)
    } catch (error) {
      const info = errorInfo(error)
      setServerError(info)
      const field = fieldOfError(info.field)
      if (field) formRef.current?.querySelector<HTMLElement>(`#add-device-${field}`)?.focus()
    } finally {
      setBusy(false)
    }
  }

  return (
    <form
      ref={formRef}
      className="card form add-device"
      aria-labelledby="add-device-title"
      data-testid="add-device-form"
      noValidate
      onSubmit={(e) => void submit(e)}
      // Esc backs out as Cancel does, nothing added (QA19 Q19-04); the focus goes back to "Add a device".
      onKeyDown={cancelOnEscape(onCancel, busy)}
    >
      <h3 id="add-device-title">{t('addDevice.title')}</h3>
      <p className="muted">{t('addDevice.intro')}</p>
      <div className="form-grid">
        <Field
          id="add-device-label"
          label={t('addDevice.label')}
          error={errorFor('label')}
          errorTestId="add-device-error-label"
        >
          {(control) => (
            <input
              {...control}
              data-testid="add-device-label"
              value={draft.label}
              autoComplete="off"
              onChange={(e) => change('label', e.target.value)}
              onBlur={() => setTouched((d) => ({ ...d, label: true }))}
            />
          )}
        </Field>
        <Field
          id="add-device-baseUrl"
          label={t('addDevice.url')}
          hint={t('addDevice.url.hint')}
          error={errorFor('baseUrl')}
          errorTestId="add-device-error-baseUrl"
        >
          {(control) => (
            <input
              {...control}
              data-testid="add-device-url"
              type="url"
              inputMode="url"
              spellCheck={false}
              autoComplete="off"
              value={draft.baseUrl}
              onChange={(e) => change('baseUrl', e.target.value)}
              onBlur={() => setTouched((d) => ({ ...d, baseUrl: true }))}
            />
          )}
        </Field>
        <Field
          id="add-device-token"
          label={t('addDevice.token')}
          hint={t('addDevice.token.hint')}
          error={errorFor('token')}
          errorTestId="add-device-error-token"
        >
          {(control) => (
            <SecretInput
              control={control}
              testId="add-device-token"
              value={draft.token}
              onChange={(value) => change('token', value)}
              onBlur={() => setTouched((d) => ({ ...d, token: true }))}
            />
          )}
        </Field>
        <Field
          id="add-device-secret"
          label={t('addDevice.secret')}
          hint={t('addDevice.secret.hint')}
          error={errorFor('secret')}
          errorTestId="add-device-error-secret"
        >
          {(control) => (
            <SecretInput
              control={control}
              testId="add-device-secret"
              value={draft.secret}
              onChange={(value) => change('secret', value)}
            />
          )}
        </Field>
      </div>
      {/* An error that names a field is said once, under it: focus moves there, which reads it out. */}
      {serverError && !serverField ? (
        <p className="alert alert--bad" role="alert" data-testid="add-device-error">
          {serverError.message}
        </p>
      ) : null}
      <div className="actions">
        <button
          type="submit"
          className="button button--primary"
          data-testid="add-device-submit"
          {...busyButtonProps(busy)}
        >
          {busy ? t('addDevice.checking') : t('addDevice.submit')}
        </button>
        <button type="button" className="button" data-testid="add-device-cancel" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  )
}
