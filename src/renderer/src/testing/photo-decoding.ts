// A stand-in for Chromium's picture decoding (jsdom has none), so that the Send store's thumbnails (ui/thumbnail.ts)
// are made under test: each decode waits in `pending` until finished, unless `finishAtOnce`.
import { vi } from 'vitest'

export interface PhotoDecoding {
  /** Decodes asked for and not finished, in the order asked. */
  pending: { photo: Blob; options: unknown; finish(): void }[]
  /** The thumbnails' own bytes, in the order made. */
  made: Blob[]
  /** How many decoded photos were let go. */
  closed(): number
  /** Finishes what is waiting and puts the globals back: nothing left waiting in the store's queue. */
  restore(): void
}

export function stubPhotoDecoding({ finishAtOnce = false } = {}): PhotoDecoding {
  const decoding: PhotoDecoding = {
    pending: [],
    made: [],
    closed: () => closed,
    restore() {
      for (const decode of decoding.pending) decode.finish()
      vi.unstubAllGlobals()
    }
  }
  let closed = 0
  vi.stubGlobal(
    'createImageBitmap',
    (photo: Blob, options: unknown) =>
      new Promise((resolve) => {
        const finish = (): void => resolve({ width: 256, height: 192, close: () => (closed += 1) })
        if (finishAtOnce) finish()
        else decoding.pending.push({ photo, options, finish })
      })
  )
  vi.stubGlobal(
    'OffscreenCanvas',
    class {
      constructor(
        readonly width: number,
        readonly height: number
      ) {}
      getContext(): unknown {
        return { drawImage: () => undefined }
      }
      convertToBlob(): Promise<Blob> {
        const thumbnail = new Blob([`thumbnail ${decoding.made.length}`], { type: 'image/jpeg' })
        decoding.made.push(thumbnail)
        return Promise.resolve(thumbnail)
      }
    }
  )
  return decoding
}
