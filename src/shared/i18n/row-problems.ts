// A campaign row's problems in words, one owner for the window (check, rows table) and the core's exports.

/**
 * A row problem as the contract's RowProblemView carries it, written out here because strings import nothing else of
 * ours: a code the contract gains and this does not know fails to type-check where a view is passed in.
 */
export type RowProblemView =
  | { code: 'no_phone' | 'opted_out' | 'already_sent' | 'sent_recently' }
  | {
      code: 'invalid_phone'
      detail: string
      reason?: 'empty' | 'characters' | 'prefix' | 'length' | 'not_mobile'
    }
  | { code: 'scientific_phone'; detail: string }
  | { code: 'duplicate'; firstRow: number }
  | { code: 'missing_variable'; names: string[] }
  | { code: 'too_long'; length: number; limit: number }
  | { code: 'missing_file'; name: string }
  | { code: 'same_message_waiting'; campaign?: string }
// The lookup only, not every table: the window's campaigns view would otherwise carry Indonesian for every operator.
// The main process has every table from its start (index.ts; its exports import it).
import { translate, type Language, type MessageKey, type Params, type Translate } from './translate'

const PROBLEM_KEY: Record<RowProblemView['code'], MessageKey> = {
  no_phone: 'campaigns.problem.noPhone',
  invalid_phone: 'campaigns.problem.invalidPhone',
  scientific_phone: 'campaigns.problem.scientificPhone',
  duplicate: 'campaigns.problem.duplicate',
  missing_variable: 'campaigns.problem.missingVariable',
  too_long: 'campaigns.problem.tooLong',
  opted_out: 'campaigns.problem.optedOut',
  already_sent: 'campaigns.problem.alreadySent',
  sent_recently: 'campaigns.problem.sentRecently',
  same_message_waiting: 'campaigns.problem.sameMessageWaiting',
  missing_file: 'campaigns.problem.missingFile'
}

/** Why a number is not one, as the Send view's chips say it (shared/domain/phone's problems), in a row's words. */
const INVALID_PHONE_KEY: Record<
  NonNullable<Extract<RowProblemView, { code: 'invalid_phone' }>['reason']>,
  MessageKey
> = {
  // An empty cell is `no_phone` before the rule is asked.
  empty: 'campaigns.problem.invalidPhone',
  characters: 'campaigns.problem.invalidPhoneCharacters',
  prefix: 'campaigns.problem.invalidPhonePrefix',
  length: 'campaigns.problem.invalidPhoneLength',
  not_mobile: 'campaigns.problem.invalidPhoneNotMobile'
}

/** The key and params of one problem: what makes it exact (the first row, the empty columns, the file, the number's). */
export function rowProblemMessage(problem: RowProblemView): { key: MessageKey; params: Params } {
  if (problem.code === 'invalid_phone' && problem.reason) {
    return { key: INVALID_PHONE_KEY[problem.reason], params: {} }
  }
  // QA73: still waiting for it, not got it; in the campaign that holds it when one does.
  if (problem.code === 'same_message_waiting' && problem.campaign) {
    return { key: 'campaigns.problem.sameMessageWaitingIn', params: { campaign: problem.campaign } }
  }
  const params: Params =
    problem.code === 'duplicate'
      ? { row: problem.firstRow }
      : problem.code === 'missing_variable'
        ? { names: problem.names.join(', ') }
        : problem.code === 'too_long'
          ? { length: problem.length, limit: problem.limit }
          : problem.code === 'missing_file'
            ? { name: problem.name }
            : {}
  return { key: PROBLEM_KEY[problem.code], params }
}

/** A row's problems joined as one sentence in `language`. */
export function rowProblemsText(language: Language, problems: readonly RowProblemView[]): string {
  return problems
    .map((problem) => {
      const { key, params } = rowProblemMessage(problem)
      return translate(language, key, params)
    })
    .join('; ')
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
  same_message_waiting: 'campaigns.skipped.sameMessageWaiting',
  missing_file: 'campaigns.skipped.missingFile'
}

/**
 * Why rows are skipped, most common first: "19 opted out, 1 duplicate, 1 invalid number". Counts of rows per reason
 * (a row with two problems is in both), from the check's `byProblem`: the window's and the terminal's words. With
 * `waitingIn` (a summary's sameMessageWaitingIn), the rows still waiting for the same message name the campaign they
 * wait in (QA73).
 */
export function skippedReasons(
  byProblem: Record<string, number>,
  t: Translate,
  waitingIn?: string | undefined
): string {
  return Object.entries(byProblem)
    .filter(([, count]) => count > 0)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .map(([code, count]) =>
      code === 'same_message_waiting' && waitingIn
        ? t('campaigns.skipped.sameMessageWaitingIn', { count, campaign: waitingIn })
        : t(code in SKIPPED_FOR ? SKIPPED_FOR[code as RowProblemView['code']] : 'campaigns.skipped.other', {
            count
          })
    )
    .join(', ')
}

/**
 * Why a row was cancelled when its cancel has no note of its own (an opted-out row's or another producer's has one):
 * with the campaign, from when the campaign was cancelled or taken back on (its end), else by the operator alone
 * before; null for a row not cancelled. QA73: the rows a take-back stopped read "Cancelled" with an empty Reason.
 */
export function rowCancelReasonKey(
  row: { status: string | null; history: readonly { at: number; status: string }[] },
  campaign: { status: string; endedAt?: number | null | undefined }
): MessageKey | null {
  if (row.status !== 'cancelled') return null
  const at = row.history.find((h) => h.status === 'cancelled')?.at
  const campaignCancelledAt = campaign.status === 'cancelled' ? (campaign.endedAt ?? null) : null
  return campaignCancelledAt !== null && at !== undefined && at >= campaignCancelledAt
    ? 'campaigns.reason.cancelledWithCampaign'
    : 'campaigns.reason.cancelledByOperator'
}
