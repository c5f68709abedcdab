// What can help a failed message, by its failure code: sending the same thing again, or a change only the operator
// can make (a smaller file, another file type). The window offers Retry only where a retry can succeed.

import { GATEWAY_BLACKLISTED, GATEWAY_REJECTED } from './take-back'

/** What the window offers for a failure. */
export type FailureRemedy =
  'retry' | 'reduce-file' | 'other-file-type' | 'lift-opt-out' | 'remove-caption' | 'send-file-again'

/**
 * The gateway refuses the same request again whatever the time: only a different file (or limit) helps, or, for a
 * number on the opt-out list (which Sender Desk itself put on the gateway's blacklist), lifting the opt-out.
 */
const PERMANENT: Record<string, FailureRemedy> = {
  file_too_large: 'reduce-file',
  file_type: 'other-file-type',
  // An audio file with a caption (the gateway's audio sends take none): Edit, remove the caption, then Retry.
  audio_caption: 'remove-caption',
  // The queued copy of the file is gone from the data folder: it does not come back by itself.
  attachment_missing: 'send-file-again',
  [GATEWAY_BLACKLISTED]: 'lift-opt-out'
}

export function failureRemedy(code: string | null | undefined): FailureRemedy {
  return (code && PERMANENT[code]) || 'retry'
}

/**
 * The failure code for a message the gateway reported as rejected, by the note it gave: a number on the device's
 * blacklist ("number is on the blacklist") is refused until the blacklist is lifted; any other refusal is the plain one.
 */
export function gatewayRefusalCode(note: string | null | undefined): string {
  return /black\s*-?\s*list/i.test(note ?? '') ? GATEWAY_BLACKLISTED : GATEWAY_REJECTED
}

const SIZE_UNITS: Record<string, number> = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 }

/**
 * The largest file the gateway said it accepts, in bytes ("maximum file size is 2 MB", "max 16MB"), or null when its
 * words name no size: then the advice cannot say how small the copy must be. Sizes in 1024s, as the window writes them.
 */
export function gatewayFileMaximum(said: string | null | undefined): number | null {
  const named = /\bmax(?:imum)?\b\D{0,30}?(\d+(?:[.,]\d+)?)\s*(gb|mb|kb|b)\b/i.exec(said ?? '')
  if (!named) return null
  const bytes = Number(named[1]!.replace(',', '.')) * SIZE_UNITS[named[2]!.toLowerCase()]!
  return bytes > 0 ? bytes : null
}
