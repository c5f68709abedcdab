// A message field's length, counted as the gateway counts it (an emoji is one character, shared/domain's rule). An HTML
// maxLength counts UTF-16 units instead and would stop at 512 emoji, so message fields say "too long" rather than cap.
import { isWithinTextLimit, MAX_TEXT_LENGTH } from '../../../shared/domain'
import type { Translate } from '../i18n'

/** The "too long" error for a keyword or title of at most `max` characters, or null when it fits. */
export function lengthError(t: Translate, text: string, max: number): string | null {
  return isWithinTextLimit(text.trim(), max) ? null : t('common.tooLong', { max })
}

/** The "too long" error for a message (or a caption), or null when the gateway takes it. */
export function tooLongError(t: Translate, text: string, caption = false): string | null {
  if (isWithinTextLimit(text)) return null
  return t(caption ? 'send.problem.captionTooLong' : 'send.problem.textTooLong', { max: MAX_TEXT_LENGTH })
}

/**
 * Whether a search box's text is sent: trimmed, as the window sends it, and counted in UTF-16 units, as the contract's
 * limit for that search (MAX_SEARCH_LENGTH and its kin) counts it.
 */
export function searchFits(text: string, max: number): boolean {
  return text.trim().length <= max
}

/**
 * A search box's "too long" words, or null while it fits. Past its limit a box keeps the text, is marked with these
 * words and searches nothing until it fits: a box once cut a pasted search unsaid, others sent it to be refused.
 */
export function searchTooLong(t: Translate, text: string, max: number): string | null {
  return searchFits(text, max) ? null : t('common.searchTooLong', { max })
}
