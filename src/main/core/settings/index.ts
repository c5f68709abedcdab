// The settings feature's public surface: the operator's settings and their commands.
export { SettingsService, defaultSettings } from './settings'
export type { SettingsStorage } from './settings'
export { createSettingsCommands } from './commands'
export type { AppInfo, SettingsChannel, SettingsCommandsDeps } from './commands'
