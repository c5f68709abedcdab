// One figure of a bench section, as printed and as the README's tables show it (bench/readme.ts).

export interface BenchLine {
  name: string
  /** Measured ÷ floor, oriented so that 1 is "as good as the floor" (rates: measured/floor; times: floor/measured). */
  ratio: number
  detail: string
  /** The goal as its issue states it ("< 50 ms", "≥ 0.90", "within 1.2×"); null for a figure only reported. */
  goal: string | null
  /** What was measured, short enough for a table cell ("36.2 ms vs 11.8 ms"). */
  measured: string
  /** Whether the figure meets its goal; null when it has none. */
  within: boolean | null
}

/** A figure with a time budget: measured `ms` against `budgetMs` (within when under it). */
export function underBudget(ms: number, budgetMs: number): Pick<BenchLine, 'goal' | 'within'> {
  return { goal: `< ${budgetMs} ms`, within: ms < budgetMs }
}

/** A figure only reported: no goal to be within or over. */
export const reported: Pick<BenchLine, 'goal' | 'within'> = { goal: null, within: null }

/** The line as every section prints it. */
export const printed = (line: BenchLine): string =>
  `${line.name}: ratio ${line.ratio.toFixed(2)} — ${line.detail}`
