// Starting the window: the bootstrap is asked for before React renders, and the shell is React's first render.
import { act } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { LOADING_AFTER_MS, startWindow } from './start'
import { makeBootstrap } from './testing/fixtures'
import { installFakeApi } from './testing/render'

/**
 * The test ids of the app's top element each time the container's content changed; `onTop` is told of each new one
 * as it appears (a MutationObserver's callback: before any timer the render set can run).
 */
function watchTops(container: HTMLElement, onTop: (top: string) => void = () => undefined): string[] {
  const tops: string[] = []
  new MutationObserver(() => {
    const top = container.firstElementChild?.getAttribute('data-testid')
    if (top && tops.at(-1) !== top) {
      tops.push(top)
      onTop(top)
    }
  }).observe(container, { childList: true, subtree: true })
  return tops
}

let unmount: (() => void) | null = null
afterEach(() => {
  act(() => unmount?.())
  unmount = null
  document.body.innerHTML = ''
})

function start(onTop?: (top: string) => void): {
  container: HTMLElement
  tops: string[]
  mounted: Promise<void>
} {
  const container = document.body.appendChild(document.createElement('div'))
  const tops = watchTops(container, onTop)
  const started = startWindow(container)
  unmount = () => started.root.unmount()
  return { container, tops, mounted: started.mounted }
}

describe('startWindow', () => {
  it('asks for the bootstrap with the events connected before React renders, then draws the shell first', async () => {
    const fake = installFakeApi()
    const bootstrap = fake.defer('app:bootstrap')
    const { container, tops, mounted } = start()
    expect(fake.requests('app:bootstrap')).toEqual([{}])
    expect(fake.listenerCount('devices:changed')).toBe(1)
    expect(container.childElementCount).toBe(0)
    await act(async () => {
      bootstrap.resolve(makeBootstrap())
      await mounted
    })
    await expect.poll(() => tops).toEqual(['app'])
    // App leaves both to the start: no second bootstrap, no second subscription.
    expect(fake.requests('app:bootstrap')).toHaveLength(1)
    expect(fake.listenerCount('devices:changed')).toBe(1)
  })

  it('draws the shell in the task that brings the answer, not in a later one', async () => {
    const fake = installFakeApi()
    const bootstrap = fake.defer('app:bootstrap')
    const { container, mounted } = start()
    bootstrap.resolve(makeBootstrap())
    await mounted
    // No act() around it: nothing scheduled for later has run, so what is here was drawn when the app was mounted.
    expect(container.firstElementChild?.getAttribute('data-testid')).toBe('app')
  })

  it('makes no other call until the shell is drawn: each would load the contract client (~120 kB) before it', async () => {
    const fake = installFakeApi()
    const bootstrap = fake.defer('app:bootstrap')
    // Read as the shell appears: read after it, the calls the shell's first timer makes were there too when a loaded
    // machine let that timer run first (a fresh-clone run failed so).
    let callsAtShell: string[] | null = null
    const { mounted } = start((top) => {
      if (top === 'app') callsAtShell = fake.calls.map((call) => call.channel)
    })
    await act(async () => {
      // A first run, as the window bench's: the welcome view asks nothing itself (the Overview's figures are its own).
      bootstrap.resolve(makeBootstrap({ firstRun: true, devices: [] }))
      await mounted
    })
    await expect.poll(() => callsAtShell).toEqual(['app:bootstrap'])
    // Once the shell is up: the unread count, and which conversation the window shows (none) with its focus.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)))
    await expect.poll(() => fake.requests('inbox:status')).toEqual([{}])
    expect(fake.requests('inbox:viewing')).toEqual([{ conversationId: null, focused: document.hasFocus() }])
  })

  it(`shows "Loading…" when the core has not answered within ${LOADING_AFTER_MS} ms, then the shell`, async () => {
    const fake = installFakeApi()
    const bootstrap = fake.defer('app:bootstrap')
    const { tops, mounted } = start()
    await act(async () => {
      await mounted
    })
    await expect.poll(() => tops).toEqual(['app-boot'])
    await act(async () => bootstrap.resolve(makeBootstrap()))
    await expect.poll(() => tops).toEqual(['app-boot', 'app'])
    expect(fake.requests('app:bootstrap')).toHaveLength(1)
  })

  it('mounts with the error and Try again when the bootstrap fails', async () => {
    const fake = installFakeApi()
    fake.fail('app:bootstrap', { code: 'internal', message: 'database locked' })
    const { container, mounted } = start()
    await act(async () => {
      await mounted
    })
    await expect
      .poll(() => container.querySelector('[role="alert"]')?.textContent)
      .toContain('database locked')
  })
})
