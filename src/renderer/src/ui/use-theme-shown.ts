// The theme the window shows now: the settings' choice on the document (`data-theme`), else the system's. What draws
// its own colours (a canvas) reads them again when it changes; CSS follows by itself.
import { useSyncExternalStore } from 'react'

export type ThemeShown = 'light' | 'dark'

const DARK_QUERY = '(prefers-color-scheme: dark)'

function themeShown(): ThemeShown {
  const chosen = document.documentElement.dataset['theme']
  if (chosen === 'light' || chosen === 'dark') return chosen
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches ? 'dark' : 'light'
}

function onThemeChange(changed: () => void): () => void {
  const observer = new MutationObserver(changed)
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] })
  const system = typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : null
  system?.addEventListener('change', changed)
  return () => {
    observer.disconnect()
    system?.removeEventListener('change', changed)
  }
}

/** The theme shown, following a switch in the settings and the system's own while 'system' is chosen. */
export function useThemeShown(): ThemeShown {
  return useSyncExternalStore(onThemeChange, themeShown)
}
