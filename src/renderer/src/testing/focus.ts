// Focus as Chromium moves it, where jsdom does not; and where it went.
import { act } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { expect, onTestFinished } from 'vitest'

/**
 * Chromium drops the focus of a button disabled while its action runs, to the page; jsdom keeps it (and will not
 * blur a disabled element), so the focus is dropped here by way of a stand-in that leaves.
 */
export function dropFocusAsChromiumDoes(): void {
  const standIn = document.body.appendChild(document.createElement('button'))
  standIn.focus()
  standIn.remove()
}

/** Where the focus sits on an element disabled under it, Chromium drops it to the page as soon as it is drawn so. */
export function dropFocusOffDisabled(): void {
  if ((document.activeElement as HTMLButtonElement | null)?.disabled) dropFocusAsChromiumDoes()
}

/**
 * Presses `button` by keyboard and, once its request is `running`, checks that the focus stayed on it (drawn busy,
 * never disabled: Chromium would drop the focus to the page) and presses it again, which must start nothing more.
 */
export async function pressAndHold(
  user: UserEvent,
  button: HTMLElement,
  running: Promise<unknown>
): Promise<void> {
  button.focus()
  await user.keyboard('{Enter}')
  await running
  await act(async () => undefined)
  dropFocusOffDisabled()
  expect(document.activeElement).toBe(button)
  expect(button.getAttribute('aria-disabled')).toBe('true')
  await user.keyboard('{Enter}')
}

/** Every element the focus goes to from now to the end of the test, by id (or tag name): a view's focus moves once. */
export function recordFocusMoves(): string[] {
  const focused: string[] = []
  const record = (e: FocusEvent): void => {
    focused.push((e.target as Element).id || (e.target as Element).tagName)
  }
  document.addEventListener('focusin', record)
  onTestFinished(() => document.removeEventListener('focusin', record))
  return focused
}
