// Renaming a device: the label the operator sees everywhere (tray, lists, the wizard).
import { useState, type FormEvent } from 'react'
import { useT } from '../../../i18n'
import { useDevices } from '../../../stores/devices'
import { Field } from '../../../ui/Field'
import { FormActions } from '../../../ui/FormActions'
import { cancelOnEscape } from '../../../ui/escape'
import { labelTooLong } from '../device-rules'
import type { RowFormProps } from './row-form'

export function RenameForm({ device, busy, run, onClose }: RowFormProps): React.JSX.Element {
  const t = useT()
  const id = device.id
  const [label, setLabel] = useState(device.label)
  const devices = useDevices((s) => s.devices)
  // Said at the field, not a Save disabled with no word (an operator's probe); a name another device has would make
  // every message naming it ("Shop was removed.") ambiguous.
  const name = label.trim()
  const taken = devices.find(
    (other) => other.id !== id && other.label.trim().toLowerCase() === name.toLowerCase()
  )
  const error = !name
    ? t('devices.rename.required')
    : taken
      ? t('devices.rename.taken', { name: taken.label })
      : labelTooLong(label)
        ? t('addDevice.label.tooLong')
        : null

  function submit(event: FormEvent): void {
    event.preventDefault()
    if (error) return
    void run('rename', async () => {
      await useDevices.getState().rename(id, label.trim())
      onClose()
      return t('devices.renamed')
    })
  }

  return (
    <form
      className="inline-form"
      onSubmit={submit}
      data-testid={`rename-form-${id}`}
      onKeyDown={cancelOnEscape(onClose, busy)}
    >
      <Field id={`rename-${id}-input`} label={t('devices.rename.label')} error={error}>
        {(control) => (
          <input
            {...control}
            dir="auto"
            value={label}
            onChange={(e) => setLabel(e.target.value)}
            data-testid={`rename-input-${id}`}
          />
        )}
      </Field>
      <FormActions
        submitLabel={t('common.save')}
        cancelLabel={t('common.cancel')}
        onCancel={onClose}
        busy={busy}
        disabled={error !== null}
      />
    </form>
  )
}
