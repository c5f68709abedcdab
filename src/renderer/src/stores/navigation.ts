// Navigation store: which view the window shows, and the small hints a view needs when it opens.
import { create } from 'zustand'
import type { EventPayload, View as ContractView } from '../../../shared/contract'

/** The contract's views (the shell can ask for those) plus views only the window opens itself. */
export type View = ContractView | 'reminders' | 'autoReplies' | 'webhooks' | 'newDevice' | 'campaigns'

/** The views in the main nav, in order. Welcome, linking and new-device are reached from inside the app. */
export const NAV_VIEWS = [
  'home',
  'devices',
  'send',
  'outbox',
  'campaigns',
  'schedules',
  'reminders',
  'autoReplies',
  'webhooks',
  'settings',
  // Last, so that Alt+1 … Alt+0 keep opening the ten tabs before it; it has its own key, Alt+I (features/shortcuts).
  'inbox'
] as const satisfies readonly View[]

export interface NavigateOptions {
  /** Devices: open the add-device form. */
  addDevice?: boolean
  /** Send: preselect this device. */
  deviceId?: string
  /** Campaigns: open this campaign. */
  campaignId?: string
  /** Devices: this device's card brought into view, with this action of it focused (e.g. the token form opened). */
  deviceAsk?: DeviceAsk
  /** Reminders: open on this series' device, its row in view with its "Change end" focused. */
  seriesAsk?: SeriesAsk
  /** Settings: open on this field, with a way back to the wizard when the wizard asked. */
  settingsAsk?: SettingsAsk
  /**
   * The id of the control that takes the focus on arrival instead of the view's heading: the one that opened the view
   * being left, when its Cancel (or Escape) goes back (QA37 Q37-05).
   */
  focusOnArrival?: string
}

/**
 * A Settings field asked for from elsewhere (the linking wizard's "Add it in Settings"): focused and brought into view,
 * and, when a device's linking asked, a way back to that device's wizard.
 */
export interface SettingsAsk {
  field: 'supportContact'
  /** The device being linked when the wizard asked; null: no way back to offer. */
  linkingDeviceId: string | null
}

/**
 * A device's card action asked from elsewhere (the attention strip, the tray): the card takes it once. 'show' (the
 * tray's "Info…") only brings the card into view, the focus on its heading; 'topUp' (the strip's, for a sandbox
 * device's used-up quota) opens its Sandbox controls on the top-up; 'fileLimit' (a failed message's "Change the
 * file-size limit") opens its file-size limit form, the focus in its field.
 */
export interface DeviceAsk {
  deviceId: string
  action: NonNullable<EventPayload<'app:navigate'>['deviceAction']> | 'show' | 'topUp' | 'fileLimit'
}

/**
 * A recurring series asked for from elsewhere (an Outbox message cancelled past its series' end): Reminders opens on
 * its device, and the series' row, once listed, takes it once: brought into view, its "Change end" focused.
 */
export interface SeriesAsk {
  deviceId: string
  seriesId: string
}

interface NavigationState {
  view: View
  /** Bumped on every navigation so a view can react to "opened again" (e.g. focus its heading). */
  seq: number
  addDeviceOpen: boolean
  /** The campaign the Campaigns view opens next (asked from elsewhere, e.g. the Overview); taken once. */
  openCampaign: string | null
  /** The device action the Devices view opens next (asked from the attention strip or the tray); taken once. */
  deviceAsk: DeviceAsk | null
  /** The series the Reminders view opens on next (asked from the Outbox); taken once by its row. */
  seriesAsk: SeriesAsk | null
  /** The field the Settings view was opened on (asked from the linking wizard), until the next navigation. */
  settingsAsk: SettingsAsk | null
  /** The control the arriving view focuses instead of its heading (NavigateOptions.focusOnArrival), until the next navigation. */
  focusOnArrival: string | null
  navigate(view: View, options?: NavigateOptions): void
  takeOpenCampaign(): string | null
  takeDeviceAsk(): DeviceAsk | null
  takeSeriesAsk(): SeriesAsk | null
  setAddDeviceOpen(open: boolean): void
}

export const useNavigation = create<NavigationState>()((set, get) => ({
  view: 'welcome',
  seq: 0,
  addDeviceOpen: false,
  openCampaign: null,
  deviceAsk: null,
  seriesAsk: null,
  settingsAsk: null,
  focusOnArrival: null,
  navigate: (view, options = {}) =>
    set((state) => ({
      view,
      seq: state.seq + 1,
      addDeviceOpen: view === 'devices' ? Boolean(options.addDevice) : state.addDeviceOpen,
      openCampaign: view === 'campaigns' ? (options.campaignId ?? null) : state.openCampaign,
      deviceAsk: view === 'devices' ? (options.deviceAsk ?? null) : state.deviceAsk,
      seriesAsk: view === 'reminders' ? (options.seriesAsk ?? null) : state.seriesAsk,
      // Kept while Settings stays open, so its way back to the wizard stays; any navigation ends it.
      settingsAsk: view === 'settings' ? (options.settingsAsk ?? null) : null,
      focusOnArrival: options.focusOnArrival ?? null
    })),
  takeOpenCampaign: () => {
    const id = get().openCampaign
    if (id !== null) set({ openCampaign: null })
    return id
  },
  takeDeviceAsk: () => {
    const asked = get().deviceAsk
    if (asked !== null) set({ deviceAsk: null })
    return asked
  },
  takeSeriesAsk: () => {
    const asked = get().seriesAsk
    if (asked !== null) set({ seriesAsk: null })
    return asked
  },
  setAddDeviceOpen: (addDeviceOpen) => set({ addDeviceOpen })
}))

export function resetNavigationStore(): void {
  useNavigation.setState({
    view: 'welcome',
    seq: 0,
    addDeviceOpen: false,
    openCampaign: null,
    deviceAsk: null,
    seriesAsk: null,
    settingsAsk: null,
    focusOnArrival: null
  })
}
