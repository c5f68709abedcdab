// What the app could not read at start (a damaged sandbox, settings, series or devices list), named with its file, and one
// button each to set the damaged copy aside and start that part fresh. Everything else runs meanwhile.
import { useEffect, useRef, useState } from 'react'
import type { InvokeReply } from '../../../../shared/contract'
import { call, coreMessage, errorWords, type CoreWords } from '../../api'
import { useLanguage, useT, type MessageKey } from '../../i18n'
import { busyButtonProps } from '../../ui/busy-button'

type Part = InvokeReply<'app:damaged'>['parts'][number]

const PART_KEY = {
  sandbox: 'settings.damaged.part.sandbox',
  settings: 'settings.damaged.part.settings',
  series: 'settings.damaged.part.series',
  devices: 'settings.damaged.part.devices'
} as const satisfies Record<Part['part'], MessageKey>

export function DamagedParts(): React.JSX.Element | null {
  const t = useT()
  const language = useLanguage()
  const [parts, setParts] = useState<Part[]>([])
  const [busy, setBusy] = useState<Part['part'] | null>(null)
  // What the last start-fresh did, worded as drawn: it stands beside the Language setting (issue 29 point 6).
  const [feedback, setFeedback] = useState<{ done: Part['part'] } | { refused: CoreWords } | null>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)

  useEffect(() => {
    let on = true
    call('app:damaged', {})
      .then((reply) => on && setParts(reply.parts))
      // Nothing to show when the core cannot say: the rest of Settings works.
      .catch(() => undefined)
    return () => {
      on = false
    }
  }, [])

  async function startFresh(part: Part['part']): Promise<void> {
    setBusy(part)
    try {
      await call('app:startFresh', { part })
      const { parts: left } = await call('app:damaged', {})
      setParts(left)
      setFeedback({ done: part })
      // The button is gone: focus goes to the section's heading, not to the page.
      headingRef.current?.focus()
    } catch (error) {
      setFeedback({ refused: errorWords(error) })
    } finally {
      setBusy(null)
    }
  }

  if (parts.length === 0 && feedback === null) return null
  return (
    <section
      className="card damaged-parts"
      aria-labelledby="damaged-parts-heading"
      data-testid="damaged-parts"
    >
      <h3 id="damaged-parts-heading" ref={headingRef} tabIndex={-1}>
        {t('settings.damaged.title')}
      </h3>
      <p role="status">
        {feedback === null
          ? ''
          : 'done' in feedback
            ? t('settings.damaged.done', { part: t(PART_KEY[feedback.done]) })
            : coreMessage(feedback.refused, language)}
      </p>
      <ul>
        {parts.map((part) => (
          <li key={`${part.part}:${part.file}`}>
            <p>
              <strong>{t(PART_KEY[part.part])}</strong> — {t('settings.damaged.file')}{' '}
              <code dir="ltr">{part.file}</code>
            </p>
            <p className="muted">{part.message}</p>
            {/* The `button` class draws it busy (aria-disabled) as the window's other buttons are drawn. */}
            <button
              type="button"
              className="button"
              {...busyButtonProps(busy !== null)}
              onClick={() => void startFresh(part.part)}
            >
              {t('settings.damaged.startFresh')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  )
}
