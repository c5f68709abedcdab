// The webhooks feature's public surface: remembered webhook settings per device and their commands.
export { WebhookSettingsBook } from './webhook-settings'
export type { SandboxWebhookState, WebhookSettings, WebhookSettingsPatch } from './webhook-settings'
export { createWebhookCommands, createWebhookReachCheck } from './commands'
export type { WebhookChannel, WebhookCommandsDeps } from './commands'
