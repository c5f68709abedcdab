// The cancel rule answers its case table, and the table names every status.
import { describe, expect, it } from 'vitest'
import { OUTBOX_STATUSES } from './enums'
import { cancellableHere } from './operator-cancel'
import { CANCELLABLE_CASES } from './operator-cancel.cases'

describe('cancellableHere', () => {
  it.each(CANCELLABLE_CASES)('$status → $cancellable', ({ status, cancellable }) => {
    expect(cancellableHere(status)).toBe(cancellable)
  })

  it('has a case for every status', () => {
    expect(CANCELLABLE_CASES.map((c) => c.status).sort()).toEqual([...OUTBOX_STATUSES].sort())
  })
})
