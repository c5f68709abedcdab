// The campaign form's pacing fields on the shared case table: each invalid policy is refused and explained on its
// field in the operator's language, each valid one is taken; the inputs' bounds are the domain's ranges.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { useState } from 'react'
import { beforeEach, describe, expect, it } from 'vitest'
import type { PacingPolicyView } from '../../../../shared/contract'
import {
  DEFAULT_PACING,
  PACING_RANGES,
  pacingProblems,
  type PacingProblemAt
} from '../../../../shared/domain'
import { PACING_CASES } from '../../../../shared/domain/pacing.cases'
import {
  pacingProblemMessage,
  translate,
  type Language,
  type MessageKey,
  type Params
} from '../../../../shared/i18n'
import { makeBootstrap, makeSettings } from '../../testing/fixtures'
import { seedStores } from '../../testing/render'
import { isUsablePacing, PacingFields } from './PacingFields'

/** The form as the campaign views hold it: its own state, and a save that is offered only for a usable policy. */
function Form({ initial }: { initial: PacingPolicyView }): React.JSX.Element {
  const [pacing, setPacing] = useState(initial)
  return (
    <>
      <PacingFields pacing={pacing} onChange={setPacing} />
      <button type="button" disabled={!isUsablePacing(pacing)}>
        save
      </button>
    </>
  )
}

const LABELS = {
  minDelaySeconds: 'Shortest pause (seconds)',
  maxDelaySeconds: 'Longest pause (seconds)',
  batchSize: 'Batch size (sends)',
  batchPauseMinutes: 'Pause after each batch (minutes)',
  dailyCapPerDevice: 'This campaign’s sends per device per day'
} as const

/** Where the form shows a problem: on its field when it has an input, else in the list under the fields. */
function shownAt(problem: PacingProblemAt): HTMLElement {
  return screen.queryByTestId(`pacing-error-${problem.field}`) ?? screen.getByTestId('pacing-error-other')
}

/** The case's problems are each shown where they belong, in the domain's words; save is offered only without any. */
function expectJudged(
  problems: readonly PacingProblemAt[],
  policy: PacingPolicyView,
  language: Language
): void {
  expect(screen.getByRole('button', { name: 'save' })).toHaveProperty('disabled', problems.length > 0)
  if (problems.length === 0) {
    expect(screen.queryAllByTestId(/^pacing-error-/)).toEqual([])
    return
  }
  const worded = pacingProblems(policy)
  expect(worded.map(({ field, code }) => ({ field, code }))).toEqual(problems)
  for (const problem of worded) {
    const { key, params } = pacingProblemMessage(problem)
    expect(shownAt(problem).textContent).toContain(translate(language, key, params))
  }
}

beforeEach(() => seedStores(makeBootstrap()))

/** A problem's message key and parameters, as translate takes them. */
function params(problem: Parameters<typeof pacingProblemMessage>[0]): [MessageKey, Params?] {
  const { key, params } = pacingProblemMessage(problem)
  return [key, params]
}

describe('the pacing form judges every pacing case like the core', () => {
  it.each(PACING_CASES)('$name (a policy it starts from)', ({ policy, problems }) => {
    render(<Form initial={policy} />)
    expectJudged(problems, policy, 'en')
  })

  // What an operator can type: the number fields, "any time" and the working hours (a zone the picker does not
  // offer, and a warm-up, come from the CLI). Typed over the defaults, field by field, as the inputs hand them on.
  const typeable = PACING_CASES.filter(
    ({ policy }) =>
      policy.warmUp === null &&
      (policy.workingHours === null || policy.workingHours.timeZone === DEFAULT_PACING.workingHours?.timeZone)
  )
  it.each(typeable)('$name (typed)', ({ policy, problems }) => {
    render(<Form initial={DEFAULT_PACING} />)
    for (const [field, label] of Object.entries(LABELS)) {
      const value = policy[field as keyof typeof LABELS]
      fireEvent.change(screen.getByLabelText(label), {
        target: { value: Number.isFinite(value) ? String(value) : '' }
      })
    }
    if (policy.workingHours === null) fireEvent.click(screen.getByTestId('campaign-any-time'))
    else {
      fireEvent.change(screen.getByLabelText('Working hours from'), {
        target: { value: policy.workingHours.start }
      })
      fireEvent.change(screen.getByLabelText('until'), { target: { value: policy.workingHours.end } })
    }
    // jsdom empties a time input given "8:00" or "24:00" as a browser does: still not a clock.
    expectJudged(problems, policy, 'en')
  })

  it('words the problems in Bahasa Indonesia for an Indonesian operator', () => {
    seedStores(makeBootstrap({ settings: makeSettings({ language: 'id' }) }))
    const several = PACING_CASES.find((c) => c.problems.length > 2)!
    render(<Form initial={several.policy} />)
    expectJudged(several.problems, several.policy, 'id')
    expect(screen.getByTestId('pacing-error-maxDelaySeconds').textContent).toContain(
      'Jarak terpanjang tidak boleh kurang dari jarak terpendek.'
    )
  })
})

