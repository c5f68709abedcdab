// Where the focus goes once an action ends (useFocusAfterAction), and when: as the view that says what happened
// commits, not after paint. A key pressed between the two would land on the page (lost), and a test looking right
// after findBy / waitFor (a MutationObserver microtask after the commit) saw the page instead of the result.
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useRef, useState } from 'react'
import { describe, expect, it } from 'vitest'
import { dropFocusAsChromiumDoes } from '../testing/focus'
import { useFocusAfterAction } from './use-focus-after-action'

/** A button whose action takes it away once done (as Retry goes from a retried message); a line says what happened. */
function Action({ work }: { work: () => Promise<void> }): React.JSX.Element {
  const [busy, setBusy] = useState(false)
  const [done, setDone] = useState(false)
  const resultRef = useRef<HTMLParagraphElement>(null)
  const acted = useFocusAfterAction(busy, resultRef)
  const run = async (): Promise<void> => {
    acted()
    setBusy(true)
    await work()
    setBusy(false)
    setDone(true)
  }
  return (
    <>
      {done ? null : (
        <button type="button" disabled={busy} onClick={() => void run()}>
          Retry
        </button>
      )}
      <p ref={resultRef} tabIndex={-1} data-testid="result">
        {done ? 'Sent again' : ''}
      </p>
    </>
  )
}

describe('useFocusAfterAction', () => {
  it('has the focus on the result line at the commit that draws it, before passive effects run', async () => {
    const user = userEvent.setup()
    let finish = (): void => {}
    const work = (): Promise<void> =>
      new Promise<void>((resolve) => {
        finish = resolve
      })
    render(<Action work={work} />)
    const button = screen.getByRole('button', { name: 'Retry' })
    button.focus()
    await user.keyboard('{Enter}')
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(true))
    // Chromium drops the focus of a button disabled while its action runs; jsdom keeps it.
    dropFocusAsChromiumDoes()
    const result = screen.getByTestId('result')
    // Where the focus is when the words first show: a microtask after their commit, as findBy and waitFor look (and
    // before the scheduler's next task, where React runs passive effects).
    let focusedAtWords: Element | null | undefined
    const observer = new MutationObserver(() => {
      if (focusedAtWords === undefined && result.textContent === 'Sent again')
        focusedAtWords = document.activeElement
    })
    observer.observe(document.body, { childList: true, subtree: true, characterData: true })
    try {
      finish()
      await waitFor(() => expect(focusedAtWords).toBeDefined())
      expect(focusedAtWords).toBe(result)
    } finally {
      observer.disconnect()
    }
  })
})
