/**
 * `sender-desk optout list|add|remove|import|keywords`: the opt-out list campaigns skip (and the window shows), and
 * the words a customer writes to join or leave it (the inbox applies them), through the
 * campaigns feature's own commands (`optouts:*`): numbers normalised by the same rule, and pushed to the gateway's
 * blacklist of the device the credentials name, when they are given (without them, the local list only).
 */
import { isUtf8 } from 'node:buffer'
import { open } from 'node:fs/promises'
import { UsageError } from './args'
import { counted, EXIT } from './output'
import { localDateTime } from './times'
import type { CliContext } from './index'
import { saidNoData, withCommandLineCore } from './outbox-commands'
import {
  csvText,
  DEFAULT_OPT_OUT_KEYWORDS,
  megabytesBesideLimit,
  MAX_SPREADSHEET_BYTES,
  numberListCells,
  splitRecipients
} from '../../shared/domain'
import { normalisePhone, type CommandLineCore, type GatewayCredentials } from '../core/compose-command-line'
import type { InvokeReply } from '../../shared/contract'

/** The contract's longest phone entry: a longer one is reported invalid here rather than refusing the whole list. */
const MAX_ENTRY_LENGTH = 40
/** The contract's most numbers in one `optouts:add`. */
const NUMBERS_PER_CALL = 100_000

interface GatewaySync {
  background: boolean
  devices: { deviceId: string; ok: boolean; message: string | null }[]
}

/** The device's credentials when the command was given them (flags or environment); none is the local list only. */
async function optionalCredentials(context: CliContext): Promise<GatewayCredentials | null> {
  return context.credentials().catch(() => null)
}

function describeSync(sync: GatewaySync, credentials: GatewayCredentials | null): string {
  if (!credentials) return 'Not pushed to a gateway (no device credentials given): the local list applies.'
  if (sync.background) return "Pushing to the gateway's blacklist in the background."
  const failed = sync.devices.filter((d) => !d.ok)
  return failed.length === 0
    ? "Pushed to the gateway's blacklist."
    : `The gateway's blacklist was not updated: ${failed.map((d) => d.message ?? 'no reason given').join('; ')}`
}

/** Adds numbers in calls the contract accepts; entries no phone can be are invalid without asking. */
async function addAll(
  core: CommandLineCore,
  entries: readonly string[],
  source: 'operator' | 'import'
): Promise<{ added: number; alreadyListed: number; invalid: string[]; gatewaySync: GatewaySync }> {
  const invalid = entries.filter((entry) => entry.length > MAX_ENTRY_LENGTH)
  const phones = entries.filter((entry) => entry.length <= MAX_ENTRY_LENGTH)
  let added = 0
  // The core counts what was on the list already, so "Added 0" can say why.
  let alreadyListed = 0
  let gatewaySync: GatewaySync = { background: false, devices: [] }
  for (let at = 0; at < phones.length || at === 0; at += NUMBERS_PER_CALL) {
    const reply = await core.invoke('optouts:add', {
      phones: phones.slice(at, at + NUMBERS_PER_CALL),
      source
    })
    added += reply.added
    alreadyListed += reply.alreadyListed
    invalid.push(...reply.invalid)
    gatewaySync = {
      background: gatewaySync.background || reply.gatewaySync.background,
      devices: [...gatewaySync.devices, ...reply.gatewaySync.devices]
    }
  }
  return { added, alreadyListed, invalid, gatewaySync }
}

/**
 * A list file's text, refused over the spreadsheet limit before it is read (it is the same kind of customer list), in
 * the encoding the app's imports read it in (UTF-16 by its BOM, UTF-8, else a Windows code page).
 */
