// Each view's name as the operator knows it: its tab's words, and for the views reached from inside the app, their own.
import type { MessageKey } from '../../i18n'
import type { NAV_VIEWS, View } from '../../stores/navigation'

/** The tabs' words (Navigation). */
export const TAB_NAME: Record<(typeof NAV_VIEWS)[number], MessageKey> = {
  home: 'nav.home',
  devices: 'nav.devices',
  send: 'nav.send',
  outbox: 'nav.outbox',
  campaigns: 'nav.campaigns',
  schedules: 'nav.schedules',
  reminders: 'nav.reminders',
  autoReplies: 'nav.autoReplies',
  webhooks: 'nav.webhooks',
  settings: 'nav.settings',
  inbox: 'nav.inbox'
}

/** Every view's name, as "Opening <name>…" says it while the view opens (ui/on-demand.tsx). */
export const VIEW_NAME: Record<View, MessageKey> = {
  ...TAB_NAME,
  // Drawn with the shell, never waited for; named for completeness.
  welcome: 'welcome.title',
  linking: 'app.viewName.linking',
  newDevice: 'app.viewName.newDevice'
}
