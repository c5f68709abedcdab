/**
 * The small window shown while the start updates a data folder an older version wrote. The update runs on the main
 * process's thread (better-sqlite3 is synchronous, and it is one transaction: stopped, the data stays as it was), so
 * nothing can be drawn once it begins: this window is drawn and on screen first, says what is happening and asks the
 * operator to keep the app open, and stays as drawn (the renderer paints it) until the app window replaces it.
 */
import { BrowserWindow } from 'electron'
import type { Language, Translate } from '../../shared/i18n'
import { LOCKED_DOWN_PAGE } from './window'

/** How long the start waits for the window to be drawn; past it, the update runs anyway (a start is never held). */
const DRAWN_WITHIN_MS = 3_000

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

/** The page, self-contained: no script, no preload, nothing fetched (its own policy says so). */
export function updatingPage(language: Language, t: Translate): string {
  const html = `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>${escapeHtml(t('desktop.updating.title'))}</title>
<style>
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; }
  body { margin: 0; padding: 28px 32px; line-height: 1.45; }
  h1 { font-size: 1.25rem; margin: 0 0 12px; }
  p { margin: 0 0 10px; }
  .keep { font-weight: 600; }
  .bar { height: 4px; margin-top: 18px; border-radius: 2px; background: color-mix(in srgb, currentColor 15%, transparent); overflow: hidden; }
  .bar::after { content: ''; display: block; width: 30%; height: 100%; background: #1f7a4d; animation: slide 1.6s ease-in-out infinite; }
  @keyframes slide { from { transform: translateX(-100%); } to { transform: translateX(340%); } }
  @media (prefers-reduced-motion: reduce) { .bar::after { animation: none; width: 100%; opacity: 0.5; } }
</style>
</head>
<body>
<main role="status">
<h1>${escapeHtml(t('desktop.updating.title'))}</h1>
<p>${escapeHtml(t('desktop.updating.body'))}</p>
<p class="keep">${escapeHtml(t('desktop.updating.keepOpen'))}</p>
<div class="bar" aria-hidden="true"></div>
</main>
</body>
</html>`
  return `data:text/html;charset=utf-8,${encodeURIComponent(html)}`
}

/**
 * Opens the window and resolves once it is on screen with a frame drawn (two animation frames after showing), or
 * after DRAWN_WITHIN_MS whatever happened: the caller then runs the update, which blocks this thread.
 */
export async function showUpdatingWindow(language: Language, t: Translate): Promise<BrowserWindow> {
  const window = new BrowserWindow({
    width: 460,
    height: 250,
    resizable: false,
    minimizable: false,
    maximizable: false,
    show: false,
    title: t('desktop.updating.title'),
    webPreferences: { ...LOCKED_DOWN_PAGE }
  })
  const drawn = new Promise<void>((resolve) => {
    window.once('ready-to-show', () => {
      window.show()
      window.webContents
        .executeJavaScript('new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))')
        .then(
          () => resolve(),
          () => resolve()
        )
    })
  })
  void window.loadURL(updatingPage(language, t)).catch(() => undefined)
  let timer: NodeJS.Timeout | undefined
  await Promise.race([drawn, new Promise<void>((resolve) => (timer = setTimeout(resolve, DRAWN_WITHIN_MS)))])
  clearTimeout(timer)
  return window
}
