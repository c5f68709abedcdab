// The delete rule answers its case table, and the table names every status.
import { describe, expect, it } from 'vitest'
import { OUTBOX_STATUSES } from './enums'
import { deletableHere } from './local-delete'
import { DELETABLE_CASES } from './local-delete.cases'

describe('deletableHere', () => {
  it.each(DELETABLE_CASES)('$status → $deletable', ({ status, deletable }) => {
    expect(deletableHere(status)).toBe(deletable)
  })

  it('has a case for every status', () => {
    expect(DELETABLE_CASES.map((c) => c.status).sort()).toEqual([...OUTBOX_STATUSES].sort())
  })
})
