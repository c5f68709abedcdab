// Views loaded on demand: the wait is announced, a failed load is shown with a retry that really loads again.
import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { onDemand, ViewSlot, type OnDemandView } from './on-demand'

/** English's whole table, as the window loads it after the shell: settled by hand where a test says so. */
const english = vi.hoisted(() => {
  let settle: ((outcome: 'ok' | Error) => void) | null = null
  return {
    held: false,
    loads: 0,
    load(): Promise<void> {
      english.loads++
      if (!english.held) return Promise.resolve()
      return new Promise<void>((resolve, reject) => {
        settle = (outcome) => (outcome === 'ok' ? resolve() : reject(outcome))
      })
    },
    settle: (outcome: 'ok' | Error) => settle?.(outcome)
  }
})
vi.mock('../i18n/strings', async (original) => ({
  ...(await original<typeof import('../i18n/strings')>()),
  loadEnglish: () => english.load()
}))

afterEach(() => {
  english.held = false
  english.loads = 0
})

function Loaded(): React.JSX.Element {
  return <p data-testid="loaded-view">loaded</p>
}

/** A load the test settles by hand, as a chunk arriving (or not) from disk. */
function controlledLoad(): {
  load: () => Promise<() => React.JSX.Element>
  attempts: () => number
  settle: (outcome: 'ok' | Error) => void
} {
  const pending: ((outcome: 'ok' | Error) => void)[] = []
  return {
    load: () =>
      new Promise((resolve, reject) => {
        pending.push((outcome) => (outcome === 'ok' ? resolve(Loaded) : reject(outcome)))
      }),
    attempts: () => pending.length,
    settle: (outcome) => pending.at(-1)?.(outcome)
  }
}

/** The view drawn where the window draws views. */
function drawInSlot(View: OnDemandView): void {
  render(
    <ViewSlot name="Webhooks">
      <View />
    </ViewSlot>
  )
}

describe('onDemand in a ViewSlot', () => {
  it('says which view is opening until its code has loaded', async () => {
    const chunk = controlledLoad()
    const View = onDemand(chunk.load)
    drawInSlot(View)
    expect(screen.getByRole('status').textContent).toBe('Opening Webhooks…')
    expect(screen.queryByTestId('loaded-view')).toBeNull()
    chunk.settle('ok')
    await screen.findByTestId('loaded-view')
    expect(screen.queryByTestId('view-loading')).toBeNull()
  })

  it('shows a failed load in place of the view, and Try again loads it again', async () => {
    const chunk = controlledLoad()
    const View = onDemand(chunk.load)
    drawInSlot(View)
    chunk.settle(new Error('Failed to fetch dynamically imported module'))
    const alert = await screen.findByTestId('view-load-error')
    expect(alert.textContent).toContain(
      'This view could not be opened: Failed to fetch dynamically imported module'
    )
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }))
    expect(chunk.attempts()).toBe(2)
    chunk.settle('ok')
    await screen.findByTestId('loaded-view')
  })

  it('draws a prefetched view at once, without a moment of "Opening…"', async () => {
    const chunk = controlledLoad()
    const View = onDemand(chunk.load)
    const prefetched = View.prefetch()
    chunk.settle('ok')
    await prefetched
    drawInSlot(View)
    expect(screen.getByTestId('loaded-view')).toBeTruthy()
    expect(screen.queryByTestId('view-loading')).toBeNull()
    expect(chunk.attempts()).toBe(1)
  })

  it('says nothing when a prefetch fails; opening the view loads again and shows a failure with Try again', async () => {
    const chunk = controlledLoad()
    const View = onDemand(chunk.load)
    const prefetched = View.prefetch()
    chunk.settle(new Error('Failed to fetch dynamically imported module'))
    await prefetched
    drawInSlot(View)
    expect(screen.getByTestId('view-loading')).toBeTruthy()
    expect(chunk.attempts()).toBe(2)
    await act(async () => chunk.settle(new Error('Failed to fetch dynamically imported module')))
    expect((await screen.findByTestId('view-load-error')).textContent).toContain('could not be opened')
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy()
  })

  it("draws a view once English's whole table is in, not with the start strings alone", async () => {
    english.held = true
    const chunk = controlledLoad()
    const View = onDemand(chunk.load)
    drawInSlot(View)
    await act(async () => chunk.settle('ok'))
    expect(screen.getByTestId('view-loading')).toBeTruthy()
    expect(screen.queryByTestId('loaded-view')).toBeNull()
    await act(async () => english.settle('ok'))
    await screen.findByTestId('loaded-view')
  })

  it("shows English's table failing to load as the view's failure, and Try again loads it again", async () => {
    english.held = true
    const chunk = controlledLoad()
    const View = onDemand(chunk.load)
    drawInSlot(View)
    chunk.settle('ok')
    await act(async () => english.settle(new Error('Failed to fetch dynamically imported module')))
    await screen.findByTestId('view-load-error')
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }))
    expect(english.loads).toBe(2)
    chunk.settle('ok')
    await act(async () => english.settle('ok'))
    await screen.findByTestId('loaded-view')
  })
})
