/** Wires the contract to Electron: one ipcMain handler per invoke channel (sender checked, request and reply validated), events forwarded to windows. */
import { ipcMain, type BrowserWindow } from 'electron'
import { eventChannels, invokeChannels, type InvokeChannel } from '../../shared/contract'
import { dispatchInvoke, type ApiHandlers, type CoreEvents, type DispatchOptions } from '../core/compose'
import { isTrustedSender } from './window'

export function registerIpc(handlers: ApiHandlers, options: DispatchOptions): () => void {
  const channels = Object.keys(invokeChannels) as InvokeChannel[]
  for (const channel of channels) {
    ipcMain.handle(channel, async (event, request: unknown) => {
      if (!isTrustedSender(event.sender, event.senderFrame?.url)) {
        options.onUnexpected?.(
          channel,
          new Error(`refused IPC from untrusted frame ${event.senderFrame?.url ?? '(none)'}`)
        )
        return { ok: false, error: { code: 'forbidden', message: 'This page may not talk to Sender Desk.' } }
      }
      return dispatchInvoke(handlers, channel, request, options)
    })
  }
  return () => channels.forEach((channel) => ipcMain.removeHandler(channel))
}

export function forwardEvents(
  events: CoreEvents,
  windows: () => BrowserWindow[],
  onInvalid: (event: string, error: unknown) => void
): () => void {
  return events.subscribe((event, payload) => {
    const checked = eventChannels[event].safeParse(payload)
    if (!checked.success) {
      onInvalid(event, checked.error)
      return
    }
    for (const window of windows()) {
      if (!window.isDestroyed()) window.webContents.send(event, checked.data)
    }
  })
}
