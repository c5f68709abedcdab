/**
 * `sender-desk campaign devices <id|name> --device <id|name>[,…]`: a draft's devices chosen again, as its "Send from"
 * field in the window chooses them (a draft left with none by a device's removal cannot start until one is chosen),
 * through the window's own command (`campaigns:setDevices`), which refuses a campaign that is not a draft or a device
 * the app does not have in its own words. The devices are the app's (its list in the data folder), by id or by name.
 */
import { requireString } from './args'
import type { CliContext } from './index'
import { cliDataDir, withCommandLineCore } from './outbox-commands'
import { appDevices, type CommandLineCore } from '../core/compose-command-line'
import type { CampaignView } from '../../shared/contract'

/** How a draft with no device is told to choose one here (under the window's sentence for it). */
export const chooseDevicesHint = (campaignId: string): string =>
  `Choose them with: sender-desk campaign devices ${campaignId} --device <id|name>[,…]`

/**
 * The device ids `--device` names, in its order: each an id of the app's list, else the name of one device of it (case
 * aside); any other word is passed on as given, for the core to refuse in its words.
 */
export function chosenDevices(given: string, listed: ReadonlyMap<string, string>): string[] {
  return given
    .split(',')
    .map((word) => word.trim())
    .filter((word) => word !== '')
    .map((word) => {
      if (listed.has(word)) return word
      const named = [...listed].filter(([, label]) => label.toLowerCase() === word.toLowerCase())
      return named.length === 1 && named[0] ? named[0][0] : word
    })
}

/** Sets the draft's devices: the campaign as the core answers, and its devices by the app's names (else their ids). */
export async function setDraftDevices(
  context: CliContext,
  campaignId: string
): Promise<{ view: CampaignView; names: string[] }> {
  const given = requireString(
    context.args,
    'device',
    "the app's devices to send from: ids or names, comma-separated"
  )
  const listed = await appDevices(cliDataDir(context))
  // The credentials' device is one too when given (a campaign created here is dealt to it), as for `campaign status`.
  const credentials = await context.credentials().catch(() => null)
  const view = await withCommandLineCore(
    context,
    credentials,
    (core: CommandLineCore) =>
      core.invoke('campaigns:setDevices', { id: campaignId, devices: chosenDevices(given, listed) }),
    { appDevices: listed }
  )
  return { view, names: view.devices.map((part) => listed.get(part.deviceId) ?? part.deviceId) }
}
