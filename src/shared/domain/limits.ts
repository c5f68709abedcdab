// The gateway's limits on texts, captions and files, and which file-size limit applies to a send.

/** Message texts and captions: the gateway counts characters (code points), not UTF-16 units. */
export const MAX_TEXT_LENGTH = 1024
export const MAX_CAPTION_LENGTH = 1024
/** An auto-reply's keyword and a reminder's title, counted the same way. */
export const MAX_KEYWORD_LENGTH = 100
export const MAX_TITLE_LENGTH = 100
/** The IT support contact Settings keeps (a name, a number, an address), as the core takes it (UTF-16 units). */
export const MAX_SUPPORT_CONTACT_LENGTH = 200
/** A device's name, as the core takes it (trimmed, in UTF-16 units: the contract's and the registry's rule). */
export const MAX_DEVICE_LABEL_LENGTH = 80
/**
 * An inbox search's text, as the core takes it (in UTF-16 units; the window sends it trimmed). Past it the search box
 * says so and searches nothing: the box keeps what was pasted, never cut to it unsaid. The other search boxes do the
 * same at their own limit (the window's searchTooLong): each limit is the contract's and its box's.
 */
export const MAX_SEARCH_LENGTH = 200
/** A customer or opt-out search (a name's or a number's start, or what a name holds): a name is at most 100. */
export const MAX_NAME_SEARCH_LENGTH = 100
/** The Outbox's text search, in UTF-16 units as the contract counts: a message's whole text pasted to find it. */
export const MAX_TEXT_SEARCH_LENGTH = 1024
/** The gateway's documented file-size limit; a device or the settings may carry a higher one for its plan. */
export const DEFAULT_MAX_FILE_BYTES = 2 * 1024 * 1024
/** The largest per-device or app-wide file limit an operator can set. */
export const MAX_SETTABLE_FILE_BYTES = 100 * 1024 * 1024
/**
 * The smallest, 0.1 MB: below it almost every file is refused (0.001 MB once was). The device's and the app-wide
 * limit alike (QA60: Settings offered "0.01 to 100", the device's card "0.1 and 100").
 */
export const MIN_SETTABLE_FILE_BYTES = 0.1 * 1024 * 1024
/** A customer's file the inbox downloads by default: WhatsApp's own limit for photos and videos. */
export const DEFAULT_MAX_INCOMING_MEDIA_BYTES = 16 * 1024 * 1024
/** The smallest cap on customers' files an operator can set (below it even a photo would not show). */
export const MIN_INCOMING_MEDIA_BYTES = 64 * 1024
/**
 * A campaign's spreadsheet, registered to be read (never sent): large enough for any operator's list (50,000 rows
 * are ~4 MB of CSV), small enough that reading it cannot exhaust the core's memory.
 */
export const MAX_SPREADSHEET_BYTES = 50 * 1024 * 1024
/** The largest daily cap an operator can give one device (a cap is for safety: far above any number's real day). */
export const MAX_DEVICE_DAILY_CAP = 100_000
/**
 * What a campaign's spreadsheet may hold once read, whatever its size on disk. Rows and columns stop a sheet that
 * claims a million columns (Excel's own sheet is 1,048,576 × 16,384); a cell holds at most what Excel's does.
 * A header longer than a column name may be cannot be mapped (the contract's column names are this long at most).
 */
export const MAX_SHEET_ROWS = 1_000_000
export const MAX_SHEET_COLUMNS = 1_000
export const MAX_CELL_LENGTH = 32_767
export const MAX_COLUMN_NAME_LENGTH = 200
/**
 * An XLSX is a ZIP: Apache POI's zip-bomb rules (ZipSecureFile) bound what it may inflate to. An entry smaller than
 * 1% of its inflated size is refused once past 100 KB (POI's minimum inflate ratio and grace size), no entry we read
 * may inflate past the entry limit, and an archive of more than 1,000 entries is refused (POI's file count).
 */
export const XLSX_MIN_INFLATE_RATIO = 0.01
export const XLSX_RATIO_GRACE_BYTES = 100 * 1024
export const XLSX_MAX_ENTRY_BYTES = 256 * 1024 * 1024
export const XLSX_MAX_ENTRIES = 1_000
/** The files one `files:register` call takes (a drop, a pick, a campaign's attachments). */
export const MAX_FILES_PER_REGISTER = 1000
/** The files one campaign's attachment column may name, picked in the window or found in the CLI's --files-dir. */
export const MAX_CAMPAIGN_ROW_FILES = 1000
export const MAX_BULK_ITEMS = 100
/**
 * One send's recipients (a message now, scheduled or repeating, from the Send view): more is a campaign's work, with
 * its pacing, its spreadsheet and its opt-outs. The window says so at the field before the contract refuses it.
 */
