// This number's daily cap: at most this many sends a day, counted across every campaign and direct send (issue 27);
// empty for no cap.
import { useState, type FormEvent } from 'react'
import { MAX_DEVICE_DAILY_CAP } from '../../../../../shared/domain/limits'
import { call } from '../../../api'
import { useT } from '../../../i18n'
import { useDevices } from '../../../stores/devices'
import { Field } from '../../../ui/Field'
import { FormActions } from '../../../ui/FormActions'
import { cancelOnEscape } from '../../../ui/escape'
import type { RowFormProps } from './row-form'

export function DailyCapForm({ device, busy, run, onClose }: RowFormProps): React.JSX.Element {
  const t = useT()
  const id = device.id
  const [cap, setCap] = useState(device.dailyCap ? String(device.dailyCap) : '')
  const value = cap.trim() === '' ? null : Number(cap.trim())
  const invalid =
    value !== null && (!Number.isInteger(value) || value < 1 || value > MAX_DEVICE_DAILY_CAP)
      ? t('devices.cap.invalid')
      : null

  function submit(event: FormEvent): void {
    event.preventDefault()
    if (invalid) return
    void run('cap', async () => {
      useDevices.getState().upsert(await call('devices:setDailyCap', { id, dailyCap: value }))
      onClose()
      return value === null ? t('devices.cap.cleared') : t('devices.cap.saved', { cap: value })
    })
  }

  return (
    <form
      className="inline-form"
      onSubmit={submit}
      noValidate
      data-testid={`cap-form-${id}`}
      onKeyDown={cancelOnEscape(onClose, busy)}
    >
      <Field
        id={`cap-${id}-input`}
        label={t('devices.cap.label')}
        hint={t('devices.cap.hint')}
        error={invalid}
      >
        {(control) => (
          <input
            {...control}
            type="text"
            inputMode="numeric"
            value={cap}
            onChange={(e) => setCap(e.target.value)}
          />
        )}
      </Field>
      <FormActions
        submitLabel={t('common.save')}
        cancelLabel={t('common.cancel')}
        onCancel={onClose}
        disabled={busy || invalid !== null}
      />
    </form>
  )
}
