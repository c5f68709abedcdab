// Entering the token (and secret key) again, for a token the keyring cannot give back or the gateway refuses.
import { useState, type FormEvent } from 'react'
import { useT } from '../../../i18n'
import { useDevices } from '../../../stores/devices'
import { Field } from '../../../ui/Field'
import { FormActions } from '../../../ui/FormActions'
import { cancelOnEscape } from '../../../ui/escape'
import type { RowFormProps } from './row-form'
import { SecretInput } from '../../../ui/SecretInput'

export function TokenForm({ device, busy, run, onClose }: RowFormProps): React.JSX.Element {
  const t = useT()
  const id = device.id
  const [token, setToken] = useState('')
  const [secret, setSecret] = useState('')

  function submit(event: FormEvent): void {
    event.preventDefault()
    if (!token.trim()) return
    void run('token', async () => {
      await useDevices.getState().updateToken(id, token.trim(), secret.trim() || undefined)
      onClose()
      return t('devices.token.done')
    })
  }

  return (
    <form
      className="inline-form"
      onSubmit={submit}
      data-testid={`token-form-${id}`}
      onKeyDown={cancelOnEscape(onClose, busy)}
    >
      <p className="muted">{t('devices.token.explain')}</p>
      <Field id={`token-${id}-input`} label={t('devices.token.label')}>
        {(control) => (
          <SecretInput control={control} testId={`token-input-${id}`} value={token} onChange={setToken} />
        )}
      </Field>
      <Field id={`token-${id}-secret`} label={t('devices.token.secret')}>
        {(control) => (
          <SecretInput control={control} testId={`token-secret-${id}`} value={secret} onChange={setSecret} />
        )}
      </Field>
      <FormActions
        submitLabel={t('devices.token.submit')}
        cancelLabel={t('common.cancel')}
        onCancel={onClose}
        busy={busy}
        disabled={!token.trim()}
        submitTestId={`token-submit-${id}`}
      />
    </form>
  )
}
