// First run: add a real gateway device, or try the built-in sandbox (which lands in the linking wizard).
import { errorInfo } from '../../api'
import { useT } from '../../i18n'
import { useSettings } from '../../stores/settings'
import { ViewHeading } from '../../ui/ViewHeading'
import { addFirstDevice, useTrySandbox } from './first-device'
import './welcome.css'

export function WelcomeView(): React.JSX.Element {
  const t = useT()
  const { busy, error, setError, trySandbox } = useTrySandbox()
  const startAtLogin = useSettings((s) => s.settings?.startAtLogin ?? false)

  return (
    <section className="view welcome" aria-labelledby="welcome-heading" data-testid="view-welcome">
      <ViewHeading id="welcome-heading">{t('welcome.title')}</ViewHeading>
      <p className="lead">{t('welcome.intro')}</p>
      <div className="welcome-choices">
        <div className="card choice">
          <h3>{t('welcome.add.title')}</h3>
          <p>{t('welcome.add.body')}</p>
          <button
            type="button"
            className="button button--primary"
            data-testid="welcome-add-device"
            onClick={addFirstDevice}
          >
            {t('welcome.add.action')}
          </button>
        </div>
        <div className="card choice">
          <h3>{t('welcome.sandbox.title')}</h3>
          <p>{t('welcome.sandbox.body')}</p>
          <button
            type="button"
            className="button"
            data-testid="welcome-sandbox"
            disabled={busy}
            onClick={() => void trySandbox()}
          >
            {busy ? t('welcome.sandbox.starting') : t('welcome.sandbox.action')}
          </button>
        </div>
      </div>
      <label className="check welcome-login">
        <input
          type="checkbox"
          checked={startAtLogin}
          data-testid="welcome-start-at-login"
          onChange={(e) => {
            const checked = e.target.checked
            void useSettings
              .getState()
              .update({ startAtLogin: checked })
              .catch((err: unknown) => setError(errorInfo(err).message))
          }}
        />{' '}
        {t('welcome.startAtLogin')}
      </label>
      {error ? (
        <p className="alert alert--bad" role="alert" data-testid="welcome-error">
          {error}
        </p>
      ) : null}
    </section>
  )
}
