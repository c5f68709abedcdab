// The shortcuts panel lists every key the window answers, in the operator's language.
import { act, fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { makeBootstrap, makeSettings } from '../../testing/fixtures'
import { installFakeApi, seedStores } from '../../testing/render'
import { useNavigation } from '../../stores/navigation'
import { Shortcuts } from './Shortcuts'

beforeEach(() => {
  installFakeApi()
})

describe('Shortcuts', () => {
  // Home and End went to the Outbox's first and last rows only; now to any list's, and the panel says so.
  it('says Home / End go to the first / last row of any list, in both languages', async () => {
    for (const [language, said] of [
      ['en', 'Home / EndFirst / last row of any list'],
      ['id', 'Home / EndBaris pertama / terakhir di daftar mana pun']
    ] as const) {
      seedStores(makeBootstrap({ settings: makeSettings({ language }) }))
      const { unmount } = render(<Shortcuts />)
      await userEvent.setup().keyboard('?')
      expect(screen.getByTestId('shortcuts-panel').textContent).toContain(said)
      unmount()
    }
  })

  // QA37 Q37-07: "row of the list" promised J / K in every list; now every list's rows take them, and it says so.
  it('says J / K move between the rows of any list, in both languages', async () => {
    for (const [language, said] of [
      ['en', 'J / KNext / previous row in any list'],
      ['id', 'J / KBaris berikutnya / sebelumnya di daftar mana pun']
    ] as const) {
      seedStores(makeBootstrap({ settings: makeSettings({ language }) }))
      const { unmount } = render(<Shortcuts />)
      await userEvent.setup().keyboard('?')
      expect(screen.getByTestId('shortcuts-panel').textContent).toContain(said)
      unmount()
    }
  })
})

describe('Shortcuts: the lists of one Tab stop', () => {
  // QA62/QA65: the conversations and the Outbox are one Tab stop each now, ↑ / ↓ between their rows; the panel says so.
  it('says ↓ / ↑ move between the rows of Messages in and the Outbox, in both languages', async () => {
    for (const [language, said] of [
      [
        'en',
        '↓ / ↑Messages in (conversations and search results), Outbox, and the customers and opt-out list in Campaigns: next / previous row (one Tab for the whole list)'
      ],
      [
        'id',
        '↓ / ↑Pesan masuk (percakapan dan hasil pencarian), Kotak keluar, serta pelanggan dan daftar berhenti berlangganan di Kampanye: baris berikutnya / sebelumnya (satu Tab untuk seluruh daftar)'
      ]
    ] as const) {
      seedStores(makeBootstrap({ settings: makeSettings({ language }) }))
      const { unmount } = render(<Shortcuts />)
      await userEvent.setup().keyboard('?')
      expect(screen.getByTestId('shortcuts-panel').textContent).toContain(said)
      unmount()
    }
  })
})

describe('J / K', () => {
  // A view holds lists the operator has not opened (Campaigns' customers, a campaign's sheet rows, in a closed
  // <details>) or not shown (a campaign's parts once it ended): Chromium focuses none of their rows, and J stopped
  // there, so the walk passes them by.
  it('pass by the rows of a closed section or a hidden list', async () => {
    seedStores()
    render(
      <>
        <Shortcuts />
        <main id="main" tabIndex={-1}>
          <details>
            <summary>Customers</summary>
            <div data-row-focus tabIndex={-1}>
              Closed
            </div>
          </details>
          <div data-row-focus tabIndex={-1}>
            First
          </div>
          <ul hidden>
            <li data-row-focus tabIndex={-1}>
              Hidden
            </li>
          </ul>
          <details open>
            <summary>Rows</summary>
            <div data-row-focus tabIndex={-1}>
              Second
            </div>
          </details>
        </main>
      </>
    )
    const user = userEvent.setup()
    await user.keyboard('j')
    expect(document.activeElement?.textContent).toBe('First')
    await user.keyboard('j')
    expect(document.activeElement?.textContent).toBe('Second')
    await user.keyboard('k')
    expect(document.activeElement?.textContent).toBe('First')
  })

  // QA41 Q41-09: from a campaign's sheet rows region (focused, between rows) J went to the view's first row, the
  // campaigns list above; it goes to the row after the focus, K to the row before it.
  it('go from a focused region between rows to the next / previous row in document order', async () => {
    seedStores()
    render(
      <>
        <Shortcuts />
        <main id="main" tabIndex={-1}>
          <ul>
            <li data-row-focus tabIndex={-1}>
              Campaign
            </li>
          </ul>
          <details open>
            <summary>Rows</summary>
            <div role="region" aria-label="Sheet rows" tabIndex={0}>
              <div data-row-focus tabIndex={-1}>
                Row 2
              </div>
              <div data-row-focus tabIndex={-1}>
                Row 3
              </div>
            </div>
          </details>
          <button type="button">After</button>
        </main>
      </>
    )
    const user = userEvent.setup()
    const region = screen.getByRole('region', { name: 'Sheet rows' })
    act(() => region.focus())
    await user.keyboard('j')
    expect(document.activeElement?.textContent).toBe('Row 2')
    act(() => region.focus())
    await user.keyboard('k')
    expect(document.activeElement?.textContent).toBe('Campaign')
    act(() => screen.getByRole('button', { name: 'After' }).focus())
    await user.keyboard('k')
    expect(document.activeElement?.textContent).toBe('Row 3')
  })
})

// A scheduled send's card is a row holding its numbers' rows: J from its first number went back to that number, the
// card holding the focus too, and the walk stuck there.
it('J / K walk into and out of rows held by a row, from the innermost one holding the focus', async () => {
  seedStores()
  render(
    <>
      <Shortcuts />
      <main id="main" tabIndex={-1}>
        <ul>
          <li data-row-focus tabIndex={-1}>
            <span>Send</span>
            <ul>
              <li data-row-focus tabIndex={-1}>
                One
              </li>
              <li data-row-focus tabIndex={-1}>
                Two
              </li>
            </ul>
          </li>
          <li data-row-focus tabIndex={-1}>
            After
          </li>
        </ul>
      </main>
    </>
  )
  const user = userEvent.setup()
  const walked: string[] = []
  for (const key of ['j', 'j', 'j', 'j', 'k', 'k']) {
    await user.keyboard(key)
    walked.push(document.activeElement?.firstChild?.textContent ?? '')
  }
  expect(walked).toEqual(['Send', 'One', 'Two', 'After', 'Two', 'One'])
})

describe('Home / End', () => {
  function showRows(): void {
    seedStores()
    render(
      <>
        <Shortcuts />
        <main id="main" tabIndex={-1}>
          <input type="search" aria-label="Search" />
          <div data-row-focus tabIndex={-1}>
            First
          </div>
          <div data-row-focus tabIndex={-1}>
            Middle
          </div>
          <details open>
            <summary>Rows</summary>
            <div data-row-focus tabIndex={-1}>
              Last
            </div>
          </details>
          <ul hidden>
            <li data-row-focus tabIndex={-1}>
              Hidden
            </li>
          </ul>
          <details>
            <summary>Customers</summary>
            <div data-row-focus tabIndex={-1}>
              Closed
            </div>
          </details>
        </main>
      </>
    )
  }

  it('go to the first and last rows shown, from the view or from a row, past hidden and closed ones', async () => {
    showRows()
    const user = userEvent.setup()
    document.getElementById('main')?.focus()
    await user.keyboard('{End}')
    expect(document.activeElement?.textContent).toBe('Last')
    await user.keyboard('{Home}')
    expect(document.activeElement?.textContent).toBe('First')
    await user.keyboard('j{End}')
    expect(document.activeElement?.textContent).toBe('Last')
  })

  it('leave a text field and a Shift+Home selection to the field', async () => {
    showRows()
    const user = userEvent.setup()
    const search = screen.getByRole('searchbox', { name: 'Search' })
    await user.click(search)
    await user.keyboard('{End}{Home}')
    expect(document.activeElement).toBe(search)
    document.getElementById('main')?.focus()
    await user.keyboard('{Shift>}{End}{/Shift}')
    expect(document.activeElement?.id).toBe('main')
  })
})

describe('the shortcuts panel is a dialog (QA19 Q19-03)', () => {
  /** The panel's button among the header's others, over a view with a control of its own. */
  function showWindow(): HTMLElement {
    seedStores()
    render(
      <>
        <button type="button">Before</button>
        <Shortcuts />
        <button type="button">After</button>
        <main id="main" tabIndex={-1}>
          <button type="button">In the view</button>
          <input type="search" aria-label="Search" />
          <div data-row-focus tabIndex={-1}>
            A row
          </div>
        </main>
      </>
    )
    return screen.getByRole('button', { name: 'Keyboard shortcuts' })
  }

  const panel = (): HTMLElement | null => screen.queryByTestId('shortcuts-panel')

  it('keeps the focus inside while it is open, both ways round', async () => {
    const opener = showWindow()
    const user = userEvent.setup()
    opener.focus()
    await user.keyboard('{Enter}')
    for (const keys of ['{Tab}', '{Tab}', '{Tab}', '{Shift>}{Tab}{/Shift}', '{Shift>}{Tab}{/Shift}']) {
      await user.keyboard(keys)
      expect(panel()?.contains(document.activeElement), `after ${keys}`).toBe(true)
    }
    expect(panel()?.getAttribute('aria-modal')).toBe('true')
  })

  it('closes with Escape wherever the focus is, giving the focus back to what opened it', async () => {
    const opener = showWindow()
    const user = userEvent.setup()
    await user.click(opener)
    // The pointer can still put the focus elsewhere.
    screen.getByRole('button', { name: 'In the view' }).focus()
    await user.keyboard('{Escape}')
    expect(panel()).toBeNull()
    expect(document.activeElement).toBe(opener)
  })

  it('closes when Alt+digit opens another view, the view keeping the focus', async () => {
    showWindow()
    const user = userEvent.setup()
    await user.keyboard('?')
    expect(panel()).not.toBeNull()
    await user.keyboard('{Alt>}4{/Alt}')
    expect(useNavigation.getState().view).toBe('outbox')
    expect(panel()).toBeNull()
    expect(document.activeElement).toBe(document.getElementById('main'))
  })

  it('closes when anything else changes the view', async () => {
    showWindow()
    await userEvent.setup().keyboard('?')
    act(() => useNavigation.getState().navigate('settings'))
    expect(panel()).toBeNull()
  })

  it('lets no letter shortcut take the focus out of it', async () => {
    showWindow()
    const user = userEvent.setup()
    await user.keyboard('?')
    for (const key of ['j', '/']) {
      await user.keyboard(key)
      expect(panel()?.contains(document.activeElement), key).toBe(true)
    }
  })
})

describe('/ (QA47 Q47-03)', () => {
  it("opens the closed section the view's search is in, and focuses it; not a field's own search", async () => {
    seedStores()
    render(
      <>
        <Shortcuts />
        <main id="main" tabIndex={-1}>
          <input type="search" aria-label="Time zone" />
          <details data-testid="customers">
            <summary>Customers</summary>
            <input type="search" data-view-search aria-label="Search customers" />
          </details>
        </main>
      </>
    )
    await userEvent.setup().keyboard('/')
    expect((screen.getByTestId('customers') as HTMLDetailsElement).open).toBe(true)
    expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Search customers' }))
    expect(screen.getByTestId('shortcuts-said').textContent).toBe('')
  })

  it('says so in a view without a search, in both languages, until the next key', async () => {
    for (const [language, said] of [
      ['en', 'This view has no search field.'],
      ['id', 'Tampilan ini tidak punya kolom pencarian.']
    ] as const) {
      seedStores(makeBootstrap({ settings: makeSettings({ language }) }))
      const { unmount } = render(
        <>
          <Shortcuts />
          <main id="main" tabIndex={-1}>
            <input type="search" aria-label="Time zone" />
          </main>
        </>
      )
      const user = userEvent.setup()
      await user.keyboard('/')
      const status = screen.getByRole('status')
      expect(status.textContent).toBe(said)
      expect(document.activeElement).toBe(document.body)
      await user.keyboard('j')
      expect(status.textContent).toBe('')
      unmount()
    }
  })
})

// QA (row keys) made a checkbox no text field for the window's keys, so that J / K and Home / End move on from an
// Outbox row's checkbox; since, every checkbox took them: from a form's (Settings, a campaign's, a reminder's, Send's)
// J / K and Home / End moved to the rows of a list the operator was not in, "/" jumped away from the form and "?"
// opened the panel over it. A row's checkbox is the list's own control; any other is a form's field.
describe("a checkbox: the list's own, or a form's", () => {
  function showFormBesideList(): void {
    seedStores()
    render(
      <>
        <Shortcuts />
        <main id="main" tabIndex={-1}>
          <input type="search" data-view-search aria-label="Search" />
          <form>
            <label>
              <input type="checkbox" /> Send at any time
            </label>
          </form>
          <label>
            <input type="checkbox" /> Failed only
          </label>
          <div role="list">
            {['First', 'Last'].map((name) => (
              <div role="listitem" key={name} data-row-id={name}>
                <input type="checkbox" aria-label={`Tick ${name}`} />
                <button type="button" data-row-focus tabIndex={-1}>
                  {name}
                </button>
              </div>
            ))}
          </div>
        </main>
      </>
    )
  }

  it("takes no window key from a form's checkbox", async () => {
    showFormBesideList()
    for (const name of ['Send at any time', 'Failed only']) {
      const box = screen.getByRole('checkbox', { name })
      // Pressed as Chromium does (user-event's Home / End on a checkbox ask jsdom for a text selection it has not).
      for (const key of ['j', 'k', 'End', 'Home', '/', '?']) {
        act(() => box.focus())
        expect(fireEvent.keyDown(box, { key }), `${key} from "${name}" left to the box`).toBe(true)
        expect(document.activeElement, `${key} from "${name}"`).toBe(box)
        expect(screen.queryByTestId('shortcuts-panel'), `${key} from "${name}"`).toBeNull()
        expect(screen.getByTestId('shortcuts-said').textContent, `${key} from "${name}"`).toBe('')
      }
    }
  })

  it("takes them from a list row's checkbox, as from the row", async () => {
    showFormBesideList()
    const user = userEvent.setup()
    const tick = screen.getByRole('checkbox', { name: 'Tick First' })
    act(() => tick.focus())
    await user.keyboard('{End}')
    // To the last row's box, as the Outbox's End from a box (QA81: to the row's own control, where Space ticks nothing).
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'Tick Last' }))
    act(() => tick.focus())
    await user.keyboard('/')
    expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Search' }))
    act(() => tick.focus())
    await user.keyboard('?')
    expect(screen.queryByTestId('shortcuts-panel')).not.toBeNull()
  })
})

