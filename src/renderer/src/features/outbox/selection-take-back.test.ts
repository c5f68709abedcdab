// The Outbox selection's "Delete for everyone" question, as a campaign's take-back question (QA81): no part of it with
// nothing in it ("0 not sent yet will not be sent", "0 others stay…"), for every mix of messages a selection can hold
// and the send card's question over the same, in both languages. With nothing to delete for everyone it is not asked:
// the bar offers no Delete for everyone (OutboxBulkBar.test.tsx).
import { describe, expect, it } from 'vitest'
import type { OutboxItemView } from '../../../../shared/contract'
import { translate, type Language, type Translate } from '../../i18n'
import { makeItem } from '../../testing/fixtures'
import { revokeSelectionQuestion, revokeSendQuestion } from './selection-take-back'

const failure = (code: string): OutboxItemView['failure'] => ({ code, message: code, gatewayMessage: null })

/** One message of each kind the domain's take-back decision tells apart, after the one always deleted for everyone. */
const deleted: Partial<OutboxItemView> = { status: 'read', gatewayId: 'gw-read' }
const others: Partial<OutboxItemView>[] = [
  { status: 'delivered', gatewayId: 'gw-delivered' },
  { status: 'queued' },
  { status: 'scheduled', scheduledAt: '2026-12-09T09:00:00.000Z' },
  { status: 'sending' },
  { status: 'accepted', gatewayId: 'gw-accepted' },
  { status: 'failed', failure: failure('rejected') },
  { status: 'failed', gatewayId: 'gw-failed', failure: failure('gateway_failed') },
  { status: 'failed', gatewayId: 'gw-unverified', failure: failure('unverified') },
  { status: 'cancelled' },
  {
    status: 'cancelled',
    failure: failure('opted_out'),
    retryRefusal: { code: 'opted_out', message: 'opted out' }
  },
  { status: 'cancelled_at_gateway', gatewayId: 'gw-cag' },
  { status: 'revoked', gatewayId: 'gw-revoked' }
]

/** Every selection of the one deleted for everyone with any of the others. */
function* selections(): Generator<OutboxItemView[]> {
  for (let mask = 0; mask < 1 << others.length; mask++)
    yield [deleted, ...others.filter((_, i) => (mask & (1 << i)) !== 0)].map((facts, i) =>
      makeItem({ id: `m-${i}`, recipient: `62812000000${String(i).padStart(2, '0')}`, ...facts })
    )
}

/** A count of nothing (a "0" standing as a number), an empty part ("  ", " : ", ": ."), or an empty list. */
const NOTHING = /(^|[^\d.,])0(?![\d.,])|\s{2}|\s[:.]|:\s*\./

describe.each(['en', 'id'] as const satisfies readonly Language[])('in %s', (language) => {
  const t: Translate = (key, params) => translate(language, key, params)

  it('never says a part with nothing in it, whatever the selection holds', () => {
    const said = new Set<string>()
    for (const items of selections()) {
      said.add(revokeSelectionQuestion(t, language, items, items.length))
      said.add(revokeSendQuestion(t, language, items))
    }
    expect([...said].filter((question) => NOTHING.test(question))).toEqual([])
    expect(said.size).toBeGreaterThan(1000)
  })
})
