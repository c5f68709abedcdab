// `npm run bench:readme`: writes the README's performance tables from the last full `npm run bench`
// (bench/results/latest.json), refusing a partial run, a run of uncommitted changes, or of another commit.
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { RefusedResults, rewriteReadme } from './readme-tables'
import { RESULTS_FILE, type BenchResults } from './results'

const ROOT = resolve(import.meta.dirname, '..')
const README = join(ROOT, 'README.md')
const resultsFile = join(ROOT, RESULTS_FILE)

try {
  if (!existsSync(resultsFile))
    throw new RefusedResults(`There are no results yet (${RESULTS_FILE}): run \`npm run bench\` first.`)
  const results = JSON.parse(readFileSync(resultsFile, 'utf8')) as BenchResults
  const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim()
  const before = readFileSync(README, 'utf8')
  const after = await rewriteReadme(before, results, head)
  writeFileSync(README, after)
  console.log(
    after === before
      ? `README.md already shows the results of ${results.commit.slice(0, 7)}.`
      : `README.md's performance tables now show the run of ${results.commit.slice(0, 7)} (${results.date}).`
  )
} catch (error) {
  if (!(error instanceof RefusedResults)) throw error
  console.error(`README.md left as it was. ${error.message}`)
  process.exitCode = 1
}
