/**
 * The `sender-desk` command line: a second front door over the core, under plain Node. Gateway secrets come from flags
 * or the environment, never from disk we write. The open app's own sandbox's control token may come from the data
 * folder, where the app keeps it for this user alone while that sandbox runs.
 */
import { readFile } from 'node:fs/promises'
import { parseArgs, UsageError, type FlagSpec, type ParsedArgs } from './args'
import { createOutput, EXIT, jsonLine, printable, type Output } from './output'
import type { GatewayClient, GatewayCredentials } from '../core/compose-command-line'

export const USAGE = `Usage: sender-desk <command> [options]

  sandbox start [--port N] [--state-file F] [--fast] [--webhooks-to-this-computer]
                                                       run the sandbox gateway; prints {"baseUrl","token","controlToken"};
                                                       --webhooks-to-this-computer lets its webhooks reach a relay on
                                                       127.0.0.1 (loopback only; refused by default)
  sandbox scan|activate|logout|open-web|offline|online|expire|renew
                                                       play the phone / IT support on a sandbox device
  device info | restart | qr [--out F] | change-number <phone>
  send text --to <phones,…> [--group] --message <text> [--queue] [--include-opted-out]
  send file <path> --to <phones,…> [--group] [--caption <text>] [--queue] [--max-file-mb N] [--include-opted-out]
       … --at "Y-m-d H:i" [--zone Z] [--on-gateway]   for later: kept in the outbox for that time on Z's clock (the
                                                       computer's); --on-gateway (text): the gateway keeps it
                                                       a number on the opt-out list is refused unless
                                                       --include-opted-out (send to it anyway)
  report --id <ids,…> | --ref <ref_id>
  message revoke|cancel|resend <id…> [--timeout <s>] | cancel-all
                                                       take messages back at the gateway by their ids (the
                                                       outbox's, as send --queue and outbox list show them, or
                                                       the gateway's): delete sent ones for everyone, cancel
                                                       pending ones, resend failed ones; prints a tally. A
                                                       message the outbox holds is taken back there, as the
                                                       window takes it back (one not sent yet is stopped
                                                       here, and nothing else queued is sent with it); while
                                                       Sender Desk runs, it does the asking
  outbox flush [--timeout <s>] | list [--status <s,…>] [--campaign <id|name> | --direct]
         | retry <id>... | cancel <id>... | delete <id>...
                                                       list --campaign: one campaign's messages (its id or name);
                                                       --direct: the messages not from any campaign
                                                       delete: from this computer's outbox (not a waiting one:
                                                       cancel it first; the gateway's copies stay)
  outbox retry|cancel --matching [--status <s,…>] [--text T] [--campaign <id|name> | --direct]
         [--expect N]                                  every item matching (--campaign, --direct: as for list);
                                                       without --expect, says how many match
                                                       --status: scheduled, queued, sending, accepted, sent,
                                                       delivered, read, failed, cancelled (by someone), optedOut
                                                       (or opted-out: cancelled as the number opted out), revoked,
                                                       cancelled_at_gateway
  webhook set [--url <u>] [--tracking-url <u>] [--incoming on|off] | deliveries (sandbox)
  autoreply list [--keyword k] | create|update <id> --keyword k --response r | delete <id>
  autoreply try --from <phone> --message <text> [--media image|document|video|audio]
                                                       (sandbox) a message (or a file) arrives; shows the auto-reply
  reminder create --to <phone> --message <text> --start "Y-m-d H:i" --periode daily|monthly|yearly|custom
           [--custom-day N] [--title T] [--include-opted-out] (a number on the opt-out list: refused without it)
           | update <id> --to … --message … --start … [--title T] | info <id> | delete <id>
  device create --name <n> --phone <p> --product lite|pro|enterprise --bank <BCA|…> [--periode monthly|yearly]
                                                       order a device; prints the invoice and keeps it here
  device invoices                                      the invoices kept, newest first (the gateway cannot list them)
  campaign create --file F [--map "phone=<col>;vars=<col>,<col>;file=<col>;name=<col>"] --template T [--name N]
           [--attach FILE | --files-dir D]
           [--delay 5-30] [--batch 20/10] [--hours 08:00-20:00@Asia/Jakarta|any] [--cap 150] [--send-recent]
           (--send-recent: also to numbers that got the same message in the last 24 hours, left out otherwise)
  campaign start <id> [--attach FILE | --files-dir D] [--send-recent] | resume <id> [--timeout <s>] | pause <id>
           | cancel <id> | status [<id>]
           (<id> of every campaign command: the campaign's id, or its name, case aside, when no other has it)
           (--attach: one file sent with every row, the message as its caption; --files-dir: each row the file
            named in the map's file= column, found in D; give either to create and start. --send-recent: the
            start checks the same message again, and sends to numbers that got it in the last 24 hours too;
            the start names the rows set aside: those left out at create or by this start for the same message
            in the last 24 hours, and those left out before that it now sends to)
  campaign pacing <id> [--delay …] [--batch …] [--hours …] [--cap …]   (edit while it runs; others stay)
  campaign devices <id> --device <id|name>[,…]         a draft's devices to send from, chosen again: the app's, by
                                                       id or name (a draft left with none by a device's removal
                                                       cannot start until one is chosen)
  campaign export <id> --out F [--format csv|xlsx|skipped]
  campaign takeback <id> [--revoke-delivered] [--timeout <s>]   (stop, cancel at the gateway, delete sent ones for everyone)
           | takeback pause <id> | takeback resume <id> [--timeout <s>]
           (pause: nothing more is asked of the gateway until resume, which goes on where it was, asking nothing
            twice, and carries it on like takeback; exit 0 taken back or paused, 2 when the campaign has no
            take-back under way, 4 when --timeout ends first: run resume again, or leave the app running.
            While Sender Desk runs, takeback and resume ask the gateway nothing: the app takes back for its
            devices; for others they exit 2, and resume carries it on once the app is closed. Without the app,
            they only take back: what else is queued waits for outbox flush)
  optout list | add <phone>... | remove <phone> | import <file> | keywords [stop|start <word,word…>]
                                                       the numbers campaigns skip; add/remove also update the
                                                       gateway's blacklist when device credentials are given
  relay serve --data-dir D [--port N] [--host 127.0.0.1] [--public-url U]
                                                       run the inbox relay for gateway webhooks; prints {"url","dataDir"}
                                                       (SENDER_DESK_RELAY_CREATION_TOKEN: needed to create mailboxes)
  inbox connect --relay URL [--replace]                 make a mailbox on the relay (key pair kept here); prints
                                                       the three webhook URLs to set in the gateway
  inbox rotate [--stop-old]                             a new webhook secret for the mailbox (after a leaked URL);
                                                       prints the new URLs (the old ones work a day, or stop now)
  inbox rotate --pull-token                             a new pull token for the mailbox (after a leaked secrets
                                                       file); kept here, never printed; the old one stops now
  inbox sync [--follow] | list [--unread] [--archived] [--chat C] | show <phone|group id|message number>
                                                       pull messages and statuses once each; the conversations,
                                                       a chat's thread (mailbox credentials: <data dir>/cli-secrets.json)
  inbox reply <phone|group id> --text T | --file F [--text caption] [--group] [--request-id R] [--include-opted-out]
                                                       queue a reply from the device given (send: outbox flush)
  inbox delete <phone|group id> --yes                   delete a chat's conversation, its messages and files (what
                                                       was sent stays in the outbox; contacts and opt-outs stay)
  contacts list [--search S] | add <phone> --name N | remove <phone>
                                                       the names shown for numbers (yours win over learnt ones)

Gateway: --base-url or SENDER_DESK_BASE_URL (https://; http:// only for this computer unless
--allow-insecure-http). Token: --token, SENDER_DESK_TOKEN or --token-file.
Secret key: --secret or SENDER_DESK_SECRET. Outbox data: --data-dir or SENDER_DESK_DATA_DIR.
Sandbox control token (sandbox actions, webhook deliveries, autoreply try): --control-token or SENDER_DESK_SANDBOX_CONTROL;
none for the open app's own sandbox with the app's data folder (the app keeps it there while its sandbox runs).
--json prints one machine-readable JSON result. <command> help (or --help): that command's usage.
Exit codes: 0 ok, 1 failure on this computer (a full disk, the data folder), 2 bad input, or Sender Desk is running
and does not send for these credentials (outbox flush, campaign start|resume, campaign takeback [resume], message
revoke|cancel|resend of the outbox's messages: they wait until it is closed), 3 gateway/auth rejection, 4 network
failure.`

