// Splitting a text that is over the gateway's limit into several messages, each within it, at word boundaries.
import { MAX_TEXT_LENGTH, textLength } from './limits'

// Intl.Segmenter knows where words end in every script (Thai and Chinese have no spaces), which a regular
// expression on spaces does not. Made on first use: making one loads the word-break data, about 20 ms of the
// window's first load for a text that may never need splitting (issue #18).
let words: Intl.Segmenter | null = null
function wordSegmenter(): Intl.Segmenter {
  words ??= new Intl.Segmenter(undefined, { granularity: 'word' })
  return words
}

/** Code points, so a cut never falls inside an emoji's surrogate pair; the limit counts the same way. */
function take(text: string, count: number): [string, string] {
  const points = [...text]
  return [points.slice(0, count).join(''), points.slice(count).join('')]
}

/**
 * The parts of `text` in order, each at most `max` characters as the gateway counts them. A part ends at the last
 * space (or line break) that fits, else at the last word boundary, and only a word longer than `max` is cut inside.
 * The spaces at a cut are dropped; nothing else is lost or reordered. A text within the limit is one part.
 */
export function splitText(text: string, max: number = MAX_TEXT_LENGTH): string[] {
  const whole = text.trim()
  if (whole === '') return []
  const parts: string[] = []
  let rest = whole
  while (textLength(rest) > max) {
    const [head] = take(rest, max + 1)
    const cut = cutPoint(head, max)
    const part = rest.slice(0, cut).trimEnd()
    parts.push(part)
    rest = rest.slice(cut).trimStart()
  }
  if (rest) parts.push(rest)
  return parts
}

/** Where to cut `head` (the first max + 1 code points) so that the part before it has at most `max`. */
function cutPoint(head: string, max: number): number {
  let lastSpace = -1
  let lastWordEdge = -1
  let length = 0
  for (const { segment, index } of wordSegmenter().segment(head)) {
    const end = index + segment.length
    length += textLength(segment)
    // The part may end where this segment begins (if it is a space, the space is dropped).
    if (/^\s+$/.test(segment) && index > 0) lastSpace = index
    if (length <= max) lastWordEdge = end
    if (length > max) break
  }
  if (lastSpace > 0) return lastSpace
  if (lastWordEdge > 0) return lastWordEdge
  return take(head, max)[0].length
}

/**
 * A text's start as its name in a list (a reminder without a title, a series): its spaces run together, cut to `max`
 * characters (code points, so no emoji is split) with "…" when longer.
 */
export function textStart(text: string, max = 40): string {
  const chars = [...text.replace(/\s+/g, ' ').trim()]
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : chars.join('')
}
