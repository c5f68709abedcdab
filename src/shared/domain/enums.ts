// Every closed list of values the app and the gateway share, written once (zod schemas and unions derive from these).

export const OUTBOX_STATUSES = [
  'scheduled',
  'queued',
  'sending',
  'accepted',
  'sent',
  'delivered',
  'read',
  'failed',
  'cancelled',
  /** Deleted for everyone at the gateway (revoke-message) after it was sent. */
  'revoked',
  /** Cancelled at the gateway (cancel-message, or its report says `cancel`) while the gateway still held it. */
  'cancelled_at_gateway'
] as const
export type OutboxStatusName = (typeof OUTBOX_STATUSES)[number]

export const SCHEDULE_MODES = ['local', 'gateway'] as const
export type ScheduleMode = (typeof SCHEDULE_MODES)[number]
/** What happens to a scheduled message whose time passed while the app was closed. */
export const OVERDUE_POLICIES = ['send', 'hold'] as const
export type OverduePolicyName = (typeof OVERDUE_POLICIES)[number]

export const REMINDER_PERIODS = ['daily', 'monthly', 'yearly', 'custom'] as const
/** Ended: its last time (by its end date or number of times) has come, or was skipped. */
export const SERIES_STATUSES = ['active', 'stopped', 'ended'] as const
export type SeriesStatusName = (typeof SERIES_STATUSES)[number]

export const DEVICE_PRODUCTS = ['lite', 'pro', 'enterprise'] as const
export const BILLING_PERIODS = ['monthly', 'yearly'] as const
/** Banks and wallets a new device's invoice can be paid through. */
export const PAYMENT_CHANNELS = ['BCA', 'BNI', 'BRI', 'MANDIRI', 'OVO', 'DANA', 'GOPAY', 'SHOPEEPAY'] as const

/** The gateway schedules in Western Indonesia time; it is also the default when the system gives no zone. */
export const GATEWAY_TIME_ZONE = 'Asia/Jakarta'
export const DEFAULT_TIME_ZONE = GATEWAY_TIME_ZONE

/**
 * Files that look like a campaign's recipients: dropped outside the campaign's import area they are asked about first
 * (a tab-separated .tsv among them, which the reader reads; an .xls or .ods too, which it then refuses with the way to
 * save it). A .txt is read too, but not asked about: most are notes, not customer lists.
 */
export const SPREADSHEET_EXTENSIONS = ['csv', 'tsv', 'xlsx', 'xls', 'ods'] as const

/**
 * What the campaign's reader reads (CSV and delimited text, tab-separated .tsv among it, XLSX), and so what the
 * spreadsheet picker offers: it offered .ods and .xls, which the reader refuses, and not .tsv, which it reads. (A .xls
 * that is text is read too, but most .xls files are old Excel: the picker does not offer them.)
 */
export const READABLE_SPREADSHEET_EXTENSIONS = ['csv', 'tsv', 'txt', 'xlsx'] as const

/** The spreadsheet picker's `accept`: the readable extensions, and the MIME types of CSV, TSV and XLSX. */
export const SPREADSHEET_PICKER_ACCEPT = [
  ...READABLE_SPREADSHEET_EXTENSIONS.map((extension) => `.${extension}`),
  'text/csv',
  'text/tab-separated-values',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
].join(',')

/**
 * The MIME types a dragged file of SPREADSHEET_EXTENSIONS carries, as far as the browser tells them while dragging (it
 * names no file until the drop): the window's overlay says then that a spreadsheet will be asked about.
 */
const SPREADSHEET_MIME_TYPES: readonly string[] = [
  'text/csv',
  'text/tab-separated-values',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-excel',
  'application/vnd.oasis.opendocument.spreadsheet'
]

export function isSpreadsheetType(mimeType: string): boolean {
  return SPREADSHEET_MIME_TYPES.includes(mimeType.toLowerCase())
}

export function isSpreadsheetName(name: string): boolean {
  const dot = name.lastIndexOf('.')
  return dot >= 0 && (SPREADSHEET_EXTENSIONS as readonly string[]).includes(name.slice(dot + 1).toLowerCase())
}
