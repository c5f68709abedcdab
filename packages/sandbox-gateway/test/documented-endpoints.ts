// Every endpoint the gateway reference (`shared/gateway-api.md`) names, as the sandbox serves it: the contract test
// calls each one and fails on a 404, and reference.test.ts checks this list against the reference itself, so an
// endpoint added to the reference cannot be forgotten here. Ids in paths are `x`.

export interface DocumentedEndpoint {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  path: string
}

const endpoints = (...pairs: `${DocumentedEndpoint['method']} ${string}`[]): DocumentedEndpoint[] =>
  pairs.map((pair) => {
    const [method, path] = pair.split(' ') as [DocumentedEndpoint['method'], string]
    return { method, path }
  })

export const DOCUMENTED_ENDPOINTS: readonly DocumentedEndpoint[] = endpoints(
  // §1, §4.1 device
  'POST /api/device/create',
  'GET /api/device/info',
  'GET /api/device/info/x',
  'GET /api/device/scan',
  'POST /api/device/change-number',
  'POST /api/device/change-sender',
  'POST /api/device/change-webhook-url',
  'POST /api/device/change-tracking-url',
  'POST /api/device/change-closing',
  'POST /api/device/incoming',
  'GET /api/device/generate-token',
  'GET /api/device/disconnect',
  'GET /api/device/restart',
  'GET /api/device/reconnect',
  'DELETE /api/device/delete',
  'POST /api/device/speed',
  'POST /api/device/tracking',
  'GET /check-phone-number',
  'GET /api/list-server',
  // §4.2–4.4 sends
  'GET /api/send-message',
  'POST /api/send-message',
  'POST /api/send-image',
  'POST /api/send-document',
  'POST /api/send-video',
  'POST /api/send-audio',
  'POST /api/send-image-from-local',
  'POST /api/send-document-from-local',
  'POST /api/send-video-from-local',
  'POST /api/send-audio-from-local',
  'POST /api/upload/image',
  'POST /api/upload/video',
  'POST /api/upload/audio',
  'POST /api/upload/document',
  'POST /api/v2/send-message',
  'POST /api/v2/send-image',
  'POST /api/v2/send-audio',
  'POST /api/v2/send-document',
  'POST /api/v2/send-video',
  'POST /api/v2/send-link',
  'POST /api/v2/send-list',
  'POST /api/v2/send-location',
  'POST /api/v2/send-button',
  'POST /api/v2/send-template',
  'POST /api/v2/send',
  // §4.5 groups
  'POST /api/send-group',
  'POST /api/send-image-group',
  'POST /api/send-document-group',
  'GET /api/v2/group/text',
  'POST /api/v2/group/text',
  'POST /api/v2/group/image',
  'POST /api/v2/group/video',
  'POST /api/v2/group/audio',
  'POST /api/v2/group/document',
  'POST /api/group/add',
  'POST /api/group/delete-phone',
  // §4.6 message management
  'GET /api/resend-message',
  'GET /api/resend-message/x',
  'GET /api/cancel-message',
  'GET /api/cancel-all-message',
  'GET /api/revoke-message',
  'DELETE /api/v2/media/delete/x',
  'POST /api/remove-pending-message',
  // §4.7 schedules
  'POST /api/schedule',
  'PUT /api/schedule/x',
  'PUT /api/schedule-cancel/x',
  'DELETE /api/schedule/x',
  'POST /api/v2/schedule',
  'POST /api/v2/send-schedule',
  'PUT /api/v2/schedule/x',
  'DELETE /api/v2/schedule/x',
  'DELETE /api/v2/delete-schedule',
  'DELETE /api/delete-schedule',
  // §4.8 reminders
  'POST /api/reminder',
  'POST /api/reminder/x',
  'GET /api/reminder/info/x',
  'DELETE /api/reminder/x',
  // §4.9 reports
  'GET /api/report/message',
  'GET /api/report-realtime',
  'GET /api/report',
  // §4.10 contacts, blacklist, agents
  'POST /api/v2/contact',
  'POST /api/v2/create-contact',
  'POST /api/v2/contact/update',
  'DELETE /api/contact',
  'DELETE /api/v2/contact',
  'GET /api/v2/contact',
  'GET /api/blacklist',
  'GET /api/blacklist/cancel',
  'POST /api/create-agent',
  'POST /api/v2/create-agent',
  'POST /api/assign-agent',
  'GET /api/close-ticket/x',
  // §4.11 auto-replies
  'POST /api/v2/autoreply',
  'PUT /api/v2/autoreply/x',
  'DELETE /api/v2/autoreply/x',
  'GET /api/v2/autoreply/getData',
  // §4.12 other channels and the legacy SMS send
  'POST /api/channel/telegram',
  'POST /api/channel/line',
  'POST /api/channel/facebook',
  'POST /api/channel/twitter',
  'POST /api/sms/send'
)

/**
 * The endpoints a reference text names: `METHOD /path` in code spans (and bare `/api/…` paths, whose method is any),
 * with the host and query dropped, `{a|b}` alternatives expanded and other `{placeholders}` as `x`.
 */
export function endpointsNamedIn(reference: string): { method: string | null; path: string }[] {
  const found: { method: string | null; path: string }[] = []
  for (const [, method, target] of reference.matchAll(/`(?:(GET|POST|PUT|DELETE) )?([^` ]+)`/g)) {
    if (target === undefined) continue
    const url = target.replace(/\\\|/g, '|').replace(/[…[].*$/, '')
    const hostless = url.replace(/^https:\/\/phone\.wablas\.com(?=\/)/, '')
    // Media file addresses, patterns (`/api/<name>`, `/api/send-*`) and the bare prefixes are not endpoints.
    if (!/^\/(api\/|check-phone-number)/.test(hostless) || /[<*]|\.\.\./.test(hostless)) continue
    const path = hostless.replace(/\?.*$/, '')
    const alternatives = /\{([^}]*\|[^}]*)\}/.exec(path)
    const paths = alternatives
      ? (alternatives[1] ?? '').split('|').map((choice) => path.replace(alternatives[0], choice))
      : [path]
    for (const each of paths) found.push({ method: method ?? null, path: each.replace(/\{[^}]*\}/g, 'x') })
  }
  return found
}
