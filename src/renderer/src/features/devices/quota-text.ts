// How a device's remaining quota reads, wherever the window shows it (device rows, the overview's fleet).
import type { DeviceView } from '../../../../shared/contract'
import type { Translate } from '../../i18n'

export function quotaText(quota: DeviceView['quota'], t: Translate): string {
  if (quota === null) return t('common.unknown')
  // None left (the gateway said so, or refused a send for it): what mends it, not a count of nothing.
  if (quota === 0) return t('devices.quota.none')
  // A count in the window's digits and grouping (12,000 / 12.000), worded by its plural.
  return quota === 'unlimited' ? t('devices.quota.unlimited') : t('devices.quota.left', { count: quota })
}
