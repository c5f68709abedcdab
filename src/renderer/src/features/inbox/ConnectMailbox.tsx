// Connecting a mailbox on a relay (`inbox:connect`): its address, a creation token when the relay asks for one, and
// the opt-in for plain http:// to another computer. The core makes the key pair and keeps the credentials in the
// vault; the window only ever sees the mailbox's name and its webhook addresses. With a sandbox device, one click
// connects a relay this computer runs instead (`inbox:connectLocalRelay`), so trying messages in needs no terminal.
import { useState, type FormEvent } from 'react'
import type { ReceivingView } from '../../../../shared/contract'
import { call, errorInfo, type ErrorInfo } from '../../api'
import { useT } from '../../i18n'
import { useDevices } from '../../stores/devices'
import { Field } from '../../ui/Field'

export function ConnectMailbox({
  replace,
  localRelayDown = false,
  onConnected
}: {
  /** The mailbox there is no longer works (refused, lost): connecting makes a new one in its place. */
  replace: boolean
  /** The mailbox is on the relay this computer runs, and it cannot be reached: running it again comes first. */
  localRelayDown?: boolean
  onConnected(view: ReceivingView): void
}): React.JSX.Element {
  const t = useT()
  const [relayUrl, setRelayUrl] = useState('')
  const [creationToken, setCreationToken] = useState('')
  const [allowInsecureHttp, setAllowInsecureHttp] = useState(false)
  const [busy, setBusy] = useState<'relay' | 'local' | null>(null)
  const [error, setError] = useState<ErrorInfo | null>(null)
  const [localError, setLocalError] = useState<string | null>(null)
  // Only the sandbox can post to this computer: the hosted gateway needs a relay it reaches from the internet.
  const sandboxLinked = useDevices((s) => s.devices.some((device) => device.sandbox))

  async function submit(event: FormEvent): Promise<void> {
    event.preventDefault()
    setBusy('relay')
    setError(null)
    try {
      onConnected(
        await call('inbox:connect', {
          relayUrl: relayUrl.trim(),
          ...(creationToken.trim() ? { creationToken: creationToken.trim() } : {}),
          ...(allowInsecureHttp ? { allowInsecureHttp } : {}),
          ...(replace ? { replace } : {})
        })
      )
    } catch (e) {
      setError(errorInfo(e))
    } finally {
      setBusy(null)
    }
  }

  async function connectLocalRelay(): Promise<void> {
    setBusy('local')
    setLocalError(null)
    try {
      onConnected(await call('inbox:connectLocalRelay', replace ? { replace } : {}))
    } catch (e) {
      setLocalError(errorInfo(e).message)
    } finally {
      setBusy(null)
    }
  }

  return (
    <>
      {sandboxLinked || localRelayDown ? (
        <section className="card" aria-labelledby="inbox-local-heading" data-testid="inbox-local-relay">
          <h3 id="inbox-local-heading">
            {localRelayDown ? t('inbox.local.again') : t('inbox.local.heading')}
          </h3>
          <p className="muted">{localRelayDown ? t('inbox.local.againIntro') : t('inbox.local.intro')}</p>
          {localError ? (
            <p className="alert alert--bad" role="alert" data-testid="inbox-local-relay-error">
              {localError}
            </p>
          ) : null}
          <div className="actions">
            <button
              type="button"
              className="button button--primary"
              disabled={busy !== null}
              onClick={() => void connectLocalRelay()}
            >
              {busy === 'local' ? t('inbox.local.busy') : t('inbox.local.submit')}
            </button>
          </div>
        </section>
      ) : null}
      <form
        className="card form"
        noValidate
        aria-labelledby="inbox-connect-heading"
        data-testid="inbox-connect"
        onSubmit={(e) => void submit(e)}
      >
        <h3 id="inbox-connect-heading">{replace ? t('inbox.connect.again') : t('inbox.connect.heading')}</h3>
        <p className="muted">{t('inbox.connect.intro')}</p>
        <Field
          id="inbox-relay-url"
          label={t('inbox.connect.relayUrl')}
          error={error?.field === 'relayUrl' ? error.message : null}
          errorTestId="inbox-connect-error"
        >
          {(control) => (
            <input
              {...control}
              type="url"
              inputMode="url"
              spellCheck={false}
              required
              placeholder="https://"
              data-testid="inbox-relay-url"
              value={relayUrl}
              onChange={(e) => setRelayUrl(e.target.value)}
            />
          )}
        </Field>
        <Field id="inbox-creation-token" label={t('inbox.connect.creationToken')}>
          {(control) => (
            <input
              {...control}
              type="password"
              autoComplete="off"
              spellCheck={false}
              value={creationToken}
              onChange={(e) => setCreationToken(e.target.value)}
            />
          )}
        </Field>
        <label className="checkbox" htmlFor="inbox-insecure">
          <input
            id="inbox-insecure"
            type="checkbox"
            checked={allowInsecureHttp}
            onChange={(e) => setAllowInsecureHttp(e.target.checked)}
          />{' '}
          {t('inbox.connect.insecure')}
        </label>
        {error && error.field !== 'relayUrl' ? (
          <p className="alert alert--bad" role="alert" data-testid="inbox-connect-error">
            {error.message}
          </p>
        ) : null}
        <div className="actions">
          <button
            type="submit"
            className="button button--primary"
            disabled={busy !== null || relayUrl.trim() === ''}
            data-testid="inbox-connect-submit"
          >
            {busy === 'relay' ? t('inbox.connect.busy') : t('inbox.connect.submit')}
          </button>
        </div>
      </form>
    </>
  )
}
