// First run: the window's language first, then add a real gateway device, or try the built-in sandbox (which lands in
// the linking wizard).
import { errorWords } from '../../api'
import { useLanguage, useT, type Language } from '../../i18n'
import { useSettings } from '../../stores/settings'
import { busyButtonProps } from '../../ui/busy-button'
import { ViewHeading } from '../../ui/ViewHeading'
import { addFirstDevice, useTrySandbox } from './first-device'
import './welcome.css'

/** The languages' own names: not translated, so each is found by the one who reads it. */
const LANGUAGE_CHOICES: { language: Language; name: string }[] = [
  { language: 'en', name: 'English' },
  { language: 'id', name: 'Bahasa Indonesia' }
]

export function WelcomeView(): React.JSX.Element {
  const t = useT()
  const { busy, error, setError, trySandbox } = useTrySandbox()
  const startAtLogin = useSettings((s) => s.settings?.startAtLogin ?? false)
  const language = useLanguage()
  const chooseLanguage = (chosen: Language): void => {
    void useSettings
      .getState()
      .update({ language: chosen })
      .catch((err: unknown) => setError(errorWords(err)))
  }

  return (
    <section className="view welcome" aria-labelledby="welcome-heading" data-testid="view-welcome">
      <ViewHeading id="welcome-heading">{t('welcome.title')}</ViewHeading>
      {/* Asked before anything else, so an operator who reads only one of the languages can switch first (QA31
          Q31-01); each choice is written in its own language. Radios keep the focus while the words change. */}
      <fieldset role="radiogroup" aria-labelledby="welcome-language-label" className="welcome-language">
        <legend id="welcome-language-label">{t('welcome.language')}</legend>
        {LANGUAGE_CHOICES.map((choice) => (
          <label key={choice.language} className="check" lang={choice.language}>
            <input
              type="radio"
              name="welcome-language"
              value={choice.language}
              lang={choice.language}
              checked={language === choice.language}
              data-testid={`welcome-language-${choice.language}`}
              onChange={() => chooseLanguage(choice.language)}
            />{' '}
            {choice.name}
          </label>
        ))}
      </fieldset>
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
            {...busyButtonProps(busy, () => void trySandbox())}
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
              .catch((err: unknown) => setError(errorWords(err)))
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
