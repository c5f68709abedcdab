// One table of phone cases, run against every layer that checks a number (domain, contract, window, core, CLI).
import type { GroupIdProblem, PhoneProblem } from './phone'

export interface PhoneCase {
  input: string
  /** The `62…` digits that are sent, or the problem every layer must report. */
  expected: { value: string } | { problem: PhoneProblem }
  /** The English reason the core and the CLI print, where its wording is the point. */
  reason?: string
  why?: string
}

export const PHONE_CASES: readonly PhoneCase[] = [
  { input: '081234567890', expected: { value: '6281234567890' } },
  { input: '81234567890', expected: { value: '6281234567890' } },
  { input: '6281234567890', expected: { value: '6281234567890' } },
  { input: '+6281234567890', expected: { value: '6281234567890' } },
  { input: '+62 812-3456-7890', expected: { value: '6281234567890' } },
  { input: '(0812) 3456 7890', expected: { value: '6281234567890' } },
  { input: '0812.3456.7890', expected: { value: '6281234567890' } },
  { input: '  0812 3456 7890  ', expected: { value: '6281234567890' } },
  { input: '+62 (0)812 3456 7890', expected: { value: '6281234567890' } },
  { input: '620812 3456 7890', expected: { value: '6281234567890' } },
  { input: '62 812.3456.7890', expected: { value: '6281234567890' } },
  {
    input: '0062 812 3456 7890',
    expected: { value: '6281234567890' },
    why: 'the window once refused it and would have made 626281…'
  },
  { input: '006281234567890', expected: { value: '6281234567890' } },
  { input: '+1 (415) 555-2671', expected: { value: '14155552671' } },
  { input: '+60 12-345 6789', expected: { value: '60123456789' } },
  { input: '+65 9123 4567', expected: { value: '6591234567' } },
  { input: '+62 813 1111 2222', expected: { value: '6281311112222' } },
  { input: '0811111111', expected: { value: '62811111111' } },
  {
    input: '628123456',
    expected: { problem: 'length' },
    why: 'once passed the core (9 digits) and not the window; no Indonesian mobile number is this short'
  },
  { input: '085712345', expected: { problem: 'length' }, why: 'the core used to accept any 9 digits' },
  { input: '', expected: { problem: 'empty' } },
  { input: '   ', expected: { problem: 'empty' } },
  {
    input: '08123456700７',
    expected: { value: '628123456700' + '7' },
    why: 'a full-width digit (an Indonesian keyboard in a Japanese or Chinese input mode) is the digit it shows'
  },
  {
    input: '＋６２ ８１２－３４５６－７８９０',
    expected: { value: '6281234567890' },
    why: 'full-width plus, digits and dash, with an ideographic space'
  },
  {
    input: '\u202a+62 812-3456-7890\u202c',
    expected: { value: '6281234567890' },
    why: 'copied from WhatsApp inside bidi embedding marks: shown as the number and refused as "digits only"'
  },
  { input: '\u200e0812 3456 7890\u200f', expected: { value: '6281234567890' }, why: 'LRM and RLM around it' },
  { input: '\u2066+6281234567890\u2069', expected: { value: '6281234567890' }, why: 'a bidi isolate' },
  {
    input: '0812\u200b3456\u20607890\ufeff',
    expected: { value: '6281234567890' },
    why: 'zero-width space, word joiner and a BOM inside it'
  },
  { input: '0812\u00ad3456\u00ad7890', expected: { value: '6281234567890' }, why: 'soft hyphens' },
  {
    input: '0812\u20133456\u20147890',
    expected: { value: '6281234567890' },
    why: 'an en and an em dash (a word processor turns - into them) separate as a dash does'
  },
  {
    input: '+62 812\u22123456\u20107890',
    expected: { value: '6281234567890' },
    why: 'a minus sign and a Unicode hyphen'
  },
  {
    input: '0812\ufe583456\ufe637890',
    expected: { value: '6281234567890' },
    why: 'small em dash, small minus'
  },
  {
    input: '٠٨١٢٣٤٥٠٠٠٣',
    expected: { value: '628123450003' },
    why: 'Arabic-Indic digits are the digits they show, as full-width ones are'
  },
  {
    input: '۰۸۱۲۳۴۵۰۰۰۳',
    expected: { value: '628123450003' },
    why: 'Extended Arabic-Indic (Persian, Urdu) digits'
  },
  { input: '+٦٢ ٨١٢-٣٤٥٦-٧٨٩٠', expected: { value: '6281234567890' } },
  { input: '٠٨١٢٣٤٥٠٠٠x', expected: { problem: 'characters' } },
  {
    input: 'tel:+6281234500006',
    expected: { value: '6281234500006' },
    why: 'a link copied from a web page was told it was a name'
  },
  { input: 'TEL:0812-3450-0006', expected: { value: '6281234500006' } },
  { input: 'tel://+62 812 3450 0006', expected: { value: '6281234500006' } },
  { input: 'tel:+6281234500008abc', expected: { problem: 'characters' } },
  { input: '+6281234500008abc', expected: { problem: 'characters' } },
  { input: 'tel+6281234500006', expected: { problem: 'characters' }, why: 'no link without its colon' },
  {
    input: '="081277770002"',
    expected: { value: '6281277770002' },
    why: 'Excel\'s text form of a cell in a CSV it exports (keeps the leading 0): was "not digits"'
  },
  { input: ' =" +62 812-7777-0002 " ', expected: { value: '6281277770002' } },
  {
    input: '=081277770002',
    expected: { value: '6281277770002' },
    why: 'what an Excel user types to keep the leading 0, as a CSV keeps it: was "only digits"'
  },
  {
    input: '=0812-7777-0002',
    expected: { problem: 'characters' },
    why: 'a subtraction to a spreadsheet, not digits: only digits after = are a number'
  },
  { input: '=+6281277770002', expected: { problem: 'characters' } },
  { input: '=SUM(0812)', expected: { problem: 'characters' } },
  { input: "'=081277770002", expected: { value: '6281277770002' }, why: "the CSV writer's quote before it" },
  { input: '="081277770002', expected: { problem: 'characters' }, why: 'a text cell not closed' },
  {
    input: "'+62 812 3456 7890",
    expected: { value: '6281234567890' },
    why: "a CSV writer's safe form of a + cell (csv-export's rule): the app's own skipped rows file read back"
  },
  { input: '\' ="081277770002"', expected: { value: '6281277770002' } },
  {
    input: "'081234567890",
    expected: { value: '6281234567890' },
    why: "the app's skipped rows file keeps a 0812… cell text behind the quote (spreadsheetTextCell), read back"
  },
  { input: "'6281234567890", expected: { value: '6281234567890' } },
  {
    input: "'0812 3456 7890",
    expected: { value: '6281234567890' },
    why: 'Excel\'s text mark typed before a number with separators: was "only digits"'
  },
  { input: "'0812-3456-7890", expected: { value: '6281234567890' } },
  {
    input: "'12345",
    expected: { problem: 'prefix' },
    why: 'the number behind the text mark, named for what is wrong with it'
  },
  { input: "'0812abc", expected: { problem: 'characters' } },
  { input: "''+6281234567890", expected: { problem: 'characters' } },
  { input: '="0812abc"', expected: { problem: 'characters' } },
  { input: '0812²3456789', expected: { problem: 'characters' }, why: 'a superscript is no digit to send' },
  { input: '0812abc4567', expected: { problem: 'characters' } },
  { input: '0812-3456-789x', expected: { problem: 'characters' } },
  { input: '0812*3456#7890', expected: { problem: 'characters' } },
  { input: '08+12345678', expected: { problem: 'characters' } },
  { input: '++6281234567890', expected: { problem: 'characters' } },
  { input: '0812345', expected: { problem: 'length' } },
  {
    input: '0812',
    expected: { problem: 'length' },
    reason: 'too short: 4 digits',
    why: 'said "5 digits", counting the 62 the 0 became'
  },
  { input: '+1 234', expected: { problem: 'length' } },
  {
    input: '08123456789012345',
    expected: { problem: 'length' },
    reason: 'too long: 17 digits',
    why: 'the digits typed, not the 62… form'
  },
  { input: '+62 812', expected: { problem: 'length' }, reason: 'too short: 5 digits' },
  { input: '+0812345678901', expected: { problem: 'prefix' }, why: 'a country code never starts with 0' },
  { input: '999', expected: { problem: 'prefix' } },
  { input: '12345', expected: { problem: 'prefix' }, why: 'typed without any prefix' },
  {
    input: '62 21 555 1234',
    expected: { problem: 'not_mobile' },
    reason: 'it is a landline, not a mobile number',
    why: 'a Jakarta landline: was told to start with 08 or +62'
  },
  {
    input: '021 1234567',
    expected: { problem: 'not_mobile' },
    why: 'the same landline as dialled in Jakarta'
  },
  { input: '(0361) 123456', expected: { problem: 'not_mobile' }, why: 'a Denpasar landline, bracketed' },
  { input: '62 123456789', expected: { problem: 'prefix' }, why: 'no Indonesian number of any kind' },
  { input: '+44 20 7946 0958', expected: { problem: 'not_mobile' }, why: 'a London landline' }
]

