// One table for which message a gateway auto-reply answers: run by the domain's test, the core's chatbot counts,
// the window's thread, and against the sandbox gateway (which must agree on every case).
export const AUTO_REPLY_KEYWORD_CASES: readonly {
  keyword: string
  text: string
  answers: boolean
  why: string
}[] = [
  { keyword: 'harga', text: 'harga', answers: true, why: 'the keyword' },
  { keyword: 'harga', text: 'HARGA', answers: true, why: 'case ignored' },
  { keyword: 'Harga', text: 'harga', answers: true, why: "the keyword's case ignored too" },
  { keyword: 'harga', text: '  harga \n', answers: true, why: 'spaces and line breaks around ignored' },
  { keyword: 'jam buka', text: 'Jam  Buka', answers: true, why: 'a run of spaces inside is one space' },
  { keyword: 'jam buka', text: 'jam\tbuka', answers: true, why: 'a tab inside is a space' },
  { keyword: 'jam  buka', text: 'jam buka', answers: true, why: "the keyword's spaces are folded too" },
  { keyword: 'jam buka', text: 'jambuka', answers: false, why: 'a missing space is another word' },
  { keyword: 'harga', text: 'harga?', answers: false, why: 'punctuation is kept' },
  { keyword: 'harga', text: 'berapa harga', answers: false, why: 'a keyword inside a sentence' },
  { keyword: 'harga', text: 'hargaa', answers: false, why: 'a near miss' },
  { keyword: 'harga', text: '', answers: false, why: 'empty' }
]

/**
 * Whether a rule that matches the message answered it, by when Sender Desk first saw the rule as it reads now
 * (`knownSince`, minutes in these cases; null: it was there at the first read) against the message's time (`at`).
 * Run by the domain's test, the core's chatbot counts and the window's thread (not the sandbox: it answers by its
 * rules of the moment).
 */
export const AUTO_REPLY_TIME_CASES: readonly {
  knownSince: number | null
  at: number
  answers: boolean
  why: string
}[] = [
  { knownSince: null, at: 0, answers: true, why: 'there before Sender Desk first looked: may be older' },
  { knownSince: 10, at: 20, answers: true, why: 'known before the message came' },
  { knownSince: 20, at: 20, answers: true, why: 'known from the same moment' },
  { knownSince: 30, at: 20, answers: false, why: 'created or changed after the message' }
]
