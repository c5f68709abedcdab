/** How the CLI talks: one result on stdout (human text, or one JSON line with --json), progress and errors on stderr. */

export const EXIT = { ok: 0, failure: 1, badInput: 2, rejected: 3, network: 4 } as const

export interface Output {
  readonly json: boolean
  result(human: string, data: unknown): void
  progress(message: string): void
}

export function createOutput(json: boolean, stdout = process.stdout, stderr = process.stderr): Output {
  return {
    json,
    result(human, data) {
      stdout.write(json ? `${JSON.stringify(data)}\n` : `${human}\n`)
    },
    progress(message) {
      stderr.write(`${message}\n`)
    }
  }
}
