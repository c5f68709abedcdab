// A campaign's progress over time (rows sent, delivered, read, failed), drawn with uPlot: a kept canvas chart library
// of ~50 kB that draws thousands of points without a virtual DOM per point. It is loaded only when a chart is shown.
import { useEffect, useRef, useState } from 'react'
import type { InvokeReply } from '../../../../shared/contract'
import { call } from '../../api'
import { localeOf, useLanguage, useT } from '../../i18n'
import 'uplot/dist/uPlot.min.css'

type Progress = InvokeReply<'campaigns:progress'>

const LINES = [
  { key: 'sent', label: 'campaigns.count.sent', stroke: '#2563eb' },
  { key: 'delivered', label: 'campaigns.count.delivered', stroke: '#16a34a' },
  { key: 'read', label: 'campaigns.count.read', stroke: '#7c3aed' },
  { key: 'failed', label: 'campaigns.count.failed', stroke: '#dc2626' }
] as const

/**
 * uPlot's axis labels in the window's locale (its own are US: "11/28/26 7:45am"): uPlot says which parts a label
 * needs through a template ("{M}/{D}/{YY}", "{h}:{mm}{aa}", ":{ss}"); the locale writes those parts.
 */
export function localDateFormat(locale: string): (template: string) => (date: Date) => string {
  return (template) => {
    const options: Intl.DateTimeFormatOptions = {}
    if (/\{(M|MM|MMM|MMMM|D|DD|YY|YYYY)\}/.test(template))
      Object.assign(options, { day: 'numeric', month: 'short' })
    if (/\{(h|H|HH|mm)\}/.test(template)) Object.assign(options, { hour: '2-digit', minute: '2-digit' })
    if (/\{ss\}/.test(template)) Object.assign(options, { minute: '2-digit', second: '2-digit' })
    const format = new Intl.DateTimeFormat(locale, options)
    return (date) => format.format(date)
  }
}

const WHOLE_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 20_000, 50_000]

/** `refresh` changes whenever the progress view looks again (events and its timer). */
export function ProgressChart({ id, refresh }: { id: string; refresh: number }): React.JSX.Element | null {
  const t = useT()
  const locale = localeOf(useLanguage())
  const box = useRef<HTMLDivElement>(null)
  const [progress, setProgress] = useState<Progress | null>(null)

  useEffect(() => {
    let on = true
    call('campaigns:progress', { id })
      .then((reply) => on && setProgress(reply))
      // The counts above still say where the campaign is; the chart is drawn at the next look.
      .catch(() => undefined)
    return () => {
      on = false
    }
  }, [id, refresh])

  const points = progress?.at.length ?? 0
  useEffect(() => {
    const element = box.current
    if (!element || !progress || points === 0) return
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
          fmtDate: localDateFormat(locale),
          // Instants are milliseconds.
          ms: 1,
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
            { stroke: ink, grid: { stroke: 'rgba(127,127,127,0.2)' } },
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
  }, [progress, points, t, locale])

  if (!progress || points === 0) return null
  const last = points - 1
  return (
    <figure className="campaign-chart" data-testid="campaign-chart">
      <figcaption>{t('campaigns.chart.title')}</figcaption>
      <div ref={box} aria-hidden="true" />
      <ul className="campaign-legend" data-testid="campaign-chart-legend" aria-hidden="true">
        {LINES.map((line) => (
          <li key={line.key}>
            <span className="campaign-legend-swatch" style={{ background: line.stroke }} />
            {t(line.label)}: {progress[line.key][last] ?? 0}
          </li>
        ))}
      </ul>
      {/* The canvas says nothing to a screen reader: the latest totals, in words. */}
      <p className="visually-hidden" data-testid="campaign-chart-summary">
        {t('campaigns.chart.summary', {
          sent: progress.sent[last] ?? 0,
          delivered: progress.delivered[last] ?? 0,
          read: progress.read[last] ?? 0,
          failed: progress.failed[last] ?? 0
        })}
      </p>
    </figure>
  )
}
