// Focus as Chromium moves it, where jsdom does not; and where it went.
import { onTestFinished } from 'vitest'

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
