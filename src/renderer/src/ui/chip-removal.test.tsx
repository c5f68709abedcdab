// The chips' one Tab stop: a character typed on a chip's button, and where it goes.
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { useChipRemoval } from './chip-removal'

afterEach(cleanup)

/** A field and its chips, as the Send view draws them: "typed" is the field's text, each chip a remove button. */
function ChipsAndField({
  options
}: {
  options: (setTyped: (typed: string) => void, typed: string) => Parameters<typeof useChipRemoval>[2]
}): React.JSX.Element {
  const [typed, setTyped] = useState('0857 6666 7777')
  const { list } = useChipRemoval(
    () => document.getElementById('field'),
    '.chip-remove',
    options(setTyped, typed)
  )
  return (
    <>
      <input id="field" aria-label="Field" value={typed} onChange={(event) => setTyped(event.target.value)} />
      <ul {...list}>
        <li>
          <button type="button" className="chip-remove">
            Remove one
          </button>
        </li>
      </ul>
    </>
  )
}

describe('a character typed on a chip', () => {
  it('goes to the field, once the field made room for it', async () => {
    const user = userEvent.setup()
    render(<ChipsAndField options={(setTyped, typed) => ({ beforeTyping: () => setTyped(`${typed}, `) })} />)
    screen.getByRole('button', { name: 'Remove one' }).focus()
    await user.keyboard('Halo')
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Field' }))
    expect(screen.getByRole('textbox', { name: 'Field' })).toHaveProperty('value', '0857 6666 7777, Halo')
  })

  it('does nothing where the chips take no typing', async () => {
    const user = userEvent.setup()
    render(<ChipsAndField options={() => ({ typingGoesToField: false })} />)
    const button = screen.getByRole('button', { name: 'Remove one' })
    button.focus()
    await user.keyboard('Halo')
    expect(document.activeElement).toBe(button)
    expect(screen.getByRole('textbox', { name: 'Field' })).toHaveProperty('value', '0857 6666 7777')
  })
})
