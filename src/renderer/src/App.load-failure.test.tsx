// An everyday view whose code cannot be loaded (a damaged install): the prefetch says nothing, opening the view shows
// the failure in place with Try again, and the rest of the window keeps working. A file of its own: the module mock
// applies to the whole file.
import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { installFakeApi, renderApp } from './testing/render'

vi.mock('./features/outbox/OutboxView', () => {
  throw new Error('Failed to fetch dynamically imported module: OutboxView.js')
})

describe('App shell, a view that cannot be loaded', () => {
  it('shows the failure with Try again when the outbox is opened, after a silent prefetch', async () => {
    const fake = installFakeApi()
    const user = userEvent.setup()
    await renderApp(fake)
    // The prefetch after the shell has failed without a word.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)))
    await act(() => vi.dynamicImportSettled())
    expect(screen.queryByRole('alert')).toBeNull()

    const nav = within(screen.getByRole('navigation'))
    await user.click(nav.getByRole('button', { name: 'Outbox' }))
    const failure = await screen.findByTestId('view-load-error')
    expect(failure.getAttribute('role')).toBe('alert')
    expect(failure.textContent).toContain('This view could not be opened')
    expect(within(failure).getByRole('button', { name: 'Try again' })).toBeTruthy()

    // Another view still opens.
    await user.click(nav.getByRole('button', { name: 'Send' }))
    expect(await screen.findByTestId('view-send')).toBeTruthy()
    expect(screen.queryByTestId('view-load-error')).toBeNull()
  })
})
