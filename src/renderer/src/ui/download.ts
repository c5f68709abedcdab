// Hands a file the core made (base64) to the browser's download, as the operator's save: exports of campaigns and
// of the outbox, a customer's file.
import { bytesFromBase64 } from './base64'

export interface DownloadableFile {
  fileName: string
  mime: string
  dataBase64: string
}

export function download(file: DownloadableFile): void {
  const bytes = bytesFromBase64(file.dataBase64)
  const url = URL.createObjectURL(new Blob([bytes], { type: file.mime }))
  const link = document.createElement('a')
  link.href = url
  link.download = file.fileName
  link.click()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}
