// The core's question when a direct send names numbers on the opt-out list (`opted_out`, in its words), and the
// answers it accepts: the Send view and a series (Reminders) ask it the same way. An inbox reply does not ask: the
// gateway's blacklist refuses it whatever the answer (the reply box says how the opt-out is lifted).
import { useT } from '../i18n'

export type OptOutAnswer = 'leave-out' | 'send'

/** Every answer. */
const OPT_OUT_ANSWERS = [
  ['leave-out', 'send.optOutAsk.leaveOut'],
  ['send', 'send.optOutAsk.sendAnyway']
] as const

export function OptOutQuestion(props: {
  question: string
  busy: boolean
  /** `send-opt-out` gives `send-opt-out-ask` and `send-opt-out-send`. */
  testIdPrefix: string
  answers?: readonly OptOutAnswer[]
  onAnswer(answer: OptOutAnswer): void
}): React.JSX.Element {
  const t = useT()
  const offered = OPT_OUT_ANSWERS.filter(([answer]) =>
    (props.answers ?? ['leave-out', 'send']).includes(answer)
  )
  return (
    <div className="alert alert--warn" role="alert" data-testid={`${props.testIdPrefix}-ask`}>
      <p>{props.question}</p>
      <div className="actions">
        {offered.map(([answer, label]) => (
          <button
            key={answer}
            type="button"
            className="button"
            data-testid={`${props.testIdPrefix}-${answer}`}
            disabled={props.busy}
            onClick={() => props.onAnswer(answer)}
          >
            {t(label)}
          </button>
        ))}
      </div>
    </div>
  )
}
