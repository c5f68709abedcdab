/** `sender-desk relay serve`: run the inbox relay (packages/inbox-relay) on this machine until stopped. */
import { RelayDataDirLockedError, startNodeRelay } from '@sender-desk/inbox-relay'
import { isLoopbackHost } from '../../shared/domain'
import { UsageError, intFlag, portUsageError, requireString, stringFlag } from './args'
import { EXIT } from './output'
import type { CliContext } from './index'

export async function runRelay(context: CliContext): Promise<number> {
  const [sub] = context.args.positionals
  if (sub === 'serve') return serve(context)
  throw new UsageError('relay needs: serve --data-dir D [--port N] [--host H] [--public-url U]')
}

async function serve(context: CliContext): Promise<number> {
  // Its own folder, never the outbox's by default: the relay often runs on another machine than the app.
  const dataDir = requireString(context.args, 'data-dir', 'the folder that keeps the relay’s mailboxes')
  const port = intFlag(context.args, 'port', { min: 0, max: 65535 }) ?? 0
  const host = stringFlag(context.args, 'host') ?? '127.0.0.1'
  const publicUrl = checkPublicUrl(stringFlag(context.args, 'public-url'), host)
  // From the environment rather than a flag, so it does not show in the process list.
  const creationToken = context.env['SENDER_DESK_RELAY_CREATION_TOKEN']?.trim() || undefined
  const relay = await startNodeRelay({ port, host, dataDir, publicUrl, creationToken }).catch(
    (error: unknown) => {
      if (error instanceof RelayDataDirLockedError) throw new UsageError(error.message)
      throw portUsageError(error, port) ?? error
    }
  )
  // Always one JSON line on stdout: scripts read it.
  process.stdout.write(`${JSON.stringify({ url: relay.url, dataDir })}\n`)
  if (!context.out.json) {
    context.out.progress(
      `Inbox relay running at ${relay.url} (data in ${dataDir}).` +
        (publicUrl === undefined
          ? ' Mailboxes get webhook addresses on http:// built from each request, which Sender Desk accepts only' +
            ' for a relay on this computer: behind a TLS proxy, start it with --public-url https://<its address>.'
          : ` Mailboxes get webhook addresses on ${publicUrl}.`) +
        (creationToken === undefined
          ? ' Anyone who reaches it can create mailboxes: set SENDER_DESK_RELAY_CREATION_TOKEN on a public address.'
          : '') +
        '\nPress Ctrl+C to stop.'
    )
  }
  await context.stopSignal
  await relay.close()
  return EXIT.ok
}

/**
 * The address the gateway reaches, for the webhook URLs a mailbox gets. They carry the ingress secret, so https://
 * (plain http only on this computer). Off this computer one is required: without it the URLs are built from each
 * request as http:// (a TLS proxy in front does not change that), and Sender Desk refuses them.
 */
function checkPublicUrl(publicUrl: string | undefined, host: string): string | undefined {
  if (publicUrl === undefined) {
    if (isLoopbackHost(host)) return undefined
    throw new UsageError(
      `--public-url is required with --host ${host}: the relay's https:// address (for example ` +
        'https://relay.example.com, the TLS proxy in front of it); without it, mailboxes would get http:// webhook ' +
        'addresses that carry their secret unencrypted.'
    )
  }
  const url = URL.canParse(publicUrl) ? new URL(publicUrl) : null
  const secure = url?.protocol === 'https:' || (url?.protocol === 'http:' && isLoopbackHost(url.hostname))
  if (url === null || !secure || url.search || url.hash || url.username)
    throw new UsageError(
      '--public-url must start with https:// (http:// only for this computer) and carry no ?query: ' +
        `the address the gateway reaches, for example https://relay.example.com (given: ${publicUrl.slice(0, 80)})`
    )
  return publicUrl.replace(/\/+$/, '')
}
