// A customer named from their conversation (`contacts:set`): the name is the operator's, which no name learnt later
// replaces, and it is the one Customers lists and every view shows beside the number.
import { useState, type FormEvent } from 'react'
import { MAX_CONTACT_NAME_LENGTH, usableContactName } from '../../../../shared/domain'
import { formatPhoneForReading } from '../../../../shared/domain/phone-display'
import { call, errorInfo } from '../../api'
import { busyButtonProps } from '../../ui/busy-button'
import { useT } from '../../i18n'
import { cancelOnEscape } from '../../ui/escape'
import { Field } from '../../ui/Field'

export function CustomerNameForm({
  phone,
  name,
  onSaved,
  onCancel
}: {
  /** The conversation's chat: the customer's number as the core keeps it (62…). */
  phone: string
  /** The name it is shown by now (the operator's, a campaign's or the customer's own), to start from. */
  name: string
  onSaved(): void
  onCancel(): void
}): React.JSX.Element {
  const t = useT()
  const [typed, setTyped] = useState(name)
  const [tried, setTried] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const tooLong = typed.trim().length > MAX_CONTACT_NAME_LENGTH
  const problem =
    (tried && usableContactName(typed) === null) || tooLong
      ? t('customers.nameProblem', { max: MAX_CONTACT_NAME_LENGTH })
      : null

  async function save(event: FormEvent): Promise<void> {
    event.preventDefault()
    setTried(true)
    const kept = usableContactName(typed)
    if (kept === null || busy) return
    setBusy(true)
    setError(null)
    try {
      await call('contacts:set', { phone, name: kept })
      onSaved()
    } catch (e) {
      setError(errorInfo(e).message)
      setBusy(false)
    }
  }

  return (
    <form
      className="inline-form"
      data-testid="inbox-name-form"
      noValidate
      onSubmit={(e) => void save(e)}
      // Esc backs out, as the thread's other questions do; it does not also leave the thread.
      onKeyDown={cancelOnEscape(onCancel)}
    >
      <Field
        id="inbox-customer-name"
        label={t('customers.renameField', { phone: formatPhoneForReading(phone) })}
        hint={t('inbox.thread.nameHint')}
        error={problem ?? error}
      >
        {(control) => (
          <input
            {...control}
            autoComplete="off"
            dir="auto"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
        )}
      </Field>
      <div className="form-actions">
        <button type="submit" className="button button--primary" {...busyButtonProps(busy)}>
          {t('inbox.thread.nameSave')}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  )
}
