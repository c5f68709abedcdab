// The relay card's "Rotate the pull token" (after a leak): asks first, saying what it does, then says it is done. The
// token itself never comes here: the main process keeps it in the keychain.
import { useEffect, useRef, useState } from 'react'
import { call, errorInfo } from '../../api'
import { useT } from '../../i18n'
import { ConfirmPanel } from '../../ui/ConfirmPanel'

export function RotatePullToken(): React.JSX.Element {
  const t = useT()
  const [asking, setAsking] = useState(false)
  const [busy, setBusy] = useState(false)
  // Kept as what happened, worded at each render in the language chosen now.
  const [outcome, setOutcome] = useState<{ kind: 'done' } | { kind: 'failed'; error: unknown } | null>(null)
  // Cancel or a rotation done: focus back on the opener; a failure takes it (the question stays open to try again).
  const focusNext = useRef<'opener' | 'failure' | null>(null)
  const openerRef = useRef<HTMLButtonElement>(null)
  const failureRef = useRef<HTMLParagraphElement>(null)
  useEffect(() => {
    if (focusNext.current === null || busy) return
    ;(focusNext.current === 'opener' ? openerRef : failureRef).current?.focus()
    focusNext.current = null
  })

  async function rotate(): Promise<void> {
    setBusy(true)
    setOutcome(null)
    try {
      await call('inbox:rotatePullToken', {})
      setOutcome({ kind: 'done' })
      setAsking(false)
      focusNext.current = 'opener'
    } catch (e) {
      setOutcome({ kind: 'failed', error: e })
      focusNext.current = 'failure'
    } finally {
      setBusy(false)
    }
  }

  return (
    <section
      className="card"
      aria-labelledby="inbox-pull-token-heading"
      data-testid="inbox-pull-token-section"
    >
      <h3 id="inbox-pull-token-heading">{t('inbox.pullToken.heading')}</h3>
      <p className="muted">{t('inbox.pullToken.intro')}</p>
      {asking ? (
        <ConfirmPanel
          id="inbox-pull-token-question"
          question={t('inbox.pullToken.confirm')}
          confirmLabel={t('inbox.pullToken.go')}
          keepLabel={t('common.cancel')}
          disabled={busy}
          confirmTestId="inbox-pull-token-confirm"
          focusOnOpen
          onConfirm={() => void rotate()}
          onKeep={() => {
            setAsking(false)
            focusNext.current = 'opener'
          }}
        />
      ) : (
        <div className="actions">
          <button
            ref={openerRef}
            type="button"
            className="button"
            data-testid="inbox-pull-token-rotate"
            onClick={() => setAsking(true)}
          >
            {t('inbox.pullToken.button')}
          </button>
        </div>
      )}
      {outcome?.kind === 'failed' ? (
        <p className="alert alert--bad" role="alert" ref={failureRef} tabIndex={-1}>
          {errorInfo(outcome.error).message}
        </p>
      ) : null}
      <div role="status" className="feedback feedback--ok" data-testid="inbox-pull-token-feedback">
        {outcome?.kind === 'done' ? <p>{t('inbox.pullToken.done')}</p> : null}
      </div>
    </section>
  )
}
