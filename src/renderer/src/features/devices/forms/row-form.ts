// What each of a device row's inline forms is given by the row: the device, whether an action is running, the
// row's runner (which shows the result under the row) and how to close the form (its Cancel, and Escape anywhere in it:
// QA19 Q19-04; useRowPanel gives the focus back to the button that opened it).
import type { DeviceView } from '../../../../../shared/contract'

/** Runs one action of the row; the returned text (if any) is shown as its success, a thrown error as its failure. */
export type RunRowAction = (action: string, work: () => Promise<string | null>) => Promise<void>

export interface RowFormProps {
  device: DeviceView
  busy: boolean
  run: RunRowAction
  onClose: () => void
}
