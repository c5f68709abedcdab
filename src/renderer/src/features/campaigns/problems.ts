// A row's problems in the operator's words: shared by the check's skipped rows and the campaign's rows table.
import type { RowProblemView } from '../../../../shared/contract'
import type { MessageKey, Translate } from '../../../../shared/i18n'

const PROBLEM_KEY: Record<RowProblemView['code'], MessageKey> = {
  invalid_phone: 'campaigns.problem.invalidPhone',
  scientific_phone: 'campaigns.problem.scientificPhone',
  duplicate: 'campaigns.problem.duplicate',
  missing_variable: 'campaigns.problem.missingVariable',
  too_long: 'campaigns.problem.tooLong',
  opted_out: 'campaigns.problem.optedOut',
  already_sent: 'campaigns.problem.alreadySent',
  missing_file: 'campaigns.problem.missingFile'
}

export function problemsText(problems: readonly RowProblemView[], t: Translate): string {
  return (
    problems
      // The missing file is named, so the operator knows which one to pick.
      .map((problem) =>
        t(PROBLEM_KEY[problem.code], problem.code === 'missing_file' ? { name: problem.name } : {})
      )
      .join(', ')
  )
}
