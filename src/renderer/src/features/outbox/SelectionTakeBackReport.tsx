// What an action on many messages said, and under it the take-back it started, followed until it settles: the Outbox's
// bulk bar and a send's result card draw the same (selection-take-back.ts words it).
import { useRef, type RefObject } from 'react'
import { useT } from '../../i18n'
import type { FollowedTakeBack } from './follow-take-back'
import { TakeBackTally } from './TakeBackTally'

export function SelectionTakeBackReport({
  report,
  reportRef,
  followed,
  reportTestId,
  tallyTestId,
  tallyRef: ownTallyRef
}: {
  /**
   * `takeBack`: the line is of a take-back, whose tally is drawn under it; with no `text`, the tally alone says what
   * it does (a send's card: QA79, its line said again, in another tense, what the tally under it said).
   */
  report: { tone: 'ok' | 'warn' | 'bad'; text: string; takeBack?: boolean } | null
  /** The line, focused by its owner once an action produced it. */
  reportRef: RefObject<HTMLParagraphElement | null>
  /** The tally, for an owner that focuses it when it is all that is said. */
  tallyRef?: RefObject<HTMLDivElement | null>
  followed: FollowedTakeBack
  reportTestId: string
  tallyTestId: string
}): React.JSX.Element | null {
  const t = useT()
  const ownRef = useRef<HTMLDivElement>(null)
  const tallyRef = ownTallyRef ?? ownRef
  if (!report) return null
  return (
    <>
      {report.text !== '' || !report.takeBack ? (
        <p
          ref={reportRef}
          tabIndex={-1}
          role="status"
          data-testid={reportTestId}
          className={`alert alert--${report.tone}`}
        >
          {report.text}
        </p>
      ) : null}
      {report.takeBack ? (
        <TakeBackTally
          followed={followed}
          line={tallyRef}
          testId={tallyTestId}
          unreadSays={t('outbox.takeBack.selectionUnread')}
        />
      ) : null}
    </>
  )
}
