/**
 * Small previews of picked photos. A draft's row draws a photo at 48 px; given the photo itself (a blob URL of the
 * file), Chromium keeps each one decoded at full size: 200 phone photos held 800 MB more in the window and froze a
 * scroll for 2.4 s. A thumbnail is decoded small, off the main thread, drawn once into a canvas of the size shown and
 * kept as a few kilobytes of JPEG; the decoded photo is let go at once.
 */

import { bytesFromBase64 } from './base64'

/** The side of a thumbnail in pixels: twice the 48 px a row draws, for high-density screens. */
export const THUMBNAIL_SIDE = 96

/**
 * The photo decoded at least `side` pixels on its short edge where the decoder can scale (a JPEG, by eighths:
 * `ImageDecoder`'s desired size, a 12-megapixel photo in 70 ms here against 230 ms at full size), else whole and
 * resized; upright either way (the photo's EXIF orientation, as an <img> shows it).
 */
async function decodeSmall(photo: Blob, side: number): Promise<ImageBitmap> {
  if (typeof ImageDecoder === 'function' && (await ImageDecoder.isTypeSupported(photo.type))) {
    const decoder = new ImageDecoder({
      data: photo.stream(),
      type: photo.type,
      desiredWidth: side * 2,
      desiredHeight: side * 2
    })
    try {
      const { image } = await decoder.decode()
      try {
        return await createImageBitmap(image)
      } finally {
        image.close()
      }
    } finally {
      decoder.close()
    }
  }
  // Twice the side in height, so that the width a portrait photo keeps is still at least the side.
  return createImageBitmap(photo, { resizeHeight: side * 2, resizeQuality: 'medium' })
}

/**
 * A blob URL of a square thumbnail of `photo` (centred, cropped to fill, as `object-fit: cover` draws it), or null
 * where this window cannot decode it (not a picture Chromium reads, or no `createImageBitmap`): the row then shows
 * its kind's symbol.
 */
export async function imageThumbnail(photo: Blob, side: number = THUMBNAIL_SIDE): Promise<string | null> {
  if (typeof createImageBitmap !== 'function' || typeof OffscreenCanvas !== 'function') return null
  let bitmap: ImageBitmap
  try {
    bitmap = await decodeSmall(photo, side)
  } catch {
    return null
  }
  try {
    const scale = Math.max(side / bitmap.width, side / bitmap.height)
    const width = bitmap.width * scale
    const height = bitmap.height * scale
    const canvas = new OffscreenCanvas(side, side)
    const context = canvas.getContext('2d')
    if (!context) return null
    context.drawImage(bitmap, (side - width) / 2, (side - height) / 2, width, height)
    const thumbnail = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.85 })
    return URL.createObjectURL(thumbnail)
  } catch {
    return null
  } finally {
    bitmap.close()
  }
}

/** Where a queued thumbnail goes: `wanted` says whether anything still shows its file; `show` takes the URL. */
export interface ThumbnailTarget {
  wanted(): boolean
  /** False when nothing is there to show it any more: the URL is let go. */
  show(url: string): boolean
}

/** A photo's bytes as the core sends them (`files:picture`). */
export interface PictureBytes {
  type: string
  dataBase64: string
}

/** A photo, or how to fetch it when its turn comes (null: there is none to draw). */
export type ThumbnailSource = Blob | (() => Promise<Blob | PictureBytes | null>)

function blobOf(picture: Blob | PictureBytes): Blob {
  return picture instanceof Blob
    ? picture
    : new Blob([bytesFromBase64(picture.dataBase64)], { type: picture.type })
}

/**
 * Makes thumbnails one at a time, in the order asked: a drop of hundreds of photos holds one decoded photo at a time
 * and leaves the second core to the rest of the window. A file taken off before its turn is not read or decoded.
 */
export interface ThumbnailQueue {
  add(source: ThumbnailSource, target: ThumbnailTarget): void
}

export function thumbnailQueue(
  make: (file: Blob) => Promise<string | null> = imageThumbnail
): ThumbnailQueue {
  let last: Promise<void> = Promise.resolve()
  return {
    add(source, target) {
      last = last.then(async () => {
        if (!target.wanted()) return
        const photo = source instanceof Blob ? source : await source().catch(() => null)
        const url = photo && (await make(blobOf(photo)).catch(() => null))
        if (url && !target.show(url)) URL.revokeObjectURL(url)
      })
    }
  }
}
