// Starting the window: the core's first answer is asked for before React renders, and the app mounts once it is in.
import { StrictMode } from 'react'
import { flushSync } from 'react-dom'
import { createRoot, type Root } from 'react-dom/client'
import { App } from './App'
import { connectEvents, useApp } from './stores/app'

/** How long the window stays blank waiting for the core's first answer before it shows "Loading…". */
export const LOADING_AFTER_MS = 150

/**
 * Connect the events and ask for the bootstrap, then mount the app when the core has answered (or after
 * LOADING_AFTER_MS, with its "Loading…" screen). React's first render is then the shell itself: the round trip
 * overlaps the rest of the start, and a normal start no longer draws, lays out and replaces a loading screen
 * (issue 18: about 14 ms of the first load's main-thread time). Resolves `mounted` once the app is drawn.
 */
export function startWindow(container: HTMLElement): { root: Root; mounted: Promise<void> } {
  const root = createRoot(container)
  let mount = (): void => undefined
  const mounted = new Promise<void>((resolve) => {
    mount = () => {
      mount = () => undefined
      // Drawn in the task that brought the answer, not in a scheduler task after it: no frame of an empty page in
      // between, and the shell is on screen one task sooner (issue 29).
      flushSync(() =>
        root.render(
          <StrictMode>
            <App started />
          </StrictMode>
        )
      )
      resolve()
    }
  })
  // Connected first, so no change the core announces while it answers is missed. For the window's lifetime.
  connectEvents()
  void useApp
    .getState()
    .bootstrap()
    .then(() => mount())
  setTimeout(() => mount(), LOADING_AFTER_MS)
  return { root, mounted }
}