describe("the working hours' zone", () => {
  it("is picked next to the hours; hours turned on start on the operator's zone, and come back as they were", async () => {
    seedStores(makeBootstrap({ settings: makeSettings({ defaultTimezone: 'Asia/Jayapura' }) }))
    render(<Form initial={{ ...DEFAULT_PACING, workingHours: null }} />)
    expect(screen.queryByRole('combobox', { name: /Time zone of the working hours/ })).toBeNull()
    fireEvent.click(screen.getByTestId('campaign-any-time'))
    const zone = screen.getByRole('combobox', { name: /Time zone of the working hours/ }) as HTMLSelectElement
    expect(zone.value).toBe('Asia/Jayapura')
    // Its offset is named once the picker has read the zones' offsets (a slice at a time after it is drawn).
    await waitFor(() => expect(zone.selectedOptions[0]?.textContent).toBe('WIT — Jayapura, Asia (UTC+9)'))
    fireEvent.change(zone, { target: { value: 'Asia/Makassar' } })
    fireEvent.click(screen.getByTestId('campaign-any-time'))
    fireEvent.click(screen.getByTestId('campaign-any-time'))
    expect(
      (screen.getByRole('combobox', { name: /Time zone of the working hours/ }) as HTMLSelectElement).value
    ).toBe('Asia/Makassar')
  })
})

describe('what the operator types is read as written (QA19 Q19-01)', () => {
  it('reads a decimal comma as a decimal, and says at the field what is no number or no whole one', () => {
    render(<Form initial={DEFAULT_PACING} />)
    // Chromium's number input dropped the comma ("1,5" became 15); an Indonesian operator writes it.
    const shortest = screen.getByLabelText(LABELS.minDelaySeconds) as HTMLInputElement
    fireEvent.change(shortest, { target: { value: '1,5' } })
    expect(shortest.value).toBe('1,5')
    expect(screen.queryByTestId('pacing-error-minDelaySeconds')).toBeNull()
    fireEvent.change(screen.getByLabelText(LABELS.maxDelaySeconds), { target: { value: '2.5' } })
    expect(screen.getByRole('button', { name: 'save' })).toHaveProperty('disabled', false)
    // "2,5" sends per batch is half a send, not 25.
    fireEvent.change(screen.getByLabelText(LABELS.batchSize), { target: { value: '2,5' } })
    expect(screen.getByTestId('pacing-error-batchSize').textContent).toContain(
      translate('en', ...params(pacingProblems({ ...DEFAULT_PACING, batchSize: 2.5 })[0]!))
    )
    fireEvent.change(screen.getByLabelText(LABELS.batchSize), { target: { value: '1e3' } })
    expect(screen.getByTestId('pacing-error-batchSize').textContent).toContain(
      translate('en', ...params(pacingProblems({ ...DEFAULT_PACING, batchSize: Number.NaN })[0]!))
    )
    expect(screen.getByRole('button', { name: 'save' })).toHaveProperty('disabled', true)
    // Every number field offers the decimal (or digit) keyboard, the domain's rule deciding what is taken.
    for (const [field, label] of Object.entries(LABELS)) {
      const input = screen.getByLabelText(label)
      expect(input.getAttribute('type'), field).toBe('text')
      expect(input.getAttribute('inputmode'), field).toBe(
        PACING_RANGES[field as keyof typeof LABELS].whole ? 'numeric' : 'decimal'
      )
    }
  })

  it('marks a refused field for assistive tech', () => {
    render(<Form initial={{ ...DEFAULT_PACING, batchSize: 0 }} />)
    const batch = screen.getByLabelText('Batch size (sends)')
    expect(batch.getAttribute('aria-invalid')).toBe('true')
    expect(
      within(screen.getByTestId('campaign-pacing-fields')).getByTestId('pacing-error-batchSize').id
    ).toBe(batch.getAttribute('aria-describedby'))
  })
})

describe('whose daily cap the campaign sets (QA73)', () => {
  // QA73: "Most sends per device per day" read as the number's own limit; a device that had sent 82 today from
  // another campaign was then told "at most 150 a day" by a new one, 232 in all. The field is the campaign's own.
  it("names the campaign's own cap and points to the number's cap across all its sends", () => {
    render(<Form initial={DEFAULT_PACING} />)
    const cap = screen.getByLabelText(LABELS.dailyCapPerDevice)
    const hint = document.getElementById(cap.getAttribute('aria-describedby') ?? '')
    expect(hint?.textContent).toBe(translate('en', 'campaigns.pacing.dailyCap.hint'))
    expect(hint?.textContent).toMatch(/only this campaign/i)
  })
})
