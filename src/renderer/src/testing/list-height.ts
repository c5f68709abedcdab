// jsdom lays nothing out: a virtualized list's scroll box is given a height, so it draws only the rows in view.
import { onTestFinished } from 'vitest'

/**
 * From now to the end of the test, every list scroll box (`.outbox-scroll`, the Outbox's and the Inbox's) is
 * `height` px high and every other element 0, so a list draws the rows in that viewport and its overscan, no more.
 */
export function giveListsHeight(height: number): void {
  const own = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight')
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.classList.contains('outbox-scroll') ? height : 0
    }
  })
  onTestFinished(() => {
    if (own) Object.defineProperty(HTMLElement.prototype, 'clientHeight', own)
    else delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight
  })
}
