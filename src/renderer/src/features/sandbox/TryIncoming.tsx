// "Try it" (sandbox devices): a contact's message arrives at the device (`sandbox:receive`), optionally with a file
// (the message is its caption); the auto-reply it got is shown at once, and the webhook POST (if any) appears in the
// inspector. A message that is an opt-out (or opt-in) keyword says what it does to the opt-out list, which changes
// later, when Sender Desk reads the message from the relay.
import { useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react'
import type { SandboxMessageView } from '../../../../shared/contract'
import { keywordActionOf, mayBeKeyword, type KeywordAction } from '../../../../shared/domain'
import { call, errorInfo } from '../../api'
import { useT } from '../../i18n'
import { busyButtonProps } from '../../ui/busy-button'
import { tooLongError } from '../../ui/text-limit'
import { Field } from '../../ui/Field'
import { MEDIA_KIND_CHOICES, MEDIA_KINDS, type MediaKindName } from '../../ui/media-kinds'
import { noAnswerWords } from '../webhooks/attempt-words'
import { useSandboxQuery } from './use-sandbox-query'

type MediaChoice = MediaKindName | ''

interface TryResult {
  replies: SandboxMessageView[]
  /** The webhook delivery of the message's copy, or null when the device has no address to send it to. */
  webhookDeliveryId: string | null
  /** The message was one of the operator's keywords: what it does, and whether this device's messages reach it. */
  keyword: { text: string; action: KeywordAction; receiving: boolean } | null
}

/**
 * Whether the message is one of the operator's keywords (the inbox's rule), and whether this device receives through
 * Sender Desk (else the keyword changes nothing). Null when it is not one, or when either cannot be read: the line is
 * a courtesy, never a reason for the try to fail.
 */
async function keywordOf(deviceId: string, message: string): Promise<TryResult['keyword']> {
  if (!mayBeKeyword(message)) return null
  try {
    const action = keywordActionOf(message, await call('optouts:keywords', {}))
    if (!action) return null
    const { devices } = await call('inbox:receiving', {})
    const receiving = devices.some((device) => device.deviceId === deviceId && device.receiving)
    return { text: message.trim(), action, receiving }
  } catch {
    return null
  }
}

export function TryIncoming({
  deviceId,
  deviceName,
  inspectorBelow
}: {
  deviceId: string
  /** Said in the intro where the view shows no device choice beside it and several sandbox devices get a box each. */
  deviceName?: string
  /** Whether the webhook inspector is on the same page, under this box (the Webhooks view), or in another view. */
  inspectorBelow: boolean
}): React.JSX.Element {
  const t = useT()
  const titleId = useId()
  const introId = useId()
  const [from, setFrom] = useState('0812 3456 7890')
  const [message, setMessage] = useState('')
  const [media, setMedia] = useState<MediaChoice>('')
  const [busy, setBusy] = useState(false)
  const [result, setResult] = useState<TryResult | null>(null)
  const [error, setError] = useState<string | null>(null)
  // A number the sandbox cannot read is said at its field, which takes the focus to be put right.
  const [fromError, setFromError] = useState<string | null>(null)
  const fromRef = useRef<HTMLInputElement>(null)
  // The submit button keeps the focus while the message goes (said busy): it goes to the result line once that line
  // says how it went (what replied, or what was wrong).
  const resultRef = useRef<HTMLDivElement>(null)
  const focusResult = useRef(false)
  useLayoutEffect(() => {
    if (busy || !focusResult.current) return
    focusResult.current = false
    if (fromError !== null) fromRef.current?.focus()
    else resultRef.current?.focus()
  }, [busy, fromError])

  // A file may come without words (a voice note never has a caption); a text message needs them.
  const ready =
    from.trim() !== '' && (media !== '' || message.trim() !== '') && tooLongError(t, message) === null

  async function submit(event: FormEvent): Promise<void> {
    event.preventDefault()
    if (!ready) return
    setBusy(true)
    focusResult.current = true
    setError(null)
    setFromError(null)
    setResult(null)
    try {
      const reply = await call('sandbox:receive', {
        deviceId,
        from: from.trim(),
        message,
        ...(media ? { media } : {})
      })
      setResult({
        replies: reply.replies,
        webhookDeliveryId: reply.webhookDeliveryId,
        keyword: await keywordOf(deviceId, message)
      })
    } catch (e) {
      const info = errorInfo(e)
      if (info.field === 'from') setFromError(info.message)
      else setError(info.message)
    } finally {
      setBusy(false)
    }
  }

  return (
    <form
      className="card form"
      noValidate
      onSubmit={(e) => void submit(e)}
      data-testid="try-incoming"
      // A form landmark by its heading, and by its device where several get one (the inbox): told apart in a screen
      // reader's list of landmarks.
      aria-labelledby={deviceName === undefined ? titleId : `${titleId} ${introId}`}
    >
      <h3 id={titleId}>{t('sandbox.try.title')}</h3>
      <p className="muted" id={introId}>
        {deviceName === undefined
          ? t('sandbox.try.intro')
          : t('sandbox.try.introNamed', { device: deviceName })}
      </p>
      <div className="form-grid">
        <Field id={`try-from-${deviceId}`} label={t('sandbox.try.from')} error={fromError}>
          {(control) => (
            <input
              {...control}
              ref={fromRef}
              data-testid="try-from"
              inputMode="tel"
              value={from}
              onChange={(e) => {
                setFrom(e.target.value)
                setFromError(null)
              }}
            />
          )}
        </Field>
        <Field
          id={`try-message-${deviceId}`}
          label={media ? t('sandbox.try.caption') : t('sandbox.try.message')}
          error={tooLongError(t, message)}
        >
          {(control) => (
            <input
              {...control}
              dir="auto"
              data-testid="try-message"
              value={message}
              onChange={(e) => setMessage(e.target.value)}
            />
          )}
        </Field>
        <Field id={`try-media-${deviceId}`} label={t('sandbox.try.media')}>
          {(control) => (
            <select
              {...control}
              data-testid="try-media"
              value={media}
              onChange={(e) => setMedia(e.target.value as MediaChoice)}
            >
              <option value="">{t('sandbox.try.media.none')}</option>
              {MEDIA_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {t(MEDIA_KIND_CHOICES[kind])}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <div className="actions">
        <button
          type="submit"
          className="button button--primary"
          disabled={!ready}
          {...busyButtonProps(busy)}
          data-testid="try-submit"
        >
          {t('sandbox.try.submit')}
        </button>
      </div>
      <div ref={resultRef} tabIndex={-1} role="status" data-testid="try-result">
        {error ? <p className="feedback feedback--bad">{error}</p> : null}
        {result
          ? result.replies.length > 0
            ? result.replies.map((reply) => (
                <p key={reply.id} className="feedback feedback--ok" data-testid="try-reply">
                  {t('sandbox.try.replied', { text: reply.text ?? reply.fileName ?? '' })}
                </p>
              ))
            : [
                <p key="none" className="muted" data-testid="try-no-reply">
                  {t('sandbox.try.noReply')}
                </p>
              ]
          : null}
        {result?.keyword ? (
          <p className="muted" data-testid="try-keyword">
            {t(
              !result.keyword.receiving
                ? 'sandbox.try.keywordNotReceiving'
                : result.keyword.action === 'opt-out'
                  ? 'sandbox.try.optOutKeyword'
                  : 'sandbox.try.optInKeyword',
              { text: result.keyword.text }
            )}
          </p>
        ) : null}
        {result?.webhookDeliveryId ? (
          <TryWebhookLine
            deviceId={deviceId}
            deliveryId={result.webhookDeliveryId}
            inspectorBelow={inspectorBelow}
          />
        ) : null}
      </div>
    </form>
  )
}

/**
 * Where the copy of the message sent to the webhook address stands, followed until its delivery settles (QA58: "also
 * went to the webhook address" read as done, and stayed so while every attempt was refused). Its last attempt in the
 * inspector's words; a delivery not read yet (or not readable) is on its way.
 */
function TryWebhookLine({
  deviceId,
  deliveryId,
  inspectorBelow
}: {
  deviceId: string
  deliveryId: string
  inspectorBelow: boolean
}): React.JSX.Element {
  const t = useT()
  const { data } = useSandboxQuery(`try-webhook:${deviceId}`, () =>
    call('sandbox:webhookDeliveries', { deviceId })
  )
  const delivery = data?.deliveries.find((d) => d.id === deliveryId)
  const last = delivery?.attempts.at(-1)
  const lastWords =
    delivery && last
      ? last.httpStatus !== null
        ? t('webhooks.attempt.http', { status: last.httpStatus })
        : noAnswerWords(t, last.error, delivery.url)
      : null
  const where = t(inspectorBelow ? 'sandbox.try.webhook.whereBelow' : 'sandbox.try.webhook.whereElsewhere')
  const state =
    delivery?.state === 'delivered'
      ? t('sandbox.try.webhook.delivered', { answer: lastWords ?? '' })
      : delivery?.state === 'failed'
        ? t('sandbox.try.webhook.failed', { last: lastWords ?? '' })
        : lastWords !== null
          ? t('sandbox.try.webhook.retrying', { last: lastWords })
          : t('sandbox.try.webhook.onItsWay')
  return (
    <p
      className={delivery?.state === 'failed' ? 'feedback feedback--bad' : 'muted small'}
      data-testid="try-webhook"
    >
      {`${state} ${where}`}
    </p>
  )
}
