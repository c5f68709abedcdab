// One table for what a received text asks for, by the default keyword lists: run by the domain's test and by the
// inbox through the composed core (every layer that applies or shows the rule).
import type { KeywordAction } from './opt-out-keywords'

export const OPT_OUT_KEYWORD_CASES: readonly { text: string; expected: KeywordAction | null; why: string }[] =
  [
    { text: 'STOP', expected: 'opt-out', why: 'the keyword' },
    { text: 'stop', expected: 'opt-out', why: 'case ignored' },
    { text: '  Stop  ', expected: 'opt-out', why: 'spaces around ignored' },
    { text: 'S T O P', expected: 'opt-out', why: 'spaces inside ignored' },
    { text: 'STOP.', expected: 'opt-out', why: 'a closing full stop ignored' },
    { text: 'stop!!', expected: 'opt-out', why: 'closing exclamation marks ignored' },
    { text: 'Berhenti', expected: 'opt-out', why: 'Bahasa Indonesia' },
    {
      text: 'Batal',
      expected: null,
      why: "'cancel' in Bahasa Indonesia: a customer cancelling an order, who must still be answered (QA65)"
    },
    { text: 'stop all', expected: 'opt-out', why: 'a two-word keyword' },
    { text: 'STOP\u200b', expected: 'opt-out', why: 'a zero-width space pasted from elsewhere' },
    { text: 'ＳＴＯＰ', expected: 'opt-out', why: 'full-width letters (NFKC)' },
    { text: 'MULAI', expected: 'opt-in', why: 'start again, Bahasa Indonesia' },
    { text: 'start', expected: 'opt-in', why: 'start again' },
    { text: 'please stop', expected: null, why: 'not exactly a keyword' },
    { text: 'STOP?', expected: null, why: 'a question is not a request' },
    { text: "don't stop", expected: null, why: 'a keyword inside a sentence' },
    { text: 'stopp', expected: null, why: 'a near miss is not a keyword' },
    { text: '', expected: null, why: 'empty' },
    { text: 'STOP '.repeat(40), expected: null, why: 'too long to be a keyword' }
  ]
