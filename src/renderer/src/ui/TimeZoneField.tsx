// A labelled IANA time-zone picker: the common zones plus the ones in play (current value, defaults).
import { useMemo } from 'react'
import { timeZones } from '../i18n/dates'
import { Field } from './Field'

export interface TimeZoneFieldProps {
  id: string
  label: string
  hint?: string
  testId: string
  value: string
  /** Zones that must be offered even if they are not in the common list (e.g. the default zone). */
  include?: (string | null | undefined)[]
  onChange: (zone: string) => void
}

export function TimeZoneField({
  id,
  label,
  hint,
  testId,
  value,
  include = [],
  onChange
}: TimeZoneFieldProps): React.JSX.Element {
  const key = [value, ...include].join('|')
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for the zones in play
  const zones = useMemo(() => timeZones([value, ...include]), [key])
  return (
    <Field id={id} label={label} {...(hint ? { hint } : {})}>
      {(control) => (
        <select {...control} data-testid={testId} value={value} onChange={(e) => onChange(e.target.value)}>
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone}
            </option>
          ))}
        </select>
      )}
    </Field>
  )
}
