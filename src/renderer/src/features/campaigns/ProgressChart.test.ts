// The campaign chart's time axis as uPlot itself labels it (its real axis code, on a canvas that draws nothing: jsdom
// has none): clock times on a 24-hour clock in the window's locale, each label once, the date under the first tick.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
// uPlot asks for the screen's pixel ratio when it loads and builds Path2D shapes: jsdom has neither.
vi.hoisted(() => {
  window.matchMedia ??= (query: string) =>
    ({
      matches: false,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined
    }) as never
  globalThis.Path2D ??= class {
    constructor() {
      return new Proxy(this, { get: () => () => undefined })
    }
  } as never
})
import { act, render, waitFor } from '@testing-library/react'
import { createElement } from 'react'
import uPlot from 'uplot'
import { offsetAt } from '../../../../shared/domain/zoned-time'
import { zoneName } from '../../i18n/dates'
import { useSettings } from '../../stores/settings'
import { makeSettings } from '../../testing/fixtures'
import { chartClock, ProgressChart, TIME_AXIS_OPTIONS } from './ProgressChart'

/** Every text the chart wrote on its canvas, line by line, in order. */
const written: string[] = []

/**
 * A 2D context whose every call does nothing but keep the text written; text is 7 px a character, as uPlot measures
 * its labels.
 */
const silentContext = new Proxy(
  {},
  {
    get: (_target, name) =>
      name === 'measureText'
        ? (text: string) => ({
            width: 7 * text.length,
            actualBoundingBoxAscent: 9,
            actualBoundingBoxDescent: 3
          })
        : name === 'fillText'
          ? (text: string) => void written.push(text)
          : () => undefined,
    set: () => true
  }
)

beforeEach(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(
    silentContext as unknown as CanvasRenderingContext2D
  )
})
afterEach(() => {
  written.length = 0
  vi.restoreAllMocks()
  document.body.innerHTML = ''
})

// The process's own zone (what a Date's getHours reads), which the test must not happen to share with the operator's.
const computer = new Intl.DateTimeFormat().resolvedOptions().timeZone

/** The x-axis labels uPlot draws for instants `at` (ms) on a chart `width` px wide, in `locale`, on the computer's clock. */
async function axisLabels(at: number[], width: number, locale: string): Promise<string[]> {
  const plot = new uPlot(
    {
      width,
      height: 220,
      ...chartClock(uPlot.tzDate, locale, computer),
      series: [{}, { label: 'sent' }],
      axes: [{ ...TIME_AXIS_OPTIONS }, {}]
    },
    [at, at.map((_, i) => i)],
    document.body.appendChild(document.createElement('div'))
  )
  // uPlot lays its axes out in a microtask.
  await Promise.resolve()
  const values = plot.axes[0]?.values as (
    self: uPlot,
    splits: number[],
    axis: number,
    space: number,
    incr: number
  ) => string[]
  // uPlot's own choice of ticks for this width (what it draws); its labels for them.
  const splits = (plot.axes[0] as unknown as { _splits: number[] | null })._splits ?? []
  const found = (plot.axes[0] as unknown as { _found: [number, number] | null })._found ?? [0, 0]
  const labels = values(plot, splits, 0, found[1], found[0])
  plot.destroy()
  return labels
}

const start = new Date(2026, 10, 29, 6, 22, 50).getTime()

describe('the campaign chart time axis', () => {
  it('labels a campaign of a few seconds with distinct clock times, the date under the first only', async () => {
    // QA: "29 Nov, 06:22:50" then "22:55", "23:05" (minutes:seconds reading as times), and "44:27" three times.
    const labels = await axisLabels([start, start + 3_000, start + 9_000, start + 21_000], 1000, 'en-GB')
    expect(labels.length).toBeGreaterThan(1)
    expect(new Set(labels).size).toBe(labels.length)
    expect(labels[0]).toMatch(/^06:22:\d\d\n29 Nov$/)
    for (const label of labels.slice(1)) expect(label).toMatch(/^06:2[23]:\d\d$/)
  })

  it('never labels the sub-second ticks of a two-second campaign twice', async () => {
    const labels = await axisLabels([start, start + 1_000, start + 2_000], 1000, 'en-GB')
    expect(labels.length).toBeGreaterThan(0)
    expect(new Set(labels).size).toBe(labels.length)
  })

  it('writes hours and minutes on a 24-hour clock in the window locale over a long campaign, at 360 px too', async () => {
    const afternoon = new Date(2026, 10, 29, 13, 0).getTime()
    const en = await axisLabels([afternoon, afternoon + 3 * 3_600_000], 1000, 'en-GB')
    expect(en[0]).toBe('13:00\n29 Nov')
    expect(en.slice(1).every((label) => /^1[3-6]:[0-5]\d$/.test(label))).toBe(true)
    const id = await axisLabels([afternoon, afternoon + 3 * 3_600_000], 300, 'id-ID')
    // Fewer ticks at 300 px: the first on a whole step after the start, in Indonesian clock notation.
    expect(id[0]).toMatch(/^1[34]\.00\n29 Nov$/)
    expect(new Set(id).size).toBe(id.length)
  })
})

