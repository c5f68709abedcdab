// The control actions that play the phone and IT support on a sandbox device (`POST /__sandbox/device/<action>`):
// one list, so the app's contract and the CLI name them from here instead of spelling them again.

export const SANDBOX_DEVICE_ACTIONS = [
  'scan',
  'activate',
  'logout',
  'open-web',
  'offline',
  'online',
  'expire',
  'renew'
] as const

export type DeviceAction = (typeof SANDBOX_DEVICE_ACTIONS)[number]
