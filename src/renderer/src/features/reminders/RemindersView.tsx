// The reminders view: recurring messages for a device — kept by the gateway (its reminder API) or by Sender Desk (a
// local series that can carry files) — with a form to add one and both lists.
import { useState } from 'react'
import { call } from '../../api'
import { useT } from '../../i18n'
import { useDevices } from '../../stores/devices'
import { useNavigation } from '../../stores/navigation'
import { useOutbox } from '../../stores/outbox'
import { DeviceSelect } from '../../ui/DeviceSelect'
import { ViewHeading } from '../../ui/ViewHeading'
import { useSandboxQuery } from '../sandbox/use-sandbox-query'
import { GatewayReminderList } from './GatewayReminderList'
import { ReminderForm } from './ReminderForm'
import { SeriesList } from './SeriesList'

export function RemindersView(): React.JSX.Element {
  const t = useT()
  // A series asked for from elsewhere (the Outbox): the view opens on its device's lists, where its row takes the
  // focus (SeriesList), so the heading leaves it.
  const [askedDevice] = useState(() => useNavigation.getState().seriesAsk?.deviceId ?? null)
  const [deviceId, setDeviceId] = useState<string | null>(askedDevice)
  const device = useDevices((s) => s.devices.find((d) => d.id === deviceId))

  return (
    <section className="view" aria-labelledby="reminders-heading" data-testid="view-reminders">
      <ViewHeading id="reminders-heading" leavesFocus={askedDevice !== null}>
        {t('reminders.title')}
      </ViewHeading>
      <p className="muted">{t('reminders.intro')}</p>
      <DeviceSelect id="reminders-device" testId="reminders-device" value={deviceId} onChange={setDeviceId} />
      {device ? <DeviceReminders key={device.id} deviceId={device.id} deviceLabel={device.label} /> : null}
    </section>
  )
}

function DeviceReminders({
  deviceId,
  deviceLabel
}: {
  deviceId: string
  /** The device chosen above: an empty list names it (QA69: another device's series read as none at all). */
  deviceLabel: string
}): React.JSX.Element {
  // Gateway reminders show what the sandbox sent, so they reload when the sandbox changes; series when the outbox does.
  const reminders = useSandboxQuery(deviceId, () => call('reminders:list', { deviceId }))
  const outboxSeq = useOutbox((s) => s.changeSeq)
  const series = useSandboxQuery(deviceId, () => call('series:list', { deviceId }), outboxSeq)
  // How many times Create was pressed: the rows' last result lines go as a new reminder is made (QA70).
  const [creates, setCreates] = useState(0)

  return (
    <>
      <ReminderForm
        deviceId={deviceId}
        onCreates={() => setCreates((n) => n + 1)}
        onCreated={(keeper) => (keeper === 'gateway' ? reminders.reload() : series.reload())}
      />
      <GatewayReminderList
        deviceLabel={deviceLabel}
        reminders={reminders.data?.reminders ?? null}
        error={reminders.error}
        actionsElsewhere={creates}
        onChanged={reminders.reload}
        onRetry={reminders.retry}
      />
      <SeriesList
        deviceLabel={deviceLabel}
        series={series.data?.series ?? null}
        error={series.error}
        actionsElsewhere={creates}
        onChanged={series.reload}
        onRetry={series.retry}
      />
    </>
  )
}
