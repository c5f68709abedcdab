import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'

/**
 * Soak and child-process suites: the outbox, take-back and inbox crash tests, a 10,000-event catch-up, the real
 * `sender-desk` binary (on a full disk too), and FTS5 reads and writes under CPU load.
 */
const SLOW_TESTS = [
  'src/main/core/outbox/crash.test.ts',
  'src/main/core/outbox/take-back-crash.test.ts',
  'src/main/core/inbox/crash.test.ts',
  'src/main/core/inbox/catch-up.slow.test.ts',
  'test/cli/cli.test.ts',
  'test/cli/disk-full.test.ts',
  'test/stress/fts-under-load.test.ts'
]

export default defineConfig({
  test: {
    globalSetup: ['test/setup/run-temp-folder.ts'],
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'src/main/**/*.test.ts',
            'src/shared/**/*.test.ts',
            'test/**/*.test.ts',
            'packages/*/src/**/*.test.ts',
            'packages/*/test/**/*.test.ts'
          ],
          exclude: ['test/e2e/**', 'node_modules/**', ...SLOW_TESTS],
          setupFiles: ['test/setup/isolated-home.ts'],
          testTimeout: 20_000,
          hookTimeout: 30_000
        }
      },
      {
        test: {
          // Minutes, not seconds: left out of `npm run test:fast`, still run by `npm test`.
          name: 'slow',
          environment: 'node',
          include: SLOW_TESTS,
          setupFiles: ['test/setup/isolated-home.ts'],
          // The CLI suite starts ten child processes at once in some tests: 15 s alone on 2 cores.
          testTimeout: 60_000,
          hookTimeout: 30_000
        }
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['test/e2e/**/*.e2e.ts'],
          // One browser and one core at a time: the machine has two cores.
          fileParallelism: false,
          // A loaded CI machine is slower than a person's click; polls wait up to 15 s before failing.
          expect: { poll: { timeout: 15_000, interval: 100 } },
          testTimeout: 120_000,
          hookTimeout: 120_000
        }
      },
      {
        plugins: [react()],
        test: {
          name: 'renderer',
          environment: 'jsdom',
          include: ['src/renderer/**/*.test.{ts,tsx}'],
          setupFiles: ['src/renderer/src/test-setup.ts'],
          // userEvent types key by key in jsdom: a multi-field form took over 5 s on a loaded 2-core machine.
          testTimeout: 20_000
        }
      }
    ]
  }
})
