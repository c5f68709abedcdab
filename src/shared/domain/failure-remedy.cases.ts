// One table for what the window offers a failed message, by its code.
import type { FailureRemedy } from './failure-remedy'

export const FAILURE_REMEDY_CASES: readonly { code: string | null; expected: FailureRemedy }[] = [
  { code: 'file_too_large', expected: 'reduce-file' },
  { code: 'file_type', expected: 'other-file-type' },
  { code: 'audio_caption', expected: 'remove-caption' },
  // The queued copy of the file is gone from the data folder: it does not come back, the file must be sent again.
  { code: 'attachment_missing', expected: 'send-file-again' },
  // Sender Desk put the number on the gateway's blacklist (the customer opted out): refused until it is lifted.
  { code: 'gateway_blacklisted', expected: 'lift-opt-out' },
  // Transient or device-side: the same message may go once the cause passes.
  { code: 'network', expected: 'retry' },
  { code: 'rate_limited', expected: 'retry' },
  { code: 'device_not_connected', expected: 'retry' },
  { code: 'expired', expected: 'retry' },
  { code: null, expected: 'retry' }
]

/** The gateway's note beside a `reject` report, and the failure code the outbox records for it. */
export const GATEWAY_REFUSAL_CASES: readonly { note: string | null; code: string }[] = [
  // The sandbox's (and the reference gateway's) note for a number on the device's blacklist.
  { note: 'number is on the blacklist', code: 'gateway_blacklisted' },
  { note: 'Number 6281311110001 is blacklisted', code: 'gateway_blacklisted' },
  { note: 'black list', code: 'gateway_blacklisted' },
  // Any other refusal stays the gateway's plain rejection.
  { note: 'phone not registered on whatsapp', code: 'gateway_rejected' },
  { note: '', code: 'gateway_rejected' },
  { note: null, code: 'gateway_rejected' }
]

/** The gateway's words for a file too large, and the maximum (bytes) they name; null when they name none. */
export const GATEWAY_FILE_MAXIMUM_CASES: readonly { said: string | null; bytes: number | null }[] = [
  // The sandbox's (and the reference gateway's) refusal.
  { said: 'file size too large, maximum file size is 2 MB', bytes: 2 * 1024 * 1024 },
  { said: 'maximum file size is 2 MB', bytes: 2 * 1024 * 1024 },
  { said: 'File too large (max 16MB)', bytes: 16 * 1024 * 1024 },
  { said: 'max file size: 1,5 MB', bytes: 1.5 * 1024 * 1024 },
  { said: 'maximum upload 500 KB', bytes: 500 * 1024 },
  // No maximum, or a maximum of something else than a size.
  { said: 'file too large', bytes: null },
  { said: 'Request Entity Too Large', bytes: null },
  { said: 'maximum 100 items per request', bytes: null },
  { said: 'file too large, maximum 0 MB', bytes: null },
  { said: null, bytes: null }
]
