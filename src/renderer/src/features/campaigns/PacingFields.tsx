// The pacing policy's fields, shared by the new-campaign form and the editor of a running campaign. Their bounds and
// their messages are the domain's (PACING_RANGES, pacingProblems), the rule the contract and the core apply.
import { useId, useRef, useState } from 'react'
import type { PacingPolicyView } from '../../../../shared/contract'
import {
  defaultWorkingHours,
  PACING_RANGES,
  pacingProblems,
  type PacingField,
  type PacingNumberField,
  type PacingProblem
} from '../../../../shared/domain'
import type { MessageKey } from '../../../../shared/i18n'
import { pacingProblemMessage } from '../../../../shared/i18n/pacing'
import { Field } from '../../ui/Field'
import { TimeZoneField } from '../../ui/TimeZoneField'
import { pickerZones } from '../../i18n/zone-labels'
import { readTypedNumber, showTypedNumber } from '../../ui/typed-number'
import { useLanguage, useT, type Language } from '../../i18n'
import { useOperatorZone } from '../../stores/settings'

/** A policy the core would take: the window asks with nothing else (no check estimate, no start, no save). */
export function isUsablePacing(pacing: PacingPolicyView): boolean {
  return pacingProblems(pacing).length === 0
}

/**
 * What a field says, read as a fraction even where the rule wants a whole number, so "2,5" sends is refused as half a
 * send (not read as 25) in the domain's words; an empty or unreadable field is NaN, which the rule names.
 */
const number = (value: string, language: Language): number => readTypedNumber(value, false, language)

/** The number inputs in screen order, with their labels (and a hint where the label alone misleads). */
const NUMBER_FIELDS: readonly {
  field: PacingNumberField & keyof PacingPolicyView
  label: MessageKey
  hint?: MessageKey
}[] = [
  { field: 'minDelaySeconds', label: 'campaigns.pacing.minDelay' },
  { field: 'maxDelaySeconds', label: 'campaigns.pacing.maxDelay' },
  { field: 'batchSize', label: 'campaigns.pacing.batchSize' },
  { field: 'batchPauseMinutes', label: 'campaigns.pacing.batchPause' },
  // QA73: read as the number's own limit, so a device already busy today went past what the operator meant.
  { field: 'dailyCapPerDevice', label: 'campaigns.pacing.dailyCap', hint: 'campaigns.pacing.dailyCap.hint' }
]

/** The working hours' two clocks. */
const CLOCK_FIELDS: readonly { part: 'start' | 'end'; label: MessageKey }[] = [
  { part: 'start', label: 'campaigns.pacing.start' },
  { part: 'end', label: 'campaigns.pacing.end' }
]

/** The fields this form has an input for; a problem elsewhere (a warm-up set by the CLI) is listed below. */
const SHOWN_FIELDS = new Set<PacingField>([
  ...NUMBER_FIELDS.map((f) => f.field),
  'workingHours.start',
  'workingHours.end',
  'workingHours.timeZone'
])

/**
 * Makes beforehand what these fields' first drawing asks for: the zone check (the engine's first look at its zone
 * data) and the zone picker's list. A new campaign draws them in the task that shows a read sheet, beside its
 * preview; made there, they were a third of that task, which took 55–65 ms after a 50,000-row sheet (issue 29).
 */
export function preparePacingFields(
  pacing: PacingPolicyView,
  operatorZone: string,
  language: Language
): void {
  pacingProblems(pacing)
  if (pacing.workingHours) pickerZones(pacing.workingHours.timeZone, [operatorZone], language)
}

