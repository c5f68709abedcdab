// The devices module's public surface: registry, monitor, actions, the state machine and the view builder.
export { DeviceRegistry, DeviceRecord, maskToken, normaliseBaseUrl } from './registry'
export type {
  AddDeviceInput,
  ClientAccess,
  ClientFactory,
  DeviceRegistryOptions,
  DevicesRecovery,
  RegistryChange
} from './registry'
export { followOtherWriters, DEVICES_FILE_LOOK_MS } from './other-writers'
export { DeviceMonitor, DEFAULT_BACKOFF, DEFAULT_INTERVALS } from './monitor'
export type {
  BackoffPolicy,
  DeviceHistoryItem,
  DeviceMonitorOptions,
  MonitorEvents,
  PollIntervals,
  PushedDeviceStatus,
  PushedStatusOutcome
} from './monitor'
export { DeviceActions, toQrView } from './actions'
export type { DeviceActionsOptions, RelinkTarget, RestartOutcome } from './actions'
export { DeviceError, deviceErrorFromGateway, isDeviceError } from './errors'
export type { DeviceErrorCode } from './errors'
export {
  SETTLED_STATES,
  STATE_SEVERITY,
  expiryInstant,
  isSendable,
  nextState,
  stateFromError,
  stateFromInfo
} from './state'
export type { PollContext, PollOutcome, StateVerdict } from './state'
export { buildDeviceView, UNPOLLED_STATUS } from './view'
export type { DeviceBudgetView, DeviceStatus } from './view'
export { requireClient, requireDevice, type DeviceLookup } from './access'
export { createDeviceCommands } from './commands'
export { KeptAtGatewayRecords } from './kept-at-gateway'
export { UnconfirmedOrders } from './unconfirmed-orders'
export { invoiceRecord } from './invoice-record'
export { terminalDeviceAliases, terminalDeviceId, terminalIdsOf } from './terminal-id'
export type { DeviceChannel, DeviceCommandsDeps, DeviceRemovalHook, DeviceRemovalPreview } from './commands'
export { lockReason } from './lock-reason'
