/**
 * The preload: exposes exactly the contract API as `window.senderDesk`, nothing else — no raw
 * ipcRenderer, no process.env. Dropped files become paths here (webUtils) so the page never
 * handles a path; pasted images without a path travel as bytes. Main re-checks both.
 */
import { contextBridge, ipcRenderer, webUtils } from 'electron'
import { ApiError } from '../shared/contract'
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
    return {
      kind: 'bytes',
      name: file.name || 'pasted.png',
      mime: file.type || undefined,
      dataBase64: await fileToBase64(file)
    }
  }
})

/**
 * contextBridge copies only an Error's message into the page, so the code and field of an ApiError would
 * be lost on the way: rejections cross as plain { name, code, message, field } objects instead.
 */
function plainRejection(error: unknown): never {
  if (error instanceof ApiError)
    throw { name: 'ApiError', code: error.code, message: error.message, field: error.field }
  throw {
    name: 'ApiError',
    code: 'internal',
    message: error instanceof Error ? error.message : String(error)
  }
}

contextBridge.exposeInMainWorld('senderDesk', {
  invoke: (channel: Parameters<typeof api.invoke>[0], request: never) =>
    api.invoke(channel, request).catch(plainRejection),
  on: api.on,
  registerFiles: (files: File[]) => api.registerFiles(files).catch(plainRejection)
})
