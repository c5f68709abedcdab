// The core's refusal when a direct send names numbers on the opt-out list (`opted_out`, in its words), said the same
// way by the Send view, a series or gateway reminder (Reminders) and an inbox reply. Sender Desk puts every opt-out on
// the gateway's blacklist (campaigns' pushOptOutsToGateways), and the gateway refuses any message to such a number:
// there is no "Send anyway", only the one sentence that says why and how it is lifted, and "Leave them out" where
// other recipients remain to send to.
import { useT } from '../i18n'
import { busyButtonProps } from './busy-button'

export function OptOutQuestion(props: {
  /** What the core (or the reply box) says first: which numbers are on the list. */
  question: string
  busy: boolean
  testId: string
  /** Sends to the others; absent when no one else would be left. */
  onLeaveOut?: () => void
}): React.JSX.Element {
  const t = useT()
  return (
    <div className="alert alert--warn" role="alert" data-testid={props.testId}>
      <p>
        {props.question} {t('send.optOutAsk.blacklisted')}
      </p>
      {props.onLeaveOut ? (
        <div className="actions">
          <button type="button" className="button" {...busyButtonProps(props.busy, props.onLeaveOut)}>
            {t('send.optOutAsk.leaveOut')}
          </button>
        </div>
      ) : null}
    </div>
  )
}
