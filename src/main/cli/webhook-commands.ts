/** `sender-desk webhook …`: a device's webhook settings at the gateway, and (sandbox) what the sandbox POSTed. */
import { UsageError, stringFlag } from './args'
import { counted, EXIT } from './output'
import type { CliContext } from './index'
import { sandboxControlOf, viaSandboxControl } from './sandbox-control'
import type { WebhookReplyNote } from '@sender-desk/sandbox-gateway'
import { unreachableBy } from '../core/compose-command-line'
import type { WebhookDeliveryView } from '../../shared/contract'
import { shownJson } from '../../shared/domain/shown-text'
import { translate } from '../../shared/i18n'
import { deliveryHeadline, withDeliveryMessages } from '../../shared/webhook-headline'
import { dataToRead, withCommandLineCore } from './outbox-commands'

const PLACE_IN_WORDS = { 'this-computer': 'this computer', 'private-network': 'a private network' } as const

/**
 * Why the gateway cannot post to an address, or null: a gateway on the internet takes http://localhost/… and posts
 * nowhere (the window's rule, webhooks:update).
 */
function unreachableInWords(baseUrl: string, flag: string, url: string | undefined): string | null {
  if (url === undefined || !URL.canParse(url.trim()) || !URL.canParse(baseUrl)) return null
  const place = unreachableBy(baseUrl, url.trim())
  if (place === null) return null
  return `--${flag} ${url.trim()}: the gateway at ${new URL(baseUrl).host} cannot reach ${new URL(url.trim()).hostname} (${PLACE_IN_WORDS[place]})`
}

function onOff(value: string | undefined, flag: string): boolean | undefined {
  if (value === undefined) return undefined
  const text = value.trim().toLowerCase()
  if (['on', 'active', 'true', 'yes'].includes(text)) return true
  if (['off', 'inactive', 'false', 'no'].includes(text)) return false
  throw new UsageError(`--${flag} takes on or off`)
}

function replyNoteInWords(note: WebhookReplyNote): string {
  switch (note.reason) {
    case 'reply-off':
      return 'the device\'s "auto reply from webhook" is off'
    case 'no-reply-asked':
      return 'the answer asks for no reply'
    case 'device-or-message-gone':
      return 'the device or the message is gone'
    case 'gateway-refused':
      return `the gateway refused the reply: "${note.gatewaySaid}"`
  }
}

/** A delivery as the terminal shows it: the inspector's headline with it (null when the payload names nothing). */
type DeliveryShown = WebhookDeliveryView & { headline: string | null }

function describeDelivery(delivery: DeliveryShown): string {
  const last = delivery.attempts[delivery.attempts.length - 1]
  const answer = last
    ? last.httpStatus === null
      ? (last.error ?? 'no answer')
      : `HTTP ${last.httpStatus}`
    : 'not tried'
  const lines = [
    `${delivery.createdAt} ${delivery.kind} → ${delivery.url}: ${delivery.state} after ${counted(delivery.attempts.length, 'attempt')}, last ${answer}`
  ]
  // What it is about, in the window's inspector's words: "Text “Halo…” to +62 812-… is now read".
  if (delivery.headline) lines.push(`  ${delivery.headline}`)
  // The payload as the inspector draws it: the JSON that came, an override in it written as its escape, not dropped.
  lines.push(`  payload: ${shownJson(delivery.payload)}`)
  if (last?.body) lines.push(`  answer: ${last.body.replace(/\s+/g, ' ').slice(0, 200)}`)
  if (delivery.replies.length > 0) lines.push(`  replied in the chat: ${delivery.replies.join(' | ')}`)
  if (delivery.replyNote) lines.push(`  not replied in the chat: ${replyNoteInWords(delivery.replyNote)}`)
  if (delivery.nextAttemptAt) lines.push(`  next attempt: ${delivery.nextAttemptAt}`)
  return lines.join('\n')
}

export async function runWebhook(context: CliContext): Promise<number> {
  const [sub] = context.args.positionals
  switch (sub) {
    case 'set': {
      const webhookUrl = stringFlag(context.args, 'url')
      const trackingUrl = stringFlag(context.args, 'tracking-url')
      const incoming = onOff(stringFlag(context.args, 'incoming'), 'incoming')
      if (webhookUrl === undefined && trackingUrl === undefined && incoming === undefined) {
        throw new UsageError('webhook set needs --url, --tracking-url and/or --incoming on|off')
      }
      const { baseUrl } = await context.credentials()
      // Refused before any request, every address at once (the window's form names both fields too).
      const unreachable = [
        unreachableInWords(baseUrl, 'url', webhookUrl),
        unreachableInWords(baseUrl, 'tracking-url', trackingUrl)
      ].filter((said) => said !== null)
      if (unreachable.length > 0) {
        throw new UsageError(
          `${unreachable.join('; ')}: it posts from its own server. ` +
            `Use ${unreachable.length === 1 ? 'an address' : 'addresses'} it can reach from the internet.`
        )
      }
      const client = await context.client()
      const done: string[] = []
      if (webhookUrl !== undefined) done.push((await client.changeWebhookUrl(webhookUrl)).message)
      if (trackingUrl !== undefined) done.push((await client.changeTrackingUrl(trackingUrl)).message)
      if (incoming !== undefined) {
        const { message } = await client.setIncoming(incoming)
        done.push(message || `incoming messages ${incoming ? 'on' : 'off'}`)
      }
      context.out.result(done.join('\n'), {
        ok: true,
        ...(webhookUrl !== undefined ? { webhookUrl } : {}),
        ...(trackingUrl !== undefined ? { trackingUrl } : {}),
        ...(incoming !== undefined ? { incoming } : {})
      })
      return EXIT.ok
    }
    case 'deliveries': {
      const { control, token } = await sandboxControlOf(context)
      // Read only: with no data folder (a new computer), none is made to look messages up in.
      const data = dataToRead(context)
      const deliveries = await viaSandboxControl('webhooks', control.baseUrl, async () => {
        const posted = await control.webhookDeliveries(token)
        // The message each status is about, looked up as the window's inspector looks it up: this computer's outbox
        // (the data folder's), else what the sandbox sent for this device. No status, no data folder opened.
        const sandboxMessages = async () => {
          const { serial } = await control.device(token)
          return (await control.messages()).filter((message) => message.deviceSerial === serial)
        }
        const named = !posted.some((delivery) => delivery.kind === 'tracking')
          ? posted
          : 'noDataIn' in data
            ? await withDeliveryMessages(posted, { outboxMessageOf: () => null, sandboxMessages })
            : await withCommandLineCore(context, null, (core) =>
                withDeliveryMessages(posted, {
                  outboxMessageOf: (gatewayId) => core.outbox.messageOfGatewayId(gatewayId),
                  sandboxMessages
                })
              )
        return named.map((delivery) => ({
          ...delivery,
          headline: deliveryHeadline(delivery, (key, params) => translate('en', key, params))
        }))
      })
      const listed =
        deliveries.length === 0 ? 'No webhook deliveries yet.' : deliveries.map(describeDelivery).join('\n')
      context.out.result('noDataIn' in data ? `${listed}\n${data.said}` : listed, {
        ok: true,
        deliveries,
        ...('noDataIn' in data ? { noDataIn: data.noDataIn } : {})
      })
      return EXIT.ok
    }
    default:
      throw new UsageError('webhook needs one of: set, deliveries')
  }
}
