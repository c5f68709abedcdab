// One table for what the window offers a failed message, by its code.
import type { FailureRemedy } from './failure-remedy'

export const FAILURE_REMEDY_CASES: readonly { code: string | null; expected: FailureRemedy }[] = [
  { code: 'file_too_large', expected: 'reduce-file' },
  { code: 'file_type', expected: 'other-file-type' },
  // Transient or device-side: the same message may go once the cause passes.
  { code: 'network', expected: 'retry' },
  { code: 'rate_limited', expected: 'retry' },
  { code: 'device_not_connected', expected: 'retry' },
  { code: 'expired', expected: 'retry' },
  { code: null, expected: 'retry' }
]