async function listFileText(path: string): Promise<string> {
  const file = await open(path, 'r').catch((error: unknown) => {
    // A missing file in the words every command uses for one (failure.ts, as send file and campaign create say it).
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw error
    throw new UsageError(`${path}: ${error instanceof Error ? error.message : String(error)}`)
  })
  try {
    const stat = await file.stat()
    // A folder opens on Linux; reading it then fails with Node's EISDIR, which names no path.
    if (stat.isDirectory()) throw new UsageError(`${path} is a folder, not a file`)
    const { size } = stat
    if (size > MAX_SPREADSHEET_BYTES) {
      const said = megabytesBesideLimit(size, MAX_SPREADSHEET_BYTES)
      throw new UsageError(`${path} is ${said.size}; an opt-out list is read up to ${said.limit}`)
    }
    return csvText(await file.readFile(), isUtf8)
  } finally {
    await file.close()
  }
}

/** Cells the line about left-out cells names; the rest are counted (--json lists them all). */
const SKIPPED_NAMED = 5

/**
 * What an import left out of the file and why, as the window leaves it out: words, and a sheet's cells outside its
 * phone columns.
 */
function skippedLine(skipped: readonly string[]): string | null {
  if (skipped.length === 0) return null
  const rest = skipped.length - SKIPPED_NAMED
  const named =
    skipped.slice(0, SKIPPED_NAMED).join(', ') + (rest > 0 ? ` and ${counted(rest, 'more', 'more')}` : '')
  const what = skipped.length === 1 ? 'is not a phone number' : 'are not phone numbers'
  // A sheet's row numbers and ages are left out too (csv-read's phone columns): "not numbers" would be untrue of them.
  return `Left out ${counted(skipped.length, 'cell')} that ${what} (headers, names, other columns): ${named}`
}

/** The number as the list stores it; a typed one that is no phone number at all is simply not on the list. */
function normalisedOrAsTyped(phone: string): string {
  try {
    return normalisePhone(phone)
  } catch {
    return phone
  }
}

type OptOutEntry = InvokeReply<'optouts:list'>['optOuts'][number]

/**
 * One entry as `optout list` prints it: number, how it got there (with the customer's word, quoted), when (on the
 * computer's clock unless `timeZone` says another, zone named), who.
 */
export function optOutLine(entry: OptOutEntry, timeZone?: string): string {
  const how = entry.keyword === null ? entry.source : `${entry.source} ${JSON.stringify(entry.keyword)}`
  return [entry.phone, how, localDateTime(entry.addedAt, timeZone), entry.name ?? ''].join('  ').trimEnd()
}

/** The two keyword lists as `optout keywords` shows them. */
function keywordLines(optOut: readonly string[], optIn: readonly string[]): string {
  return `Stop: ${optOut.join(', ')}\nStart again: ${optIn.join(', ') || '(none)'}`
}