// QA81: J / K and Home / End from a customer's Rename or an opted-out number's box went to the row's list item, where
// Space ticked nothing and ↑ / ↓ walked rows with no control focused. From a row's control they keep the control, in
// its own list; the next list's row is the row itself.
describe("a row's control in a list of one Tab stop", () => {
  it('J / K and Home / End go to the same control of the row they reach, in that list only', async () => {
    seedStores()
    render(
      <>
        <Shortcuts />
        <main id="main" tabIndex={-1}>
          {[
            ['Ana', 'Budi', 'Citra'],
            ['Dewi', 'Eko']
          ].map((names) => (
            <ul key={names[0]}>
              {names.map((name) => (
                <li key={name} data-row-id={name} data-row-focus tabIndex={-1} aria-label={name}>
                  <input type="checkbox" aria-label={`Tick ${name}`} tabIndex={-1} />
                  <button type="button" data-row-control="remove" tabIndex={-1}>
                    Remove {name}
                  </button>
                </li>
              ))}
            </ul>
          ))}
        </main>
      </>
    )
    const user = userEvent.setup()
    const focusedName = (): string =>
      document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? ''
    act(() => screen.getByRole('button', { name: 'Remove Ana' }).focus())
    for (const [key, name] of [
      ['j', 'Remove Budi'],
      ['{End}', 'Remove Citra'],
      ['k', 'Remove Budi'],
      ['{Home}', 'Remove Ana'],
      ['{End}', 'Remove Citra'],
      ['j', 'Dewi'],
      ['j', 'Eko']
    ] as const) {
      await user.keyboard(key)
      expect(focusedName(), `after ${key}`).toBe(name)
    }
    // From a box, Home / End (J / K are the list's own: outbox/row-window.ts) to the first or last row's box.
    const tick = screen.getByRole('checkbox', { name: 'Tick Budi' })
    act(() => tick.focus())
    expect(fireEvent.keyDown(tick, { key: 'End' })).toBe(false)
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'Tick Citra' }))
    expect(fireEvent.keyDown(document.activeElement!, { key: 'Home' })).toBe(false)
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'Tick Ana' }))
  })
})
