/** Setup for renderer component tests (jsdom): cleanup, fresh stores and API per test, and the browser bits jsdom lacks. */
import { cleanup } from '@testing-library/react'
import { afterEach, vi } from 'vitest'
import { id } from '../../shared/i18n/id'
import { addStrings } from '../../shared/i18n/translate'
import { setApi } from './api'
import { resetAppStore } from './stores/app'
import { resetCampaignDraft } from './stores/campaign-draft'
import { resetContactNamesStore } from './stores/contact-names'
import { resetPlace } from './stores/place'
import { resetOutboxPlace } from './stores/outbox-place'
import { resetKeptFields } from './stores/kept-fields'
import { resetReplyDrafts } from './stores/reply-drafts'
import { resetSettingsDrafts } from './stores/settings-drafts'
import { resetDevicesStore } from './stores/devices'
import { resetExportsStore } from './stores/exports'
import { resetInboxAlertsStore } from './stores/inbox-alerts'
import { resetLinkingStore } from './stores/linking'
import { resetNavigationStore } from './stores/navigation'
import { resetOutboxStore } from './stores/outbox'
import { resetSandboxActivityStore } from './stores/sandbox-activity'
import { resetSendStore } from './stores/send'
import { resetSettingsStore } from './stores/settings'
import { resetViewSpot } from './stores/view-spot'

// Both languages from the start, as if the window had already loaded Indonesian (strings.test.ts checks the loading).
addStrings('id', id)

// jsdom has no object URLs; thumbnails only need a stable string.
if (typeof URL.createObjectURL !== 'function') {
  let n = 0
  URL.createObjectURL = () => `blob:test/${++n}`
  URL.revokeObjectURL = () => undefined
}

afterEach(() => {
  cleanup()
  resetLinkingStore()
  resetSendStore()
  resetCampaignDraft()
  resetOutboxStore()
  resetSandboxActivityStore()
  resetDevicesStore()
  resetExportsStore()
  resetSettingsStore()
  resetNavigationStore()
  resetInboxAlertsStore()
  resetReplyDrafts()
  resetKeptFields()
  resetSettingsDrafts()
  resetPlace()
  resetOutboxPlace()
  resetViewSpot()
  resetAppStore()
  resetContactNamesStore()
  setApi(null)
  vi.useRealTimers()
  delete document.documentElement.dataset['theme']
})
