// The largest file the chosen device's gateway takes: its own limit when set, else the app-wide setting.
import type { DeviceView, Settings } from '../../../../shared/contract'
// From its module, not the domain's index: the index brings the phone rules to the window's start.
import { resolveFileLimit } from '../../../../shared/domain/limits'
import { useDevices } from '../../stores/devices'
import { useSend } from '../../stores/send'
import { useSettings } from '../../stores/settings'

export function fileLimitFor(device: DeviceView | undefined, settings: Settings | null | undefined): number {
  return resolveFileLimit(device?.maxFileBytes, settings?.maxFileBytes)
}

/** The limit for the device the send panel has chosen, read from the stores at call time (drop and paste handlers). */
export function currentFileLimit(): number {
  const deviceId = useSend.getState().deviceId
  return fileLimitFor(
    useDevices.getState().devices.find((d) => d.id === deviceId),
    useSettings.getState().settings
  )
}
