// The auto-replies feature's public surface: its commands, and the core's copy of the devices' rules.
export { createAutoReplyCommands } from './commands'
export type { AutoReplyChannel, AutoReplyCommandsDeps } from './commands'
export { createAutoReplyBook, AUTO_REPLY_STALE_MS } from './auto-reply-book'
export type { AutoReplyBook, AutoReplyBookDeps, DeviceChatbot, RecentIncoming } from './auto-reply-book'
