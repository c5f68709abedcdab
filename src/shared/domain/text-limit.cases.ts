// The message-text rule's cases (messageTextProblem), run by every layer that applies it: the domain, the contract,
// outbox:enqueue and series:create on a composed core, a campaign's rendered rows, the window's send and edit forms,
// and the CLI. The gateway counts characters as code points: an emoji is one, a combining mark is one of its own.
import type { MessageTextProblem } from './limits'

export interface TextLimitCase {
  name: string
  text: string
  /** A message's text (true) or a file's caption (false, may be empty). */
  required: boolean
  problem: MessageTextProblem | null
}

const emoji = '😀' // two UTF-16 units, one character
const family = '👨‍👩‍👧' // five code points joined by zero-width joiners

export const TEXT_LIMIT_CASES: readonly TextLimitCase[] = [
  { name: 'a short text', text: 'Halo, tagihan Anda sudah terbit.', required: true, problem: null },
  { name: '1,024 characters', text: 'a'.repeat(1024), required: true, problem: null },
  { name: '1,025 characters', text: 'a'.repeat(1025), required: true, problem: 'too-long' },
  { name: '600 emoji (1,200 UTF-16 units)', text: emoji.repeat(600), required: true, problem: null },
  { name: '1,024 emoji', text: emoji.repeat(1024), required: true, problem: null },
  { name: '1,025 emoji', text: emoji.repeat(1025), required: true, problem: 'too-long' },
  {
    name: 'a family emoji counts its five code points',
    text: family.repeat(204) + 'abcd',
    required: true,
    problem: null
  },
  { name: 'family emoji past the limit', text: family.repeat(205), required: true, problem: 'too-long' },
  {
    name: '512 letters with a combining accent each',
    text: 'e\u0301'.repeat(512),
    required: true,
    problem: null
  },
  {
    name: '513 letters with a combining accent each',
    text: 'e\u0301'.repeat(513),
    required: true,
    problem: 'too-long'
  },
  { name: 'an empty text', text: '', required: true, problem: 'empty' },
  { name: 'a text of spaces and a newline', text: '  \n ', required: true, problem: 'empty' },
  { name: 'an empty caption', text: '', required: false, problem: null },
  { name: 'a caption of 1,025 characters', text: 'b'.repeat(1025), required: false, problem: 'too-long' }
]
