// The window's start touches no web storage before its shell is drawn (nor its history entry): the first touch of
// local or session storage is a synchronous round trip to the browser process (1-50 ms on a busy machine), which the
// shell would wait for. A file of its own: it needs the stores' modules evaluated afresh, under watch.
import { act } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

afterEach(() => {
  vi.restoreAllMocks()
  document.body.innerHTML = ''
})

describe('the window start and web storage', () => {
  it('reads and writes no storage until the shell is drawn; then reads back the draft and the removed devices', async () => {
    const touched: string[] = []
    // Naming the storage is enough for the browser to ask its process whether the page may use it.
    for (const storage of ['localStorage', 'sessionStorage'] as const) {
      const real = window[storage]
      vi.spyOn(window, storage, 'get').mockImplementation(() => {
        touched.push(storage)
        return real
      })
    }
    const replaceState = history.replaceState.bind(history)
    vi.spyOn(history, 'replaceState').mockImplementation((...args: Parameters<History['replaceState']>) => {
      touched.push('history.replaceState')
      replaceState(...args)
    })
    for (const method of ['getItem', 'setItem', 'removeItem'] as const) {
      const original = Storage.prototype[method] as (...args: unknown[]) => unknown
      vi.spyOn(Storage.prototype, method).mockImplementation(function (this: Storage, ...args: unknown[]) {
        touched.push(`${method} ${String(args[0])}`)
        return original.apply(this, args)
      })
    }
    // Every module of the start evaluated afresh (the test setup had loaded the stores already).
    vi.resetModules()
    const { installFakeApi } = await import('./testing/render')
    const { startWindow } = await import('./start')
    const { makeBootstrap } = await import('./testing/fixtures')
    const fake = installFakeApi()
    const bootstrap = fake.defer('app:bootstrap')
    const container = document.body.appendChild(document.createElement('div'))
    let beforeShell: string[] | null = null
    touched.length = 0
    new MutationObserver(() => {
      if (beforeShell === null && container.querySelector('[data-testid="app"]')) beforeShell = [...touched]
    }).observe(container, { childList: true, subtree: true })

    // React schedules as in the window (act would run the effects that follow the first commit before the
    // observer hears of it, which a browser never does).
    const reactActEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }
    const wasActEnvironment = reactActEnvironment.IS_REACT_ACT_ENVIRONMENT
    reactActEnvironment.IS_REACT_ACT_ENVIRONMENT = false
    const started = startWindow(container)
    bootstrap.resolve(makeBootstrap())
    await started.mounted
    await expect.poll(() => beforeShell).not.toBeNull()
    reactActEnvironment.IS_REACT_ACT_ENVIRONMENT = wasActEnvironment
    expect(beforeShell).toEqual([])
    await expect
      .poll(() => touched)
      .toEqual(expect.arrayContaining(['getItem sender-desk.draft', 'getItem sender-desk.removed-devices']))
    act(() => started.root.unmount())
  })
})
