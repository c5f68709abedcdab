// Moving a connected inbox to another relay: after a trial on the relay this computer runs, an operator's real relay
// (a Cloudflare Worker, a server) takes its place here, as does this computer's for a trial after a real one. A new
// mailbox replaces the connected one (`replace`); the devices are then turned on again under "Receive messages".
import type { ReceivingView } from '../../../../shared/contract'
import { useT } from '../../i18n'
import { PanelToggle, useRowPanel } from '../../ui/RowActions'
import { ConnectMailbox } from './ConnectMailbox'
import { LocalRelayOffer } from './LocalRelayOffer'

export function SwitchRelay({
  onThisComputer,
  onConnected
}: {
  /** The mailbox is on the relay this computer runs: offering that one again would change nothing. */
  onThisComputer: boolean
  onConnected(view: ReceivingView): void
}): React.JSX.Element {
  const t = useT()
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
        className="button button--small"
        testId="inbox-switch-relay"
      >
        {t('inbox.switch.open')}
      </PanelToggle>
      {panels.open === 'switch' ? (
        <div className="inline-form inbox-switch" data-testid="inbox-switch-panel">
          <p className="muted">{t('inbox.switch.intro')}</p>
          {onThisComputer ? null : <LocalRelayOffer replace down={false} onConnected={connected} />}
          <ConnectMailbox replace another onConnected={connected} />
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
