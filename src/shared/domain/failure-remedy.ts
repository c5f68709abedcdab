// What can help a failed message, by its failure code: sending the same thing again, or a change only the operator
// can make (a smaller file, another file type). The window offers Retry only where a retry can succeed.

/** What the window offers for a failure. */
export type FailureRemedy = 'retry' | 'reduce-file' | 'other-file-type'

/** The gateway refuses the same request again whatever the time: only a different file (or limit) helps. */
const PERMANENT: Record<string, FailureRemedy> = {
  file_too_large: 'reduce-file',
  file_type: 'other-file-type'
}

export function failureRemedy(code: string | null | undefined): FailureRemedy {
  return (code && PERMANENT[code]) || 'retry'
}
