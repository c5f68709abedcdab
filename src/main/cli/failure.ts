/**
 * Which exit code and which one line a failure gets. Its own module, loaded only when a command fails: the error
 * classes it tells apart live in the core, and importing them up front loaded the whole core (zod, SQLite, the
 * gateway client) for `--help` too.
 */
import { CommandFailure, UnreachableError, UsageError } from './args'
import {
  ApiFailure,
  DiskFullError,
  FileChangedError,
  isDiskFull,
  isGatewayError,
  OutboxError
} from '../core/compose-command-line'
import { EXIT, printable } from './output'

/** Maps a failure to the documented exit code and one clear line (never a stack, never a secret). */
export function describeFailure(error: unknown): { code: number; line: string } {
  const { code, line } = classifyFailure(error)
  // One line whatever the gateway (or the OS) put in its message, and nothing that steers the terminal.
  return { code, line: printable(line.replace(/\s*[\r\n]+\s*/g, ' ')).trim() }
}

function classifyFailure(error: unknown): { code: number; line: string } {
  if (error instanceof UsageError) return { code: EXIT.badInput, line: error.message }
  if (error instanceof UnreachableError) return { code: EXIT.network, line: error.message }
  if (error instanceof CommandFailure) return { code: error.exitCode, line: error.message }
  if (isGatewayError(error)) {
    if (error.code === 'invalid_input' || error.code === 'audio_caption')
      return { code: EXIT.badInput, line: error.message }
    const detail =
      error.gatewayMessage && !error.message.includes(error.gatewayMessage)
        ? ` (gateway said: ${error.gatewayMessage})`
        : ''
    return {
      code: error.kind === 'transient' ? EXIT.network : EXIT.rejected,
      line: `${error.message}${detail}`
    }
  }
  if (error instanceof OutboxError) return { code: EXIT.badInput, line: error.message }
  // A contract command's refusal (the window shows the same text): bad input, unless the app itself failed (its data
  // damaged too: a take-back's record that cannot be read).
  if (error instanceof ApiFailure) {
    const appFailed =
      error.code === 'disk_full' || error.code === 'internal' || error.code === 'store_damaged'
    return { code: appFailed ? EXIT.failure : EXIT.badInput, line: error.message }
  }
  if (error instanceof FileChangedError) return { code: EXIT.badInput, line: error.message }
  // Before the ENOENT rule: a full disk is not bad input, and its raw message names no cause the operator can act on.
  if (isDiskFull(error)) return { code: EXIT.failure, line: new DiskFullError().message }
  // A data folder that cannot be made where it was asked (its parent takes no new folders: /proc): the path's fault.
  if (
    error instanceof Error &&
    'code' in error &&
    (error as NodeJS.ErrnoException).code === 'ENOENT' &&
    (error as NodeJS.ErrnoException).syscall === 'mkdir'
  ) {
    return {
      code: EXIT.badInput,
      line: `cannot make the folder ${(error as NodeJS.ErrnoException).path ?? ''}`
    }
  }
  if (error instanceof Error && 'code' in error && (error as NodeJS.ErrnoException).code === 'ENOENT') {
    return { code: EXIT.badInput, line: `file not found: ${(error as NodeJS.ErrnoException).path ?? ''}` }
  }
  // A folder typed where a file belongs or a file where a folder belongs (--data-dir): the operator's slip, not the
  // app's failure (exit 1), and Node's "EISDIR: illegal operation" names neither.
  const errno = error instanceof Error && 'code' in error ? (error as NodeJS.ErrnoException) : undefined
  if (errno?.code === 'EISDIR') {
    return {
      code: EXIT.badInput,
      line: errno.path ? `${errno.path} is a folder, not a file` : 'a folder was given where a file is needed'
    }
  }
  if (errno?.code === 'EEXIST')
    return { code: EXIT.badInput, line: `${errno.path ?? 'the path'} is a file, not a folder` }
  if (errno?.code === 'ENOTDIR') return { code: EXIT.badInput, line: `not a folder: ${errno.path ?? ''}` }
  return { code: EXIT.failure, line: error instanceof Error ? error.message : String(error) }
}
