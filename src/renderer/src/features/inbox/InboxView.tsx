// "Messages in": the relay's state, connecting a mailbox when there is none, "Receive messages" per device, and the
// messages received (newest first). Follows `inbox:changed` while open: the state and the list redraw as the core's
// sync moves.
import { useCallback, useEffect, useState } from 'react'
import type { InboxMessageView, InboxStatusView, ReceivingView } from '../../../../shared/contract'
import { call, errorInfo, getApi } from '../../api'
import { useT } from '../../i18n'
import { ViewHeading } from '../../ui/ViewHeading'
import { ConnectMailbox } from './ConnectMailbox'
import { MessagesIn } from './MessagesIn'
import { ReceivingDevices } from './ReceivingDevices'
import { RelayState } from './RelayState'
import './inbox.css'

const LIST_LIMIT = 100

export function InboxView(): React.JSX.Element {
  const t = useT()
  const [status, setStatus] = useState<InboxStatusView | null>(null)
  const [receiving, setReceiving] = useState<ReceivingView | null>(null)
  const [messages, setMessages] = useState<InboxMessageView[] | null>(null)
  const [error, setError] = useState<string | null>(null)

  const loadMessages = useCallback(async (): Promise<void> => {
    setMessages((await call('inbox:list', { limit: LIST_LIMIT })).messages)
  }, [])

  useEffect(() => {
    let on = true
    Promise.all([
      call('inbox:status', {}),
      call('inbox:receiving', {}),
      call('inbox:list', { limit: LIST_LIMIT })
    ])
      .then(([nextStatus, nextReceiving, list]) => {
        if (!on) return
        setStatus(nextStatus)
        setReceiving(nextReceiving)
        setMessages(list.messages)
      })
      .catch((e: unknown) => {
        if (on) setError(errorInfo(e).message)
      })
    const off = getApi().on('inbox:changed', (next) => {
      setStatus(next)
      loadMessages().catch((e: unknown) => setError(errorInfo(e).message))
    })
    return () => {
      on = false
      off()
    }
  }, [loadMessages])

  async function connected(view: ReceivingView): Promise<void> {
    setReceiving(view)
    setStatus(await call('inbox:status', {}))
  }

  // A refused token or a relay that lost its storage: only a new mailbox goes on.
  const needsNewMailbox = status?.state === 'auth-refused' || status?.state === 'cursor-ahead'

  return (
    <section className="view" aria-labelledby="inbox-heading" data-testid="view-inbox">
      <ViewHeading id="inbox-heading">{t('inbox.title')}</ViewHeading>
      {error ? (
        <p className="alert alert--bad" role="alert">
          {error}
        </p>
      ) : null}
      {status && receiving ? (
        <>
          <RelayState status={status} relayUrl={receiving.relayUrl} />
          {!receiving.connected || needsNewMailbox ? (
            <ConnectMailbox replace={receiving.connected} onConnected={(view) => void connected(view)} />
          ) : null}
          {receiving.connected ? <ReceivingDevices view={receiving} onView={setReceiving} /> : null}
        </>
      ) : error ? null : (
        <p role="status">{t('outbox.loading')}</p>
      )}
      <MessagesIn messages={messages} />
    </section>
  )
}
