// The bulk bar's take-back of a selection: what it says when every message was left as it was (each reason the core
// can give, in both languages), and that it stops reading a take-back whose tally another action put away.
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { TAKE_BACK_LEFT_REASONS } from '../../../../shared/domain'
import type { FakeApi } from '../../testing/fake-api'
import { makeBootstrap, makeDevice, makeItem, makeSettings, makeTakeBack } from '../../testing/fixtures'
import { installFakeApi, seedStores } from '../../testing/render'
import { translate } from '../../i18n'
import { OutboxBulkBar } from './OutboxBulkBar'

let fake: FakeApi
beforeEach(() => {
  fake = installFakeApi()
})

const atGateway = makeItem({ id: 'a-1', status: 'accepted', gatewayId: 'gw-1' })

/** The bar over `items`, its selection kept as it is (the list would clear it), in `language`. */
function bar(language: 'en' | 'id', items = [atGateway]): void {
  seedStores(makeBootstrap({ settings: makeSettings({ language }), devices: [makeDevice()] }))
  render(
    <OutboxBulkBar selection={new Map(items.map((item) => [item.id, item]))} onClear={() => undefined} />
  )
}

describe('a selection whose every message was left as it was', () => {
  // `not_found` (and a message that changed meanwhile) said only "Nothing was taken back.", not why.
  it.each(
    TAKE_BACK_LEFT_REASONS.flatMap((reason) =>
      (['en', 'id'] as const).map((language) => ({ reason, language }))
    )
  )('says why for $reason ($language)', async ({ reason, language }) => {
    fake.handle('outbox:takeBack', () =>
      makeTakeBack({ producerTag: null, state: 'done', leftAlone: { [reason]: 2 } })
    )
    bar(language)
    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: translate(language, 'outbox.takeBack.cancel') }))
    const tally = await screen.findByTestId('outbox-bulk-takeback-tally')
    const said = tally.querySelector('p')?.textContent ?? ''
    const nothingLeft = translate(language, 'campaigns.takeBack.tally.nothingLeft', { why: '\u0000' }).split(
      '\u0000'
    )
    expect(said.startsWith(nothingLeft[0] ?? '') && said.endsWith(nothingLeft[1] ?? '')).toBe(true)
    const why = said.slice((nothingLeft[0] ?? '').length, said.length - (nothingLeft[1] ?? '').length)
    expect(why).toMatch(/^2 \S/)
    expect(why).not.toBe(`2 ${reason}`)
  })
})
