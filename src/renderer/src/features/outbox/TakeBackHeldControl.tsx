// The one control a take-back offers where it is shown (the outbox's detail, the inbox's bubble, the tally of a
// campaign's or of the Outbox's bulk bar): Resume when the operator paused it, or the device's own fix on its card
// when a device holds it; and, where a long one runs (a tally), Pause beside them. Pause and Resume go on where the kernel was (nothing
// asked twice); their button then goes, and the focus goes to the line's new state. The buttons sit in an action row,
// sized like the action buttons beside them: as direct children of the detail's column they were stretched across
// the whole panel (QA43 Q43-02). When its follow-up reads kept failing: why, with Try again, which follows it again
// ("Loading…" meanwhile, the focus waiting on the line).
import { useRef, useState, type RefObject } from 'react'
import { errorInfo } from '../../api'
import { useT } from '../../i18n'
import { useNavigation } from '../../stores/navigation'
import { busyButtonProps } from '../../ui/busy-button'
import { ReadFailed, useReadAgain } from '../../ui/ReadFailed'
import { useFocusAfterAction } from '../../ui/use-focus-after-action'
import type { TakeBackReads } from './follow-take-back'
import type { TakeBackFix } from './take-back-outcome'

export function TakeBackHeldControl({
  fix,
  resume,
  pause,
  line,
  reads
}: {
  fix: TakeBackFix | null
  resume: () => Promise<void>
  /** Given while it can be paused (takeBackPausable), where a pause is offered: the operator's pause. */
  pause?: (() => Promise<void>) | undefined
  /** The line that says where the take-back stands (focusable): the focus goes there after Pause or Resume. */
  line: RefObject<HTMLElement | null>
  /** Its follow-up reads (useFollowedTakeBack), and what to say once they kept failing. */
  reads?: (TakeBackReads & { says: string }) | undefined
}): React.JSX.Element | null {
  const t = useT()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const actionStarts = useFocusAfterAction(busy, line)
  const failureRef = useRef<HTMLDivElement>(null)
  const followAgain = useReadAgain(reads?.unread, line, failureRef, () => reads?.followAgain())
  const run = async (action: () => Promise<void>): Promise<void> => {
    actionStarts()
    setBusy(true)
    setError(null)
    try {
      await action()
    } catch (e) {
      setError(errorInfo(e).message)
    } finally {
      setBusy(false)
    }
  }
  const button = (label: string, action: () => Promise<void>): React.JSX.Element => (
    <button type="button" className="button" {...busyButtonProps(busy, () => void run(action))}>
      {label}
    </button>
  )
  const alert = error ? (
    <p className="alert alert--bad" role="alert">
      {error}
    </p>
  ) : null
  const held =
    fix?.kind === 'device' ? (
      <button
        type="button"
        className="button"
        onClick={() =>
          useNavigation
            .getState()
            .navigate('devices', { deviceAsk: { deviceId: fix.deviceId, action: fix.action } })
        }
      >
        {t('outbox.takeBack.openDevice', { device: fix.label })}
      </button>
    ) : fix?.kind === 'resume' ? (
      button(t('outbox.takeBack.resume'), resume)
    ) : null
  const unread = reads?.unread ? (
    <ReadFailed ref={failureRef} says={reads.says} onRetry={followAgain} />
  ) : reads?.again ? (
    <p role="status">{t('outbox.loading')}</p>
  ) : null
  if (!held && !pause && !alert && !unread) return null
  return (
    <>
      {unread}
      {held || pause ? (
        <div className="actions">
          {held}
          {pause ? button(t('outbox.takeBack.pause'), pause) : null}
        </div>
      ) : null}
      {alert}
    </>
  )
}
