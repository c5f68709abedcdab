// The shortcuts panel lists every key the window answers, in the operator's language.
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { makeBootstrap, makeSettings } from '../../testing/fixtures'
import { installFakeApi, seedStores } from '../../testing/render'
import { Shortcuts } from './Shortcuts'

beforeEach(() => {
  installFakeApi()
})

describe('Shortcuts', () => {
  it("lists the Outbox's Home and End keys beside J / K, in both languages (after QA9 Q9-02)", async () => {
    for (const [language, said] of [
      ['en', 'Home / EndFirst / last row of the Outbox'],
      ['id', 'Home / EndBaris pertama / terakhir di kotak keluar']
    ] as const) {
      seedStores(makeBootstrap({ settings: makeSettings({ language }) }))
      const { unmount } = render(<Shortcuts />)
      await userEvent.setup().keyboard('?')
      expect(screen.getByTestId('shortcuts-panel').textContent).toContain(said)
      unmount()
    }
  })
})
