// A button that copies text to the clipboard and says (politely, for screen readers too) whether it worked.
import { useState } from 'react'
import { useT } from '../i18n'
import { busyButtonProps } from './busy-button'

interface CopyButtonProps {
  /** The text, or a function that fetches it when clicked (diagnostics). */
  text: string | (() => Promise<string>)
  label: string
  testId?: string
  className?: string
}

export function CopyButton({ text, label, testId, className }: CopyButtonProps): React.JSX.Element {
  const t = useT()
  const [status, setStatus] = useState<'idle' | 'busy' | 'copied' | 'failed'>('idle')

  async function copy(): Promise<void> {
    if (status === 'busy') return
    setStatus('busy')
    try {
      const value = typeof text === 'string' ? text : await text()
      await navigator.clipboard.writeText(value)
      setStatus('copied')
    } catch {
      setStatus('failed')
    }
  }

  return (
    <span className="copy">
      <button
        type="button"
        className={className ?? 'button'}
        data-testid={testId}
        // Not `disabled`: Chromium drops the focus of a button disabled under it, to the top of the window (Q25-01).
        {...busyButtonProps(status === 'busy', () => void copy())}
      >
        {label}
      </button>
      <span role="status" className="copy-status" data-testid={testId ? `${testId}-status` : undefined}>
        {status === 'copied' ? t('common.copied') : status === 'failed' ? t('common.copyFailed') : ''}
      </span>
    </span>
  )
}
