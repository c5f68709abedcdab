// Where the focus goes when Connect fails, and when: as the error commits, not after paint. A feature's own focus
// move, as the shared hooks' (ui/use-focus-after-action.test.tsx): a key pressed between the commit and a passive
// effect would land on the page, and a test looking right after findBy / waitFor could see <body>.
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import type { FakeApi } from '../../testing/fake-api'
import { makeBootstrap, makeReceiving } from '../../testing/fixtures'
import { pressAndHold } from '../../testing/focus'
import { installFakeApi, seedStores } from '../../testing/render'
import { ConnectMailbox } from './ConnectMailbox'

let fake: FakeApi

beforeEach(() => {
  fake = installFakeApi()
  seedStores(makeBootstrap())
})

describe('ConnectMailbox', () => {
  it('has the focus on the error at the commit that draws it, before passive effects run', async () => {
    const reply = fake.defer('inbox:connect')
    const user = userEvent.setup()
    render(<ConnectMailbox replace={false} onConnected={() => undefined} />)
    await user.type(screen.getByRole('textbox', { name: 'Relay address' }), 'https://relay.example.com')
    const connect = screen.getByTestId('inbox-connect-submit') as HTMLButtonElement
    await user.click(connect)
    await reply.called
    await waitFor(() => expect(connect.getAttribute('aria-disabled')).toBe('true'))
    // Where the focus is when the error first shows: a microtask after its commit, as findBy and waitFor look (and
    // before the scheduler's next task, where React runs passive effects).
    let focusedAtError: Element | null | undefined
    const observer = new MutationObserver(() => {
      const alert = screen.queryByTestId('inbox-connect-error')
      if (focusedAtError === undefined && alert !== null) focusedAtError = document.activeElement
    })
    observer.observe(document.body, { childList: true, subtree: true, characterData: true })
    try {
      reply.reject({ code: 'relay_unreachable', message: 'The relay could not be reached' })
      await waitFor(() => expect(focusedAtError).toBeDefined())
      expect(focusedAtError).toBe(screen.getByTestId('inbox-connect-error'))
    } finally {
      observer.disconnect()
    }
  })

  it('keeps the focus on the pressed Connect while it runs, never on the page', async () => {
    const reply = fake.defer('inbox:connect')
    const user = userEvent.setup()
    render(<ConnectMailbox replace={false} onConnected={() => undefined} />)
    await user.type(screen.getByRole('textbox', { name: 'Relay address' }), 'https://relay.example.com')
    await pressAndHold(user, screen.getByRole('button', { name: 'Connect' }), reply.called)
    reply.reject({ code: 'relay_unreachable', message: 'The relay could not be reached' })
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('inbox-connect-error')))
    expect(fake.requests('inbox:connect')).toHaveLength(1)
  })

  it('leaves the focus in the address field when Enter there connects, asking nothing', async () => {
    const reply = fake.defer('inbox:connect')
    const user = userEvent.setup()
    render(<ConnectMailbox replace={false} onConnected={() => undefined} />)
    const address = screen.getByRole('textbox', { name: 'Relay address' })
    await user.type(address, 'https://relay.example.com{Enter}')
    await reply.called
    expect(document.activeElement).toBe(address)
    reply.resolve(makeReceiving())
  })
})
