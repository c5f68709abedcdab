// The device ids the terminal makes up for credentials the app's device list does not hold (`cli-` and a hash of the
// gateway address and token): the window names such a device as the terminal's, never as a removed one.

export const TERMINAL_DEVICE_PREFIX = 'cli-'

/** Whether a message's device id is one the terminal made up (not a device of the app's list, present or removed). */
export function isTerminalDeviceId(deviceId: string): boolean {
  return deviceId.startsWith(TERMINAL_DEVICE_PREFIX)
}