/** Recipient lists as typed: separators, duplicates by the sent form. Valid numbers only. */
export const RECIPIENT_LIST_CASES: readonly { input: string; expected: string[] }[] = [
  {
    input: '0812 3456 7890, 081398765432,+6281234567890 ,  ',
    expected: ['6281234567890', '6281398765432']
  },
  { input: '0812-3456-7890; +62 813 1111 2222\n6281234567890', expected: ['6281234567890', '6281311112222'] }
]

/**
 * Text with letters typed where a number goes, as the Send window names it: a contact's name written out (`name`: pick
 * it from the suggestions), or a number with a slip, named by the phone rule. Text that starts as a number does (a `+`
 * or a digit first) with no more letters than digits is a number mistyped; text that starts with a word, or whose
 * letters outnumber its digits, a name.
 */
export const TYPED_RECIPIENT_CASES: readonly {
  input: string
  problem: PhoneProblem | 'name'
  why?: string
}[] = [
  { input: 'Budi', problem: 'name' },
  { input: 'Budi Santoso', problem: 'name' },
  { input: 'Budi 2', problem: 'name' },
  { input: 'Toko 081234', problem: 'name', why: 'a name first, a number in it' },
  { input: '7 Eleven', problem: 'name', why: 'a digit first, yet more letters than digits' },
  {
    input: '12ab',
    problem: 'characters',
    why: 'QA81: told "A name, not a number", it reads as a number mistyped'
  },
  { input: '0812abc', problem: 'characters' },
  { input: '08l2 3456 789O', problem: 'characters', why: 'an l for a 1 and an O for a 0' },
  { input: '+62 8I2', problem: 'characters' },
  { input: '0812 3450 0009 WA', problem: 'characters' },
  { input: '+6281234500008abc', problem: 'characters' }
]

