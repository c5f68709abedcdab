// A device's live state as a badge: text and a symbol, never colour alone.
import type { DeviceState } from '../../../../shared/contract'
import { deviceStatus } from '../../../../shared/device-status'
import { useT } from '../../i18n'

export function StateBadge({ id, state }: { id?: string; state: DeviceState }): React.JSX.Element {
  const t = useT()
  const { tone, symbol } = deviceStatus(state)
  return (
    <span
      className={`badge badge--${tone}`}
      data-testid={id ? `device-state-${id}` : undefined}
      data-state={state}
    >
      <span aria-hidden="true" className="badge-symbol">
        {symbol}
      </span>
      {t(`state.${state}`)}
    </span>
  )
}
