// The conversations opened under the list's filters stay in it as they are read (QA71: the only unread one, opened
// under "Unread only", emptied the list beside its open thread), as the Outbox keeps an open message that moves on.
// They go once the filters are applied again, or the view is left (the list is drawn afresh).
import type { InboxConversationView } from '../../../../shared/contract'
import type { ConversationFilters } from './use-conversations'

/**
 * Whether an opened conversation still belongs in the list but for being read: "Unread only" ticked (else a row
 * missing is gone for another reason), the same archive, the same keyword.
 */
function staysUnder(conversation: InboxConversationView, filters: ConversationFilters): boolean {
  if (!filters.unreadOnly || conversation.archived !== filters.archived) return false
  return !filters.answeredBy || filters.answeredBy.conversationIds.includes(conversation.id)
}

/**
 * The list's rows with the opened conversations it no longer holds put back at their place (newest `activity`
 * first, as the core orders them); within the rows loaded, so a page read later does not list one twice.
 */
export function withStayingRows(
  rows: InboxConversationView[] | null,
  staying: ReadonlyMap<number, InboxConversationView>,
  filters: ConversationFilters
): InboxConversationView[] | null {
  if (rows === null || staying.size === 0) return rows
  const listed = new Set(rows.map((c) => c.id))
  const missing = [...staying.values()].filter((c) => !listed.has(c.id) && staysUnder(c, filters))
  if (missing.length === 0) return rows
  const oldestLoaded = rows.at(-1)?.activity ?? -Infinity
  const merged = [...rows, ...missing.filter((c) => rows.length === 0 || c.activity >= oldestLoaded)]
  return merged.sort((a, b) => b.activity - a.activity)
}
