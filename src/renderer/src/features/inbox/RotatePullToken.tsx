// The relay card's "Rotate the pull token" (after a leak): asks first, saying what it does, then says it is done. The
// token itself never comes here: the main process keeps it in the keychain.
import { call, errorInfo } from '../../api'
import { useT } from '../../i18n'
import { ConfirmPanel } from '../../ui/ConfirmPanel'
import { useAskedAction } from '../../ui/use-asked-action'

export function RotatePullToken(): React.JSX.Element {
  const t = useT()
  const { asking, ask, keep, busy, outcome, run, openerRef, failureRef } = useAskedAction<void>()
  const rotate = (): Promise<void> =>
    run(async () => {
      await call('inbox:rotatePullToken', {})
    })

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
          onKeep={keep}
        />
      ) : (
        <div className="actions">
          <button
            ref={openerRef}
            type="button"
            className="button"
            data-testid="inbox-pull-token-rotate"
            onClick={ask}
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
