// Which incoming messages are a customer's "stop" or "start again": the text exactly one of the operator's keywords,
// with case, spaces and a closing "." or "!" ignored. One rule for the inbox (which applies it) and the window (which
// edits the lists and shows what a text would do).

export type KeywordAction = 'opt-out' | 'opt-in'

export interface OptOutKeywords {
  /** A message that is exactly one of these puts its sender on the opt-out list. */
  optOut: readonly string[]
  /** One of these takes the sender off it again. */
  optIn: readonly string[]
}

/**
 * What campaign templates say in English and Bahasa Indonesia ("balas STOP untuk berhenti"). Not "BATAL" (cancel):
 * the word a customer writes to cancel an order, whose reply confirming it the opt-out would refuse (QA65).
 */
export const DEFAULT_OPT_OUT_KEYWORDS: OptOutKeywords = {
  optOut: ['STOP', 'BERHENTI', 'UNSUBSCRIBE', 'STOP ALL', 'UNREG'],
  optIn: ['START', 'MULAI', 'SUBSCRIBE', 'UNSTOP']
}

/** A keyword's longest form once compared; a longer text is never one (and is not looked at twice). */
export const KEYWORD_MAX_LENGTH = 32
/** How many keywords each list may hold. */
export const KEYWORDS_PER_LIST = 30

/**
 * A keyword in the case the match compares in (upper, as the defaults are written): how a saved list keeps "unsub"
 * ("UNSUB"), whichever client edited it, so it reads like the rest. Matching is the same either way.
 */
export function keywordCase(text: string): string {
  return text.normalize('NFKC').toLocaleUpperCase('en')
}

/** The form two texts are compared in: no spaces (zero-width ones too), upper case, no closing "." or "!". */
export function keywordForm(text: string): string {
  return keywordCase(text)
    .replace(/[\s\u200b-\u200d\u2060\ufeff]+/g, '')
    .replace(/[.!]+$/, '')
}

/** Whether a received text could be a keyword at all (cheap, list-independent: the inbox keeps these for applying). */
export function mayBeKeyword(text: string): boolean {
  const form = keywordForm(text.slice(0, KEYWORD_MAX_LENGTH * 4))
  return form.length > 0 && form.length <= KEYWORD_MAX_LENGTH
}

/** What a received text asks for, by the operator's lists; null for anything else. */
export function keywordActionOf(text: string, keywords: OptOutKeywords): KeywordAction | null {
  if (!mayBeKeyword(text)) return null
  const form = keywordForm(text)
  if (keywords.optOut.some((keyword) => keywordForm(keyword) === form)) return 'opt-out'
  if (keywords.optIn.some((keyword) => keywordForm(keyword) === form)) return 'opt-in'
  return null
}

export type KeywordsProblem =
  | { code: 'empty-keyword' }
  | { code: 'too-long'; keyword: string }
  | { code: 'too-many' }
  | { code: 'in-both'; keyword: string }
  | { code: 'no-opt-out' }

/** Why an edited pair of lists cannot be kept; null when it can. */
export function keywordsProblem(keywords: OptOutKeywords): KeywordsProblem | null {
  if (keywords.optOut.length === 0) return { code: 'no-opt-out' }
  if (keywords.optOut.length > KEYWORDS_PER_LIST || keywords.optIn.length > KEYWORDS_PER_LIST)
    return { code: 'too-many' }
  for (const keyword of [...keywords.optOut, ...keywords.optIn]) {
    const form = keywordForm(keyword)
    if (form.length === 0) return { code: 'empty-keyword' }
    if (form.length > KEYWORD_MAX_LENGTH) return { code: 'too-long', keyword }
  }
  const optOut = new Set(keywords.optOut.map(keywordForm))
  const both = keywords.optIn.find((keyword) => optOut.has(keywordForm(keyword)))
  return both === undefined ? null : { code: 'in-both', keyword: both }
}