// A new operator's probe at 360×640: a campaign four minutes in had no whole time on its axis, only a clipped "1 / 2"
// at the right edge: the steps went from one minute to five, and at that width uPlot took five, once in the span.
it.each([
  ['90 seconds', 90_000],
  ['4 minutes', 4 * 60_000],
  ['7 minutes', 7 * 60_000],
  ['40 minutes', 40 * 60_000],
  ['3 hours', 3 * 3_600_000],
  ['2 days', 2 * 86_400_000],
  ['5 days', 5 * 86_400_000]
])('labels a campaign of %s with two times or more at 360 px', async (_span, ms) => {
  const labels = await axisLabels([start, start + ms / 3, start + ms], 300, 'en-GB')
  expect(labels.length).toBeGreaterThanOrEqual(2)
  expect(new Set(labels).size).toBe(labels.length)
})

describe("the campaign chart in the operator's zone", () => {
  // A campaign of two hours that starts at 20:00 UTC: 03:00 the next day in Jakarta.
  const begin = Date.UTC(2026, 10, 29, 20, 0)
  const end = begin + 2 * 3_600_000
  // Zones whose clocks over those two hours share no hour with each other's, nor with the computer's.
  const apart = (a: string, b: string): boolean => {
    const hours = ((((offsetAt(begin, a) - offsetAt(begin, b)) / 3_600_000) % 24) + 24) % 24
    return hours > 2 && hours < 22
  }
  const zones = ['Asia/Jakarta', 'America/Sao_Paulo', 'Pacific/Honolulu', 'Asia/Tokyo'].filter((zone) =>
    apart(zone, computer)
  )
  const operator = zones[0] ?? 'Asia/Jakarta'
  const next = zones.slice(1).find((zone) => apart(zone, operator)) ?? 'America/Sao_Paulo'

  /** The campaign's whole hours on `timeZone`'s clock, and its first day there ("30 Nov"). */
  function clockOf(timeZone: string, locale = 'en-GB'): { hours: string[]; day: string } {
    const hour = new Intl.DateTimeFormat(locale, {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23'
    })
    const hours: string[] = []
    for (let at = begin; at <= end; at += 3_600_000) hours.push(hour.format(at))
    const day = new Intl.DateTimeFormat(locale, { timeZone, day: 'numeric', month: 'short' }).format(begin)
    return { hours, day }
  }

  /** The clock times and dates the chart wrote under its time axis. */
  function axisWritten(): { times: string[]; days: string[] } {
    return {
      times: written.filter((text) => /^\d\d[:.]\d\d$/.test(text)),
      days: written.filter((text) => /^\d{1,2} \p{L}{3}$/u.test(text))
    }
  }

  const progress = {
    at: [begin, begin + 3_600_000, end],
    sent: [1, 2, 3],
    delivered: [0, 1, 2],
    read: [0, 0, 1],
    failed: [0, 0, 0]
  }

  it("labels its time axis on the operator's clock, not the computer's, and follows a change of zone", async () => {
    expect(operator).not.toBe(computer)
    useSettings.getState().set(makeSettings({ defaultTimezone: operator }))
    render(createElement(ProgressChart, { progress }))
    await waitFor(() => expect(axisWritten().times.length).toBeGreaterThan(0))
    const there = clockOf(operator)
    expect(there.hours).toEqual(expect.arrayContaining(axisWritten().times))
    expect(axisWritten().days).toEqual([there.day])

    // The operator picks another zone in Settings while the chart is shown: it is drawn again on that clock.
    written.length = 0
    act(() => useSettings.getState().set(makeSettings({ defaultTimezone: next })))
    await waitFor(() => expect(axisWritten().times.length).toBeGreaterThan(0))
    const now = clockOf(next)
    expect(now.hours).toEqual(expect.arrayContaining(axisWritten().times))
    expect(axisWritten().days).toEqual([now.day])
  })

  // QA41 Q41-07: the axis read "10.24.15" with no zone beside times that each named theirs.
  it('names its clock in its caption, the campaign’s own when it has one', async () => {
    useSettings.getState().set(makeSettings({ defaultTimezone: 'Asia/Makassar' }))
    const { getByRole, rerender } = render(createElement(ProgressChart, { progress }))
    await waitFor(() => expect(axisWritten().times.length).toBeGreaterThan(0))
    expect(getByRole('figure').querySelector('figcaption')?.textContent).toBe('Progress over time (WITA)')

    // A campaign whose hours are on another clock: its chart is on that one, as its card's times are.
    written.length = 0
    rerender(createElement(ProgressChart, { progress, timeZone: next }))
    await waitFor(() => expect(axisWritten().times.length).toBeGreaterThan(0))
    expect(clockOf(next).hours).toEqual(expect.arrayContaining(axisWritten().times))
    expect(getByRole('figure').querySelector('figcaption')?.textContent).toBe(
      `Progress over time (${zoneName(next)})`
    )
  })

  it("writes the operator's clock in Indonesian notation in Indonesian", async () => {
    useSettings.getState().set(makeSettings({ defaultTimezone: operator, language: 'id' }))
    render(createElement(ProgressChart, { progress }))
    await waitFor(() => expect(axisWritten().times.length).toBeGreaterThan(0))
    const there = clockOf(operator, 'id-ID')
    // "03.00", as Indonesian writes a clock time (and as formatDateTimeInZone does beside the chart).
    expect(there.hours.every((hour) => /^\d\d\.\d\d$/.test(hour))).toBe(true)
    expect(there.hours).toEqual(expect.arrayContaining(axisWritten().times))
    expect(axisWritten().days).toEqual([there.day])
  })

  it("gives the time under the cursor on the operator's clock, in the window's locale", () => {
    // uPlot's own legend is hidden (the totals are said below the chart), but its cursor value is the chart's one
    // other time: it must not read the computer's clock should it be shown.
    const plot = new uPlot(
      {
        width: 400,
        height: 220,
        ...chartClock(uPlot.tzDate, 'id-ID', operator),
        series: [{}, { label: 'sent' }]
      },
      [progress.at, progress.sent],
      document.body.appendChild(document.createElement('div'))
    )
    const value = plot.series[0]?.value as (self: uPlot, raw: number, series: number, index: number) => string
    const there = clockOf(operator, 'id-ID')
    const shown = value(plot, begin, 0, 0)
    plot.destroy()
    expect(shown).toContain(there.hours[0])
    expect(shown).toContain(`${there.day} 2026`)
    expect(shown).not.toContain(clockOf(computer, 'id-ID').hours[0])
  })
})

describe('the campaign chart legend and summary (QA39 Q39-03)', () => {
  const progress = {
    at: [Date.UTC(2026, 10, 29, 1), Date.UTC(2026, 10, 29, 2)],
    sent: [600, 1215],
    delivered: [500, 1100],
    read: [0, 1005],
    failed: [0, 2500]
  }

  it.each([
    ['en', ['1,215', '1,100', '1,005', '2,500']],
    ['id', ['1.215', '1.100', '1.005', '2.500']]
  ] as const)('groups the totals as the counts beside it do (%s)', async (language, grouped) => {
    useSettings.getState().set(makeSettings({ language }))
    const { getByTestId } = render(createElement(ProgressChart, { progress }))
    // The canvas is drawn once uPlot's chunk has arrived: let it, before the canvas stand-in is taken away.
    await waitFor(() => expect(written.length).toBeGreaterThan(0))
    const legend = getByTestId('campaign-chart-legend').textContent ?? ''
    const summary = getByTestId('campaign-chart-summary').textContent ?? ''
    for (const count of grouped) {
      expect(legend).toContain(count)
      expect(summary).toContain(count)
    }
  })
})
