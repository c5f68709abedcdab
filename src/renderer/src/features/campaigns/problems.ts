// A row's problems in the operator's words: shared by the check's skipped rows and the campaign's rows table (the
// wording is shared/i18n/row-problems.ts, which the core's exports use too).
import type { RowProblemView } from '../../../../shared/contract'
import type { MessageKey, Translate } from '../../../../shared/i18n'
import { rowProblemMessage } from '../../../../shared/i18n/row-problems'

export function problemsText(problems: readonly RowProblemView[], t: Translate): string {
  return problems
    .map((problem) => {
      const { key, params } = rowProblemMessage(problem)
      return t(key, params)
    })
    .join(', ')
}

const SKIPPED_FOR: Record<RowProblemView['code'], MessageKey> = {
  no_phone: 'campaigns.skipped.noPhone',
  invalid_phone: 'campaigns.skipped.invalidPhone',
  scientific_phone: 'campaigns.skipped.scientificPhone',
  duplicate: 'campaigns.skipped.duplicate',
  missing_variable: 'campaigns.skipped.missingVariable',
  too_long: 'campaigns.skipped.tooLong',
  opted_out: 'campaigns.skipped.optedOut',
  already_sent: 'campaigns.skipped.alreadySent',
  sent_recently: 'campaigns.skipped.sentRecently',
  missing_file: 'campaigns.skipped.missingFile'
}

/**
 * Why rows are skipped, most common first: "19 opted out, 1 duplicate, 1 invalid number". Counts of rows per reason
 * (a row with two problems is in both), from the check's `byProblem`.
 */
export function skippedReasons(byProblem: Record<string, number>, t: Translate): string {
  return Object.entries(byProblem)
    .filter(([, count]) => count > 0)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .map(([code, count]) =>
      t(code in SKIPPED_FOR ? SKIPPED_FOR[code as RowProblemView['code']] : 'campaigns.skipped.other', {
        count
      })
    )
    .join(', ')
}
