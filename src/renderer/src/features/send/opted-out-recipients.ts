// Which of Send's recipients are on the opt-out list, asked of the core as they are entered (QA71: the chips said
// nothing until Send was refused). A courtesy ahead of the send: the core still asks at Send (askedRecipients).
import { useEffect, useState } from 'react'
import { call, getApi } from '../../api'

/**
 * The numbers among `phones` (normalised, as the chips hold them) on the opt-out list, asked again as they change and
 * as the list changes. The last answer stands while the next is asked, so a chip's mark does not blink as another is
 * entered; a list that cannot be read marks none.
 */
export function useOptedOutAmong(phones: readonly string[]): ReadonlySet<string> {
  const [listed, setListed] = useState<ReadonlySet<string>>(() => new Set())
  const [changes, setChanges] = useState(0)
  useEffect(() => getApi().on('optouts:changed', () => setChanges((n) => n + 1)), [])
  const asked = phones.join('\n')
  useEffect(() => {
    if (asked === '') return
    let live = true
    call('optouts:among', { phones: asked.split('\n') })
      .then(({ optedOut }) => {
        if (live) setListed(new Set(optedOut))
      })
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [asked, changes])
  return listed
}
