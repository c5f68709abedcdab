// Which photo the operator picked became which registered file, so its picture is made from the File in the window.
import type { FileHandleView } from '../../../shared/contract'

/**
 * The picked Files of the photos the core registered, by handle. The core answers with handles only, and leaves out
 * the files it refused, so each is matched back by the name it was picked under (a pasted picture has none) and its
 * size; a photo that matches nothing gets its picture from the core's bytes instead.
 */
export function pickedPhotosByHandle(
  picked: readonly { file: File; size: number }[],
  registered: readonly FileHandleView[]
): Map<string, File> {
  const pool = [...picked]
  const photos = new Map<string, File>()
  for (const handle of registered) {
    const pickedAs = handle.renamedFrom ?? handle.name
    const index = pool.findIndex(
      ({ file, size }) => (file.name || 'pasted.png') === pickedAs && size === handle.size
    )
    const file = index >= 0 ? pool.splice(index, 1)[0]?.file : undefined
    if (file && handle.kind === 'image') photos.set(handle.handle, file)
  }
  return photos
}
