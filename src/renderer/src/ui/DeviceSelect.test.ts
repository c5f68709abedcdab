// A device's name in the pickers: a sandbox device is marked, once, and every sandbox device alike.
import { describe, expect, it } from 'vitest'
import { translate } from '../../../shared/i18n'
import { deviceOptionLabel } from './DeviceSelect'

/** A device on a real gateway, not Sender Desk's built-in sandbox gateway (`DeviceView.sandbox`, no window setting). */
const ON_SANDBOX_GATEWAY = false

const en = (key: Parameters<typeof translate>[1]): string => translate('en', key)
const id = (key: Parameters<typeof translate>[1]): string => translate('id', key)

describe('deviceOptionLabel', () => {
  it('marks a sandbox device whose label does not say so, and leaves the others as they are', () => {
    const testLine = { label: 'Test line', sandbox: true }
    const frontOffice = { label: 'Front office', sandbox: ON_SANDBOX_GATEWAY }
    expect(deviceOptionLabel(testLine, en, [testLine, frontOffice])).toBe('Test line (Sandbox)')
    expect(deviceOptionLabel(frontOffice, en, [testLine, frontOffice])).toBe('Front office')
    const sandboxDevice = { label: 'Sandbox device', sandbox: true }
    expect(deviceOptionLabel(sandboxDevice, en, [sandboxDevice, frontOffice])).toBe('Sandbox device')
  })

  // QA75: "Perangkat sandbox" beside "Kantor 2 (Sandbox)", both sandbox devices, read as if the first were not one.
  it('marks every sandbox device alike once one label does not say it', () => {
    const sandboxDevice = { label: 'Perangkat sandbox', sandbox: true }
    const office = { label: 'Kantor 2', sandbox: true }
    const listed = [sandboxDevice, office]
    expect(listed.map((device) => deviceOptionLabel(device, id, listed))).toEqual([
      'Perangkat sandbox (Sandbox)',
      'Kantor 2 (Sandbox)'
    ])
  })
})
