// A campaign's progress over time (rows sent, delivered, read, failed), drawn with uPlot: a kept canvas chart library
// of ~50 kB that draws thousands of points without a virtual DOM per point. It is loaded only when a chart is shown.
import { useEffect, useRef } from 'react'
import type uPlot from 'uplot'
import type { InvokeReply } from '../../../../shared/contract'
import { localeOf, useLanguage, useT } from '../../i18n'
import { formatCount, formatDateTime, zoneName } from '../../i18n/dates'
import { useOperatorZone } from '../../stores/settings'
import { useThemeShown } from '../../ui/use-theme-shown'
import 'uplot/dist/uPlot.min.css'

export type CampaignProgress = InvokeReply<'campaigns:progress'>

// Each line counts every row that ever reached its status (cumulative), unlike the buckets above the chart, which count
// where rows are now: the lines have their own names ("ever sent"), never a bucket's ("sent").
const LINES = [
  { key: 'sent', label: 'campaigns.chart.everSent', stroke: '#2563eb' },
  { key: 'delivered', label: 'campaigns.chart.everDelivered', stroke: '#16a34a' },
  { key: 'read', label: 'campaigns.chart.everRead', stroke: '#7c3aed' },
  { key: 'failed', label: 'campaigns.chart.everFailed', stroke: '#dc2626' }
] as const

/**
 * uPlot's axis labels in the window's locale (its own are US: "11/28/26 7:45am"): uPlot compiles each template of the
 * axis's table (TIME_AXIS) through `fmtDate`; the locale writes the parts the template names, line by line, on a
 * 24-hour clock like the rest of the window ("06:22:50", id-ID "06.22.50").
 */
export function localDateFormat(locale: string): (template: string) => (date: Date) => string {
  return (template) => {
    const lines = template.split('\n').map((line) => {
      const options: Intl.DateTimeFormatOptions = {}
      if (/\{YY(YY)?\}/.test(line)) options.year = 'numeric'
      if (/\{M{1,4}\}/.test(line)) options.month = 'short'
      if (/\{DD?\}/.test(line)) options.day = 'numeric'
      if (/\{(HH?|h)\}/.test(line)) Object.assign(options, { hour: '2-digit', hourCycle: 'h23' })
      if (/\{mm\}/.test(line)) options.minute = '2-digit'
      if (/\{ss\}/.test(line)) options.second = '2-digit'
      return Object.keys(options).length > 0 ? new Intl.DateTimeFormat(locale, options) : null
    })
    return (date) => lines.map((format) => format?.format(date) ?? '').join('\n')
  }
}

/**
 * The chart's clock: instants in milliseconds, read on the operator's zone (Settings), as every other time in the
 * window is, never the computer's. uPlot places its ticks (whole hours, a day's first tick) and writes its axis labels
 * and cursor values from the Date `tzDate` gives, whose own fields read that zone's wall clock; `zoneDate` is
 * uPlot.tzDate, passed in so that uPlot stays out of this module's chunk until a chart is shown.
 */
export function chartClock(
  zoneDate: (date: Date, timeZone: string) => Date,
  locale: string,
  zone: string
): Required<Pick<uPlot.Options, 'ms' | 'fmtDate' | 'tzDate'>> {
  return { ms: 1, fmtDate: localDateFormat(locale), tzDate: (instant) => zoneDate(new Date(instant), zone) }
}

const SECOND = 1000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/**
 * The time axis's labels, in uPlot's table form: [the tick step from which a row applies, the label, the label when the
 * year, month, day, hour, minute or second changes (here: the date under the first tick of a day), mode 1 = the
 * label with that line added]. Clock times, never minutes:seconds alone (which read as a time of day).
 */
const TIME_AXIS: (string | number | null)[][] = [
  [365 * DAY, '{YYYY}', null, null, null, null, null, null, 1],
  [28 * DAY, '{MMM}', '\n{YYYY}', null, null, null, null, null, 1],
  [DAY, '{D} {MMM}', '\n{YYYY}', null, null, null, null, null, 1],
  [MINUTE, '{HH}:{mm}', '\n{D} {MMM}', null, '\n{D} {MMM}', null, null, null, 1],
  [SECOND, '{HH}:{mm}:{ss}', '\n{D} {MMM}', null, '\n{D} {MMM}', null, null, null, 1]
]

/**
 * Tick steps of whole seconds and up (uPlot's own go down to 1 ms, whose ticks a seconds label wrote twice or more:
 * "44:27 44:27 44:27").
 */
const TIME_STEPS = [
  SECOND,
  5 * SECOND,
  10 * SECOND,
  15 * SECOND,
  30 * SECOND,
  MINUTE,
  2 * MINUTE,
  5 * MINUTE,
  10 * MINUTE,
  15 * MINUTE,
  30 * MINUTE,
  HOUR,
  2 * HOUR,
  3 * HOUR,
  6 * HOUR,
  12 * HOUR,
  DAY,
  2 * DAY,
  7 * DAY,
  14 * DAY,
  28 * DAY
]

/** Room for a tick's label and a gap: a clock time with seconds ("06:22:50"), or with none ("06:24", "29 Nov"). */
const SECONDS_LABEL_SPACE = 80
const MINUTES_LABEL_SPACE = 56

