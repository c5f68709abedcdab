// A device's live state as a badge: text and a symbol, never colour alone.
import type { DeviceView } from '../../../../shared/contract'
import { stateLook, stateNameKey } from '../../../../shared/device-status'
import { useT } from '../../i18n'

export function StateBadge({
  id,
  device
}: {
  id?: string
  device: Pick<DeviceView, 'state' | 'stateNoteKey' | 'quota'>
}): React.JSX.Element {
  const t = useT()
  const { state } = device
  const { tone, symbol } = stateLook(device)
  return (
    <span
      className={`badge badge--${tone}`}
      data-testid={id ? `device-state-${id}` : undefined}
      data-state={state}
    >
      <span aria-hidden="true" className="badge-symbol">
        {symbol}
      </span>
      {t(stateNameKey(device))}
    </span>
  )
}
