// Focus as Chromium moves it, where jsdom does not.

/**
 * Chromium drops the focus of a button disabled while its action runs, to the page; jsdom keeps it (and will not
 * blur a disabled element), so the focus is dropped here by way of a stand-in that leaves.
 */
export function dropFocusAsChromiumDoes(): void {
  const standIn = document.body.appendChild(document.createElement('button'))
  standIn.focus()
  standIn.remove()
}
