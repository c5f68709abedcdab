/**
 * What the terminal says on stderr while a command's first open updates a data folder an older version wrote: a
 * step can take half a minute, and a silent command looks hung (and gets stopped). stdout stays the result's alone.
 */
import { describeDataUpdate, type DataUpdateProgress } from '../core/compose-command-line'
import type { Output } from './output'

/** The `onDataUpdate` port of the terminal's compositions: each line on stderr as it happens. */
export function reportDataUpdate(out: Output): (progress: DataUpdateProgress) => void {
  return (progress) => out.progress(`sender-desk: ${describeDataUpdate(progress)}`)
}
