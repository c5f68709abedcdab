/**
 * The preload: exposes exactly the contract pipe as `window.senderDesk` (invoke, on, registerFiles), nothing
 * else — no raw ipcRenderer, no process.env. Dropped files become paths here (webUtils) so the page never handles
 * a path; pasted images without a path travel as bytes; the page cannot call `files:register` itself. Main
 * re-checks everything. The contract's schemas are checked by the window (`contract-client.ts`), not here: this
 * file bundles no zod (see `contract-pipe.ts`).
 */
import { contextBridge, ipcRenderer, webUtils } from 'electron'
import type { FileRegisterPurpose } from '../shared/contract'
import { createContractPipe, fileToBase64, type PipeRefusal } from '../shared/contract-pipe'

const pipe = createContractPipe({
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
 * contextBridge copies only an Error's message into the page, so an IPC failure would lose its shape on the way:
 * rejections cross as plain { name, code, message } objects (the pipe's own refusals already are).
 */
function plainRejection(error: unknown): never {
  if (typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'ApiError')
    throw error
  const plain: PipeRefusal = {
    name: 'ApiError',
    code: 'internal',
    message: error instanceof Error ? error.message : String(error)
  }
  throw plain
}

contextBridge.exposeInMainWorld('senderDesk', {
  invoke: (channel: string, request: unknown) => pipe.invoke(channel, request).catch(plainRejection),
  on: pipe.on,
  registerFiles: (files: File[], purpose?: FileRegisterPurpose) =>
    pipe.registerFiles(files, purpose).catch(plainRejection)
})
