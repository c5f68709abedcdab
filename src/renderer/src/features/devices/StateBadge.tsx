// A device's live state as a badge: text and a symbol, never colour alone.
import type { DeviceState } from '../../../../shared/contract'
import { useT } from '../../i18n'

const SYMBOL: Record<DeviceState, string> = {
  unknown: '…',
  connected: '✓',
  disconnected: '↻',
  'needs-scan': '▦',
  'awaiting-activation': '◔',
  expired: '⊗',
  'token-invalid': '✕',
  unreachable: '⚠',
  locked: '⊘'
}

export type Tone = 'ok' | 'warn' | 'bad' | 'neutral'

export const TONE: Record<DeviceState, Tone> = {
  unknown: 'neutral',
  connected: 'ok',
  disconnected: 'warn',
  'needs-scan': 'warn',
  'awaiting-activation': 'warn',
  expired: 'bad',
  'token-invalid': 'bad',
  unreachable: 'bad',
  locked: 'bad'
}

export function StateBadge({ id, state }: { id?: string; state: DeviceState }): React.JSX.Element {
  const t = useT()
  return (
    <span
      className={`badge badge--${TONE[state]}`}
      data-testid={id ? `device-state-${id}` : undefined}
      data-state={state}
    >
      <span aria-hidden="true" className="badge-symbol">
        {SYMBOL[state]}
      </span>
      {t(`state.${state}`)}
    </span>
  )
}
