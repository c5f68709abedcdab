// The recipient chips as a key is typed, the Send view's and the contact picker's (the Reminders form's): 500 pasted
// numbers are 500 chips, and a key typed in the field draws the chips it changes, not all 500 again (each key held the
// window while every chip and its name was redrawn).
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { useNavigation } from '../../stores/navigation'
import { makeBootstrap, makeDevice } from '../../testing/fixtures'
import { installFakeApi, seedStores } from '../../testing/render'
import { RemindersView } from '../reminders/RemindersView'
import { SendView } from './SendView'

// Each chip draws one remove button: counting its renders counts the chips drawn.
const drawn = vi.hoisted(() => ({ removeButtons: 0 }))
vi.mock('../../ui/RecipientName', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../ui/RecipientName')>()
  return {
    ...original,
    RemoveRecipientButton: (props: Parameters<typeof original.RemoveRecipientButton>[0]) => {
      drawn.removeButtons++
      return original.RemoveRecipientButton(props)
    }
  }
})

/** `n` different valid numbers, as an operator pastes them. */
const numbers = (n: number): string[] => Array.from({ length: n }, (_, i) => `0812${10_000_000 + i}`)

describe("the Send view's recipient chips as a key is typed", () => {
  beforeEach(() => {
    installFakeApi()
    seedStores(makeBootstrap({ devices: [makeDevice()] }))
    useNavigation.getState().navigate('send')
  })

  it.each([
    ['a comma after the last number', ','],
    ['a digit of the last number', '9'],
    ['a space', ' ']
  ])('500 pasted numbers: %s draws a few chips, not 500', async (_name, key) => {
    render(<SendView />)
    const user = userEvent.setup()
    const field = screen.getByRole('combobox', { name: 'Phone numbers' })
    await user.click(field)
    await user.paste(numbers(500).join(', '))
    expect(screen.getAllByTestId('recipient-chip')).toHaveLength(500)
    // The names asked for the chips are answered before the key: it is the key's renders that are counted.
    await waitFor(() =>
      expect(screen.getByTestId('send-recipients-summary').textContent).toBe('Recipients ready: 500')
    )
    drawn.removeButtons = 0
    await user.type(field, key)
    expect(drawn.removeButtons).toBeLessThan(10)
    expect(screen.getAllByTestId('recipient-chip')).toHaveLength(500)
    // A chip drawn before the key still removes itself from the field as it is now: the key typed stays.
    const typed = (field as HTMLInputElement).value
    await user.click(within(screen.getAllByTestId('recipient-chip')[0]!).getByRole('button'))
    expect(screen.getAllByTestId('recipient-chip')).toHaveLength(499)
    expect(screen.getAllByTestId('recipient-chip')[0]!.dataset['value']).toBe('6281210000001')
    expect((field as HTMLInputElement).value).toBe(typed)
  })
})

describe("the Reminders form's recipient chips (the contact picker's) as a key is typed", () => {
  beforeEach(() => {
    const fake = installFakeApi()
    seedStores(makeBootstrap({ devices: [makeDevice({ id: 'dev-1', sandbox: true })] }))
    fake.handle('reminders:list', () => ({ reminders: [] }))
    fake.handle('series:list', () => ({ series: [] }))
    // The first number is on the opt-out list: its mark says the list's answer came.
    fake.handle('optouts:among', ({ phones }) => ({ optedOut: phones.slice(0, 1) }))
  })

  // The last number pasted is still being typed, no chip yet: a comma or a space enters it.
  it.each([
    ['a comma after the last number', ',', 500],
    ['a digit of the last number', '9', 499],
    ['a space', ' ', 500]
  ])('500 pasted numbers: %s draws a few chips, not 500', async (_name, key, chips) => {
    const user = userEvent.setup()
    render(<RemindersView />)
    await screen.findByTestId('reminders-empty')
    await user.click(screen.getByRole('radio', { name: 'Sender Desk (this computer)' }))
    const field = screen.getByTestId('reminder-to')
    await user.click(field)
    await user.paste(numbers(500).join(', '))
    expect(screen.getAllByTestId('picker-chip')).toHaveLength(499)
    // The opt-out list's answer for the chips comes before the key: it is the key's renders that are counted.
    await waitFor(() => expect(screen.getAllByTestId('recipient-opted-out')).toHaveLength(1))
    drawn.removeButtons = 0
    await user.type(field, key)
    expect(drawn.removeButtons).toBeLessThan(10)
    expect(screen.getAllByTestId('picker-chip')).toHaveLength(chips)
    // A chip drawn before the key still removes itself from the field as it is now: the key typed stays.
    const typed = (field as HTMLInputElement).value
    await user.click(within(screen.getAllByTestId('picker-chip')[0]!).getByRole('button'))
    expect(screen.getAllByTestId('picker-chip')).toHaveLength(chips - 1)
    expect(screen.getAllByTestId('picker-chip')[0]!.dataset['value']).toBe('6281210000001')
    expect((field as HTMLInputElement).value).toBe(typed)
  })
})
