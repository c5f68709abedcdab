// Changing the sender number: validated as typed with the domain's phone rule, sent in its 62… form.
import { useState, type FormEvent } from 'react'
import { useT } from '../../../i18n'
import { useDevices } from '../../../stores/devices'
import { ConfirmPanel } from '../../../ui/ConfirmPanel'
import { Field } from '../../../ui/Field'
import { FormActions } from '../../../ui/FormActions'
import { cancelOnEscape } from '../../../ui/escape'
import { normalisePhone } from '../../send/recipients'
import { formatPhoneForReading } from '../../../../../shared/domain/phone-display'
import type { RowFormProps } from './row-form'

export function NumberForm({ device, busy, run, onClose }: RowFormProps): React.JSX.Element {
  const t = useT()
  const id = device.id
  const [phone, setPhone] = useState('')
  const [touched, setTouched] = useState(false)
  const check = phone.trim() ? normalisePhone(phone) : null
  // Another device's number: said beside the field, not refused (a number may move on purpose), as the new-device
  // form says it (an operator's probe: two devices ended up on one number without a word).
  const takenBy = useDevices((s) =>
    check && !check.problem ? s.devices.find((d) => d.id !== id && d.sender === check.value) : undefined
  )
  const error =
    touched && !phone.trim()
      ? t('devices.number.required')
      : check?.problem
        ? t(`recipient.problem.${check.problem}`)
        : check?.value === device.sender
          ? t('desktop.error.sameNumber')
          : null

  // Asked before it is done (probe 4 P6: Enter changed it at once and the phone was unlinked): for the number typed,
  // gone as the number changes.
  const [askedFor, setAskedFor] = useState<string | null>(null)
  const asking = check && !check.problem && askedFor === check.value ? check.value : null

  function submit(event: FormEvent): void {
    event.preventDefault()
    setTouched(true)
    // Refused: the focus goes to the field its error is said at, as the new-device form does (QA60: it stayed on the
    // button, the error said elsewhere).
    if (!check || error) {
      document.getElementById(`number-${id}-input`)?.focus()
      return
    }
    setAskedFor(check.value)
  }

  function change(value: string): void {
    void run('number', async () => {
      await useDevices.getState().changeNumber(id, value)
      onClose()
      return t('devices.number.done', { phone: formatPhoneForReading(value) })
    })
  }

  return (
    <form
      className="inline-form"
      onSubmit={submit}
      noValidate
      data-testid={`number-form-${id}`}
      onKeyDown={cancelOnEscape(onClose, busy)}
    >
      <Field
        id={`number-${id}-input`}
        label={t('devices.number.label')}
        hint={
          check && !check.problem
            ? [
                t('devices.number.willUse', { phone: formatPhoneForReading(check.value) }),
                ...(takenBy ? [t('devices.number.taken', { device: takenBy.label })] : [])
              ].join(' ')
            : t('devices.number.hint')
        }
        error={error}
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
              setTouched(true)
            }}
            data-testid={`number-input-${id}`}
          />
        )}
      </Field>
      <p className="muted">{t('devices.number.rescan')}</p>
      {asking ? (
        <ConfirmPanel
          id={`number-q-${id}`}
          question={t('devices.number.confirm', {
            device: device.label,
            phone: formatPhoneForReading(asking)
          })}
          confirmLabel={t('devices.number.submit')}
          keepLabel={t('common.keep')}
          onConfirm={() => change(asking)}
          onKeep={() => {
            setAskedFor(null)
            document.getElementById(`number-${id}-input`)?.focus()
          }}
          disabled={busy}
          confirmTestId={`number-confirm-${id}`}
          focusOnOpen
        />
      ) : (
        <FormActions
          submitLabel={t('devices.number.submit')}
          cancelLabel={t('common.cancel')}
          onCancel={onClose}
          busy={busy}
          submitTestId={`number-submit-${id}`}
        />
      )}
    </form>
  )
}
