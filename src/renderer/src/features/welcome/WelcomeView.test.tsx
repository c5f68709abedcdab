// Welcome: "Add a gateway device" opens the add form; "Try the sandbox" starts it and lands in the wizard for its device.
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { useLinking } from '../../stores/linking'
import { useNavigation } from '../../stores/navigation'
import type { FakeApi } from '../../testing/fake-api'
import { makeBootstrap, makeDevice, makeSettings } from '../../testing/fixtures'
import { pressAndHold } from '../../testing/focus'
import { installFakeApi, seedStores } from '../../testing/render'
import { WelcomeView } from './WelcomeView'

let fake: FakeApi

beforeEach(() => {
  fake = installFakeApi()
  seedStores(makeBootstrap({ firstRun: true, devices: [] }))
})

/** The sandbox starts with a device called `label`, which the wizard then opens on its QR step. */
function sandboxStarts(label: string): void {
  const sandbox = makeDevice({ id: 'sbx', label, sandbox: true, state: 'needs-scan' })
  fake.handle('sandbox:start', () => ({ device: sandbox }))
  fake.handle('linking:begin', () => sandbox)
  fake.handle('devices:qr', () => ({
    kind: 'text',
    text: 'sandbox-qr',
    fetchedAt: new Date().toISOString(),
    refreshAfterMs: 20_000
  }))
}

describe('WelcomeView', () => {
  it('offers to start at login and saves the choice through settings', async () => {
    fake.handle('settings:update', (patch) => ({ ...makeBootstrap().settings, ...patch }))
    render(<WelcomeView />)
    const box = screen.getByRole('checkbox', {
      name: /^Start Sender Desk in the tray when I log in/
    }) as HTMLInputElement
    expect(box.checked).toBe(false)
    await userEvent.setup().click(box)
    expect(fake.requests('settings:update')).toEqual([{ startAtLogin: true }])
    expect(
      (
        screen.getByRole('checkbox', {
          name: /^Start Sender Desk in the tray when I log in/
        }) as HTMLInputElement
      ).checked
    ).toBe(true)
  })

  it('opens the add-device form', async () => {
    render(<WelcomeView />)
    await userEvent.setup().click(screen.getByRole('button', { name: 'Add a gateway device' }))
    expect(useNavigation.getState().view).toBe('devices')
    expect(useNavigation.getState().addDeviceOpen).toBe(true)
  })

  it('starts the sandbox and opens the wizard for its device on the QR step', async () => {
    sandboxStarts('Sandbox')
    render(<WelcomeView />)
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try the sandbox' }))
    expect(fake.requests('sandbox:start')).toEqual([{ language: 'en' }])
    expect(useNavigation.getState().view).toBe('linking')
    expect(useLinking.getState().deviceId).toBe('sbx')
    expect(useLinking.getState().step).toBe('qr')
  })

  it('asks for the sandbox device in the window language, so it is named in it (Indonesian)', async () => {
    seedStores(makeBootstrap({ firstRun: true, devices: [], settings: makeSettings({ language: 'id' }) }))
    sandboxStarts('Perangkat sandbox')
    render(<WelcomeView />)
    await userEvent.setup().click(screen.getByRole('button', { name: 'Coba sandbox' }))
    expect(fake.requests('sandbox:start')).toEqual([{ language: 'id' }])
  })

  // Issue #29 (point 4): disabled while the sandbox started, the pressed button dropped the focus to the page.
  it('keeps the focus on the pressed "Try the sandbox" while it starts, and starts it once', async () => {
    render(<WelcomeView />)
    const started = fake.defer('sandbox:start')
    await pressAndHold(
      userEvent.setup(),
      screen.getByRole('button', { name: 'Try the sandbox' }),
      started.called
    )
    started.reject({ code: 'port_in_use', message: 'The sandbox could not open a port.' })
    expect((await screen.findByRole('alert')).textContent).toBe('The sandbox could not open a port.')
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Try the sandbox' }))
    expect(fake.requests('sandbox:start')).toHaveLength(1)
  })

  it('explains a sandbox that does not start', async () => {
    fake.fail('sandbox:start', { code: 'port_in_use', message: 'The sandbox could not open a port.' })
    render(<WelcomeView />)
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try the sandbox' }))
    expect(screen.getByRole('alert').textContent).toBe('The sandbox could not open a port.')
  })

  // Issue 29 point 6: the sandbox's refusal stayed in English once the language was chosen beside it.
  it("says a sandbox's refusal again in the language chosen after it", async () => {
    fake.fail('sandbox:start', {
      code: 'disk_full',
      message: 'The disk is full: free some space and try again (nothing was lost).',
      messageKey: 'desktop.error.diskFull'
    })
    fake.handle('settings:update', (patch) => ({ ...makeBootstrap().settings, ...patch }))
    render(<WelcomeView />)
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Try the sandbox' }))
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The disk is full: free some space and try again (nothing was lost).'
    )
    await user.click(screen.getByRole('radio', { name: 'Bahasa Indonesia' }))
    await screen.findByRole('heading', { name: 'Selamat datang di Sender Desk' })
    expect(screen.getByRole('alert').textContent).toBe(
      'Disk penuh: kosongkan sebagian ruang lalu coba lagi (tidak ada yang hilang).'
    )
  })

  it('offers the language first, by keyboard: the view turns Indonesian and the focus stays on the choice (QA31)', async () => {
    fake.handle('settings:update', (patch) => ({ ...makeBootstrap().settings, ...patch }))
    render(<WelcomeView />)
    const user = userEvent.setup()
    const group = screen.getByRole('radiogroup', { name: 'Language' })
    // Each choice is written in its own language, so it is found without reading the other.
    const english = screen.getByRole('radio', { name: 'English' }) as HTMLInputElement
    expect(english.checked).toBe(true)
    expect(english.lang).toBe('en')
    // The first stop of the view's keyboard order: before anything else is asked.
    await user.tab()
    expect(document.activeElement).toBe(english)
    // user-event walks a radio group with CSS.escape, which jsdom lacks; the names here need no escaping.
    const css = (globalThis.CSS ??= {} as typeof CSS)
    css.escape ??= (value: string) => value
    await user.keyboard('{ArrowDown}')
    expect(fake.requests('settings:update')).toEqual([{ language: 'id' }])
    expect(await screen.findByRole('heading', { name: 'Selamat datang di Sender Desk' })).toBeTruthy()
    const indonesian = screen.getByRole('radio', { name: 'Bahasa Indonesia' }) as HTMLInputElement
    expect(indonesian.checked).toBe(true)
    expect(indonesian.lang).toBe('id')
    expect(document.activeElement).toBe(indonesian)
    expect(screen.getByRole('radiogroup', { name: 'Bahasa' })).toBe(group)
  })

  it('says a language that could not be saved, and keeps the one in use checked', async () => {
    fake.fail('settings:update', { code: 'internal', message: 'The settings could not be saved.' })
    render(<WelcomeView />)
    await userEvent.setup().click(screen.getByRole('radio', { name: 'Bahasa Indonesia' }))
    expect((await screen.findByRole('alert')).textContent).toBe('The settings could not be saved.')
    expect((screen.getByRole('radio', { name: 'English' }) as HTMLInputElement).checked).toBe(true)
  })
})
