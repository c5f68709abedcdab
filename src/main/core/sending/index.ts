// The sending feature's public surface: the outbox (the send-queue kernel with the one-off and series producers)
// and its commands.
export { createOutbox, type CreateOutboxInput, type Outbox } from './outbox'
export { createSendingCommands, removedDeviceRetryHook, sendingRemovalHook } from './commands'
export type { SendingChannel, SendingCommandsDeps } from './commands'
export { nextOccurrence, type RecurrenceRule } from './recurrence'