/** `value`: what is sent, when it is not the input as typed. */
export const GROUP_ID_CASES: readonly { input: string; problem: GroupIdProblem | null; value?: string }[] = [
  { input: '6287817274185-1632192971', problem: null },
  // Copied from WhatsApp or a web page with its invisible bidi marks, isolates or a zero-width space around or inside.
  { input: '\u200e120363210179095768\u200f', problem: null, value: '120363210179095768' },
  { input: '\u2066 6287817274185-1632192971 \u2069', problem: null, value: '6287817274185-1632192971' },
  { input: '1203632101\u200b79095768', problem: null, value: '120363210179095768' },
  // Bidi embeddings and overrides (U+202A–202E) as well as marks and isolates: the phone rule drops them too.
  { input: '\u202a120363210179095768\u202c', problem: null, value: '120363210179095768' },
  { input: '\u202e6287817274185-1632192971\u202c', problem: null, value: '6287817274185-1632192971' },
  { input: '\u200e0812 3456 7890', problem: 'groupIsPhone' },
  { input: '120363210179095768', problem: null },
  { input: '872468237asd-6281218', problem: null },
  { input: '120363210179095768@g.us', problem: null },
  // Digits alone are the newer 18-digit form or nothing: cut short (as pasted from a narrow column) or run on.
  { input: '1203630', problem: 'groupDigits' },
  { input: '12036321017909576', problem: 'groupDigits' },
  { input: '1203632101790957681', problem: 'groupDigits' },
  { input: '0899', problem: 'groupDigits' },
  { input: 'bad id', problem: 'group' },
  { input: 'abc', problem: 'group' },
  // Phone numbers, typed with "Send to a group" on: no group id has their shape.
  { input: '081234567890', problem: 'groupIsPhone' },
  { input: '6281234567890', problem: 'groupIsPhone' },
  { input: '+62 812-3456-7890', problem: 'groupIsPhone' }
]
