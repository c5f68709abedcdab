// The Copy button keeps the keyboard where it was and says what it did (QA25 Q25-01).
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { dropFocusAsChromiumDoes } from '../testing/focus'
import { seedStores } from '../testing/render'
import { CopyButton } from './CopyButton'

beforeEach(() => seedStores())

describe('CopyButton', () => {
  it('keeps the focus on the button while it copies and says "Copied" (QA25 Q25-01)', async () => {
    const user = userEvent.setup()
    let pressesWhileCopying = 0
    const fetchText = async (): Promise<string> => {
      await new Promise((resolve) => setTimeout(resolve, 0)) // the window draws the busy button first
      const button = screen.getByRole('button', { name: 'Copy diagnostics' }) as HTMLButtonElement
      // Chromium drops the focus of a button that turns disabled while it works; jsdom keeps it.
      if (button.disabled) dropFocusAsChromiumDoes()
      pressesWhileCopying += 1
      await user.click(button) // a second press while the first copy runs copies nothing more
      return 'Sender Desk 0.1.0'
    }
    render(<CopyButton text={fetchText} label="Copy diagnostics" testId="copy" />)
    const button = screen.getByRole('button', { name: 'Copy diagnostics' })
    button.focus()
    await user.keyboard('{Enter}')
    await waitFor(() => expect(screen.getByTestId('copy-status').textContent).toBe('Copied'))
    expect(document.activeElement).toBe(button)
    expect(pressesWhileCopying).toBe(1)
    expect(await navigator.clipboard.readText()).toBe('Sender Desk 0.1.0')
  })
})
