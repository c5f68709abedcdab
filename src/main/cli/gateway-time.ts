/**
 * A time the gateway writes on its own clock, with no zone ('2027-11-30 08:38:52': a device's expiry, a report's
 * times), as the terminal prints every time: the moment it stands for on this computer's clock, the zone named, as
 * the window's formatGatewayTime shows it. Which zone the gateway's clock is on is the shared rule
 * (GATEWAY_TIME_ZONE); a computer in UTC read those digits as its own.
 */
import { GATEWAY_TIME_ZONE, parseInZone } from '../../shared/domain'
import { localDateTime } from './times'

/**
 * `text` on the computer's clock (or `timeZone`'s), zone named. A bare date is a day on the gateway's calendar, not
 * a moment: it stays that date, with the gateway's zone named. One written with an offset is that instant; text
 * that is neither is shown as it came.
 */
export function gatewayTime(text: string, timeZone?: string): string {
  const trimmed = text.trim()
  const onGatewayClock = parseInZone(trimmed, GATEWAY_TIME_ZONE)
  if (onGatewayClock !== null)
    return /^\d{4}-\d{2}-\d{2}$/.test(trimmed)
      ? `${trimmed} (${GATEWAY_TIME_ZONE})`
      : localDateTime(onGatewayClock, timeZone)
  const instant = /(Z|[+-]\d{2}:?\d{2})$/.test(trimmed) ? Date.parse(trimmed) : Number.NaN
  return Number.isNaN(instant) ? text : localDateTime(instant, timeZone)
}
