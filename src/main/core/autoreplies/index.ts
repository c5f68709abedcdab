// The auto-replies feature's public surface: its commands.
export { createAutoReplyCommands } from './commands'
export type { AutoReplyChannel, AutoReplyCommandsDeps } from './commands'
