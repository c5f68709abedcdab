// Test helpers: a fresh fake API per test, stores seeded like after bootstrap, and the app rendered on top.
import { render, screen, type RenderResult } from '@testing-library/react'
import type { ReactElement } from 'react'
import type { InvokeReply } from '../../../shared/contract'
import { setApi } from '../api'
import { App } from '../App'
import { useApp } from '../stores/app'
import { useDevices } from '../stores/devices'
import { useOutbox } from '../stores/outbox'
import { useSettings } from '../stores/settings'
import { createFakeApi, type FakeApi } from './fake-api'
import { makeBootstrap } from './fixtures'

/** A fake API installed as the window's API. */
export function installFakeApi(): FakeApi {
  const fake = createFakeApi()
  setApi(fake.api)
  return fake
}

/** Stores as `app:bootstrap` would leave them, without rendering the shell. */
export function seedStores(boot: InvokeReply<'app:bootstrap'> = makeBootstrap()): void {
  useSettings.getState().set(boot.settings)
  useDevices.getState().setDevices(boot.devices)
  useOutbox.getState().setCounts({
    counts: boot.counts,
    sendingPaused: boot.sendingPaused,
    pausedQueued: boot.pausedQueued,
    heldOverdue: boot.heldOverdue,
    scheduledOptedOut: boot.scheduledOptedOut
  })
  useApp.setState({
    status: 'ready',
    secretStorage: boot.secretStorage,
    secretStorageNote: boot.secretStorageNote
  })
}

export function renderView(view: ReactElement, boot?: InvokeReply<'app:bootstrap'>): RenderResult {
  seedStores(boot)
  return render(view)
}

/** The whole app against the fake; resolves once bootstrap has rendered the shell. */
export async function renderApp(fake: FakeApi, boot?: InvokeReply<'app:bootstrap'>): Promise<RenderResult> {
  if (boot) fake.handle('app:bootstrap', () => boot)
  const result = render(<App />)
  await screen.findByTestId('app')
  return result
}
