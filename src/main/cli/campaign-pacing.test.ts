// `campaign create|pacing --delay/--batch/--hours/--cap` on the shared pacing cases: the flags give each policy (a
// warm-up, which has no flag, comes from the base), and the CLI takes or refuses it as the core and the window do.
import { describe, expect, it } from 'vitest'
import { DEFAULT_PACING, pacingProblems, type PacingField, type PacingPolicy } from '../../shared/domain'
import { PACING_CASES } from '../../shared/domain/pacing.cases'
import { pacingProblemMessage, translate } from '../../shared/i18n'
import { parseArgs, UsageError } from './args'
import { parsePacing } from './campaign-commands'

const FLAGS = {
  delay: { type: 'string' },
  batch: { type: 'string' },
  hours: { type: 'string' },
  cap: { type: 'string' }
} as const

/** The four flags that write `policy`, as an operator would type them. */
function flagsFor(policy: PacingPolicy): string[] {
  const hours = policy.workingHours
  return [
    '--delay',
    `${policy.minDelaySeconds}-${policy.maxDelaySeconds}`,
    '--batch',
    `${policy.batchSize}/${policy.batchPauseMinutes}`,
    '--hours',
    hours === null ? 'any' : `${hours.start}-${hours.end}@${hours.timeZone}`,
    '--cap',
    String(policy.dailyCapPerDevice)
  ]
}

/** The flag a field is typed in: a flag's own format refusal must name the flag of a field the rule refuses. */
const FLAG_OF: Record<PacingField, string | null> = {
  minDelaySeconds: '--delay',
  maxDelaySeconds: '--delay',
  batchSize: '--batch',
  batchPauseMinutes: '--batch',
  dailyCapPerDevice: '--cap',
  'workingHours.start': '--hours',
  'workingHours.end': '--hours',
  'workingHours.timeZone': '--hours',
  'warmUp.startPerDay': null,
  'warmUp.increasePerDay': null
}

const parse = (policy: PacingPolicy): PacingPolicy =>
  parsePacing(
    { args: parseArgs(flagsFor(policy), FLAGS) },
    { ...DEFAULT_PACING, warmUp: policy.warmUp },
    'Asia/Jakarta'
  )

describe('parsePacing answers every pacing case like the core', () => {
  it.each(PACING_CASES)('$name', ({ policy, problems }) => {
    if (problems.length === 0) {
      expect(parse(policy)).toEqual(policy)
      return
    }
    let refusal: unknown
    try {
      parse(policy)
    } catch (error) {
      refusal = error
    }
    expect(refusal).toBeInstanceOf(UsageError)
    const message = (refusal as UsageError).message
    if (message.startsWith('--')) {
      // A value the flag's format cannot even hold (-1, NaN, 2.5 sends, 8:00): refused as a flag of that field.
      const flags = problems.map((p) => FLAG_OF[p.field])
      expect(flags, message).toContain(message.split(' ')[0])
    } else {
      expect(message).toBe(
        pacingProblems(policy)
          .map((problem) => {
            const { key, params } = pacingProblemMessage(problem)
            return translate('en', key, params)
          })
          .join(' ')
      )
    }
  })

  it('keeps what no flag changes: the base policy of a running campaign', () => {
    const base: PacingPolicy = {
      ...DEFAULT_PACING,
      workingHours: null,
      warmUp: { startPerDay: 5, increasePerDay: 5 }
    }
    expect(parsePacing({ args: parseArgs(['--delay', '0.2-0.4'], FLAGS) }, base, 'Asia/Jakarta')).toEqual({
      ...base,
      minDelaySeconds: 0.2,
      maxDelaySeconds: 0.4
    })
  })

  it("puts hours typed without a zone on the campaign's own clock, else the operator's, never silently Jakarta", () => {
    const hours = { args: parseArgs(['--hours', '09:00-17:00'], FLAGS) }
    const onParis = {
      ...DEFAULT_PACING,
      workingHours: { start: '08:00', end: '20:00', timeZone: 'Europe/Paris' }
    }
    expect(parsePacing(hours, onParis, 'Asia/Makassar').workingHours).toEqual({
      start: '09:00',
      end: '17:00',
      timeZone: 'Europe/Paris'
    })
    expect(
      parsePacing(hours, { ...DEFAULT_PACING, workingHours: null }, 'Asia/Makassar').workingHours
    ).toEqual({
      start: '09:00',
      end: '17:00',
      timeZone: 'Asia/Makassar'
    })
  })
})
