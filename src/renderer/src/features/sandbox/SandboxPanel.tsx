// The sandbox panel: in sandbox mode the operator plays the phone and IT support (`sandbox:control`).
import { useState } from 'react'
import type { DeviceView } from '../../../../shared/contract'
import { call, errorInfo } from '../../api'
import { useT, type MessageKey } from '../../i18n'
import { useDevices } from '../../stores/devices'

type SandboxAction = 'scan' | 'activate' | 'logout' | 'open-web' | 'offline' | 'online' | 'expire'

const GROUPS: { title: MessageKey; actions: SandboxAction[] }[] = [
  { title: 'sandbox.group.phone', actions: ['scan', 'logout', 'open-web'] },
  { title: 'sandbox.group.support', actions: ['activate'] },
  { title: 'sandbox.group.network', actions: ['offline', 'online', 'expire'] }
]

export function SandboxPanel({
  device,
  compact = false
}: {
  device: DeviceView
  compact?: boolean
}): React.JSX.Element {
  const t = useT()
  const [busy, setBusy] = useState<SandboxAction | null>(null)
  const [status, setStatus] = useState('')

  async function act(action: SandboxAction): Promise<void> {
    setBusy(action)
    setStatus('')
    try {
      const updated = await call('sandbox:control', { deviceId: device.id, action })
      useDevices.getState().upsert(updated)
      setStatus(
        t('sandbox.done', { action: t(`sandbox.action.${action}`), state: t(`state.${updated.state}`) })
      )
    } catch (error) {
      setStatus(errorInfo(error).message)
    } finally {
      setBusy(null)
    }
  }

  return (
    <section
      className={compact ? 'sandbox-panel sandbox-panel--compact' : 'sandbox-panel'}
      aria-label={t('sandbox.title')}
      data-testid="sandbox-panel"
    >
      {!compact ? <h3>{t('sandbox.title')}</h3> : null}
      <p className="muted">{t('sandbox.intro')}</p>
      {GROUPS.map((group) => (
        <div key={group.title} className="sandbox-group" role="group" aria-label={t(group.title)}>
          <span className="sandbox-group-title">{t(group.title)}</span>
          {group.actions.map((action) => (
            <button
              key={action}
              type="button"
              className="button button--small"
              data-testid={`sandbox-${action}`}
              disabled={busy !== null}
              onClick={() => void act(action)}
            >
              {t(`sandbox.action.${action}`)}
            </button>
          ))}
        </div>
      ))}
      <p role="status" className="muted" data-testid="sandbox-status">
        {status}
      </p>
    </section>
  )
}
