// The optional reply a customer gets once after their STOP put them on the opt-out list: empty (the default) sends
// nothing. Saved when the field is left, like the other text settings.
import { useState } from 'react'
import { useT } from '../../i18n'
import { Field } from '../../ui/Field'

export function OptOutConfirmationSetting({
  value,
  error,
  onSave
}: {
  value: string
  error: string | undefined
  onSave(value: string): Promise<boolean>
}): React.JSX.Element {
  const t = useT()
  const [draft, setDraft] = useState<string | null>(null)
  const text = draft ?? value
  function commit(): void {
    if (draft === null) return
    if (draft.trim() === value) {
      setDraft(null)
      return
    }
    void onSave(draft.trim()).then((saved) => {
      if (saved) setDraft(null)
    })
  }
  return (
    <Field
      id="settings-optout-confirmation"
      label={t('settings.optOutConfirmation')}
      hint={t('settings.optOutConfirmation.hint')}
      error={error ?? null}
    >
      {(control) => (
        <textarea
          {...control}
          data-testid="settings-optout-confirmation"
          rows={2}
          value={text}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={commit}
        />
      )}
    </Field>
  )
}
