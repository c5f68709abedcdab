// Prints one closing line for the whole test run ("tests: N passed, N failed, N skipped") from vitest's JSON reports.
import { existsSync, readFileSync } from 'node:fs'

const reports = ['test-results/unit.json', 'test-results/e2e.json']
let passed = 0
let failed = 0
let skipped = 0
for (const file of reports) {
  if (!existsSync(file)) {
    console.error(`test-summary: ${file} is missing; did that test run happen?`)
    process.exit(1)
  }
  const report = JSON.parse(readFileSync(file, 'utf8'))
  passed += report.numPassedTests
  failed += report.numFailedTests
  skipped += report.numPendingTests + report.numTodoTests
}
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`)
process.exit(failed > 0 ? 1 : 0)
