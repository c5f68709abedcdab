// Row actions: a labelled group; at most one panel open, its button marked expanded, a second press closes it.
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { PanelToggle, RowActions, useRowPanel } from './RowActions'

function Row(): React.JSX.Element {
  const panels = useRowPanel<'edit' | 'delete'>()
  return (
    <>
      <RowActions label="Actions for Budi">
        <PanelToggle panels={panels} panel="edit">
          Edit
        </PanelToggle>
        <PanelToggle panels={panels} panel="delete">
          Delete
        </PanelToggle>
      </RowActions>
      {panels.open ? (
        <div>
          <p>{panels.open} panel</p>
          <button type="button" onClick={panels.close}>
            Cancel
          </button>
        </div>
      ) : null}
    </>
  )
}

describe('RowActions', () => {
  it('opens one panel at a time, says which, and closes it on a second press', async () => {
    const user = userEvent.setup()
    render(<Row />)
    const group = screen.getByRole('group', { name: 'Actions for Budi' })
    const edit = screen.getByRole('button', { name: 'Edit' })
    const remove = screen.getByRole('button', { name: 'Delete' })
    expect(group.contains(edit)).toBe(true)
    expect(edit.getAttribute('aria-expanded')).toBe('false')

    await user.click(edit)
    expect(edit.getAttribute('aria-expanded')).toBe('true')
    expect(screen.getByText('edit panel')).toBeTruthy()

    await user.click(remove)
    expect(edit.getAttribute('aria-expanded')).toBe('false')
    expect(remove.getAttribute('aria-expanded')).toBe('true')
    expect(screen.queryByText('edit panel')).toBeNull()

    await user.click(remove)
    expect(remove.getAttribute('aria-expanded')).toBe('false')
    expect(screen.queryByText(/panel$/)).toBeNull()
  })

  it('gives focus back to the button that opened the panel when the panel closes', async () => {
    const user = userEvent.setup()
    render(<Row />)
    const edit = screen.getByRole('button', { name: 'Edit' })
    await user.click(edit)
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByText('edit panel')).toBeNull()
    expect(document.activeElement).toBe(edit)
  })
})
