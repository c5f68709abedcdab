// How a number got on the opt-out list, in words, and whether one is on it: the list's own lines, the inbox's note
// before a reply and a sent message's detail say it alike.
import { useEffect, useState } from 'react'
import type { InvokeReply } from '../../../../shared/contract'
import { call, getApi } from '../../api'
import type { MessageKey, Translate } from '../../i18n'

type OptOut = InvokeReply<'optouts:list'>['optOuts'][number]

type OptOutSource = 'operator' | 'import' | 'outbox' | 'keyword'
const SOURCE_WORDS: Record<OptOutSource, MessageKey> = {
  operator: 'campaigns.optOuts.source.operator',
  import: 'campaigns.optOuts.source.import',
  outbox: 'campaigns.optOuts.source.outbox',
  keyword: 'campaigns.optOuts.source.keyword'
}

/**
 * How a number got on the list; a customer's keyword by the word itself when it was kept (older entries have none),
 * an unknown source (from an older build) as stored.
 */
export function optOutHowText(o: Pick<OptOut, 'source' | 'keyword'>, t: Translate): string {
  if (o.source === 'keyword' && o.keyword)
    return t('campaigns.optOuts.source.keywordWord', { word: o.keyword })
  return o.source in SOURCE_WORDS ? t(SOURCE_WORDS[o.source as OptOutSource]) : o.source
}

/**
 * A number (a chat id) as the opt-out list holds it (how it got there), read again as the list changes; null for a
 * group, a number not on it, or a list that cannot be read (what it tells is a courtesy: a send still asks the core).
 * The inbox says it before a reply is written (QA59: only Send told, and as "the customer asked to stop" for a number
 * added here); a message's detail offers to put a number on the list only while it is not.
 */
export function useOptOutEntry(
  phone: string,
  isGroup: boolean
): { source: string; keyword: string | null } | null {
  const [entry, setEntry] = useState<{ phone: string; source: string; keyword: string | null } | null>(null)
  const [changes, setChanges] = useState(0)
  useEffect(() => getApi().on('optouts:changed', () => setChanges((n) => n + 1)), [])
  useEffect(() => {
    if (isGroup) return
    let on = true
    call('optouts:list', { search: phone, limit: 5 })
      .then(({ optOuts }) => {
        const listed = optOuts.find((o) => o.phone === phone)
        if (on) setEntry(listed ? { phone, source: listed.source, keyword: listed.keyword } : null)
      })
      .catch(() => undefined)
    return () => {
      on = false
    }
  }, [phone, isGroup, changes])
  return entry !== null && entry.phone === phone && !isGroup ? entry : null
}
