// What helps a message that failed for good, or whose retry its producer refuses: said, with the button that helps,
// wherever the failure is shown (the Outbox's detail, the Send view's card), so both advise alike (QA47 Q47-04).
import type { OutboxItemView } from '../../../../shared/contract'
import { failureRemedy, gatewayFileMaximum, type FailureRemedy } from '../../../../shared/domain'
import { reasonInWords } from '../../../../shared/i18n/note-text'
import { localeOf, useLanguage, useT, type MessageKey } from '../../i18n'
import { formatBytes } from '../../i18n/dates'
import { useDevices } from '../../stores/devices'
import { useNavigation } from '../../stores/navigation'
import { useSettings } from '../../stores/settings'
import { fileLimitFor } from '../send/file-limit'

const REMEDY_TEXT = {
  'reduce-file': 'outbox.remedy.reduce-file',
  'other-file-type': 'outbox.remedy.other-file-type',
  'lift-opt-out': 'outbox.remedy.lift-opt-out',
  'remove-caption': 'outbox.remedy.remove-caption',
  'send-file-again': 'outbox.remedy.send-file-again'
} as const satisfies Record<Exclude<FailureRemedy, 'retry'>, MessageKey>

/** What helps the item: 'retry' when sending it again may work (or it has not failed). */
export function remedyOf(item: OutboxItemView): FailureRemedy {
  return item.status === 'failed' ? failureRemedy(item.failure?.code) : 'retry'
}

export function RemedyAdvice({ item }: { item: OutboxItemView }): React.JSX.Element | null {
  const t = useT()
  const language = useLanguage()
  const locale = localeOf(language)
  // A permanent failure (a file too large for the gateway) fails the same way again: what helps is said instead.
  const remedy = remedyOf(item)
  // When the gateway named its maximum, the advice names it: a copy under it, not a limit raised past it.
  const gatewayMaximum = remedy === 'reduce-file' ? gatewayFileMaximum(item.failure?.gatewayMessage) : null
  // The limit this device sends under now: only while it is above the gateway's maximum is setting it lower advised
  // (never said as if it were the setting already).
  const device = useDevices((state) => state.devices.find((d) => d.id === item.deviceId))
  const settings = useSettings((state) => state.settings)
  const deviceLimit = fileLimitFor(device, settings)
  const remedyText =
    gatewayMaximum !== null
      ? [
          t('outbox.remedy.reduce-file-under', { max: formatBytes(gatewayMaximum, locale) }),
          deviceLimit > gatewayMaximum
            ? t('outbox.remedy.setLimitTo', { max: formatBytes(gatewayMaximum, locale) })
            : null
        ]
          .filter((text) => text !== null)
          .join(' ')
      : remedy !== 'retry'
        ? t(REMEDY_TEXT[remedy])
        : null
  // A retry its producer refuses (the core says so on the item): not offered; why, and what helps, said instead.
  const refusal = item.retryRefusal
  const refusalText =
    refusal === undefined
      ? null
      : refusal.code === 'after_series_end'
        ? t('outbox.remedy.after-series-end')
        : refusal.code === 'opted_out'
          ? t('outbox.remedy.opted-out')
          : t('outbox.remedy.producer-refused', {
              why: reasonInWords(language, refusal.message, refusal.messageKey, refusal.messageParams).words
            })
  if (remedyText === null && refusalText === null) return null
  return (
    <div className="waiting-reason" data-testid="outbox-remedy">
      {remedyText !== null ? <p>{remedyText}</p> : null}
      {refusalText !== null ? <p>{refusalText}</p> : null}
      {remedy === 'reduce-file' ? (
        <button
          type="button"
          className="button button--primary"
          data-testid="outbox-change-limit"
          onClick={() =>
            // At that device's file-size limit form, its field focused (QA48 Q48-02), as the strip opens an action.
            useNavigation
              .getState()
              .navigate('devices', { deviceAsk: { deviceId: item.deviceId, action: 'fileLimit' } })
          }
        >
          {t('outbox.remedy.changeLimit')}
        </button>
      ) : null}
      {refusal?.code === 'after_series_end' ? (
        <button
          type="button"
          className="button"
          data-testid="outbox-change-series-end"
          onClick={() =>
            useNavigation.getState().navigate(
              'reminders',
              // At that series, its "Change end" focused (QA44 Q44-02); without its producer, at the view.
              item.producer?.kind === 'series'
                ? { seriesAsk: { deviceId: item.deviceId, seriesId: item.producer.id } }
                : {}
            )
          }
        >
          {t('outbox.remedy.changeSeriesEnd')}
        </button>
      ) : null}
    </div>
  )
}
