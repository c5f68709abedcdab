// The keywords customers reply with: a message that is exactly one of them (case and spaces ignored) puts the number
// on the opt-out list, or takes it off again. Read and saved through `optouts:keywords` / `optouts:setKeywords`; the
// core's refusal is shown at the lists.
import { useEffect, useState } from 'react'
import { call, errorInfo, type ErrorInfo } from '../../api'
import { useT } from '../../i18n'

/** One keyword per line; blank lines are not keywords. */
const linesOf = (value: string): string[] =>
  value
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')

export function OptOutKeywords(): React.JSX.Element {
  const t = useT()
  const [optOut, setOptOut] = useState('')
  const [optIn, setOptIn] = useState('')
  const [loaded, setLoaded] = useState(false)
  const [saving, setSaving] = useState(false)
  const [saved, setSaved] = useState(false)
  const [error, setError] = useState<ErrorInfo | null>(null)

  useEffect(() => {
    let on = true
    call('optouts:keywords', {})
      .then((lists) => {
        if (!on) return
        setOptOut(lists.optOut.join('\n'))
        setOptIn(lists.optIn.join('\n'))
        setLoaded(true)
      })
      .catch((e: unknown) => on && setError(errorInfo(e)))
    return () => {
      on = false
    }
  }, [])

  async function save(): Promise<void> {
    setSaving(true)
    setSaved(false)
    setError(null)
    try {
      const lists = await call('optouts:setKeywords', { optOut: linesOf(optOut), optIn: linesOf(optIn) })
      setOptOut(lists.optOut.join('\n'))
      setOptIn(lists.optIn.join('\n'))
      setSaved(true)
    } catch (e) {
      setError(errorInfo(e))
    } finally {
      setSaving(false)
    }
  }

  const invalid = error !== null && loaded
  return (
    <fieldset
      className="optout-keywords"
      data-testid="optout-keywords"
      aria-describedby={invalid ? 'optout-keywords-error' : undefined}
    >
      <legend>{t('campaigns.optOutKeywords.title')}</legend>
      <p className="muted">{t('campaigns.optOutKeywords.intro')}</p>
      <label htmlFor="optout-keywords-out">{t('campaigns.optOutKeywords.optOut')}</label>
      <textarea
        id="optout-keywords-out"
        data-testid="optout-keywords-out"
        rows={4}
        value={optOut}
        disabled={!loaded}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? 'optout-keywords-error' : undefined}
        onChange={(e) => {
          setOptOut(e.target.value)
          setSaved(false)
        }}
      />
      <label htmlFor="optout-keywords-in">{t('campaigns.optOutKeywords.optIn')}</label>
      <textarea
        id="optout-keywords-in"
        data-testid="optout-keywords-in"
        rows={2}
        value={optIn}
        disabled={!loaded}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? 'optout-keywords-error' : undefined}
        onChange={(e) => {
          setOptIn(e.target.value)
          setSaved(false)
        }}
      />
      {error ? (
        <p id="optout-keywords-error" className="alert alert--bad" role="alert">
          {error.message}
        </p>
      ) : null}
      <div className="form-actions">
        <button
          type="button"
          className="button"
          data-testid="optout-keywords-save"
          disabled={!loaded || saving}
          onClick={() => void save()}
        >
          {t('campaigns.optOutKeywords.save')}
        </button>
        {saved ? <span role="status">{t('campaigns.optOutKeywords.saved')}</span> : null}
      </div>
    </fieldset>
  )
}
