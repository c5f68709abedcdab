// A take-back of one message ("Delete for everyone", "Cancel at the gateway"): the gateway answers later, on the
// timeline. Followed here until it settles, so its answer is said in a live region too (QA37 Q37-02: only "Asked the
// gateway" was said, and the operator had to go and look for the answer).
import { useEffect, useState } from 'react'
import type { TakeBackView } from '../../../../shared/contract'
import { coreText } from '../../../../shared/i18n/note-text'
import { call } from '../../api'
import { useLanguage, useT } from '../../i18n'

/** How often an unsettled take-back is read again. */
const FOLLOW_MS = 1000

/**
 * The answer in words once nothing is pending, or null while it is. Kept with the message it was asked for: a view
 * that shows another message in the same place says nothing of this one.
 */
export function useTakeBackOutcome(itemId: string): {
  outcome: string | null
  follow: (asked: TakeBackView) => void
} {
  const t = useT()
  const language = useLanguage()
  const [followed, setFollowed] = useState<{ itemId: string; view: TakeBackView | null } | null>(null)
  const view = followed?.itemId === itemId ? followed.view : null
  const follow = (asked: TakeBackView): void => setFollowed({ itemId, view: asked })
  const unsettled = view !== null && view.state === 'running'
  useEffect(() => {
    if (!view || !unsettled) return
    let on = true
    const timer = setTimeout(() => {
      call('outbox:takeBackProgress', { id: view.id })
        .then((next) => on && setFollowed({ itemId, view: next }))
        // Not read this time: the timeline still shows the answer; nothing more is said.
        .catch(() => on && setFollowed(null))
    }, FOLLOW_MS)
    return () => {
      on = false
      clearTimeout(timer)
    }
  }, [view, unsettled, itemId])
  if (!view || unsettled) return { outcome: null, follow }
  const words = (state: 'refused' | 'unknown', action: 'revoke' | 'cancel'): string => {
    const said = view.explained.find((e) => e.state === state && e.action === action)
    return said ? coreText(language, said.message ?? '', said.messageKey, said.messageParams) : ''
  }
  const outcome =
    view.revoke.done > 0
      ? t('outbox.takeBack.outcome.revoked')
      : view.cancel.done > 0
        ? t('outbox.takeBack.outcome.cancelled')
        : view.revoke.refused > 0
          ? t('outbox.takeBack.outcome.revokeRefused', { message: words('refused', 'revoke') })
          : view.cancel.refused > 0
            ? t('outbox.takeBack.outcome.cancelRefused', { message: words('refused', 'cancel') })
            : view.revoke.unknown + view.cancel.unknown > 0
              ? t('outbox.takeBack.outcome.unknown', {
                  message: words('unknown', view.revoke.unknown > 0 ? 'revoke' : 'cancel')
                })
              : null
  return { outcome: outcome?.trim() ?? null, follow }
}
