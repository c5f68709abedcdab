// The opt-out refusal's "Leave them out": the pressed button keeps the focus while the send to the others runs.
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { beforeEach, describe, expect, it } from 'vitest'
import { pressAndHold } from '../testing/focus'
import { seedStores } from '../testing/render'
import { OptOutQuestion } from './OptOutQuestion'

beforeEach(() => seedStores())

describe('OptOutQuestion', () => {
  // Issue #29 (point 4): disabled while the send ran, the pressed button dropped the focus to the page in Chromium.
  it('keeps the focus on the pressed "Leave them out" while it runs, and leaves them out once', async () => {
    let leftOut = 0
    let started!: () => void
    const running = new Promise<void>((resolve) => (started = resolve))
    function Asking(): React.JSX.Element {
      const [busy, setBusy] = useState(false)
      return (
        <OptOutQuestion
          question="6281200000001 is on the opt-out list."
          busy={busy}
          testId="opt-out-ask"
          onLeaveOut={() => {
            setBusy(true)
            leftOut += 1
            started()
          }}
        />
      )
    }
    render(<Asking />)
    await pressAndHold(userEvent.setup(), screen.getByRole('button', { name: 'Leave them out' }), running)
    expect(leftOut).toBe(1)
  })
})
