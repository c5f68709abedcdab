/**
 * `outbox flush` while the app runs: the open app holds the send queue, so this command sends nothing. It says what the
 * app is sending (the queue of the devices of its list) and what waits for a flush once the app is closed (messages
 * for devices it does not list), instead of only "another process is sending: stop it first".
 */
import { appSendsFor, type CommandLineCore, type CommandLineDevice } from '../core/compose-command-line'
import type { CliContext } from './index'
import { counted, EXIT } from './output'

/** The exit code, once said: 0 when all this command's credentials have queued is the app's to send, else 2. */
export async function flushBesideApp(
  context: CliContext,
  core: CommandLineCore,
  app: { pid: number; dataDir: string },
  device: Pick<CommandLineDevice, 'id' | 'aliases'>
): Promise<number> {
  const appPid = app.pid
  const appIds = await appSendsFor(app.dataDir)
  const toSend = (deviceId?: string): number => {
    const counts = core.outbox.counts(deviceId)
    return counts.queued + counts.sending
  }
  const appQueued = [...appIds].reduce((sum, id) => sum + toSend(id), 0)
  const waitingForFlush = toSend() - appQueued
  // What these credentials queued that the app does not send: this command could not send it either.
  const ownIds = [device.id, ...(device.aliases ?? [])].filter((id) => !appIds.has(id))
  const ownLeft = ownIds.reduce((sum, id) => sum + toSend(id), 0)
  const lines = [
    `Sender Desk is running (pid ${appPid}) and sends the queue of its devices: ${counted(appQueued, 'item')} queued for them.`
  ]
  if (waitingForFlush > 0)
    lines.push(
      `${counted(waitingForFlush, 'item')} ${waitingForFlush === 1 ? 'is' : 'are'} for devices it does not list: they wait for sender-desk outbox flush after it is closed.`
    )
  context.out.result(lines.join('\n'), {
    ok: ownLeft === 0,
    appPid,
    appQueued,
    waitingForFlush
  })
  if (ownLeft === 0) return EXIT.ok
  // Said on stderr in one line, as every failure of the command line.
  context.out.progress(
    `sender-desk: outbox flush sent nothing while Sender Desk runs; ${counted(ownLeft, 'item')} for these credentials wait until it is closed`
  )
  return EXIT.badInput
}
