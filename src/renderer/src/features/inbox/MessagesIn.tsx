// The messages received through the relay, newest first (`inbox:list`): who wrote, what, when, on which device. Read
// only for now; issue 26 grows it into the inbox (threads, replies, read state).
import type { DeviceView, InboxMessageView } from '../../../../shared/contract'
import { formatPhoneForReading } from '../../../../shared/domain/phone-display'
import { localeOf, useLanguage, useT } from '../../i18n'
import { formatDateTime } from '../../i18n/dates'
import { useDevices } from '../../stores/devices'

export function MessagesIn({ messages }: { messages: InboxMessageView[] | null }): React.JSX.Element {
  const t = useT()
  const locale = localeOf(useLanguage())
  const devices = useDevices((s) => s.devices)
  return (
    <section className="card" aria-labelledby="inbox-messages-heading" data-testid="inbox-messages">
      <h3 id="inbox-messages-heading">{t('inbox.messages.heading')}</h3>
      {messages === null ? (
        <p role="status">{t('outbox.loading')}</p>
      ) : messages.length === 0 ? (
        <p className="muted" data-testid="inbox-messages-empty">
          {t('inbox.messages.empty')}
        </p>
      ) : (
        <ul className="inbox-messages">
          {messages.map((message) => (
            <li key={message.number} className="inbox-message" data-testid="inbox-message">
              <p className="inbox-message-head">
                <strong data-testid="inbox-message-from">{sender(message)}</strong>
                <time className="muted small" dateTime={message.sentAt ?? message.receivedAt}>
                  {formatDateTime(message.sentAt ?? message.receivedAt, locale)}
                </time>
              </p>
              <p className="inbox-message-text" data-testid="inbox-message-text">
                {message.text || t('inbox.messages.media', { type: message.messageType })}
              </p>
              <p className="muted small">
                {[
                  message.isGroup && message.groupSubject
                    ? t('inbox.messages.group', { group: message.groupSubject })
                    : null,
                  message.deviceSerial
                    ? t('inbox.messages.device', { serial: deviceName(devices, message.deviceSerial) })
                    : null
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/** "Dewi (+62 813…)": the contact's WhatsApp name when the gateway gave it, and the number. */
function sender(message: InboxMessageView): string {
  const raw = message.isGroup ? (message.groupMember ?? message.chatId) : message.chatId
  const number = formatPhoneForReading(raw)
  return message.pushName ? `${message.pushName} (${number})` : number
}

/** The device's label when the gateway's serial is one of ours, else the serial as the gateway sent it. */
function deviceName(devices: DeviceView[], serial: string): string {
  const wanted = serial.trim().toLowerCase()
  return devices.find((d) => d.serial?.trim().toLowerCase() === wanted)?.label ?? serial
}
