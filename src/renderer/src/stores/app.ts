// App store: bootstrap (`app:bootstrap` fills every store) and the wiring of every core event into the stores.
import { create } from 'zustand'
import { contactNamesChanged } from './contact-names'
import type { EventPayload, InvokeReply } from '../../../shared/contract'
import { call, errorInfo, firstAnswer, getApi, type ErrorInfo } from '../api'
import { WINDOW_EVENTS, type WindowEvent } from '../early-start'
import { loadStrings } from '../i18n/strings'
import { useDevices } from './devices'
import { useDroppedSheet } from './dropped-sheet'
import { useInboxAlerts } from './inbox-alerts'
import { useLinking } from './linking'
import { useNavigation } from './navigation'
import { useOutbox } from './outbox'
import { returnToPlace } from './place'
import { useSandboxActivity } from './sandbox-activity'
import { useSend } from './send'
import { useSettings } from './settings'

type Bootstrap = InvokeReply<'app:bootstrap'>

interface AppState {
  status: 'loading' | 'ready' | 'error'
  error: ErrorInfo | null
  version: string
  platform: string
  firstRun: boolean
  secretStorage: Bootstrap['secretStorage']
  secretStorageNote: string | null
  sandboxRunning: boolean
  /** Ask the core for everything the window starts from, then show the first view. */
  bootstrap(): Promise<void>
  /** Start the embedded sandbox gateway and open the linking wizard for its device. */
  startSandbox(): Promise<void>
}

export const useApp = create<AppState>()((set) => ({
  status: 'loading',
  error: null,
  version: '',
  platform: '',
  firstRun: false,
  secretStorage: 'keychain',
  secretStorageNote: null,
  sandboxRunning: false,

  async bootstrap() {
    set({ status: 'loading', error: null })
    try {
      const { reply, checked } = await firstAnswer()
      // Drawn from the answer as it came; if the contract's check (once its code has loaded) refuses it, the shell
      // gives way to the error and Try again.
      checked.catch((error: unknown) => set({ status: 'error', error: errorInfo(error) }))
      // The shell is drawn in the operator's language from its first frame: Indonesian is loaded first when chosen.
      await loadStrings(reply.settings.language)
      useSettings.getState().set(reply.settings)
      useDevices.getState().setDevices(reply.devices)
      useOutbox.getState().setCounts(reply)
      set({
        status: 'ready',
        version: reply.version,
        platform: reply.platform,
        firstRun: reply.firstRun,
        secretStorage: reply.secretStorage,
        secretStorageNote: reply.secretStorageNote,
        sandboxRunning: reply.sandboxRunning
      })
      // A navigation that arrived meanwhile (tray Relink) wins over the first view.
      const navigation = useNavigation.getState()
      if (navigation.seq === 0 && !returnToPlace()) {
        navigation.navigate(reply.firstRun || reply.devices.length === 0 ? 'welcome' : 'home')
      }
    } catch (error) {
      set({ status: 'error', error: errorInfo(error) })
    }
  },

  async startSandbox() {
    // Its device is named once, at creation: in the window's language.
    const language = useSettings.getState().settings?.language ?? 'en'
    const { device } = await call('sandbox:start', { language })
    set({ sandboxRunning: true })
    useDevices.getState().upsert(device)
    await useLinking.getState().open(device.id)
  }
}))

/** The shell asks for a view: tray Relink → QR step for that device; tray drop → send with the files. */
export function handleNavigate(request: EventPayload<'app:navigate'>): void {
  if (request.view === 'linking' && request.deviceId) {
    void useLinking.getState().open(request.deviceId, { forceQr: true })
    return
  }
  if (request.view === 'send') {
    // A spreadsheet dropped on the tray is asked about before it becomes an attachment (issue 27).
    const handles = request.handles ?? []
    if (useDroppedSheet.getState().askIfSpreadsheet({ files: [], handles, sheets: request.sheets ?? [] }))
      return
    if (handles.length > 0) useSend.getState().addHandles(handles)
    if (request.deviceId) useSend.getState().setFields({ deviceId: request.deviceId })
  }
  // A clicked new-message notification: the inbox opens on that conversation.
  if (request.view === 'inbox' && request.conversationId !== undefined)
    useInboxAlerts.getState().askToOpen(request.conversationId)
  // The tray's Enter token… / Renew…: that device's card, on that action; its Info… (a device, no action): the card.
  const { deviceId, deviceAction } = request
  useNavigation
    .getState()
    .navigate(
      request.view,
      deviceId && request.view === 'devices'
        ? { deviceAsk: { deviceId, action: deviceAction ?? 'show' } }
        : {}
    )
}

/**
 * Subscribe the stores to every core event; returns the unsubscribe. Nothing is asked here: a call loads the contract
 * client, which the shell does not wait for (the inbox's unread count and viewing report start after it, in App).
 */
export function connectEvents(): () => void {
  const api = getApi()
  // Keyed by WINDOW_EVENTS, the events early-start.ts holds from the window's first moment: the type makes the two
  // lists the same.
  const follow: { [E in WindowEvent]: (payload: EventPayload<E>) => void } = {
    'devices:changed': ({ devices }) => useDevices.getState().setDevices(devices),
    'outbox:itemChanged': ({ item }) => useOutbox.getState().applyItem(item),
    'outbox:bulkChanged': () => useOutbox.getState().bulkChanged(),
    'outbox:countsChanged': (update) => useOutbox.getState().setCounts(update),
    'settings:changed': (settings) => useSettings.getState().set(settings),
    'app:navigate': handleNavigate,
    'sandbox:changed': () => useSandboxActivity.getState().changed(),
    'inbox:changed': (status) => useInboxAlerts.getState().setStatus(status),
    'contacts:changed': () => contactNamesChanged()
  }
  const offs = WINDOW_EVENTS.map((event) =>
    api.on(event, follow[event] as (payload: EventPayload<typeof event>) => void)
  )
  return () => {
    for (const off of offs) off()
  }
}

export function resetAppStore(): void {
  useApp.setState({
    status: 'loading',
    error: null,
    version: '',
    platform: '',
    firstRun: false,
    secretStorage: 'keychain',
    secretStorageNote: null,
    sandboxRunning: false
  })
}
