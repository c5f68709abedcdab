/**
 * What the terminal says on stderr while a command's first open updates a data folder an older version wrote: a
 * step can take half a minute, and a silent command looks hung (and gets stopped). stdout stays the result's alone.
 */
import type { DataUpdateProgress } from '../core/compose-command-line'
import { formatNumber } from '../../shared/i18n'
import type { Output } from './output'

const UPDATING = 'sender-desk: Updating the data folder'

export function dataUpdateLine(progress: DataUpdateProgress): string {
  switch (progress.phase) {
    case 'backup':
      return `${UPDATING}: keeping a copy as it was first…`
    case 'step':
      return `${UPDATING}: step ${progress.step} of ${progress.steps} (${progress.name})…`
    case 'done':
      return `${UPDATING}: done in ${formatNumber(Math.round(progress.ms / 100) / 10, 'en')} s`
  }
}

/** The `onDataUpdate` port of the terminal's compositions: each line on stderr as it happens. */
export function reportDataUpdate(out: Output): (progress: DataUpdateProgress) => void {
  return (progress) => out.progress(dataUpdateLine(progress))
}
