// A take-back of one message ("Delete for everyone", "Cancel at the gateway"): the gateway answers later, on the
// timeline. Followed here until it settles, so its answer is said in a live region too (QA37 Q37-02: only "Asked the
// gateway" was said, and the operator had to go and look for the answer).
import type { TakeBackView } from '../../../../shared/contract'
import { coreText } from '../../../../shared/i18n/note-text'
import { useLanguage, useT } from '../../i18n'
import { useFollowedTakeBack } from './follow-take-back'

/**
 * The answer in words once nothing is pending, or null while it is. Kept with the message it was asked for: a view
 * that shows another message in the same place says nothing of this one. A paused take-back says so (nothing more is
 * asked until it is resumed; followed still, so its answer comes once it is), and one whose progress could not be read
 * says where the answer shows instead.
 */
export function useTakeBackOutcome(itemId: string): {
  outcome: string | null
  follow: (asked: TakeBackView) => void
} {
  const t = useT()
  const language = useLanguage()
  const { view, unread, follow } = useFollowedTakeBack(itemId)
  if (unread) return { outcome: t('outbox.takeBack.outcome.unread'), follow }
  if (view?.state === 'paused') return { outcome: t('outbox.takeBack.outcome.paused'), follow }
  if (!view || view.state !== 'done') return { outcome: null, follow }
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
