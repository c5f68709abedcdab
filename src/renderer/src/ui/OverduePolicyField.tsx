// What happens to a message whose time passed while the app was closed: send it late, or hold it for the operator.
// One list of choices (shared/domain's OVERDUE_POLICIES) and one wording for every form that schedules locally.
import { OVERDUE_POLICIES, type OverduePolicyName } from '../../../shared/domain'
import { useT, type MessageKey } from '../i18n'
import { Field } from './Field'

export const OVERDUE_LABEL: Record<OverduePolicyName, MessageKey> = {
  send: 'send.schedule.overdue.send',
  hold: 'send.schedule.overdue.hold'
}

/** The same policy where a scheduled message is listed, with its condition: it is no choice beside its question there. */
export const ROW_OVERDUE: Record<OverduePolicyName, MessageKey> = {
  send: 'schedules.overdue.send',
  hold: 'schedules.overdue.hold'
}

export interface OverduePolicyFieldProps {
  id: string
  value: OverduePolicyName
  onChange: (policy: OverduePolicyName) => void
}

export function OverduePolicyField({ id, value, onChange }: OverduePolicyFieldProps): React.JSX.Element {
  const t = useT()
  return (
    <Field id={id} label={t('send.schedule.overdue')}>
      {(control) => (
        <select
          {...control}
          value={value}
          onChange={(e) => onChange(OVERDUE_POLICIES.find((policy) => policy === e.target.value) ?? 'send')}
        >
          {OVERDUE_POLICIES.map((policy) => (
            <option key={policy} value={policy}>
              {t(OVERDUE_LABEL[policy])}
            </option>
          ))}
        </select>
      )}
    </Field>
  )
}
