// The keywords customers reply with: a message that is exactly one of them (case, spaces and a closing "." or "!"
// ignored) puts the number on the opt-out list, or takes it off again. Read and saved through `optouts:keywords` /
// `optouts:setKeywords`; the core's refusal is shown at the lists.
import { useEffect, useState } from 'react'
import { call, errorInfo, type ErrorInfo } from '../../api'
import { useT } from '../../i18n'
import { busyButtonProps } from '../../ui/busy-button'

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
      <KeywordList
        id="optout-keywords-out"
        label={t('campaigns.optOutKeywords.optOut')}
        rows={4}
        value={optOut}
        disabled={!loaded}
        invalid={invalid}
        onChange={(value) => {
          setOptOut(value)
          setSaved(false)
        }}
      />
      <KeywordList
        id="optout-keywords-in"
        label={t('campaigns.optOutKeywords.optIn')}
        rows={2}
        value={optIn}
        disabled={!loaded}
        invalid={invalid}
        onChange={(value) => {
          setOptIn(value)
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
          disabled={!loaded}
          {...busyButtonProps(saving, () => void save())}
        >
          {t('campaigns.optOutKeywords.save')}
        </button>
        {saved ? <span role="status">{t('campaigns.optOutKeywords.saved')}</span> : null}
      </div>
    </fieldset>
  )
}

/** One list, one keyword per line; marked invalid and described by the refusal when the core refused the lists. */
function KeywordList(props: {
  id: string
  label: string
  rows: number
  value: string
  disabled: boolean
  invalid: boolean
  onChange(value: string): void
}): React.JSX.Element {
  return (
    <>
      <label htmlFor={props.id}>{props.label}</label>
      <textarea
        id={props.id}
        data-testid={props.id}
        rows={props.rows}
        value={props.value}
        disabled={props.disabled}
        aria-invalid={props.invalid || undefined}
        aria-describedby={props.invalid ? 'optout-keywords-error' : undefined}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </>
  )
}
