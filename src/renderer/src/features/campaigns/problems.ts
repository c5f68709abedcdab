// A row's problems in the operator's words: shared by the check's skipped rows and the campaign's rows table (the
// wording is shared/i18n/row-problems.ts, which the core's exports use too).
import type { RowProblemView } from '../../../../shared/contract'
import type { Translate } from '../../../../shared/i18n'
import { rowProblemMessage } from '../../../../shared/i18n/row-problems'

// Said by the terminal too: its owner is the shared wording.
export { skippedReasons } from '../../../../shared/i18n/row-problems'

export function problemsText(problems: readonly RowProblemView[], t: Translate): string {
  return problems
    .map((problem) => {
      const { key, params } = rowProblemMessage(problem)
      return t(key, params)
    })
    .join(', ')
}
