// Renaming a device: the label the operator sees everywhere (tray, lists, the wizard).
import { useState, type FormEvent } from 'react'
import { useT } from '../../../i18n'
import { useDevices } from '../../../stores/devices'
import { Field } from '../../../ui/Field'
import { FormActions } from '../../../ui/FormActions'
import { cancelOnEscape } from '../../../ui/escape'
import type { RowFormProps } from './row-form'

export function RenameForm({ device, busy, run, onClose }: RowFormProps): React.JSX.Element {
  const t = useT()
  const id = device.id
  const [label, setLabel] = useState(device.label)

  function submit(event: FormEvent): void {
    event.preventDefault()
    if (!label.trim()) return
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
      <Field id={`rename-${id}-input`} label={t('devices.rename.label')}>
        {(control) => (
          <input
            {...control}
            dir="auto"
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
        onCancel={onClose}
        busy={busy}
        disabled={!label.trim()}
      />
    </form>
  )
}
