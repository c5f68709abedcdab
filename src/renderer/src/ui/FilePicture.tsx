// The picture of a photo the operator attached (a reply's file, a reminder's), drawn small as the Send view's files
// are (ui/thumbnail.ts says why), or nothing for any other file.
import { useEffect, useState } from 'react'
import type { FileHandleView } from '../../../shared/contract'
import { call } from '../api'
import { thumbnailMaker } from './thumbnail-maker'

/**
 * A thumbnail URL of an attached photo, or null (another kind of file, none yet, or one this window cannot decode).
 * Made from `picked`, the File the operator attached, when there is one; else read back from the core (a reply's
 * draft kept over a reload or a restart). Let go when the file changes or its row goes.
 */
function useFilePicture(file: FileHandleView | null, picked: Blob | null): string | null {
  const handle = file?.kind === 'image' ? file.handle : null
  const [shown, setShown] = useState<{ handle: string; url: string } | null>(null)
  useEffect(() => {
    if (!handle) return
    let wanted = true
    let made: string | null = null
    // In the Send view's queue: one photo decoded at a time in the window. A failed load leaves the name alone.
    void thumbnailMaker().then(
      (queue) =>
        queue.add(picked ?? (() => call('files:picture', { handle })), {
          wanted: () => wanted,
          show(url) {
            if (!wanted) return false
            made = url
            setShown({ handle, url })
            return true
          }
        }),
      () => undefined
    )
    return () => {
      wanted = false
      if (made) URL.revokeObjectURL(made)
    }
  }, [handle, picked])
  return shown?.handle === handle ? shown.url : null
}

/** An attached file's picture at `size` px square, beside its name (which says the file: the picture has no alt). */
export function FilePicture({
  file,
  picked,
  size,
  className,
  testId
}: {
  file: FileHandleView | null
  picked: Blob | null
  size: number
  className: string
  testId: string
}): React.JSX.Element | null {
  const picture = useFilePicture(file, picked)
  if (!picture) return null
  return <img className={className} src={picture} alt="" width={size} height={size} data-testid={testId} />
}
