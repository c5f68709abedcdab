// This gateway's own file size limit in MB (for plans above the documented 2 MB), or empty for the setting's.
import { useState, type FormEvent } from 'react'
import { MAX_SETTABLE_FILE_BYTES, MIN_SETTABLE_FILE_BYTES } from '../../../../../shared/domain'
import { formatNumber, useLanguage, useT } from '../../../i18n'
import { useDevices } from '../../../stores/devices'
import { Field } from '../../../ui/Field'
import { FormActions } from '../../../ui/FormActions'
import { cancelOnEscape } from '../../../ui/escape'
import { readTypedNumber, showTypedNumber } from '../../../ui/typed-number'
import type { RowFormProps } from './row-form'

const MB = 1024 * 1024

export function FileLimitForm({ device, busy, run, onClose }: RowFormProps): React.JSX.Element {
  const t = useT()
  const language = useLanguage()
  const id = device.id
  const [limitMb, setLimitMb] = useState(() =>
    device.maxFileBytes ? showTypedNumber(device.maxFileBytes / MB, language) : ''
  )
  const limitValue = limitMb.trim() === '' ? null : readTypedNumber(limitMb, false, language)
  const limitError =
    limitValue !== null &&
    (!Number.isFinite(limitValue) ||
      limitValue * MB < MIN_SETTABLE_FILE_BYTES ||
      limitValue * MB > MAX_SETTABLE_FILE_BYTES)
      ? t('devices.limit.invalid')
      : null

  function submit(event: FormEvent): void {
    event.preventDefault()
    if (limitError) return
    const bytes = limitValue === null ? null : Math.round(limitValue * MB)
    void run('limit', async () => {
      await useDevices.getState().setFileLimit(id, bytes)
      onClose()
      return bytes === null
        ? t('devices.limit.cleared')
        : t('devices.limit.saved', { mb: formatNumber(bytes / MB, language) })
    })
  }

  return (
    <form
      className="inline-form"
      onSubmit={submit}
      noValidate
      data-testid={`limit-form-${id}`}
      onKeyDown={cancelOnEscape(onClose, busy)}
    >
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
        onCancel={onClose}
        busy={busy}
        disabled={limitError !== null}
        submitTestId={`limit-submit-${id}`}
      />
    </form>
  )
}
