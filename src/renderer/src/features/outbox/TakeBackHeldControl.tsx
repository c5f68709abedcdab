// The one control a held take-back offers where it is shown (the outbox's detail, the inbox's bubble, the campaign's
// tally): Resume when the operator paused it, or the device's own fix on its card when a device holds it. Resume goes
// on where the kernel was (nothing asked twice); its button then goes, and the focus goes to the line's new state.
// Its button sits in an action row, sized like the action buttons beside it: as a direct child of the detail's column
// it was stretched across the whole panel (QA43 Q43-02).
import { useState, type RefObject } from 'react'
import { errorInfo } from '../../api'
import { useT } from '../../i18n'
import { useNavigation } from '../../stores/navigation'
import { useFocusAfterAction } from '../../ui/use-focus-after-action'
import type { TakeBackFix } from './take-back-outcome'

export function TakeBackHeldControl({
  fix,
  resume,
  line
}: {
  fix: TakeBackFix | null
  resume: () => Promise<void>
  /** The line that says where the take-back stands (focusable): the focus goes there after Resume. */
  line: RefObject<HTMLElement | null>
}): React.JSX.Element | null {
  const t = useT()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const actionStarts = useFocusAfterAction(busy, line)
  if (!fix) return error ? <p className="alert alert--bad">{error}</p> : null
  if (fix.kind === 'device')
    return (
      <div className="actions">
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
      </div>
    )
  const onResume = async (): Promise<void> => {
    actionStarts()
    setBusy(true)
    setError(null)
    try {
      await resume()
    } catch (e) {
      setError(errorInfo(e).message)
    } finally {
      setBusy(false)
    }
  }
  return (
    <>
      <div className="actions">
        <button type="button" className="button" disabled={busy} onClick={() => void onResume()}>
          {t('outbox.takeBack.resume')}
        </button>
      </div>
      {error ? (
        <p className="alert alert--bad" role="alert">
          {error}
        </p>
      ) : null}
    </>
  )
}
