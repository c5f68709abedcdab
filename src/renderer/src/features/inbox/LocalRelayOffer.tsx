// One click instead of a relay's address (`inbox:connectLocalRelay`): the core runs a relay on this computer and
// connects a mailbox on it, so trying messages in with the sandbox needs no terminal. Offered while a sandbox device
// exists (only the sandbox can post to this computer), and again when the mailbox on that relay cannot be reached.
import { useRef, useState } from 'react'
import type { ReceivingView } from '../../../../shared/contract'
import { call, errorInfo } from '../../api'
import { useT } from '../../i18n'
import { busyButtonProps } from '../../ui/busy-button'
import { useDevices } from '../../stores/devices'
import { ReplaceMailboxQuestion, useReplaceQuestion } from './ReplaceMailboxQuestion'
import { isSandboxDevice } from '../../../../shared/device-status'

export function LocalRelayOffer({
  replace,
  down,
  askBeforeReplacing = [],
  onConnected
}: {
  /** A mailbox is connected and no longer works: the new one takes its place. */
  replace: boolean
  /** The mailbox is on the relay this computer runs, and it cannot be reached: this offers to run it again. */
  down: boolean
  /** The devices that receive through the mailbox this replaces: asked about first, when there are any. */
  askBeforeReplacing?: readonly string[]
  onConnected(view: ReceivingView): void
}): React.JSX.Element | null {
  const t = useT()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  // Kept: the focus goes back to the button that asked (the question that had it is gone).
  const { asking, ask, answered, keep } = useReplaceQuestion(buttonRef)
  const sandboxLinked = useDevices((s) => s.devices.some(isSandboxDevice))
  if (!sandboxLinked && !down) return null

  async function connect(): Promise<void> {
    answered()
    setBusy(true)
    setError(null)
    try {
      onConnected(await call('inbox:connectLocalRelay', replace ? { replace } : {}))
    } catch (e) {
      setError(errorInfo(e).message)
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className="card" aria-labelledby="inbox-local-heading" data-testid="inbox-local-relay">
      <h3 id="inbox-local-heading">{down ? t('inbox.local.again') : t('inbox.local.heading')}</h3>
      <p className="muted">{down ? t('inbox.local.againIntro') : t('inbox.local.intro')}</p>
      {error ? (
        <p className="alert alert--bad" role="alert">
          {error}
        </p>
      ) : null}
      <div className="actions">
        <button
          ref={buttonRef}
          type="button"
          className="button button--primary"
          disabled={asking}
          {...busyButtonProps(busy, () =>
            replace && askBeforeReplacing.length > 0 ? ask() : void connect()
          )}
        >
          {busy ? t('inbox.local.busy') : t('inbox.local.submit')}
        </button>
      </div>
      {asking ? (
        <ReplaceMailboxQuestion
          id="inbox-local-replace-question"
          receivingDevices={askBeforeReplacing}
          disabled={busy}
          onReplace={() => void connect()}
          onKeep={keep}
        />
      ) : null}
    </section>
  )
}
