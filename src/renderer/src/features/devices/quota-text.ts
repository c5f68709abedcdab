// How a device's remaining quota reads, wherever the window shows it (device rows, the overview's fleet).
import type { DeviceView } from '../../../../shared/contract'
import { isSandboxDevice } from '../../../../shared/device-status'
import type { Translate } from '../../i18n'

export function quotaText(device: Pick<DeviceView, 'quota' | 'sandbox'>, t: Translate): string {
  const { quota } = device
  if (quota === null) return t('common.unknown')
  // None left (the gateway said so, or refused a send for it): what mends it, not a count of nothing; the sandbox's
  // own panel tops it up (it has no package).
  if (quota === 0) return t(isSandboxDevice(device) ? 'devices.quota.none.sandbox' : 'devices.quota.none')
  // A count in the window's digits and grouping (12,000 / 12.000), worded by its plural.
  return quota === 'unlimited' ? t('devices.quota.unlimited') : t('devices.quota.left', { count: quota })
}
