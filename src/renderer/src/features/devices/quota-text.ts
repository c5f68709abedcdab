// How a device's remaining quota reads, wherever the window shows it (device rows, the overview's fleet).
import type { DeviceView } from '../../../../shared/contract'
import type { Translate } from '../../i18n'

export function quotaText(quota: DeviceView['quota'], t: Translate): string {
  if (quota === null) return t('common.unknown')
  return quota === 'unlimited' ? t('devices.quota.unlimited') : String(quota)
}
