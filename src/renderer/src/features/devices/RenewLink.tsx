// The way to renew an ended subscription or a used-up quota, shown with the advice wherever it is given: the gateway's own dashboard.
import type { DeviceView } from '../../../../shared/contract'
import { renewAddress } from '../../../../shared/device-status'
import { useT } from '../../i18n'

/**
 * A link to the device's gateway host, or nothing when the device needs no renewal there (see renewAddress). It opens
 * in a new window, which the main process turns into the operator's browser (it lets configured gateways through).
 */
export function RenewLink({
  device,
  className
}: {
  device: Pick<DeviceView, 'id' | 'state' | 'baseUrl' | 'sandbox' | 'quota'>
  className?: string
}): React.JSX.Element | null {
  const t = useT()
  const address = renewAddress(device)
  if (!address) return null
  return (
    <a
      href={address.href}
      target="_blank"
      rel="noopener noreferrer"
      className={className}
      data-testid={`renew-link-${device.id}`}
    >
      {t('devices.renewAt', { host: address.host })}
    </a>
  )
}