/**
 * The least room between ticks for this span on this width: the narrower room wherever it still makes steps of a
 * minute or more, whose labels have no seconds. At 80 px for every label, a campaign four minutes in at 360 px had
 * one tick on its axis, clipped at the edge (five-minute steps), and one three hours in a single "08:00".
 */
function tickSpace(_plot: unknown, _axis: number, min: number, max: number, plotWidth: number): number {
  return ((max - min) * MINUTES_LABEL_SPACE) / plotWidth >= MINUTE ? MINUTES_LABEL_SPACE : SECONDS_LABEL_SPACE
}

/** The chart's time axis: its labels, its steps, the room each label takes, and a second line for the date. */
export const TIME_AXIS_OPTIONS = { values: TIME_AXIS, incrs: TIME_STEPS, space: tickSpace, size: 56 }

const WHOLE_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 20_000, 50_000]

/**
 * The lines as the campaign page last read them, with its counts (one look: the two never disagree), or null before
 * the first read.
 */
export function ProgressChart({
  progress,
  timeZone
}: {
  progress: CampaignProgress | null
  /** The campaign's clock (its hours' zone, else the operator's): the one its card's other times are on. */
  timeZone?: string
}): React.JSX.Element | null {
  const t = useT()
  const locale = localeOf(useLanguage())
  // Drawn again when the operator picks another zone in Settings while the chart is shown.
  const operatorZone = useOperatorZone()
  const zone = timeZone ?? operatorZone
  const box = useRef<HTMLDivElement>(null)
  // The canvas keeps the ink it was drawn with: drawn again in a new theme, else the dark theme's labels were the light
  // theme's dark grey (QA23 Q23-07).
  const theme = useThemeShown()

  const points = progress?.at.length ?? 0
  // Every change so far at one instant (a few rows sent at once): no time to draw over, only dots on an axis of ticks
  // around nothing. Said in words instead, until a second instant comes.
  const oneInstant = progress !== null && points > 0 && progress.at[0] === progress.at[points - 1]
  useEffect(() => {
    const element = box.current
    if (!element || !progress || points === 0 || oneInstant) return
    let plot: { destroy(): void; setSize(size: { width: number; height: number }): void } | null = null
    let cancelled = false
    // The chart follows its box's width (a narrowed window would otherwise scroll sideways).
    const resized =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver(() => plot?.setSize({ width: Math.max(200, element.clientWidth), height: 220 }))
    resized?.observe(element)
    void import('uplot').then(({ default: UPlot }) => {
      if (cancelled) return
      const ink = getComputedStyle(element).color
      plot = new UPlot(
        {
          // As wide as its box (at 360 px the window is narrower than 320 px of chart).
          width: Math.max(200, element.clientWidth),
          height: 220,
          // uPlot's own legend shows "--" until the pointer is over the chart: the legend below says the totals.
          legend: { show: false },
          ...chartClock(UPlot.tzDate, locale, zone),
          // Counts change in steps (a row reaches a status at one instant), never along a slope.
          series: [
            {},
            ...LINES.map((line) => ({
              label: t(line.label),
              stroke: line.stroke,
              width: 2,
              paths: UPlot.paths.stepped?.({ align: 1 })
            }))
          ],
          axes: [
            {
              stroke: ink,
              grid: { stroke: 'rgba(127,127,127,0.2)' },
              ...TIME_AXIS_OPTIONS
            },
            // Whole rows only: no 0.5 tick.
            { stroke: ink, grid: { stroke: 'rgba(127,127,127,0.2)' }, incrs: WHOLE_STEPS }
          ]
        },
        [progress.at, progress.sent, progress.delivered, progress.read, progress.failed],
        element
      )
    })
    return () => {
      cancelled = true
      resized?.disconnect()
      plot?.destroy()
    }
  }, [progress, points, oneInstant, t, locale, zone, theme])

  if (!progress || points === 0) return null
  const last = points - 1
  return (
    <figure className="campaign-chart" data-testid="campaign-chart">
      {/* The axis names no zone: the caption does, as every other time on the card (QA41 Q41-07). */}
      <figcaption>{t('campaigns.chart.titleInZone', { zone: zoneName(zone) })}</figcaption>
      {oneInstant ? (
        <p className="muted" data-testid="campaign-chart-one-instant">
          {t('campaigns.chart.oneInstant', {
            time: formatDateTime(new Date(progress.at[0]!).toISOString(), locale, zone)
          })}
        </p>
      ) : (
        <div ref={box} aria-hidden="true" />
      )}
      <ul className="campaign-legend" data-testid="campaign-chart-legend" aria-hidden="true">
        {LINES.map((line) => (
          <li key={line.key}>
            <span className="campaign-legend-swatch" style={{ background: line.stroke }} />
            {t(line.label)}: {formatCount(progress[line.key][last] ?? 0, locale)}
          </li>
        ))}
      </ul>
      {/* The canvas says nothing to a screen reader: the latest totals, in words. */}
      <p className="visually-hidden" data-testid="campaign-chart-summary">
        {t('campaigns.chart.summary', {
          sent: formatCount(progress.sent[last] ?? 0, locale),
          delivered: formatCount(progress.delivered[last] ?? 0, locale),
          read: formatCount(progress.read[last] ?? 0, locale),
          failed: formatCount(progress.failed[last] ?? 0, locale)
        })}
      </p>
    </figure>
  )
}
