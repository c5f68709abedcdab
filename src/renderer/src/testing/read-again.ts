// A list that could not be read, read again by Try again (ListStatus, ReadFailed): why it says, where the focus waits
// while it reads, and what it shows once read.
import { within } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { expect } from 'vitest'

export interface ReadAgain {
  /** What the failure says ("This list could not be read: …"). */
  says: string
  /** Try again's name in the language shown. */
  tryAgain: string
  /** The heading the focus waits on while the list is read again. */
  heading(): HTMLElement
  /** Waits for what the read brings (a row). */
  read(): Promise<unknown>
}

/**
 * In `scope` (the list's section), the failure says `says`; Try again puts the focus on the heading, not dropped with
 * the button, and it stays there once what is read comes, the failure gone.
 */
export async function readsAgainOnTryAgain(
  user: UserEvent,
  scope: HTMLElement,
  { says, tryAgain, heading, read }: ReadAgain
): Promise<void> {
  const failure = await within(scope).findByRole('alert')
  expect(failure.textContent).toContain(says)
  await user.click(within(failure).getByRole('button', { name: tryAgain }))
  expect(document.activeElement).toBe(heading())
  await read()
  expect(within(scope).queryByRole('alert')).toBeNull()
  expect(document.activeElement).toBe(heading())
}