export const MAX_SEND_RECIPIENTS = 500
/**
 * The messages one send queues to each recipient: its files, its text (or the text's parts) and a caption sent as its
 * own message. A draft holds at most this many files; the window says so as files are added.
 */
export const MAX_SEND_MESSAGES = 1000
/** The same for a repeating series kept by Sender Desk: what it sends each recipient at each of its times. */
export const MAX_SERIES_MESSAGES = 100
export const MAX_REPORT_LIMIT = 1000
/**
 * Message ids per revoke/cancel/resend call (`id=a,b,…`). The reference documents no maximum; we use its per-request
 * item limit (v2 bulk) so no call asks more of the gateway than a documented one, and 100 UUIDs (~3.7 kB of query)
 * stay well inside the 8 kB request line common web servers accept.
 */
export const MAX_MESSAGE_IDS_PER_CALL = 100

/** Length as the gateway counts it: an emoji is one character. */
export function textLength(text: string): number {
  return [...text].length
}

export function isWithinTextLimit(text: string, max: number = MAX_TEXT_LENGTH): boolean {
  return textLength(text) <= max
}

export type MessageTextProblem = 'empty' | 'too-long'

/**
 * The one rule for a message's text or a file's caption, whoever produces it (Send, a series, a campaign's rendered
 * row, a reply, an edit): a text must say something (not only spaces), a caption may be empty, and neither may be
 * longer than the gateway accepts, counted as the gateway counts (text-limit.cases.ts).
 */
export function messageTextProblem(text: string, options: { required: boolean }): MessageTextProblem | null {
  if (options.required && text.trim() === '') return 'empty'
  return isWithinTextLimit(text) ? null : 'too-long'
}

/**
 * The file-size limit for one send, resolved once in this order: the device's own limit, the app-wide
 * setting, the gateway default. Everything that checks a file size (window, core, gateway client, CLI) is given
 * this number instead of knowing 2 MB.
 */
export function resolveFileLimit(
  deviceLimit: number | null | undefined,
  settingsLimit: number | null | undefined
): number {
  return deviceLimit ?? settingsLimit ?? DEFAULT_MAX_FILE_BYTES
}

export function isWithinFileLimit(bytes: number, limit: number): boolean {
  return bytes <= limit
}

/**
 * "2 MB", "5.5 MB": for English messages of the core and CLI (the window formats with its locale). `decimals`: at
 * most that many (sizeBesideLimit's closer look).
 */
export function formatMegabytes(bytes: number, decimals = 1): string {
  // Through Number: no ".0" left over, so a size that reads as the limit is the same text (sizeBesideLimit).
  return `${Number((bytes / (1024 * 1024)).toFixed(decimals))} MB`
}

/** "52,428,801 bytes": a size exactly, for English messages of the core and CLI. */
export function formatExactBytes(bytes: number): string {
  return `${bytes.toLocaleString('en')} bytes`
}

/**
 * A file's size and the limit it is over, worded by `format` with its own decimals or, when the two read the same,
 * with two (an operator read "is 2 MB; … up to 2 MB" for 2.01 MB); by `exact` when even two agree (a
 * few bytes over). One formatter for both, so the two are read alike.
 */
export function sizeBesideLimit(
  size: number,
  limit: number,
  format: (bytes: number, decimals?: number) => string,
  exact: (bytes: number) => string
): { size: string; limit: string } {
  for (const decimals of [undefined, 2]) {
    const pair = { size: format(size, decimals), limit: format(limit, decimals) }
    if (pair.size !== pair.limit) return pair
  }
  return { size: exact(size), limit: exact(limit) }
}

/** The most outbox items one bulk retry/cancel takes: a large selection, still one quick transaction. */
export const OUTBOX_BULK_MAX = 5_000

/** A file's size beside the limit it is over, for the core's and the CLI's English messages and their keyed params. */
export function megabytesBesideLimit(size: number, limit: number): { size: string; limit: string } {
  return sizeBesideLimit(size, limit, formatMegabytes, formatExactBytes)
}
