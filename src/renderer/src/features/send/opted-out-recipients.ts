// Which of Send's recipients are on the opt-out list, asked of the core as they are entered (QA71: the chips said
// nothing until Send was refused). A courtesy ahead of the send: the core still asks at Send (askedRecipients).
import { useEffect, useState } from 'react'
import { MAX_SEND_RECIPIENTS } from '../../../../shared/domain/limits'
import { call, getApi } from '../../api'
import type { ParsedRecipient } from './recipients'

/** The most numbers one question takes (the contract's bound for `optouts:among`): more are asked in parts. */
const ASKED_AT_ONCE = MAX_SEND_RECIPIENTS

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
    const all = asked.split('\n')
    const parts: string[][] = []
    for (let start = 0; start < all.length; start += ASKED_AT_ONCE)
      parts.push(all.slice(start, start + ASKED_AT_ONCE))
    Promise.all(parts.map((phones) => call('optouts:among', { phones })))
      .then((replies) => {
        if (live) setListed(new Set(replies.flatMap(({ optedOut }) => optedOut)))
      })
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [asked, changes])
  return listed
}

/**
 * The numbers among Send's recipients (as parsed from its field) on the opt-out list: asked once for the view, whose
 * chips mark them and whose large-send summary counts them (QA: the summary did not, so its numbers did not add up to
 * the recipients typed). All of them, past the chips drawn and the send's limit too: the field's "N opted out" is of
 * every number pasted, the count an operator splitting an over-long list into sends goes by (it counted the first 500
 * only). None for group ids, which are not on the list.
 */
export function useOptedOutRecipients(
  recipients: readonly ParsedRecipient[],
  isGroup: boolean
): ReadonlySet<string> {
  return useOptedOutAmong(isGroup ? [] : recipients.filter((r) => r.problem === null).map((r) => r.value))
}

/** The numbers of `recipients` on the opt-out list as `optedOut` holds it (a send leaves them out), in their order. */
export function optedOutNumbers(
  recipients: readonly ParsedRecipient[],
  isGroup: boolean,
  optedOut: ReadonlySet<string>
): string[] {
  return isGroup
    ? []
    : recipients.filter((r) => r.problem === null && optedOut.has(r.value)).map((r) => r.value)
}

/**
 * Who of `recipients` a send goes to: those it can be sent to (none marked ⚠), less those on the opt-out list as
 * `optedOut` holds it (left out). One count for the field's "Recipients ready" and the pre-send summary's "will be
 * sent" (QA79: the field counted the opted-out ones as ready beside the summary's smaller number).
 */
export function recipientsSent(
  recipients: readonly ParsedRecipient[],
  isGroup: boolean,
  optedOut: ReadonlySet<string>
): { recipients: number; optedOut: string[]; sent: number } {
  const valid = recipients.filter((r) => r.problem === null).length
  const leftOut = optedOutNumbers(recipients, isGroup, optedOut)
  return { recipients: valid, optedOut: leftOut, sent: valid - leftOut.length }
}
