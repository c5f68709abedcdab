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
import uPlot from 'uplot'
import { localDateFormat, TIME_AXIS_OPTIONS } from './ProgressChart'

/** A 2D context whose every call does nothing; text is 7 px a character, as uPlot measures its labels. */
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
  vi.restoreAllMocks()
  document.body.innerHTML = ''
})

/** The x-axis labels uPlot draws for instants `at` (ms) on a chart `width` px wide, in `locale`. */
async function axisLabels(at: number[], width: number, locale: string): Promise<string[]> {
  const plot = new uPlot(
    {
      width,
      height: 220,
      ms: 1,
      fmtDate: localDateFormat(locale),
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
