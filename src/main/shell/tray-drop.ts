/**
 * Files dropped on the tray icon: registered like a drop on the window, then the Send view opens with them. Files
 * the core refuses (too large, a kind the gateway does not take), or a drop it refuses whole, are told in a notice:
 * the window never sees this drop's refusals, so nothing else would say why a file is missing.
 */
import type { FileHandleView, InvokeReply, InvokeRequest } from '../../shared/contract'

/** A refusal as the core words it: English, with a message key the operator's language can use. */
export interface CoreText {
  message: string
  messageKey?: string
  messageParams?: Record<string, string | number>
}

export interface TrayDropPorts {
  register(request: InvokeRequest<'files:register'>): Promise<InvokeReply<'files:register'>>
  /** Shows the window on the Send view with these files added. */
  openSend(files: FileHandleView[]): void
  /** Tells the operator which files were not added, and why. */
  refused(lines: string[]): void
  /** A core text in the operator's language. */
  word(text: CoreText): string
  /** The failure the operator should read, or undefined for a fault (which is also reported as unexpected). */
  describe(error: unknown): CoreText | undefined
  unexpected(error: unknown): void
}

/** Never rejects: whatever happens to the drop ends in the Send view or a notice. */
export async function dropOnTray(paths: string[], ports: TrayDropPorts): Promise<void> {
  const sources = paths.map((path) => ({ kind: 'path' as const, path }))
  let reply: InvokeReply<'files:register'>
  try {
    reply = await ports.register({ sources })
  } catch (error) {
    const known = ports.describe(error)
    if (!known) ports.unexpected(error)
    ports.refused([known ? ports.word(known) : String((error as Error | null)?.message ?? error)])
    return
  }
  if (reply.files.length > 0) ports.openSend(reply.files)
  if (reply.rejected.length > 0) {
    ports.refused(reply.rejected.map((rejection) => `${rejection.name}: ${ports.word(rejection)}`))
  }
}