/**
 * USAGE cut to one command: its lines (each entry starts two spaces in, its continuation lines further) between the
 * first line and the notes on credentials and exit codes. Null for a command USAGE does not list.
 */
export function commandUsage(command: string): string | null {
  const [first = '', entries = '', ...notes] = USAGE.split('\n\n')
  const blocks: string[][] = []
  for (const line of entries.split('\n')) {
    if (/^ {2}\S/.test(line)) blocks.push([line])
    else blocks.at(-1)?.push(line)
  }
  const own = blocks.filter((block) => block[0]?.trim().split(' ')[0] === command)
  if (own.length === 0) return null
  return [first, own.flat().join('\n'), ...notes].join('\n\n')
}

export const FLAGS: Record<string, FlagSpec> = {
  json: { type: 'boolean' },
  help: { type: 'boolean' },
  'base-url': { type: 'string' },
  'allow-insecure-http': { type: 'boolean' },
  'control-token': { type: 'string' },
  token: { type: 'string' },
  'token-file': { type: 'string' },
  secret: { type: 'string' },
  'data-dir': { type: 'string' },
  port: { type: 'string' },
  'state-file': { type: 'string' },
  fast: { type: 'boolean' },
  'webhooks-to-this-computer': { type: 'boolean' },
  out: { type: 'string' },
  to: { type: 'string' },
  group: { type: 'boolean' },
  message: { type: 'string' },
  caption: { type: 'string' },
  'max-file-mb': { type: 'string' },
  queue: { type: 'boolean' },
  at: { type: 'string' },
  zone: { type: 'string' },
  'on-gateway': { type: 'boolean' },
  'include-opted-out': { type: 'boolean' },
  id: { type: 'string' },
  ref: { type: 'string' },
  status: { type: 'string' },
  timeout: { type: 'string' },
  url: { type: 'string' },
  'tracking-url': { type: 'string' },
  incoming: { type: 'string' },
  from: { type: 'string' },
  media: { type: 'string' },
  keyword: { type: 'string' },
  response: { type: 'string' },
  title: { type: 'string' },
  start: { type: 'string' },
  periode: { type: 'string' },
  'custom-day': { type: 'string' },
  name: { type: 'string' },
  phone: { type: 'string' },
  product: { type: 'string' },
  bank: { type: 'string' },
  file: { type: 'string' },
  map: { type: 'string' },
  template: { type: 'string' },
  attach: { type: 'string' },
  'files-dir': { type: 'string' },
  'revoke-delivered': { type: 'boolean' },
  'send-recent': { type: 'boolean' },
  delay: { type: 'string' },
  batch: { type: 'string' },
  hours: { type: 'string' },
  cap: { type: 'string' },
  format: { type: 'string' },
  matching: { type: 'boolean' },
  campaign: { type: 'string' },
  device: { type: 'string' },
  direct: { type: 'boolean' },
  text: { type: 'string' },
  expect: { type: 'string' },
  host: { type: 'string' },
  'public-url': { type: 'string' },
  relay: { type: 'string' },
  replace: { type: 'boolean' },
  'stop-old': { type: 'boolean' },
  'pull-token': { type: 'boolean' },
  yes: { type: 'boolean' },
  follow: { type: 'boolean' },
  unread: { type: 'boolean' },
  chat: { type: 'string' },
  archived: { type: 'boolean' },
  'request-id': { type: 'string' },
  search: { type: 'string' }
}

