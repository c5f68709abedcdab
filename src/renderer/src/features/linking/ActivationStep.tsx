// Step 4: ask IT support to activate the device — a prepared message (serial, sender, time), a copy button and the contact.
import type { DeviceView } from '../../../../shared/contract'
import { localeOf, useLanguage, useT } from '../../i18n'
import { formatDateTimeInZone } from '../../i18n/dates'
import { useLinking } from '../../stores/linking'
import { useNavigation } from '../../stores/navigation'
import { useSettings } from '../../stores/settings'
import { CopyButton } from '../../ui/CopyButton'
import { LinkProgress } from './LinkProgress'
import './linking.css'

export function ActivationStep({ device }: { device: DeviceView | undefined }): React.JSX.Element {
  const t = useT()
  const locale = localeOf(useLanguage())
  const scannedAt = useLinking((s) => s.scannedAt)
  const settings = useSettings((s) => s.settings)
  const zone = settings?.defaultTimezone || undefined
  const when = scannedAt ?? device?.stateSince ?? null
  // Its zone named after it as every zoned time in the window ("09:30 WIB"), the computer's when none is set.
  const time = when ? formatDateTimeInZone(when, locale, zone) : t('common.unknown')
  const message = t('linking.activation.message', {
    label: device?.label ?? '',
    serial: device?.serial ?? t('linking.activation.noSerial'),
    sender: device?.sender ?? t('linking.activation.noSender'),
    time
  })
  const contact = settings?.supportContact.trim() ?? ''

  return (
    <div className="activation">
      <LinkProgress device={device} />
      <p>{t('linking.activation.intro')}</p>
      <label htmlFor="activation-message">{t('linking.activation.messageLabel')}</label>
      <textarea
        id="activation-message"
        className="message-preview"
        readOnly
        rows={7}
        value={message}
        data-testid="activation-message"
      />
      <div className="actions">
        <CopyButton
          text={message}
          label={t('linking.activation.copy')}
          testId="activation-copy"
          className="button button--primary"
        />
      </div>
      <div className="support-contact" data-testid="support-contact">
        {contact ? (
          <p>
            {t('linking.activation.contact')} <strong className="selectable">{contact}</strong>
          </p>
        ) : (
          <p>
            {t('linking.activation.noContact')}{' '}
            <button
              type="button"
              className="link-button"
              // Settings opens on the field itself, with a way back to this device's step (QA26 Q26-03).
              onClick={() =>
                useNavigation.getState().navigate('settings', {
                  settingsAsk: { field: 'supportContact', linkingDeviceId: device?.id ?? null }
                })
              }
            >
              {t('linking.activation.setContact')}
            </button>
          </p>
        )}
      </div>
      <p className="muted">{t('linking.activation.after')}</p>
    </div>
  )
}
