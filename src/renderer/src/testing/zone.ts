// The computer's zone in a renderer test: what `computerZone()` reads, so a test tells the operator's zone (the
// settings') from the computer's whatever zone the machine running it is on (as SchedulesView.test does by hand).
import { onTestFinished, vi } from 'vitest'

/** Makes the computer's zone `timeZone` until the test finishes. */
export function computerZoneIs(timeZone: string): void {
  const real = Intl.DateTimeFormat.prototype.resolvedOptions
  const spy = vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
    this: Intl.DateTimeFormat
  ) {
    return { ...real.call(this), timeZone }
  })
  onTestFinished(() => spy.mockRestore())
}
