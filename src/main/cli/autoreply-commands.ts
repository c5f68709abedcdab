/** `sender-desk autoreply …`: the gateway's keyword chatbot (v2/autoreply), and (sandbox) a message arriving to try it. */
import { UsageError, requireString, stringFlag } from './args'
import { EXIT } from './output'
import type { CliContext } from './index'
import { sandboxControlOf, viaSandboxControl } from './sandbox-control'
import type { AutoReply } from '../core/compose-command-line'
import type { MessageSnapshot } from '@sender-desk/sandbox-gateway'

function describeRule(rule: AutoReply): string {
  return `${rule.id}: "${rule.keyword}" → ${rule.response}`
}

function idArgument(positionals: string[], command: string): string {
  const id = positionals[1]
  if (!id) throw new UsageError(`autoreply ${command} needs the rule id (see sender-desk autoreply list)`)
  return id
}

export async function runAutoReply(context: CliContext): Promise<number> {
  const positionals = context.args.positionals
  const [sub] = positionals
  if (sub === 'try') return tryIt(context)
  if (!sub || !['list', 'create', 'update', 'delete'].includes(sub)) {
    throw new UsageError('autoreply needs one of: list, create, update <id>, delete <id>, try')
  }
  const client = await context.client()
  const pair = (): { keyword: string; response: string } => ({
    keyword: requireString(context.args, 'keyword', 'the text an incoming message must equal'),
    response: requireString(context.args, 'response', 'the reply to send')
  })
  switch (sub) {
    case 'list': {
      const keyword = stringFlag(context.args, 'keyword')
      const rules = await client.listAutoReplies(keyword ? { keyword } : {})
      context.out.result(rules.length === 0 ? 'No auto-replies.' : rules.map(describeRule).join('\n'), {
        ok: true,
        autoReplies: rules
      })
      return EXIT.ok
    }
    case 'create': {
      const rule = await client.createAutoReply(pair())
      context.out.result(`Created ${describeRule(rule)}`, { ok: true, autoReply: rule })
      return EXIT.ok
    }
    case 'update': {
      const id = idArgument(positionals, 'update')
      const rule = await client.updateAutoReply(id, pair())
      context.out.result(`Updated ${describeRule(rule)}`, { ok: true, autoReply: rule })
      return EXIT.ok
    }
    default: {
      const id = idArgument(positionals, 'delete')
      const { message } = await client.deleteAutoReply(id)
      context.out.result(message || `Deleted ${id}.`, { ok: true, id, message })
      return EXIT.ok
    }
  }
}

const INCOMING_MEDIA_KINDS = ['image', 'document', 'video', 'audio'] as const

function isIncomingMediaKind(kind: string): kind is (typeof INCOMING_MEDIA_KINDS)[number] {
  return (INCOMING_MEDIA_KINDS as readonly string[]).includes(kind)
}

/** Sandbox only: a contact's message (with `--media`, a file of that kind captioned by it) arrives; prints the auto-reply it got (webhooks answer later). */
async function tryIt(context: CliContext): Promise<number> {
  const from = requireString(context.args, 'from', 'the contact writing, e.g. 0812…')
  const message = requireString(context.args, 'message')
  const media = stringFlag(context.args, 'media')
  if (media !== undefined && !isIncomingMediaKind(media))
    throw new UsageError('--media must be one of: image, document, video, audio')
  const { control, token } = await sandboxControlOf(context)
  const answer = await viaSandboxControl('device/incoming', control.baseUrl, () =>
    control.receive(token, { from, message, ...(media ? { media: { kind: media } } : {}) })
  )
  const replies: MessageSnapshot[] = answer.replies
  const human =
    replies.length === 0
      ? 'No auto-reply matched.'
      : replies.map((reply) => `Replied to ${reply.phone}: ${reply.text ?? reply.fileName ?? ''}`).join('\n')
  context.out.result(human, {
    ok: true,
    incoming: answer.incoming,
    replies,
    webhookDeliveryId: answer.webhookDeliveryId
  })
  return EXIT.ok
}
