// One click instead of a relay's address (`inbox:connectLocalRelay`): the core runs a relay on this computer and
// connects a mailbox on it, so trying messages in with the sandbox needs no terminal. Offered while a sandbox device
// exists (only the sandbox can post to this computer), and again when the mailbox on that relay cannot be reached.
import { useState } from 'react'
import type { ReceivingView } from '../../../../shared/contract'
import { call, errorInfo } from '../../api'
import { useT } from '../../i18n'
import { useDevices } from '../../stores/devices'

export function LocalRelayOffer({
  replace,
  down,
  onConnected
}: {
  /** A mailbox is connected and no longer works: the new one takes its place. */
  replace: boolean
  /** The mailbox is on the relay this computer runs, and it cannot be reached: this offers to run it again. */
  down: boolean
  onConnected(view: ReceivingView): void
}): React.JSX.Element | null {
  const t = useT()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const sandboxLinked = useDevices((s) => s.devices.some((device) => device.sandbox))
  if (!sandboxLinked && !down) return null

  async function connect(): Promise<void> {
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
          type="button"
          className="button button--primary"
          disabled={busy}
          onClick={() => void connect()}
        >
          {busy ? t('inbox.local.busy') : t('inbox.local.submit')}
        </button>
      </div>
    </section>
  )
}