export interface CliContext {
  args: ParsedArgs
  out: Output
  env: NodeJS.ProcessEnv
  credentials(): Promise<GatewayCredentials>
  /** A gateway client for those credentials, from the composition's one client factory (as the app's devices). */
  client(): Promise<GatewayClient>
  /** Resolves when the process is asked to stop (SIGINT/SIGTERM): long-running commands wait on it. */
  stopSignal: Promise<void>
}

/**
 * The app's base-URL rule (https anywhere, http only on loopback), so the CLI never sends a token in clear text to
 * another host by accident; --allow-insecure-http lets it, with a warning on stderr.
 */
async function checkCliBaseUrl(
  baseUrl: string,
  allowInsecureHttp: boolean,
  warn: (line: string) => void
): Promise<{ insecure: boolean }> {
  // Loaded when a command needs credentials, not for --help: the domain brings the phone rules and libphonenumber-js.
  const { checkBaseUrl } = await import('../../shared/domain')
  const strict = checkBaseUrl(baseUrl)
  if (strict.ok) return { insecure: false }
  if (strict.problem !== 'insecure_http') throw new UsageError(strict.message)
  if (!allowInsecureHttp) {
    throw new UsageError(
      `refusing ${baseUrl}: plain http:// would send the token and messages unencrypted; use https:// (or pass --allow-insecure-http)`
    )
  }
  warn(`warning: --allow-insecure-http: the token and messages go unencrypted to ${new URL(baseUrl).host}`)
  return { insecure: true }
}

