// Connecting a mailbox on a relay (`inbox:connect`): its address, a creation token when the relay asks for one, and
// the opt-in for plain http:// to another computer. The core makes the key pair and keeps the credentials in the
// vault; the window only ever sees the mailbox's name and its webhook addresses.
import { useLayoutEffect, useRef, useState, type FormEvent } from 'react'
import type { ReceivingView } from '../../../../shared/contract'
import { call, errorInfo, type ErrorInfo } from '../../api'
import { useT } from '../../i18n'
import { busyButtonProps } from '../../ui/busy-button'
import { Field } from '../../ui/Field'
import { ReplaceMailboxQuestion, useReplaceQuestion } from './ReplaceMailboxQuestion'

export function ConnectMailbox({
  replace,
  another = false,
  askBeforeReplacing = [],
  onConnected
}: {
  /** The mailbox there is no longer works (refused, lost): connecting makes a new one in its place. */
  replace: boolean
  /** The mailbox there works, and the operator moves to another relay: headed as that, not as connecting again. */
  another?: boolean
  /** The devices that receive through the mailbox this replaces: asked about first, when there are any. */
  askBeforeReplacing?: readonly string[]
  onConnected(view: ReceivingView): void
}): React.JSX.Element {
  const t = useT()
  const [relayUrl, setRelayUrl] = useState('')
  const [creationToken, setCreationToken] = useState('')
  const [allowInsecureHttp, setAllowInsecureHttp] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<ErrorInfo | null>(null)
  const addressRef = useRef<HTMLInputElement>(null)
  const submitRef = useRef<HTMLButtonElement>(null)
  // Kept: the focus goes back to Connect (the question that had it is gone).
  const { asking, ask, answered, keep } = useReplaceQuestion(submitRef)
  const tokenRef = useRef<HTMLInputElement>(null)
  const alertRef = useRef<HTMLParagraphElement>(null)
  // A failed Connect puts the focus on its error (Connect kept it meanwhile, said busy): on the field the error is
  // about (the address, or the creation token the relay refused or wants; the field reads the error as its
  // description), else on the error itself.
  const onField = error?.field === 'relayUrl' || error?.field === 'creationToken'
  useLayoutEffect(() => {
    if (!error) return
    if (error.field === 'relayUrl') addressRef.current?.focus()
    else if (error.field === 'creationToken') tokenRef.current?.focus()
    else alertRef.current?.focus()
  }, [error])

  function submit(event: FormEvent): void {
    event.preventDefault()
    if (replace && askBeforeReplacing.length > 0) ask()
    else void connect()
  }

  async function connect(): Promise<void> {
    answered()
    setBusy(true)
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
      setBusy(false)
    }
  }

  return (
    <form
      className="card form"
      noValidate
      aria-labelledby="inbox-connect-heading"
      data-testid="inbox-connect"
      onSubmit={submit}
    >
      <h3 id="inbox-connect-heading">
        {another
          ? t('inbox.connect.another')
          : replace
            ? t('inbox.connect.again')
            : t('inbox.connect.heading')}
      </h3>
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
            ref={addressRef}
            data-testid="inbox-relay-url"
            // What the question asks about stays as asked: an edit while it is open was what Replace then tried
            // (an operator's probe). Keep gives the field back.
            readOnly={asking}
            value={relayUrl}
            onChange={(e) => setRelayUrl(e.target.value)}
          />
        )}
      </Field>
      <Field
        id="inbox-creation-token"
        label={t('inbox.connect.creationToken')}
        error={error?.field === 'creationToken' ? error.message : null}
        errorTestId="inbox-connect-error"
      >
        {(control) => (
          <input
            {...control}
            ref={tokenRef}
            type="password"
            autoComplete="off"
            spellCheck={false}
            readOnly={asking}
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
      {error && !onField ? (
        <p
          className="alert alert--bad"
          role="alert"
          data-testid="inbox-connect-error"
          ref={alertRef}
          tabIndex={-1}
        >
          {error.message}
        </p>
      ) : null}
      <div className="actions">
        <button
          ref={submitRef}
          type="submit"
          className="button button--primary"
          disabled={asking || relayUrl.trim() === ''}
          {...busyButtonProps(busy)}
          data-testid="inbox-connect-submit"
        >
          {busy ? t('inbox.connect.busy') : t('inbox.connect.submit')}
        </button>
      </div>
      {asking ? (
        <ReplaceMailboxQuestion
          id="inbox-connect-replace-question"
          receivingDevices={askBeforeReplacing}
          disabled={busy}
          onReplace={() => void connect()}
          onKeep={keep}
        />
      ) : null}
    </form>
  )
}
