// Which of the operator's numbers (devices) a conversation goes through, named where it tells something: with several
// devices, the same customer can write to two of them, and only the device tells those conversations apart (QA F05).
import type { InboxConversationView } from '../../../../shared/contract'
import { useT } from '../../i18n'
import { useDevices } from '../../stores/devices'
import { useDeviceName } from '../outbox/device-name'

/**
 * The conversation's device name, or null with one device (its name says nothing); a device Sender Desk does not
 * know goes by the gateway's serial, as in the list.
 */
export function useConversationDevice(conversation: InboxConversationView): string | null {
  const t = useT()
  const several = useDevices((s) => s.devices.length > 1)
  const nameOf = useDeviceName(t)
  if (!several) return null
  return conversation.deviceId ? nameOf(conversation.deviceId) : conversation.deviceSerial
}