export function PacingFields({
  pacing,
  onChange
}: {
  pacing: PacingPolicyView
  onChange: (next: PacingPolicyView) => void
}): React.JSX.Element {
  const t = useT()
  const language = useLanguage()
  const id = useId()
  const problems = pacingProblems(pacing)
  const say = (problem: PacingProblem): string => {
    const { key, params } = pacingProblemMessage(problem)
    return t(key, params)
  }
  const errorOf = (field: PacingField): string | undefined => {
    const problem = problems.find((p) => p.field === field)
    return problem ? say(problem) : undefined
  }
  const elsewhere = problems.filter((p) => !SHOWN_FIELDS.has(p.field))
  const hours = pacing.workingHours
  const operatorZone = useOperatorZone()
  // Hours turned off and on again come back as they were (their zone too), else as a new campaign's.
  const lastHours = useRef(hours)
  const zoneProblem = errorOf('workingHours.timeZone')
  // What each field holds as typed ("1,5", "2."), shown while it still stands for the policy's number; a policy
  // changed from outside (a reset, a campaign loaded) shows its own numbers.
  const [typed, setTyped] = useState<Partial<Record<PacingNumberField, string>>>({})
  const textOf = (field: (typeof NUMBER_FIELDS)[number]['field']): string => {
    const text = typed[field]
    // A policy's number as its field shows it (an emptied field stays empty).
    return text !== undefined && Object.is(number(text, language), pacing[field])
      ? text
      : showTypedNumber(pacing[field], language)
  }
  return (
    <div className="campaign-grid" data-testid="campaign-pacing-fields">
      {NUMBER_FIELDS.map(({ field, label, hint }) => {
        const { whole } = PACING_RANGES[field]
        return (
          <Field
            key={field}
            id={`${id}-${field}`}
            label={t(label)}
            hint={hint ? t(hint) : undefined}
            error={errorOf(field)}
            errorTestId={`pacing-error-${field}`}
          >
            {(control) => (
              <input
                {...control}
                // Text, not type="number": Chromium's number input dropped a decimal comma (QA19 Q19-01).
                type="text"
                inputMode={whole ? 'numeric' : 'decimal'}
                value={textOf(field)}
                onChange={(e) => {
                  const text = e.target.value
                  setTyped((all) => ({ ...all, [field]: text }))
                  onChange({ ...pacing, [field]: number(text, language) })
                }}
              />
            )}
          </Field>
        )
      })}
      <label className="campaign-check">
        <input
          type="checkbox"
          data-testid="campaign-any-time"
          checked={hours === null}
          onChange={(e) => {
            if (hours) lastHours.current = hours
            onChange({
              ...pacing,
              workingHours: e.target.checked ? null : (lastHours.current ?? defaultWorkingHours(operatorZone))
            })
          }}
        />
        {t('campaigns.pacing.anyTime')}
      </label>
      {hours
        ? CLOCK_FIELDS.map(({ part, label }) => (
            <Field
              key={part}
              id={`${id}-${part}`}
              label={t(label)}
              error={errorOf(`workingHours.${part}`)}
              errorTestId={`pacing-error-workingHours.${part}`}
            >
              {(control) => (
                <input
                  {...control}
                  type="time"
                  value={hours[part]}
                  onChange={(e) =>
                    onChange({ ...pacing, workingHours: { ...hours, [part]: e.target.value } })
                  }
                />
              )}
            </Field>
          ))
        : null}
      {hours ? (
        <div className="campaign-zone">
          <TimeZoneField
            id={`${id}-zone`}
            label={t('campaigns.pacing.zone')}
            hint={t('campaigns.pacing.zone.hint')}
            testId="campaign-hours-zone"
            value={hours.timeZone}
            include={[operatorZone]}
            onChange={(timeZone) => onChange({ ...pacing, workingHours: { ...hours, timeZone } })}
          />
          {zoneProblem ? (
            <p className="field-error" data-testid="pacing-error-workingHours.timeZone">
              {zoneProblem}
            </p>
          ) : null}
        </div>
      ) : null}
      {elsewhere.length > 0 ? (
        <ul className="field-error" data-testid="pacing-error-other">
          {elsewhere.map((problem) => (
            <li key={`${problem.field}-${problem.code}`}>{say(problem)}</li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
