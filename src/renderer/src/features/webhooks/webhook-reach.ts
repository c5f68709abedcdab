// Where a device's gateway can post a webhook: the address hint the webhook form gives for it.
import { isLoopbackHost } from '../../../../shared/domain'
import { isSandboxDevice } from '../../../../shared/device-status'

/**
 * Whether a device's gateway can post to an http:// address on this computer: only one running here. The sandbox plays
 * a hosted gateway (its address is this computer's, yet it refuses this computer's addresses), as the core's reach
 * check does; QA75: the webhook hint offered "http:// only for this computer" to a sandbox device, then refused it.
 */
export function gatewayPostsToThisComputer(device: {
  baseUrl: string
  sandbox?: boolean | undefined
}): boolean {
  if (isSandboxDevice(device)) return false
  try {
    return isLoopbackHost(new URL(device.baseUrl).hostname)
  } catch {
    return false
  }
}
