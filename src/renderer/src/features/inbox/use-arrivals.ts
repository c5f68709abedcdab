// A customer's new message, said where a screen reader hears it (QA25 Q25-05): who wrote, not what (the thread has
// the text). The first arrival is said at once; what comes within a quiet while after it is gathered and said once,
// so a burst does not talk over itself. The words are cleared a little later, so the next arrival is a change the
// live region reads, even when its words are the same.
import { useEffect, useRef, useState } from 'react'
import type { InboxConversationView } from '../../../../shared/contract'
import { useT } from '../../i18n'
import { conversationLabel } from './conversation-label'

/** After saying something, arrivals wait this long to be said together. */
const QUIET_MS = 4_000
/** How long the words stay once said. */
const SHOWN_MS = 5_000

/** The line to put in a polite live region that stays mounted: '' when there is nothing new. */
export function useArrivalWords(conversations: InboxConversationView[] | null): string {
  const t = useT()
  // The newest message number the list has shown since it was (re)loaded; null until a list is there.
  const newest = useRef<number | null>(null)
  // Conversations with a new customer message not yet said: id → name, the latest last.
  const pending = useRef(new Map<number, string>())
  const quietUntil = useRef(0)
  const sayTimer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const clearTimer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const [said, setSaid] = useState<string[]>([])

  useEffect(() => {
    // Other filters (or none loaded yet): what their first list holds is not news.
    if (conversations === null) {
      newest.current = null
      return
    }
    const before = newest.current
    const top = conversations.reduce((max, c) => Math.max(max, c.lastNumber), 0)
    newest.current = before === null ? top : Math.max(before, top)
    if (before === null) return
    const arrived = conversations
      .filter((c) => c.lastNumber > before && !c.lastFromMe)
      .sort((a, b) => a.lastNumber - b.lastNumber)
    if (arrived.length === 0) return
    for (const conversation of arrived) {
      pending.current.delete(conversation.id)
      pending.current.set(conversation.id, conversationLabel(conversation).title)
    }
    const say = (): void => {
      sayTimer.current = null
      setSaid([...pending.current.values()])
      pending.current.clear()
      quietUntil.current = Date.now() + QUIET_MS
      if (clearTimer.current) clearTimeout(clearTimer.current)
      clearTimer.current = setTimeout(() => setSaid([]), SHOWN_MS)
    }
    const wait = quietUntil.current - Date.now()
    if (wait <= 0) say()
    else sayTimer.current ??= setTimeout(say, wait)
  }, [conversations])

  useEffect(
    () => () => {
      if (sayTimer.current) clearTimeout(sayTimer.current)
      if (clearTimer.current) clearTimeout(clearTimer.current)
    },
    []
  )

  const latest = said[said.length - 1]
  if (latest === undefined) return ''
  return said.length === 1
    ? t('inbox.arrived.one', { name: latest })
    : t('inbox.arrived.several', { count: said.length, name: latest })
}
