// One device's sending budget in words, as both pre-send summaries (a campaign's, a large direct send's) say it:
// "Kantor: 163 of the daily cap of 200 left today (37 sent); gateway quota 984".
import type { DeviceView } from '../../../shared/contract'
import { budgetLeftToday } from '../../../shared/domain'
import type { useT } from '../i18n'

export function deviceBudgetText(
  t: ReturnType<typeof useT>,
  device: DeviceView,
  count: (n: number) => string
): string {
  const left = budgetLeftToday(device)
  const sent = device.sentToday?.count ?? 0
  return t('campaigns.presend.device', {
    label: device.label,
    budget:
      left === null
        ? t('campaigns.presend.noCap', { sent: count(sent) })
        : t('campaigns.presend.budgetLeft', {
            left: count(left),
            cap: count(device.dailyCap ?? 0),
            sent: count(sent)
          }),
    quota:
      device.quota === 'unlimited'
        ? t('campaigns.presend.quotaUnlimited')
        : device.quota === null
          ? t('campaigns.presend.quotaUnknown')
          : t('campaigns.presend.quota', { quota: count(device.quota) })
  })
}
