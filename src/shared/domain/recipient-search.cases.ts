// One table of what the Outbox's Recipient filter finds by a typed number (QA48 Q48-03: "8888" found nothing to
// +62 813-9999-8888 while "9888" did), run against the core's list and the window's twin (matchesFilters).

/** The stored (62…) numbers each case searches. */
export const STORED_NUMBERS = ['6281399998888', '6281299990888', '6285712340812'] as const

export interface RecipientSearchCase {
  typed: string
  /** The stored numbers the filter keeps, in STORED_NUMBERS order. */
  found: readonly string[]
  why?: string
}

export const RECIPIENT_SEARCH_CASES: readonly RecipientSearchCase[] = [
  { typed: '8888', found: ['6281399998888'], why: 'the last digits, as operators type them' },
  { typed: '888', found: ['6281399998888', '6281299990888'] },
  { typed: '9888', found: ['6281399998888'] },
  {
    typed: '0888',
    found: [],
    why: 'a leading 0 is the trunk prefix numbers are written with: 62888…, held by none (typed "90888" finds it)'
  },
  {
    typed: '0812',
    found: ['6281299990888'],
    why: 'a number as it is written starts: its 62… start, as typed so far'
  },
  { typed: '0813-9999-8888', found: ['6281399998888'], why: 'a whole national number finds its 62… form' },
  { typed: '(0812) 9999-0888', found: ['6281299990888'] },
  { typed: '813 9999 8888', found: ['6281399998888'] },
  { typed: '+62 813-9999-8888', found: ['6281399998888'] },
  { typed: '62813', found: ['6281399998888'] },
  { typed: '0857', found: ['6285712340812'], why: 'typing 0857… finds the 62857… numbers' }
]
