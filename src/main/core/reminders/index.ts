// The reminders feature's public surface: reminders kept on the gateway and remembered here, and their commands.
export { GatewayReminders, gatewayDateTime } from './gateway-reminders'
export type { ReminderDraft } from './gateway-reminders'
export { createReminderCommands, remindersRemovalHook } from './commands'
export type { ReminderChannel, ReminderCommandsDeps } from './commands'
