/**
 * The preload: exposes exactly the contract API as `window.senderDesk`, nothing else — no raw
 * ipcRenderer, no process.env. Dropped files become paths here (webUtils) so the page never
 * handles a path; pasted images without a path travel as bytes. Main re-checks both.
 */
import { contextBridge, ipcRenderer, webUtils } from 'electron'
import { createContractClient, fileToBase64 } from '../shared/contract-client'

const api = createContractClient({
  invoke: (channel, request) => ipcRenderer.invoke(channel, request),
  subscribe(event, listener) {
    const wrapped = (_event: Electron.IpcRendererEvent, payload: unknown): void => listener(payload)
    ipcRenderer.on(event, wrapped)
    return () => ipcRenderer.removeListener(event, wrapped)
  },
  async fileToSource(file) {
    const path = webUtils.getPathForFile(file)
    if (path) return { kind: 'path', path }
    return { kind: 'bytes', name: file.name || 'pasted.png', mime: file.type || undefined, dataBase64: await fileToBase64(file) }
  }
})

contextBridge.exposeInMainWorld('senderDesk', api)
