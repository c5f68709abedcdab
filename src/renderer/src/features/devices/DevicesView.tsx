// The devices view: every device with its live state and actions, and the add-device form.
import { useLayoutEffect, useRef, useState } from 'react'
import { useT } from '../../i18n'
import { useDevices } from '../../stores/devices'
import { useLinking } from '../../stores/linking'
import { useNavigation } from '../../stores/navigation'
import { busyButtonProps } from '../../ui/busy-button'
import { ViewHeading } from '../../ui/ViewHeading'
import { useTrySandbox } from '../welcome/first-device'
import { AddDeviceForm } from './AddDeviceForm'
import { DeviceRow } from './DeviceRow'
import { KeptAtGatewayRecords } from './GatewayReminderNames'
import { InvoiceHistory } from './InvoiceHistory'
import './devices.css'
import { isSandboxDevice } from '../../../../shared/device-status'

export function DevicesView(): React.JSX.Element {
  const t = useT()
  const devices = useDevices((state) => state.devices)
  const adding = useNavigation((state) => state.addDeviceOpen)
  const setAdding = useNavigation((state) => state.setAddDeviceOpen)
  const [notice, setNotice] = useState('')
  const { busy: startingSandbox, error: sandboxError, trySandbox } = useTrySandbox()
  // The form closing (Cancel, or added) takes the focused control with it: the focus goes back to "Add a device",
  // unless something else took it meanwhile (the linking wizard of the device just added).
  const addButton = useRef<HTMLButtonElement>(null)
  const wasAdding = useRef(adding)
  useLayoutEffect(() => {
    const closed = wasAdding.current && !adding
    wasAdding.current = adding
    const active = document.activeElement
    if (closed && (active === null || active === document.body)) addButton.current?.focus()
  }, [adding])

  // A removed device's card goes with the focused "Remove device": the operator lands on the heading and is told
  // which device went (QA7: the focus fell to the page). Focus placed elsewhere meanwhile stays.
  const shownDevices = useRef(devices)
  useLayoutEffect(() => {
    const before = shownDevices.current
    shownDevices.current = devices
    const gone = before.find((old) => !devices.some((d) => d.id === old.id))
    const active = document.activeElement
    if (!gone || (active !== null && active !== document.body)) return
    setNotice(t('devices.removed', { label: gone.label }))
    document.getElementById('devices-heading')?.focus()
  }, [devices, t])

  return (
    <section className="view" aria-labelledby="devices-heading" data-testid="view-devices">
      <div className="view-head">
        <ViewHeading id="devices-heading">{t('devices.title')}</ViewHeading>
        {!adding ? (
          <div className="actions">
            <button
              type="button"
              className="button button--primary"
              ref={addButton}
              data-testid="add-device-open"
              onClick={() => setAdding(true)}
            >
              {t('devices.add')}
            </button>
            <button
              type="button"
              className="button"
              id="create-device-open"
              data-testid="create-device-open"
              onClick={() => useNavigation.getState().navigate('newDevice')}
            >
              {t('devices.create')}
            </button>
            {/* The sandbox stays reachable after the welcome screen, until there is one. */}
            {devices.some(isSandboxDevice) ? null : (
              <button
                type="button"
                className="button"
                {...busyButtonProps(startingSandbox, () => void trySandbox())}
              >
                {startingSandbox ? t('welcome.sandbox.starting') : t('welcome.sandbox.action')}
              </button>
            )}
          </div>
        ) : null}
      </div>
      {sandboxError ? (
        <p className="alert alert--bad" role="alert">
          {sandboxError}
        </p>
      ) : null}
      {adding ? (
        <AddDeviceForm
          onCancel={() => setAdding(false)}
          onAdded={(device) => {
            setAdding(false)
            setNotice(t('devices.added', { label: device.label }))
            if (
              device.state === 'needs-scan' ||
              device.state === 'disconnected' ||
              device.state === 'unknown'
            ) {
              void useLinking.getState().open(device.id)
            }
          }}
        />
      ) : null}
      <p role="status" className="notice" data-testid="devices-notice">
        {notice}
      </p>
      <KeptAtGatewayRecords />
      {devices.length === 0 && !adding ? (
        <p className="empty" data-testid="devices-empty">
          {t('devices.empty')}
        </p>
      ) : (
        <ul className="device-list" aria-label={t('devices.listLabel')}>
          {devices.map((device) => (
            <DeviceRow key={device.id} device={device} />
          ))}
        </ul>
      )}
      <InvoiceHistory />
    </section>
  )
}
