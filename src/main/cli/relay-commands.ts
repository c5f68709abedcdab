/** `sender-desk relay serve`: run the inbox relay (packages/inbox-relay) on this machine until stopped. */
import { RelayDataDirLockedError, startNodeRelay } from '@sender-desk/inbox-relay'
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
  const publicUrl = stringFlag(context.args, 'public-url')
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
