// The webhooks view: a device's receive-message and tracking URLs and switches, and for sandbox devices the webhook
// inspector with a "message arrives" box to set it off.
import { useState } from 'react'
import { useT } from '../../i18n'
import { useDevices } from '../../stores/devices'
import { DeviceSelect } from '../../ui/DeviceSelect'
import { ViewHeading } from '../../ui/ViewHeading'
import { TryIncoming } from '../sandbox/TryIncoming'
import { WebhookInspector } from './WebhookInspector'
import { WebhookSettingsForm } from './WebhookSettingsForm'
import { isSandboxDevice } from '../../../../shared/device-status'

export function WebhooksView(): React.JSX.Element {
  const t = useT()
  const [deviceId, setDeviceId] = useState<string | null>(null)
  const device = useDevices((s) => s.devices.find((d) => d.id === deviceId))

  return (
    <section className="view" aria-labelledby="webhooks-heading" data-testid="view-webhooks">
      <ViewHeading id="webhooks-heading">{t('webhooks.title')}</ViewHeading>
      <p className="muted">{t('webhooks.intro')}</p>
      <DeviceSelect id="webhooks-device" testId="webhooks-device" value={deviceId} onChange={setDeviceId} />
      {device ? <WebhookSettingsForm key={device.id} device={device} /> : null}
      {device && isSandboxDevice(device) ? (
        <>
          {/* Keyed: a try's result (and the number it came from) belongs to the device it was delivered to. */}
          <TryIncoming key={device.id} deviceId={device.id} inspectorBelow />
          <WebhookInspector key={`inspector-${device.id}`} deviceId={device.id} />
        </>
      ) : device ? (
        <p className="muted" data-testid="webhooks-inspector-sandbox-only">
          {t('webhooks.inspector.sandboxOnly')}
        </p>
      ) : null}
    </section>
  )
}
