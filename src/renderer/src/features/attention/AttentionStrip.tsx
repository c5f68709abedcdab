// The in-window strip for what needs the operator: devices (which, what happened, the one action that helps),
// scheduled messages held for a decision because they came due while they could not be sent (the app closed, or the
// computer asleep: the core finds them overdue either way and cannot tell which), and campaigns paused by a failure
// whose device can send again (QA72: they wait for Resume), and a relay that needs the operator, by the tray's rule
// (QA82: customers' messages stopped arriving and only the Messages in page said so).
import { createContext, useContext, useLayoutEffect, useRef, type RefObject } from 'react'
import './attention.css'
import type { CampaignView, DeviceView } from '../../../../shared/contract'
import {
  adviceKey,
  deviceStatus,
  renewAddress,
  quotaUsedUp,
  stateNameKey
} from '../../../../shared/device-status'
import { call } from '../../api'
import { useT } from '../../i18n'
import { useDevices } from '../../stores/devices'
import { useInboxAlerts } from '../../stores/inbox-alerts'
import { useNavigation } from '../../stores/navigation'
import { useOutbox } from '../../stores/outbox'
import { campaignPartText } from '../campaigns/wait-text'
import { RenewLink } from '../devices/RenewLink'
import {
  DeviceHelpButton,
  DeviceHelpSaid,
  helpingAction,
  useActionBeside,
  useDeviceHelp
} from '../devices/device-help'
import type { RelayEffect, RelayStatus } from '../../../../shared/relay-status'
import { busyButtonProps } from '../../ui/busy-button'
import { RELAY_EFFECT_KEY } from './relay-effect'
import { partsAwaitingResume, useRunningCampaigns, type PartAwaitingResume } from './parts-awaiting-resume'

/** The strip hears which item's action started: when that item goes, the focus moves on (see AttentionStrip). */
const ActionStarted = createContext<(itemKey: string) => void>(() => undefined)

/**
 * What a campaign's part is in the strip: its `data-testid` is `attention-<key>`, as a device's is `attention-<id>`.
 * Keyed by its device too: a campaign on two devices may wait on both.
 */
function partKey({ campaign, part }: Pick<PartAwaitingResume, 'campaign' | 'part'>): string {
  return `campaign-${campaign.id}-${part.deviceId}`
}

/** An item's words: which device, its state, the advice, and where a renewal is paid when there is such a place. */
function ItemWords({ device }: { device: DeviceView }): React.JSX.Element {
  const t = useT()
  return (
    <>
      <strong>{device.label}</strong>: {t(stateNameKey(device))}.{' '}
      <span className="muted">{t(adviceKey(device))}</span>
      {renewAddress(device) ? (
        <>
          {' '}
          <RenewLink device={device} />
        </>
      ) : null}
    </>
  )
}

/**
 * A device needing the operator: its words and the one action that helps it (helpingAction, shared with a held
 * message's detail), a failure or its verdict said beside it.
 */
function AttentionItem({ device }: { device: DeviceView }): React.JSX.Element {
  const { busy, said, saidRef, run } = useDeviceHelp(device, useContext(ActionStarted))
  const action = helpingAction(device)

  return (
    <li className="attention-item" data-testid={`attention-${device.id}`}>
      <span>
        <ItemWords device={device} />
        <DeviceHelpSaid said={said} saidRef={saidRef} />
      </span>
      {action ? <DeviceHelpButton device={device} action={action} busy={busy} run={run} /> : null}
    </li>
  )
}

/**
 * Held overdue messages go only when the operator says so (QA13 Q13-01: "ask me" asked nowhere): named here, on
 * every view, with the way to Schedules where each is sent or cancelled.
 */
function HeldItem({ count }: { count: number }): React.JSX.Element {
  const t = useT()
  // On Schedules already, the way there is no way anywhere (a new operator's probe): the held rows are below.
  const onSchedules = useNavigation((s) => s.view === 'schedules')
  return (
    <li className="attention-item" data-testid="attention-held">
      <span>{t('attention.held', { count })}</span>
      {onSchedules ? null : (
        <button
          type="button"
          className="button button--small"
          onClick={() => useNavigation.getState().navigate('schedules')}
        >
          {t('attention.held.open')}
        </button>
      )}
    </li>
  )
}

/**
 * The relay needs the operator (relayStatus's needsAttention, as the tray's warning): its state in the relay card's
 * words, what it means for the customers' messages, and the way to Messages in, where its reason, next try and Try now
 * are. On Messages in the card says it already, so the item steps aside there.
 */
function RelayItem({ relay }: { relay: RelayStatus & { effect: RelayEffect } }): React.JSX.Element {
  const t = useT()
  return (
    <li className="attention-item" data-testid="attention-relay">
      <span>
        <strong>{t('nav.inbox')}</strong> —{' '}
        {t('attention.relay', { state: t(`relay.state.${relay.health}`, relay.wordParams) })}.{' '}
        <span className="muted">{t(RELAY_EFFECT_KEY[relay.effect])}</span>
      </span>
      <button
        type="button"
        className="button button--small"
        onClick={() => useNavigation.getState().navigate('inbox')}
      >
        {t('attention.relay.open')}
      </button>
    </li>
  )
}

