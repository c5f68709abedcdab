// The chatbot view (issue 26 point 6): each device's gateway auto-replies with how many conversations each keyword
// answered in the last days; choosing one filters the conversations to those, choosing it again shows them all.
import { AUTO_REPLY_COUNT_DAYS } from '../../../../shared/domain'
import { useT } from '../../i18n'
import { useDeviceName } from '../outbox/device-name'
import type { AnsweredBy } from './use-conversations'
import type { Chatbot } from './use-chatbot'

export function ChatbotPanel({
  chatbot,
  answeredBy,
  onAnsweredBy
}: {
  chatbot: Chatbot
  answeredBy: AnsweredBy | null
  onAnsweredBy(filter: AnsweredBy | null): void
}): React.JSX.Element | null {
  const t = useT()
  const deviceName = useDeviceName(t)
  const devices = chatbot.devices
  if (devices === null && chatbot.error === null) return null
  // Nothing to choose: the heading and each device's note on one line, above the conversations.
  const quiet = chatbot.error === null && (devices ?? []).every((device) => device.rules.length === 0)
  return (
    <section
      className={quiet ? 'inbox-chatbot inbox-chatbot--quiet' : 'inbox-chatbot'}
      aria-labelledby="inbox-chatbot-heading"
      data-testid="inbox-chatbot"
    >
      <h3 id="inbox-chatbot-heading">{t('inbox.chatbot.heading')}</h3>
      {quiet ? null : (
        <p className="muted small">{t('inbox.chatbot.intro', { days: AUTO_REPLY_COUNT_DAYS })}</p>
      )}
      {chatbot.error ? (
        <p className="alert alert--bad" role="alert">
          {chatbot.error}
        </p>
      ) : null}
      {(devices ?? []).map((device) => (
        <div
          key={device.deviceId}
          className="inbox-chatbot-device"
          data-testid={`inbox-chatbot-${device.deviceId}`}
        >
          {devices!.length > 1 ? <h4>{deviceName(device.deviceId)}</h4> : null}
          {device.rules.length === 0 ? (
            <p className="muted small">
              {/* Under its name's heading (more than one device), the line does not name it again. */}
              {devices!.length > 1
                ? t(device.refreshedAt === null ? 'inbox.chatbot.unreadHere' : 'inbox.chatbot.noneHere')
                : device.refreshedAt === null
                  ? t('inbox.chatbot.unread', { device: deviceName(device.deviceId) })
                  : t('inbox.chatbot.none', { device: deviceName(device.deviceId) })}
            </p>
          ) : (
            <ul className="inbox-chatbot-rules">
              {device.rules.map((rule) => {
                const chosen = answeredBy?.deviceId === device.deviceId && answeredBy.ruleId === rule.id
                return (
                  <li key={rule.id}>
                    <button
                      type="button"
                      className="button inbox-chatbot-rule"
                      aria-pressed={chosen}
                      data-testid="inbox-chatbot-rule"
                      title={rule.response}
                      onClick={() =>
                        onAnsweredBy(
                          chosen
                            ? null
                            : {
                                deviceId: device.deviceId,
                                ruleId: rule.id,
                                keyword: rule.keyword,
                                conversationIds: rule.conversationIds
                              }
                        )
                      }
                    >
                      {t('inbox.chatbot.rule', { keyword: rule.keyword, count: rule.conversationIds.length })}
                    </button>
                  </li>
                )
              })}
            </ul>
          )}
        </div>
      ))}
    </section>
  )
}
