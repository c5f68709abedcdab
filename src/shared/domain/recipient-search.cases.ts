// One table of what the Outbox's Recipient filter finds by what the operator typed (QA48 Q48-03: "8888" found nothing
// to +62 813-9999-8888 while "9888" did; "0888" found nothing to +62 812-9999-0888), run against the core's list and
// the window's twin (matchesFilters).

/**
 * The stored (62…) numbers each case searches. The last holds the first's last eight digits under another operator's
 * prefix: the core asks its index for a long number's last digits, then checks what it found against the whole
 * number (outbox-recipient-named.ts: indexKey).
 */
export const STORED_NUMBERS = ['6281399998888', '6281299990888', '6285712340812', '6281199998888'] as const

/** The contacts' names of some of them (the filter finds a message by the name its row shows, QA14 Q14-07). */
export const STORED_NAMES: Readonly<Record<string, string>> = {
  '6281399998888': 'Budi Santoso',
  '6285712340812': 'Siti Aminah'
}

export interface RecipientSearchCase {
  typed: string
  /** The stored numbers the filter keeps, in STORED_NUMBERS order. */
  found: readonly string[]
  why?: string
}

export const RECIPIENT_SEARCH_CASES: readonly RecipientSearchCase[] = [
  {
    typed: '8888',
    found: ['6281399998888', '6281199998888'],
    why: 'the last digits, as operators type them'
  },
  { typed: '888', found: ['6281399998888', '6281299990888', '6281199998888'] },
  { typed: '9888', found: ['6281399998888', '6281199998888'] },
  {
    typed: '0888',
    found: ['6281299990888'],
    why: 'last digits that start with 0 are found where they are, as well as a 62888… number written from 0'
  },
  {
    typed: '0812',
    found: ['6281299990888', '6285712340812'],
    why: 'a number as it is written starts (its 62… start, as typed so far), and a number ending in those digits'
  },
  {
    typed: '0813-9999-8888',
    found: ['6281399998888'],
    why: 'a whole national number finds its 62… form, not another number ending in the same digits'
  },
  { typed: '0811 9999 8888', found: ['6281199998888'] },
  { typed: '(0812) 9999-0888', found: ['6281299990888'] },
  { typed: '813 9999 8888', found: ['6281399998888'] },
  { typed: '+62 813-9999-8888', found: ['6281399998888'] },
  { typed: '62813', found: ['6281399998888'] },
  {
    typed: '\u202a+62 813-9999-8888\u202c',
    found: ['6281399998888'],
    why: 'copied from WhatsApp with its invisible bidi marks, read as the phone rule reads it'
  },
  { typed: '٠٨١٣–٩٩٩٩–٨٨٨٨', found: ['6281399998888'], why: 'Arabic-Indic digits and en dashes' },
  { typed: '۸۸۸۸', found: ['6281399998888', '6281199998888'], why: 'Extended Arabic-Indic digits' },
  { typed: 'tel:+62 813-9999-8888', found: ['6281399998888'], why: 'a link copied from a web page' },
  {
    typed: '="081399998888"',
    found: ['6281399998888'],
    why: "Excel's text form of a cell, copied from a CSV"
  },
  { typed: '0857', found: ['6285712340812'], why: 'typing 0857… finds the 62857… numbers' },
  { typed: '+62 857', found: ['6285712340812'], why: 'the international start, as typed so far' },
  { typed: '857', found: ['6285712340812'], why: 'digits without the 0 wherever they are' },
  { typed: 'budi', found: ['6281399998888'], why: "a contact's name, as the row shows it" },
  { typed: ' Siti Aminah ', found: ['6285712340812'] },
  { typed: 'Bu', found: [], why: 'two letters name no one (the contacts index reads three)' },
  { typed: '120363-abc', found: [], why: 'other text as typed: no number holds it' }
]
