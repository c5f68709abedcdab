// The window's one thumbnail queue (ui/thumbnail.ts), loaded with the first photo: the Send store is in the window's
// start (the tray's drop, the kept draft), the decoding is not. One queue for every view, so the window holds one
// decoded photo at a time.
import type { ThumbnailQueue } from './thumbnail'

let thumbnails: Promise<ThumbnailQueue> | undefined

export const thumbnailMaker = (): Promise<ThumbnailQueue> =>
  (thumbnails ??= import('./thumbnail').then(
    (made) => made.thumbnailQueue(),
    (error: unknown) => {
      thumbnails = undefined // the next photo tries again
      throw error
    }
  ))
