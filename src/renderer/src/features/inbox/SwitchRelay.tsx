// Moving a connected inbox to another relay: after a trial on the relay this computer runs, an operator's real relay
// (a Cloudflare Worker, a server) takes its place here, as does this computer's for a trial after a real one. A new
// mailbox replaces the connected one (`replace`); the devices are then turned on again under "Receive messages".
// The panel opens on the address field (the one-click relay on this computer comes second: a stray Enter must not
// replace a working mailbox), and replacing one that devices receive through is asked first (QA30 Q30-01).
import type { ReceivingView } from '../../../../shared/contract'
import { useT } from '../../i18n'
import { useDevices } from '../../stores/devices'
import { cancelOnEscape } from '../../ui/escape'
import { PanelToggle, useRowPanel } from '../../ui/RowActions'
import { ConnectMailbox } from './ConnectMailbox'
import { LocalRelayOffer } from './LocalRelayOffer'

export function SwitchRelay({
  view,
  prominent = false,
  onConnected
}: {
  /** The connected mailbox: on the relay this computer runs (offering that one again would change nothing), and the
   *  devices receiving through it. */
  view: ReceivingView
  /** Drawn as large as the "Try now" beside it, while the relay is down (an operator's probe: it read as an aside). */
  prominent?: boolean
  onConnected(view: ReceivingView): void
}): React.JSX.Element {
  const t = useT()
  const devices = useDevices((s) => s.devices)
  const receivingDevices = view.devices
    .filter((device) => device.receiving)
    .map((device) => devices.find((d) => d.id === device.deviceId)?.label ?? device.deviceId)
  const panels = useRowPanel<'switch'>()
  const connected = (view: ReceivingView): void => {
    panels.close()
    onConnected(view)
  }
  return (
    <>
      <PanelToggle
        panels={panels}
        panel="switch"
        className={prominent ? 'button' : 'button button--small'}
        testId="inbox-switch-relay"
      >
        {t('inbox.switch.open')}
      </PanelToggle>
      {panels.open === 'switch' ? (
        <div
          className="inline-form inbox-switch"
          data-testid="inbox-switch-panel"
          // Esc does what Cancel does; a question inside (replacing a mailbox) takes its own Esc first.
          onKeyDown={cancelOnEscape(panels.close)}
        >
          <p className="muted">{t('inbox.switch.intro')}</p>
          <ConnectMailbox replace another askBeforeReplacing={receivingDevices} onConnected={connected} />
          {view.onThisComputer ? null : (
            <LocalRelayOffer
              replace
              down={false}
              askBeforeReplacing={receivingDevices}
              onConnected={connected}
            />
          )}
          <div className="actions">
            <button type="button" className="button" onClick={panels.close}>
              {t('common.cancel')}
            </button>
          </div>
        </div>
      ) : null}
    </>
  )
}
