// The overdue-policy field offers exactly the domain's policies, by the window's wording, and reports the choice.
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { OVERDUE_POLICIES, type OverduePolicyName } from '../../../shared/domain'
import { en } from '../../../shared/i18n/en'
import { OverduePolicyField } from './OverduePolicyField'

function Form(): React.JSX.Element {
  const [policy, setPolicy] = useState<OverduePolicyName>('send')
  return (
    <>
      <OverduePolicyField id="overdue" value={policy} onChange={setPolicy} />
      <output>{policy}</output>
    </>
  )
}

describe('OverduePolicyField', () => {
  it('offers every overdue policy of the domain under one label and reports the one picked', async () => {
    const user = userEvent.setup()
    render(<Form />)
    const select = screen.getByRole('combobox', { name: en['send.schedule.overdue'] })
    const options = screen.getAllByRole('option')
    expect(options.map((option) => option.getAttribute('value'))).toEqual([...OVERDUE_POLICIES])
    expect(options.map((option) => option.textContent)).toEqual([
      en['send.schedule.overdue.send'],
      en['send.schedule.overdue.hold']
    ])
    await user.selectOptions(select, 'hold')
    expect(screen.getByRole('status').textContent).toBe('hold')
  })
})
