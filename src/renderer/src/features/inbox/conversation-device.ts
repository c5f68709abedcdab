// Which of the operator's numbers (devices) a conversation goes through, named where it tells something: with several
// devices, the same customer can write to two of them, and only the device tells those conversations apart (QA F05).
import type { InboxConversationView } from '../../../../shared/contract'
import { formatPhoneForReading } from '../../../../shared/domain/phone-display'
import type { Translate } from '../../../../shared/i18n'
import { useT } from '../../i18n'
import { useDevices } from '../../stores/devices'
import { useDeviceName } from '../outbox/device-name'

/**
 * The conversation's device name, or null with one device (its name says nothing) or a device Sender Desk does not
 * know (unknownDeviceWords says that one, whatever the count).
 */
export function useConversationDevice(conversation: InboxConversationView): string | null {
  const t = useT()
  const several = useDevices((s) => s.devices.length > 1)
  const nameOf = useDeviceName(t)
  if (!several || !conversation.deviceId) return null
  return nameOf(conversation.deviceId)
}

/**
 * A conversation through a device Sender Desk does not know, in words: "to a device not in Sender Desk (+62 …)", the
 * number it came to, formatted, else the gateway's serial; null for one of the operator's devices. Said with one
 * device too (QA82: a webhook for an unknown serial made a second "Siti Aminah" row, nothing told the two apart).
 */
export function unknownDeviceWords(
  t: Translate,
  conversation: Pick<InboxConversationView, 'deviceId' | 'deviceSerial' | 'devicePhone'>
): string | null {
  if (conversation.deviceId) return null
  const phone = conversation.devicePhone?.trim()
  const device = phone ? formatPhoneForReading(phone) : conversation.deviceSerial?.trim()
  return device ? t('inbox.device.unknown', { device }) : t('inbox.device.unknownUnnamed')
}
