// Under a text over the gateway's limit: the offer to send it as several messages cut between words, and the undo.
import { MAX_TEXT_LENGTH, splitText } from '../../../../shared/domain'
import { useT } from '../../i18n'
import { useSend } from '../../stores/send'
import './send.css'

export function LongTextOffer(): React.JSX.Element | null {
  const t = useT()
  const text = useSend((s) => s.text)
  const chosen = useSend((s) => s.splitLongText)
  const count = splitText(text).length
  if (count < 2) return null
  const setSplit = (splitLongText: boolean): void => useSend.getState().setFields({ splitLongText })
  return (
    <div className="long-text-offer" role="group" aria-label={t('send.text')}>
      <p>
        {chosen ? t('send.split.chosen', { count }) : t('send.split.offer', { max: MAX_TEXT_LENGTH, count })}
      </p>
      <button type="button" className="button" onClick={() => setSplit(!chosen)}>
        {chosen ? t('send.split.undo') : t('send.split.accept', { count })}
      </button>
    </div>
  )
}
