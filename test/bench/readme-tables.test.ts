// The README's performance tables come from a full run's results only: written between their markers, the rest of
// the README untouched, the same results giving the same README, and a partial, dirty or other commit's run refused.
import { format } from 'prettier'
import { describe, expect, it } from 'vitest'
import { rewriteReadme, TABLES_END, TABLES_START } from '../../bench/readme-tables'
import { SECTION_TITLES, type BenchResults } from '../../bench/results'

const HEAD = 'c0ffee0123456789abcdef0123456789abcdef01'

function fullRun(over: Partial<BenchResults> = {}): BenchResults {
  return {
    commit: HEAD,
    dirty: false,
    date: '2026-11-28T12:00:00.000Z',
    machine: { cpu: 'AMD EPYC', cores: 2, memoryGb: 8, platform: 'linux', arch: 'x64' },
    node: 'v24.21.0',
    loadBefore: [0.42, 0.5, 0.6],
    loadAfter: [1.93, 1.5, 1.1],
    partial: null,
    sections: SECTION_TITLES.map((title, i) => ({
      title,
      seconds: 10 + i,
      lines: [
        {
          name: `${title}: a timed figure`,
          ratio: 0.5,
          detail: 'printed detail',
          goal: '< 50 ms',
          measured: '20.0 ms vs 10.0 ms',
          within: true
        }
      ]
    })),
    ...over
  }
}

const README = [
  '# Sender Desk',
  '',
  '## Performance',
  '',
  'Prose written by hand.',
  '',
  TABLES_START,
  '',
  'old tables',
  '',
  TABLES_END,
  '',
  'More prose | with a pipe.',
  '',
  '## How it is built',
  ''
].join('\n')

describe("the README's performance tables", () => {
  it('shows every figure with its goal, measured value, ratio and verdict, section by section', async () => {
    const results = fullRun()
    const window = results.sections.find(
      (s) => s.title === 'the inbox in the window (Chromium over the browser harness)'
    )!
    window.lines.push(
      {
        name: 'inbox: open the inbox',
        ratio: 0.12,
        detail: 'x',
        goal: '< 50 ms',
        measured: '61.3 ms vs 7.4 ms',
        within: false
      },
      {
        name: 'heap | pages kept',
        ratio: 0.8,
        detail: 'x',
        goal: null,
        measured: '12.0 vs 9.6 MB',
        within: null
      }
    )
    const readme = await rewriteReadme(README, results, HEAD)
    expect(readme).toContain('at c0ffee0 (2026-11-28), on AMD EPYC (2 cores, 8 GB, linux/x64), Node 24.21.0')
    expect(readme).toContain('load average 0.4 before the run and 1.9 after it')
    expect(readme).toContain('Over their goal: inbox: open the inbox.')
    expect(readme).toMatch(
      /\| inbox: open the inbox +\| < 50 ms +\| 61\.3 ms vs 7\.4 ms +\| +0\.12 \| \*\*over\*\* +\|/
    )
    expect(readme).toMatch(/\| heap \\\| pages kept +\| \(report\) +\| 12\.0 vs 9\.6 MB +\| +0\.80 \| – +\|/)
    expect(readme).toMatch(/\*\*outbox\*\* \(10 s\)/)
    // Every section, in the order the bench runs them.
    const headings = [...readme.matchAll(/^\*\*(.+)\*\* \(\d+ s\)$/gm)].map((m) => m[1])
    expect(headings).toEqual([...SECTION_TITLES])
    expect(readme).not.toContain('old tables')
  })

  it('keeps the markers and everything outside them, formatted as the lint wants, the same again on a rerun', async () => {
    const once = await rewriteReadme(README, fullRun(), HEAD)
    expect(once.startsWith(README.slice(0, README.indexOf(TABLES_START) + TABLES_START.length))).toBe(true)
    expect(once.endsWith(README.slice(README.indexOf(TABLES_END)))).toBe(true)
    expect(await rewriteReadme(once, fullRun(), HEAD)).toBe(once)
    expect(await format(once, { parser: 'markdown', printWidth: 110 })).toBe(once)
  })

  it('refuses a partial run, a section without figures, uncommitted changes and another commit', async () => {
    await expect(rewriteReadme(README, fullRun({ partial: 'BENCH_ONLY=lists' }), HEAD)).rejects.toThrow(
      /partial run \(BENCH_ONLY=lists\)/
    )
    const withoutInbox = fullRun()
    withoutInbox.sections = withoutInbox.sections.filter(
      (s) => !s.title.startsWith('the inbox in the window')
    )
    await expect(rewriteReadme(README, withoutInbox, HEAD)).rejects.toThrow(
      /no figures for "the inbox in the window/
    )
    await expect(rewriteReadme(README, fullRun({ dirty: true }), HEAD)).rejects.toThrow(/uncommitted changes/)
    await expect(rewriteReadme(README, fullRun(), 'feedface'.padEnd(40, '0'))).rejects.toThrow(
      /of c0ffee0, but feedfac is checked out/
    )
  })

  it('refuses a README without its markers rather than guess where the tables go', async () => {
    await expect(rewriteReadme('# Sender Desk\n\n## Performance\n', fullRun(), HEAD)).rejects.toThrow(
      /no place for the tables/
    )
    await expect(rewriteReadme(`${TABLES_END}\n${TABLES_START}\n`, fullRun(), HEAD)).rejects.toThrow(
      /no place for the tables/
    )
  })
})
