// The README's performance tables, written from a full run's results (bench/results.ts) between two marker comments:
// never edited by hand, never from a partial run or from a run of another commit than the one they describe.
import { format } from 'prettier'
import type { BenchLine } from './lines'
import { SECTION_TITLES, type BenchResults } from './results'

export const TABLES_START =
  '<!-- bench:tables:start (written by `npm run bench:readme`; do not edit by hand) -->'
export const TABLES_END = '<!-- bench:tables:end -->'

/** Why these results cannot be written into the README, in the words the command prints. */
export class RefusedResults extends Error {}

/**
 * Refuses results that do not stand for the commit checked out: a partial run, a section missing or empty, a run of
 * a tree with uncommitted changes, or of another commit than HEAD.
 */
export function checkResults(results: BenchResults, head: string): void {
  if (results.partial !== null)
    throw new RefusedResults(
      `The results are of a partial run (${results.partial}): run \`npm run bench\` with no section filter and no ` +
        'BENCH_* variable.'
    )
  const ran = new Map(results.sections.map((section) => [section.title, section]))
  const missing = SECTION_TITLES.filter((title) => (ran.get(title)?.lines.length ?? 0) === 0)
  if (missing.length > 0)
    throw new RefusedResults(
      `The results have no figures for ${missing.map((title) => `"${title}"`).join(', ')}: run the whole ` +
        '`npm run bench` again.'
    )
  if (results.dirty)
    throw new RefusedResults(
      `The run measured a tree with uncommitted changes (at ${short(results.commit)}): commit them, then run ` +
        '`npm run bench` again.'
    )
  if (results.commit !== head)
    throw new RefusedResults(
      `The results are of ${short(results.commit)}, but ${short(head)} is checked out: run \`npm run bench\` ` +
        `again (or check out ${short(results.commit)}).`
    )
}

const short = (commit: string): string => commit.slice(0, 7)
const load = (averages: number[]): string => (averages[0] ?? 0).toFixed(1)
/** A table cell: pipes escaped, one line. */
const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ')
const ratio = (line: BenchLine): string =>
  Number.isFinite(line.ratio) ? line.ratio.toFixed(2) : String(line.ratio)
const verdict = (line: BenchLine): string =>
  line.within === null ? '–' : line.within ? 'within' : '**over**'

/** The tables (and the line that says where they come from), unformatted. */
export function performanceTables(results: BenchResults): string {
  const { machine } = results
  const over = results.sections.flatMap((section) => section.lines).filter((line) => line.within === false)
  const parts = [
    `Written from a full \`npm run bench\` at ${short(results.commit)} (${results.date.slice(0, 10)}), on ` +
      `${machine.cpu} (${machine.cores} cores, ${machine.memoryGb} GB, ${machine.platform}/${machine.arch}), ` +
      `Node ${results.node.replace(/^v/, '')}; load average ${load(results.loadBefore)} before the run and ` +
      `${load(results.loadAfter)} after it. ` +
      (over.length === 0
        ? 'Every figure with a goal is within it.'
        : `Over their goal: ${over.map((line) => line.name).join('; ')}.`)
  ]
  for (const title of SECTION_TITLES) {
    const section = results.sections.find((s) => s.title === title)
    if (!section) continue
    parts.push(`**${title}** (${Math.round(section.seconds)} s)`)
    parts.push(
      [
        '| Figure | Goal | Measured | Ratio | Verdict |',
        '| --- | --- | --- | ---: | --- |',
        ...section.lines.map(
          (line) =>
            `| ${cell(line.name)} | ${cell(line.goal ?? '(report)')} | ${cell(line.measured)} | ${ratio(line)} | ${verdict(line)} |`
        )
      ].join('\n')
    )
  }
  return parts.join('\n\n')
}

/**
 * The README with the tables between its markers replaced by these results' (formatted as `npm run lint` wants
 * them); the rest of the README untouched. Refuses results that `checkResults` refuses, and a README without both
 * markers.
 */
export async function rewriteReadme(readme: string, results: BenchResults, head: string): Promise<string> {
  checkResults(results, head)
  const start = readme.indexOf(TABLES_START)
  const end = readme.indexOf(TABLES_END)
  if (start < 0 || end < start)
    throw new RefusedResults(
      `README.md has no place for the tables: put ${TABLES_START} and ${TABLES_END} on lines of their own, in ` +
        'that order, where they go.'
    )
  const tables = await format(performanceTables(results), {
    parser: 'markdown',
    printWidth: 110,
    proseWrap: 'preserve'
  })
  return `${readme.slice(0, start + TABLES_START.length)}\n\n${tables}\n${readme.slice(end)}`
}