export async function runOptOut(context: CliContext): Promise<number> {
  const [sub, ...rest] = context.args.positionals
  switch (sub) {
    case 'list': {
      if (saidNoData(context, { optOuts: [] })) return EXIT.ok
      const { optOuts } = await withCommandLineCore(context, null, (core) => core.invoke('optouts:list', {}))
      const lines = optOuts.map((entry) => optOutLine(entry))
      context.out.result(lines.length > 0 ? lines.join('\n') : 'The opt-out list is empty.', {
        ok: true,
        optOuts
      })
      return EXIT.ok
    }
    case 'add':
    case 'import': {
      // A file is read as the app reads it: its columns split by the separator guessed, its words (a header, a name
      // column) left out and said, each number's cell an entry.
      const { numbers: entries, skipped } =
        sub === 'add'
          ? { numbers: rest.flatMap(splitRecipients), skipped: [] }
          : numberListCells(
              await listFileText(
                rest[0] ??
                  (() => {
                    throw new UsageError(
                      'optout import needs a file: a list of numbers, one a line or in a column (CSV, separated by , ; or tab)'
                    )
                  })()
              )
            )
      if (entries.length === 0)
        throw new UsageError(
          sub === 'add'
            ? 'optout add needs one or more numbers'
            : ['the file holds no numbers', skippedLine(skipped)].filter((line) => line !== null).join('. ')
        )
      const credentials = await optionalCredentials(context)
      const result = await withCommandLineCore(context, credentials, (core) =>
        addAll(core, entries, sub === 'add' ? 'operator' : 'import')
      )
      const already = result.alreadyListed
      // One number typed and already there is named; more are counted.
      const typed = [...new Set(entries.map(normalisedOrAsTyped))]
      const human = [
        result.added > 0 || already === 0
          ? `Added ${counted(result.added, 'number')} to the opt-out list.`
          : null,
        already === 0
          ? null
          : `${already === 1 && typed.length === 1 ? typed[0] : counted(already, 'number')} ${already === 1 ? 'was' : 'were'} already on the opt-out list.`,
        skippedLine(skipped),
        result.invalid.length > 0
          ? `Not valid numbers (${result.invalid.length}): ${result.invalid.join(', ')}`
          : null,
        describeSync(result.gatewaySync, credentials)
      ]
        .filter((line) => line !== null)
        .join('\n')
      context.out.result(human, {
        ok: result.invalid.length === 0,
        ...result,
        ...(sub === 'import' ? { skipped } : {})
      })
      return result.invalid.length === 0 ? EXIT.ok : EXIT.badInput
    }
    case 'remove': {
      const phone = rest[0]
      if (!phone || rest.length > 1) throw new UsageError('optout remove needs one number')
      const credentials = await optionalCredentials(context)
      // The command removes silently whatever it is given; asked first, the line never claims a removal that was not.
      const { reply, wasListed } = await withCommandLineCore(context, credentials, async (core) => {
        const { optOuts } = await core.invoke('optouts:list', {})
        const listed = new Set(optOuts.map((entry) => entry.phone))
        const wasListed = listed.has(phone) || listed.has(normalisedOrAsTyped(phone))
        return { reply: await core.invoke('optouts:remove', { phone }), wasListed }
      })
      const what = wasListed
        ? `Removed ${phone} from the opt-out list.`
        : `${phone} was not on the opt-out list.`
      context.out.result(`${what}\n${describeSync(reply.gatewaySync, credentials)}`, {
        ok: true,
        wasListed,
        gatewaySync: reply.gatewaySync
      })
      return EXIT.ok
    }
    case 'keywords': {
      // `optout keywords` shows both lists; `optout keywords stop|start WORD,WORD…` replaces one of them.
      const [which, ...words] = rest
      if (which !== undefined && which !== 'stop' && which !== 'start')
        throw new UsageError('optout keywords takes stop or start, then the words (separated by ,)')
      if (which !== undefined && words.length === 0)
        throw new UsageError(`optout keywords ${which} needs the words, separated by ,`)
      // Shown with no data folder: the lists a new one starts with (the defaults), and that there is no data yet.
      if (which === undefined) {
        const { optOut, optIn } = DEFAULT_OPT_OUT_KEYWORDS
        if (saidNoData(context, { optOut, optIn }, keywordLines(optOut, optIn))) return EXIT.ok
      }
      const lists = await withCommandLineCore(context, null, async (core) => {
        const current = await core.invoke('optouts:keywords', {})
        if (which === undefined) return current
        const replaced = words
          .join(' ')
          .split(',')
          .map((word) => word.trim())
          .filter((word) => word !== '')
        const kept = await core.invoke(
          'optouts:setKeywords',
          which === 'stop' ? { ...current, optOut: replaced } : { ...current, optIn: replaced }
        )
        return { ...kept, was: which === 'stop' ? current.optOut : current.optIn }
      })
      // The words replace the list, not add to it: what it was is said, so nothing is lost unseen.
      const was =
        'was' in lists
          ? `Replaced the ${which === 'stop' ? 'stop' : 'start-again'} words (they were: ${lists.was.join(', ') || 'none'}).`
          : null
      context.out.result(
        [was, keywordLines(lists.optOut, lists.optIn)].filter((line) => line !== null).join('\n'),
        { ok: true, optOut: lists.optOut, optIn: lists.optIn }
      )
      return EXIT.ok
    }
    default:
      throw new UsageError(
        'optout needs one of: list, add <phone>..., remove <phone>, import <file>, keywords [stop|start <words>]'
      )
  }
}
