// The progress of a link after the scan: scanned → seen by the gateway → activated, each with its status in words.
import type { DeviceView } from '../../../../shared/contract'
import { useT, type MessageKey } from '../../i18n'
import './linking.css'

type Mark = 'done' | 'active' | 'pending'

export function LinkProgress({ device }: { device: DeviceView | undefined }): React.JSX.Element {
  const t = useT()
  const state = device?.state
  const seen = state === 'awaiting-activation' || state === 'connected'
  const rows: { key: MessageKey; mark: Mark }[] = [
    { key: 'linking.progress.scanned', mark: 'done' },
    { key: 'linking.progress.seen', mark: seen ? 'done' : 'active' },
    // Nobody is activating it until the operator has asked IT support: "not yet", never "in progress".
    { key: 'linking.progress.activated', mark: state === 'connected' ? 'done' : 'pending' }
  ]
  return (
    <ol className="progress-list" data-testid="link-progress">
      {rows.map((row) => (
        <li key={row.key} className={`progress progress--${row.mark}`} data-mark={row.mark}>
          <span aria-hidden="true" className="progress-symbol">
            {row.mark === 'done' ? '✓' : row.mark === 'active' ? '◌' : '○'}
          </span>
          <span>{t(row.key)}</span>
          <span className="progress-state">{t(`linking.progress.${row.mark}`)}</span>
        </li>
      ))}
    </ol>
  )
}
