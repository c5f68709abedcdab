// The everyday views' code is fetched once the shell is up. A file of its own: it needs a window where no view has
// been opened yet, and vitest gives each file fresh modules.
import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { installFakeApi, renderApp } from './testing/render'

describe('App shell, prefetch', () => {
  it('prefetches the everyday views once the shell is up: they then open without a wait', async () => {
    const fake = installFakeApi()
    const user = userEvent.setup()
    await renderApp(fake)
    // The prefetch starts just after the shell has been drawn; wait for the imports it started.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)))
    await act(() => vi.dynamicImportSettled())
    const nav = within(screen.getByRole('navigation'))
    for (const [view, label] of Object.entries({ devices: 'Devices', send: 'Send', outbox: 'Outbox' })) {
      await user.click(nav.getByRole('button', { name: label }))
      expect(screen.queryByTestId('view-loading'), label).toBeNull()
      expect(screen.getByTestId(`view-${view}`)).toBeTruthy()
    }
  })
})