export async function readCredentials(
  args: ParsedArgs,
  env: NodeJS.ProcessEnv,
  warn: (line: string) => void = () => undefined
): Promise<GatewayCredentials> {
  const flag = (name: string): string | undefined => {
    const value = args.flags[name]
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined
  }
  const baseUrl = flag('base-url') ?? env['SENDER_DESK_BASE_URL']?.trim()
  if (!baseUrl) throw new UsageError('the gateway is not set: give --base-url or SENDER_DESK_BASE_URL')
  const { insecure } = await checkCliBaseUrl(baseUrl, args.flags['allow-insecure-http'] === true, warn)
  let token = flag('token') ?? env['SENDER_DESK_TOKEN']?.trim()
  const tokenFile = flag('token-file')
  if (!token && tokenFile) {
    token = (
      await readFile(tokenFile, 'utf8').catch((error: NodeJS.ErrnoException) => {
        // Node's EISDIR names no path: say which flag held the folder.
        if (error.code === 'EISDIR')
          throw new UsageError(`the token file ${tokenFile} is a folder, not a file`)
        throw error
      })
    ).trim()
    if (!token) throw new UsageError(`the token file ${tokenFile} is empty`)
  }
  if (!token) throw new UsageError('the token is not set: give --token, SENDER_DESK_TOKEN or --token-file')
  const secret = flag('secret') ?? (env['SENDER_DESK_SECRET']?.trim() || undefined)
  // The opt-in travels with the credentials to the client, which would otherwise refuse what was just allowed.
  return { baseUrl, token, ...(secret ? { secret } : {}), ...(insecure ? { allowInsecureHttp: true } : {}) }
}

function stopSignal(): Promise<void> {
  return new Promise((resolve) => {
    process.once('SIGINT', () => resolve())
    process.once('SIGTERM', () => resolve())
  })
}

export async function main(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  let out = createOutput(argv.includes('--json'))
  try {
    const args = parseArgs(argv, FLAGS)
    out = createOutput(args.flags['json'] === true)
    const [command, ...rest] = args.positionals
    if (!command || args.flags['help'] === true || command === 'help' || rest[0] === 'help') {
      // `campaign help`, `campaign --help`, `help campaign`: that command's lines; a bare `help`, all of them.
      const asked = command === 'help' ? rest[0] : command
      process.stdout.write(`${(asked && commandUsage(asked)) || USAGE}\n`)
      return command || args.flags['help'] === true ? EXIT.ok : EXIT.badInput
    }
    // Read once: a command may ask for them twice (queue, then enqueue), the --allow-insecure-http warning shows once.
    let read: Promise<GatewayCredentials> | undefined
    let stopping: Promise<void> | undefined
    const credentials = (): Promise<GatewayCredentials> =>
      (read ??= readCredentials(args, env, (line) => out.progress(line)))
    const context: CliContext = {
      args: { positionals: rest, flags: args.flags },
      out,
      env,
      credentials,
      // Loaded on use, like each command's module: `--help` never loads the client, and a command that only asks the
      // gateway loads the terminal's composition, not the app's.
      client: async () =>
        (await import('../core/compose-command-line')).gatewayClientFactory(await credentials()),
      // Listening for SIGINT/SIGTERM turns off Node's default (ending the process), so only a command that waits
      // for them listens: every other one, `outbox flush` included, stops at Ctrl+C or SIGTERM as a process does.
      get stopSignal() {
        return (stopping ??= stopSignal())
      }
    }
    // Each command's module (and the gateway client, zod, SQLite behind it) loads only when that command runs:
    // `--help` and a usage error stay as quick as a bare node start.
    switch (command) {
      case 'sandbox':
        return await (await import('./sandbox-commands')).runSandbox(context)
      case 'device':
        if (context.args.positionals[0] === 'create')
          return await (await import('./device-create-commands')).runDeviceCreate(context)
        if (context.args.positionals[0] === 'invoices')
          return (await import('./device-create-commands')).runDeviceInvoices(context)
        return await (await import('./device-commands')).runDevice(context)
      case 'send':
        return await (await import('./send-commands')).runSend(context)
      case 'report':
        return await (await import('./report-commands')).runReport(context)
      case 'message':
        return await (await import('./message-commands')).runMessage(context)
      case 'outbox':
        return await (await import('./outbox-commands')).runOutbox(context)
      case 'webhook':
        return await (await import('./webhook-commands')).runWebhook(context)
      case 'autoreply':
        return await (await import('./autoreply-commands')).runAutoReply(context)
      case 'reminder':
        return await (await import('./reminder-commands')).runReminder(context)
      case 'campaign':
        return await (await import('./campaign-commands')).runCampaign(context)
      case 'optout':
        return await (await import('./optout-commands')).runOptOut(context)
      case 'relay':
        return await (await import('./relay-commands')).runRelay(context)
      case 'inbox':
        return await (await import('./inbox-commands')).runInbox(context)
      case 'contacts':
        return await (await import('./contacts-commands')).runContacts(context)
      default:
        throw new UsageError(`unknown command "${command}" (see sender-desk --help)`)
    }
  } catch (error) {
    const { code, line } = (await import('./failure')).describeFailure(error)
    if (out.json) process.stdout.write(`${jsonLine({ ok: false, exitCode: code, error: line })}\n`)
    process.stderr.write(`sender-desk: ${printable(line)}\n`)
    return code
  }
}
