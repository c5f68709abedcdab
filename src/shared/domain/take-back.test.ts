import { describe, expect, it } from 'vitest'
import { OUTBOX_STATUSES } from './enums'
import { decideTakeBack, isUndoing, TAKE_BACK_STATUSES } from './take-back'
import { TAKE_BACK_CASES } from './take-back.cases'

describe('decideTakeBack answers the shared table', () => {
  it.each(TAKE_BACK_CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    expect(decideTakeBack(c.subject)).toEqual(c.expected)
  })

  it('the table covers every status the outbox has and every proposed one', () => {
    const covered = new Set(TAKE_BACK_CASES.map((c) => c.subject.status))
    expect([...OUTBOX_STATUSES, ...TAKE_BACK_STATUSES].filter((status) => !covered.has(status))).toEqual([])
  })
})

describe('isUndoing: what taking back a campaign or a selection acts on', () => {
  it('stops and cancels always, revokes only when asked, never resends or touches the rest', () => {
    const acted = (revokeDelivered: boolean): string[] =>
      TAKE_BACK_CASES.filter((c) => isUndoing(decideTakeBack(c.subject), { revokeDelivered })).map(
        (c) => c.subject.status
      )
    expect(new Set(acted(false))).toEqual(new Set(['queued', 'scheduled', 'accepted']))
    expect(new Set(acted(true))).toEqual(
      new Set(['queued', 'scheduled', 'accepted', 'sent', 'delivered', 'read'])
    )
  })
})
