// A device's name in the pickers: a sandbox device is marked, once.
import { describe, expect, it } from 'vitest'
import { translate } from '../../../shared/i18n'
import { deviceOptionLabel } from './DeviceSelect'

/** A device on a real gateway, not Sender Desk's built-in sandbox gateway (`DeviceView.sandbox`, no window setting). */
const ON_SANDBOX_GATEWAY = false

const en = (key: Parameters<typeof translate>[1]): string => translate('en', key)

describe('deviceOptionLabel', () => {
  it('marks a sandbox device whose label does not say so, and leaves the others as they are', () => {
    expect(deviceOptionLabel({ label: 'Test line', sandbox: true }, en)).toBe('Test line (Sandbox)')
    expect(deviceOptionLabel({ label: 'Sandbox device', sandbox: true }, en)).toBe('Sandbox device')
    expect(deviceOptionLabel({ label: 'Front office', sandbox: ON_SANDBOX_GATEWAY }, en)).toBe('Front office')
  })
})