/** The relay's state while it needs the operator and the view is not Messages in (nor the wizard), else null. */
function useRelayNeedingOperator(inWizard: boolean): (RelayStatus & { effect: RelayEffect }) | null {
  const relay = useInboxAlerts((s) => s.relay)
  const onInbox = useNavigation((s) => s.view === 'inbox')
  if (inWizard || onInbox || !relay?.needsAttention || relay.effect === null) return null
  return { ...relay, effect: relay.effect }
}

/**
 * A campaign's part paused by its device's failure, the device back (QA72): which campaign, on which device, why it
 * paused, and its Resume, the part's own (campaigns:resume with the device, as the campaign's page resumes a part).
 * The reply goes to `took`, so the item goes as the part resumes.
 */
function CampaignPartItem({
  waiting,
  took
}: {
  waiting: PartAwaitingResume
  took: (view: CampaignView) => void
}): React.JSX.Element {
  const t = useT()
  const { campaign, part, device } = waiting
  const key = partKey(waiting)
  // Run as a device item's action is, but without a device verdict to follow.
  const { busy, problem, saidRef, run } = useActionBeside(key, useContext(ActionStarted))
  // A drop's pause: the device is back, as the campaign's page says it; other failures wait for Resume all the same.
  const advice =
    part.autoPaused === 'disconnected' || part.autoPaused === 'unreachable'
      ? 'campaigns.autoPause.deviceBack'
      : 'attention.campaign.waits'
  const resume = (): Promise<void> =>
    run(async () => took(await call('campaigns:resume', { id: campaign.id, deviceId: part.deviceId })))
  return (
    <li className="attention-item" data-testid={`attention-${key}`}>
      <span>
        <strong>{t('attention.campaign', { name: campaign.name })}</strong>:{' '}
        {campaignPartText(part, device, t, {})} <span className="muted">{t(advice)}</span>
        <DeviceHelpSaid said={problem ? { tone: 'bad', text: problem } : null} saidRef={saidRef} />
      </span>
      <button
        type="button"
        className="button button--small"
        aria-label={t('attention.campaign.resume', { campaign: campaign.name, device: device.label })}
        {...busyButtonProps(busy, () => void resume())}
      >
        {t('campaigns.resume')}
      </button>
    </li>
  )
}

export function AttentionStrip(): React.JSX.Element | null {
  const t = useT()
  const devices = useDevices((s) => s.devices)
  // The wizard has the window: the device being linked is in the operator's hands (the wizard says what it needs),
  // and another device's item would push the QR code below a small window's fold (QA16 Q16-10). They come back after.
  const inWizard = useNavigation((s) => s.view === 'linking')
  const needing = inWizard
    ? []
    : devices.filter((d) => deviceStatus(d.state).needsAttention || quotaUsedUp(d))
  const held = useOutbox((s) => s.heldOverdue)
  // Only a pause holds a part's queued messages back: without one no campaign waits for a Resume.
  const running = useRunningCampaigns(useOutbox((s) => s.pausedQueued > 0))
  const waiting = inWizard ? [] : partsAwaitingResume(running.campaigns, devices)
  const relay = useRelayNeedingOperator(inWizard)
  const listRef = useRef<HTMLUListElement>(null)
  const focusWhenGone = useFocusWhenItemGoes(
    [...needing.map((device) => device.id), ...waiting.map(partKey)],
    listRef
  )
  if (needing.length === 0 && held === 0 && waiting.length === 0 && relay === null) return null
  return (
    <section className="attention banner" aria-label={t('attention.label')} data-testid="attention-strip">
      <ActionStarted.Provider value={focusWhenGone}>
        <ul ref={listRef}>
          {held > 0 ? <HeldItem count={held} /> : null}
          {needing.map((device) => (
            <AttentionItem key={device.id} device={device} />
          ))}
          {relay ? <RelayItem relay={relay} /> : null}
          {waiting.map((part) => (
            <CampaignPartItem key={partKey(part)} waiting={part} took={running.took} />
          ))}
        </ul>
      </ActionStarted.Provider>
    </section>
  )
}

/**
 * An item whose action mended its device (or resumed its campaign's part) goes, and the browser drops the focus to the page with it (QA16 Q16-03): the
 * focus goes on to the item now in its place (or the last), or to the view's heading when the strip is empty. Only
 * for the item the operator acted on, and only when the focus was dropped: focus moved elsewhere meanwhile stays.
 */
function useFocusWhenItemGoes(
  itemKeys: readonly string[],
  listRef: RefObject<HTMLUListElement | null>
): (itemKey: string) => void {
  const actedOn = useRef<{ itemKey: string; index: number } | null>(null)
  const ids = itemKeys.join(' ')
  useLayoutEffect(() => {
    const acted = actedOn.current
    if (acted === null || ids.split(' ').includes(acted.itemKey)) return
    actedOn.current = null
    const active = document.activeElement
    if (active !== null && active !== document.body) return
    const items = [...(listRef.current?.children ?? [])]
    const next = items[Math.min(acted.index, items.length - 1)]?.querySelector<HTMLElement>('button, a')
    const heading =
      document.querySelector<HTMLElement>('#main .view-title') ?? document.getElementById('main')
    ;(next ?? heading)?.focus()
  }, [ids, listRef])
  return (itemKey) => {
    const items = [...(listRef.current?.children ?? [])]
    const index = items.findIndex((item) => item.getAttribute('data-testid') === `attention-${itemKey}`)
    actedOn.current = { itemKey, index: Math.max(0, index) }
  }
}
