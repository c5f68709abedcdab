/**
 * The part of the IPC contract the window needs before its first view: `app:bootstrap`'s schemas (settings, devices,
 * counts), the reply envelope and ApiError. Its own module so the window checks its first reply without loading the
 * whole contract (zod's schemas for every channel and the domain rules behind them), which cost the first load about
 * 20 ms of main-thread time (issue 18). Each schema here has no other owner: contract.ts imports and re-exports them.
 * Imports only zod and the domain's plain limits (not the domain's index, which brings libphonenumber-js).
 */
import { z } from 'zod'
import { MAX_SETTABLE_FILE_BYTES } from './domain/limits'

export const Id = z.string().min(1).max(128)

export const Quota = z.union([z.number(), z.literal('unlimited')])

export const DeviceState = z.enum([
  'unknown', // not polled yet
  'connected',
  'disconnected', // a restart may bring it back
  'needs-scan', // phone logged out / number changed: QR scan needed
  'awaiting-activation', // scanned, waiting for the gateway's IT support
  'expired',
  'token-invalid',
  'unreachable', // network or gateway failing
  'locked' // the stored token could not be decrypted (keyring locked/changed); never overwritten
])
export type DeviceState = z.infer<typeof DeviceState>

export const DeviceView = z.object({
  id: Id,
  label: z.string(),
  baseUrl: z.string(),
  /** Masked token, e.g. '••••a1b2'. The token itself never leaves the main process. */
  tokenHint: z.string(),
  hasSecret: z.boolean(),
  sandbox: z.boolean(),
  state: DeviceState,
  /**
   * Why it is in that state, in the operator's terms (the gateway's note when it gave one), in English; with
   * stateNoteKey/stateNoteParams the window shows it in its language (issue 13).
   */
  stateNote: z.string().nullable(),
  stateNoteKey: z.string().optional(),
  stateNoteParams: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  name: z.string().nullable(),
  serial: z.string().nullable(),
  sender: z.string().nullable(),
  quota: Quota.nullable(),
  expiresAt: z.string().nullable(),
  lastCheckedAt: z.string().nullable(),
  stateSince: z.string().nullable(),
  /** Sending to this device is paused by the operator. */
  paused: z.boolean(),
  /** This gateway's file-size limit; absent or null means the app-wide Settings.maxFileBytes applies. */
  maxFileBytes: z.number().int().positive().nullable().optional()
})
export type DeviceView = z.infer<typeof DeviceView>

export const OutboxCounts = z.object({
  scheduled: z.number().int(),
  queued: z.number().int(),
  sending: z.number().int(),
  accepted: z.number().int(),
  sent: z.number().int(),
  delivered: z.number().int(),
  read: z.number().int(),
  failed: z.number().int(),
  cancelled: z.number().int(),
  total: z.number().int()
})
export type OutboxCounts = z.infer<typeof OutboxCounts>

export const Theme = z.enum(['system', 'light', 'dark'])
export const Language = z.enum(['en', 'id'])

export const Settings = z.object({
  language: Language,
  theme: Theme,
  /** Device poll interval when idle. */
  pollIntervalSec: z.number().int().min(5).max(3600),
  /** Minimum gap between two sends on one device. */
  pacingMs: z.number().int().min(0).max(600_000),
  /** Largest file accepted, per gateway default 2 MB. */
  maxFileBytes: z.number().int().min(1).max(MAX_SETTABLE_FILE_BYTES),
  notifications: z.boolean(),
  startAtLogin: z.boolean(),
  supportContact: z.string().max(200),
  /** Days a final item (and its attachment) is kept. */
  retentionDays: z.number().int().min(1).max(3650),
  defaultTimezone: z.string(),
  /** Stronger-than-nothing storage of tokens when no keyring is available (explicit opt-in). */
  allowWeakTokenStorage: z.boolean()
})
export type Settings = z.infer<typeof Settings>

/** A request that carries nothing. */
export const Empty = z.object({}).strict()

/** What the window starts from: everything its shell and first view show. */
export const AppBootstrapReply = z.object({
  version: z.string(),
  platform: z.string(),
  firstRun: z.boolean(),
  /** How tokens are kept: keychain, session-only (no keyring) or weak (explicit opt-in). */
  secretStorage: z.enum(['keychain', 'session-only', 'weak']),
  secretStorageNote: z.string().nullable(),
  settings: Settings,
  devices: z.array(DeviceView),
  counts: OutboxCounts,
  sendingPaused: z.boolean(),
  sandboxRunning: z.boolean()
})

export const ApiErrorShape = z.object({
  code: z.string(),
  /** In English (CLI, logs); with messageKey/messageParams the window shows it in its language (issue 13). */
  message: z.string(),
  messageKey: z.string().optional(),
  messageParams: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  /** Which request field was wrong, for forms. */
  field: z.string().optional()
})
export type ApiErrorShape = z.infer<typeof ApiErrorShape>

/** What crosses the wire for every invoke: a result, never a thrown transport error. */
export const InvokeResult = z.union([
  z.object({ ok: z.literal(true), value: z.unknown() }),
  z.object({ ok: z.literal(false), error: ApiErrorShape })
])
export type InvokeResult = z.infer<typeof InvokeResult>

/** Thrown by the window-side API when the core answers with an error. */
export class ApiError extends Error {
  readonly code: string
  readonly field?: string
  readonly messageKey?: string
  readonly messageParams?: Record<string, string | number>
  constructor(shape: ApiErrorShape) {
    super(shape.message)
    this.name = 'ApiError'
    this.code = shape.code
    this.field = shape.field
    this.messageKey = shape.messageKey
    this.messageParams = shape.messageParams
  }
}
