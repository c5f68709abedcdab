// Window benchmark, in Chromium over the browser harness: the outbox view at 100,000 items and the first load, each
// figure a ratio to a floor measured in the same run (the same data fetched without the window, or a minimal app).
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { extname, join, normalize } from 'node:path'
import react from '@vitejs/plugin-react'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { build } from 'vite'
import { openDatabase } from '../src/main/core/store'
import { buildWindow, inHarness, PAGE_WAITS } from './chromium'
import { printed, reported, underBudget, type BenchLine } from './lines'
import { dropSection } from './window-drop'
import { pageMainThreadTasks, threadMsUntil, type TraceEvent } from './trace-tasks'

const ITEMS = 100_000
/** Every window figure's goal at 100k items (issue #18). */
const BUDGET_MS = 50
/** First load's goal: within 1.2× of the minimal app (issue #29; 1.5× in issue #18). */
const FIRST_LOAD_GOAL = 1.2
const ROUNDS = 5
/**
 * First loads are alternated with the minimal app's this many times: a load takes ~0.2 s, and on 2 shared cores one
 * late load moved a median of 5 by 20–40%; medians of 11 still moved the wall ratio between 1.19 and 1.37 from one
 * run to the next (issue 29). 31 narrow that, not away: a busy machine still moves wall time (hence the main-thread
 * figure beside it).
 */
const FIRST_LOAD_ROUNDS = 31

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? 0
}
const ms = (n: number): string => `${n.toFixed(1)} ms`
const verdict = (ok: boolean): string => (ok ? 'within goal' : 'OVER GOAL')
/** How many times the floor's time a measured time is, as the goals are stated ("within 1.2×"). */
const times = (measured: number, floor: number): string => `${(measured / floor).toFixed(2)}× the minimal app`
/** The first load's goal for the table: within FIRST_LOAD_GOAL× the minimal app's. */
const withinMultiple = (measured: number, floor: number): Pick<BenchLine, 'goal' | 'within'> => ({
  goal: `within ${FIRST_LOAD_GOAL}×`,
  within: measured <= floor * FIRST_LOAD_GOAL
})

// ------------------------------------------------------------------------------------------ fixtures

/** Seeded statuses: finished ones and far-future schedules, so the core has nothing to send or track meanwhile. */
const STATUS_MIX = [
  { status: 'read', per1000: 950 },
  { status: 'failed', per1000: 30 },
  { status: 'cancelled', per1000: 15 },
  { status: 'scheduled', per1000: 5 }
] as const
const SEEDED_STATUSES = STATUS_MIX.map((s) => s.status)

/** `rows` items written by SQL into the app's own schema (the fast path: the UI would take minutes). */
function seedOutbox(dataDir: string, rows: number): void {
  const db = openDatabase({ dataDir })
  const now = Date.now()
  const farFuture = now + 365 * 24 * 3600 * 1000
  let bound = 0
  const cases = STATUS_MIX.map(({ status, per1000 }) => {
    bound += per1000
    return `WHEN i % 1000 < ${bound} THEN '${status}'`
  }).join(' ')
  db.transaction(() => {
    db.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?),
       s(i, status) AS (SELECT i, CASE ${cases} END FROM n)
       INSERT INTO outbox_items (id, seq, device_id, recipient, is_group, kind, text, status, attempts,
         created_at, updated_at, closed_at, not_before, schedule_mode, timezone, track_attempts, held)
       SELECT printf('seed-%08d', i), i, 'd-seed', printf('62812%07d', i % 5000), 0, 'text',
         printf('Order %d has shipped; track it on the website', i), status, 1,
         ? - (? - i) * 1000, ? - (? - i) * 1000,
         CASE WHEN status = 'scheduled' THEN NULL ELSE ? - (? - i) * 1000 END,
         CASE WHEN status = 'scheduled' THEN ? + i * 1000 ELSE NULL END,
         CASE WHEN status = 'scheduled' THEN 'local' ELSE NULL END,
         CASE WHEN status = 'scheduled' THEN 'Asia/Jakarta' ELSE NULL END, 0, 0
       FROM s`
    ).run(rows, now, rows, now, rows, now, rows, farFuture)
  })()
  db.close()
}

/** The minimal React + zustand app, built by vite with the window's minifier into a temporary folder. */
async function buildFloorApp(): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'bench-window-floor-'))
  await build({
    configFile: false,
    logLevel: 'silent',
    root: join(import.meta.dirname, 'window-floor'),
    base: './',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, minify: true }
  })
  return outDir
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8'
}

/** Serves a built folder on 127.0.0.1, as the harness serves the window. */
async function serveStatic(dir: string): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname
    const file = normalize(join(dir, path === '/' ? 'index.html' : path))
    if (!file.startsWith(dir) || !existsSync(file)) {
      response.writeHead(404).end()
      return
    }
    response.writeHead(200, { 'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream' })
    response.end(readFileSync(file))
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return { url: `http://127.0.0.1:${port}/`, server }
}

// ------------------------------------------------------------------------------------------ in the page

/** What the probe logs when the shell is on screen: the bench waits for this message, not on a call into the page. */
const SHELL_SIGNAL = 'bench:shell'

/**
 * Installed before any page script (a string: the page's CSP forbids eval, and tsx's helpers would not exist there).
 * Records when the shell first appears, every long task, and offers `until(check, arg)`: resolves with
 * performance.now() at the first DOM change after which the named check holds.
 */
const PAGE_PROBE = `(() => {
  const bench = { shellAt: null, longTasks: [] }
  window.__bench = bench
  const shell = new MutationObserver(() => {
    if (bench.shellAt === null && document.querySelector('[data-testid="app"]')) {
      bench.shellAt = performance.now()
      performance.mark('bench-shell')
      shell.disconnect()
      console.debug(${JSON.stringify(SHELL_SIGNAL)})
    }
  })
  shell.observe(document, { childList: true, subtree: true })
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) bench.longTasks.push({ at: entry.startTime, ms: entry.duration })
    }).observe({ type: 'longtask', buffered: true })
  } catch {}

  function viewport() {
    const scroll = document.querySelector('[data-testid="outbox-scroll"]')
    if (!scroll || scroll.hidden) return null
    const top = scroll.scrollTop
    const bottom = top + scroll.clientHeight
    const rows = [...scroll.querySelectorAll('[data-testid="outbox-row"]')].filter((row) => {
      const index = Number(row.dataset.index)
      const start = index * row.offsetHeight
      return start < bottom && start + row.offsetHeight > top
    })
    return { top, bottom, rows }
  }
  /** Every pixel of the list's viewport shows a loaded row (none missing, none a loading placeholder). */
  function viewportFilled() {
    const view = viewport()
    if (!view || view.rows.length === 0) return false
    const height = view.rows[0].offsetHeight
    let covered = view.top
    const sorted = view.rows.map((row) => Number(row.dataset.index)).sort((a, b) => a - b)
    for (const index of sorted) {
      if (index * height > covered) return false
      covered = Math.max(covered, (index + 1) * height)
    }
    return covered >= view.bottom && view.rows.every((row) => row.querySelector('button'))
  }
  const checks = {
    filled: () => viewportFilled(),
    status: (status) =>
      viewportFilled() &&
      viewport().rows.every((row) => row.querySelector('[data-testid="outbox-status"]')?.dataset.status === status),
    at: (index) =>
      viewportFilled() && viewport().rows.some((row) => Math.abs(Number(row.dataset.index) - index) < 20),
    detail: (id) =>
      Boolean(document.querySelector('[data-testid="outbox-detail"] .detail-head')) &&
      Boolean(document.querySelector('[data-testid="outbox-open-' + id + '"][aria-current="true"]'))
  }
${PAGE_WAITS}
  bench.scrollUntil = async (row, name, arg) => {
    const scroll = document.querySelector('[data-testid="outbox-scroll"]')
    const height = scroll.querySelector('[data-testid="outbox-row"]').offsetHeight
    const started = performance.now()
    scroll.scrollTop = row * height
    return (await bench.until(name, arg)) - started
  }
  /** The floor of a figure: the same contract call from the page, without the window drawing anything. */
  bench.invokeMs = async (channel, request) => {
    const started = performance.now()
    await window.senderDesk.invoke(channel, request)
    return performance.now() - started
  }
  /**
   * A fling: the list scrolled by pxPerFrame every frame for frames frames. A frame is blank when any pixel of the
   * viewport shows no loaded row at the moment it is painted (checked at the next frame, before scrolling on).
   */
  bench.fling = (pxPerFrame, frames) =>
    new Promise((resolve) => {
      const scroll = document.querySelector('[data-testid="outbox-scroll"]')
      let frame = 0
      let blank = 0
      const started = performance.now()
      const step = () => {
        if (frame > 0 && !viewportFilled()) blank++
        if (frame === frames) {
          const ended = performance.now()
          const tasks = bench.longTasks.filter((t) => t.at >= started && t.at <= ended)
          resolve({ blank, frames, longTasks: tasks.length, longestTaskMs: Math.max(0, ...tasks.map((t) => t.ms)) })
          return
        }
        frame++
        scroll.scrollTop += pxPerFrame
        requestAnimationFrame(step)
      }
      requestAnimationFrame(step)
    })
})()`

interface FlingResult {
  blank: number
  frames: number
  longTasks: number
  longestTaskMs: number
}

async function openPage(
  browser: Browser,
  url: string,
  beforeLoad: (page: Page) => Promise<void> = async () => undefined
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  await context.addInitScript(PAGE_PROBE)
  const page = await context.newPage()
  await beforeLoad(page)
  // The probe's message, not waitForFunction (a string predicate is evaluated in the page, and the window's CSP, no
  // unsafe-eval, refused it now and then), not a poll (a timer polling every 5 ms ran tasks on the page's main thread
  // until the shell, which the main-thread figure counted) and not an evaluate awaiting the probe's promise: that
  // call, sent once the page had loaded, compiled and ran Playwright's page script before the shell in the window
  // (which waits for the core's answer) but after it in the minimal app (which draws at once), about 1 ms of the
  // window's main-thread figure that the minimal app did not pay (issue 29).
  const shellShown = page.waitForEvent('console', {
    predicate: (message) => message.text() === SHELL_SIGNAL,
    timeout: 60_000
  })
  // Awaited below, after the navigation; a failed navigation is the error to report.
  shellShown.catch(() => undefined)
  await page.goto(url)
  await shellShown.catch(() => {
    throw new Error('the shell did not appear within 60 s')
  })
  return { context, page }
}

/** Milliseconds from navigation start to the shell on screen, over a fresh context (cold HTTP cache). */
async function firstLoadMs(browser: Browser, url: string): Promise<number> {
  const { context, page } = await openPage(browser, url)
  const at = (await page.evaluate('window.__bench.shellAt')) as number
  await context.close()
  return at
}

/**
 * Where one first load's wall time went, from the page's Resource Timing: the requests made before the shell, when
 * they were issued and answered, and the slowest wait for a first byte. Printed, not judged: it tells a network
 * waterfall (late requests) from a slow server (late first bytes) from script work (late DOMContentLoaded).
 */
async function firstLoadBreakdown(browser: Browser, url: string): Promise<string> {
  const { context, page } = await openPage(browser, url)
  const summary = (await page.evaluate(`(() => {
    const shell = window.__bench.shellAt
    const nav = performance.getEntriesByType('navigation')[0]
    const before = performance.getEntriesByType('resource').filter((e) => e.startTime <= shell)
    const scripts = before.filter((e) => e.initiatorType === 'script' || e.initiatorType === 'link')
    const slowest = scripts.reduce((worst, e) =>
      !worst || e.responseStart - e.requestStart > worst.responseStart - worst.requestStart ? e : worst, null)
    return {
      requests: before.length,
      documentAt: nav.responseEnd,
      firstRequestAt: Math.min(...before.map((e) => e.startTime)),
      lastRequestAt: Math.max(...before.map((e) => e.startTime)),
      lastByteAt: Math.max(...before.map((e) => e.responseEnd)),
      kilobytes: before.reduce((sum, e) => sum + e.decodedBodySize, 0) / 1024,
      slowest: slowest && { name: slowest.name.split('/').pop(), wait: slowest.responseStart - slowest.requestStart },
      contentLoadedAt: nav.domContentLoadedEventEnd,
      shell
    }
  })()`)) as {
    requests: number
    documentAt: number
    firstRequestAt: number
    lastRequestAt: number
    lastByteAt: number
    kilobytes: number
    slowest: { name: string; wait: number } | null
    contentLoadedAt: number
    shell: number
  }
  await context.close()
  const slowest = summary.slowest
    ? `, slowest first byte ${summary.slowest.name} ${ms(summary.slowest.wait)}`
    : ''
  return (
    `document ${ms(summary.documentAt)}, ${summary.requests} requests (${summary.kilobytes.toFixed(0)} kB) issued ` +
    `${ms(summary.firstRequestAt)}–${ms(summary.lastRequestAt)}, last byte ${ms(summary.lastByteAt)}${slowest}, ` +
    `DOMContentLoaded ${ms(summary.contentLoadedAt)}, shell ${ms(summary.shell)}`
  )
}

/**
 * Thread time of the page's main thread from its start to the shell on screen, over a fresh context: the first
 * load's own work, which a busy machine does not stretch as it stretches wall time (a Chromium trace of top-level
 * tasks; the probe marks the shell).
 */
async function firstLoadCpuMs(browser: Browser, url: string): Promise<number> {
  const { context } = await openPage(browser, url, (page) =>
    browser.startTracing(page, { categories: ['toplevel', 'blink.user_timing', '__metadata'] })
  )
  const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] })
    .traceEvents
  await context.close()
  const shell = events.find((e) => e.name === 'bench-shell')
  if (!shell) throw new Error('the trace has no shell mark')
  return threadMsUntil(events, shell)
}

interface TracedFling {
  longestWallMs: number
  /** Thread time of the task with the longest wall time. */
  cpuOfLongestMs: number
  /** The most thread time any one task took. */
  longestCpuMs: number
}

/** One fling under a Chromium trace of top-level tasks: wall and thread time of the renderer's tasks. */
async function tracedFling(browser: Browser, page: Page): Promise<TracedFling> {
  await browser.startTracing(page, { categories: ['toplevel', '__metadata'] })
  await inPage(page, 'window.__bench.fling(1000, 240)')
  const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }
  const tasks = pageMainThreadTasks(trace.traceEvents)
  let longest: TraceEvent | undefined
  let longestCpu = 0
  for (const task of tasks) {
    if (!longest || (task.dur ?? 0) > (longest.dur ?? 0)) longest = task
    longestCpu = Math.max(longestCpu, task.tdur ?? 0)
  }
  return {
    longestWallMs: (longest?.dur ?? 0) / 1000,
    cpuOfLongestMs: (longest?.tdur ?? 0) / 1000,
    longestCpuMs: longestCpu / 1000
  }
}

async function heapUsedBytes(page: Page): Promise<number> {
  const session = await page.context().newCDPSession(page)
  await session.send('HeapProfiler.collectGarbage')
  const usage = (await session.send('Runtime.getHeapUsage')) as { usedSize: number }
  await session.detach()
  return usage.usedSize
}

const inPage = <T>(page: Page, call: string): Promise<T> => page.evaluate(call) as Promise<T>

/**
 * Waits until the outbox view's code has arrived (the shell prefetches it once it is up) and the page has been idle
 * a moment, so a click on Outbox measures the view and its data, not a chunk download racing the click.
 */
async function outboxCodeLoaded(page: Page): Promise<void> {
  await page.evaluate(`new Promise((resolve, reject) => {
    const started = Date.now()
    const timer = setInterval(() => {
      const loaded = performance
        .getEntriesByType('resource')
        .some((e) => /OutboxView-[^/]*\\.js$/.test(e.name) && e.responseEnd > 0)
      if (loaded) resolve(clearInterval(timer))
      else if (Date.now() - started > 30000) reject(new Error('the outbox code was not prefetched within 30 s'))
    }, 5)
  })`)
  await page.waitForTimeout(300)
}

/** Median of ROUNDS of a measurement, each preceded by `reset` (not timed). */
async function medianOf(
  rounds: number,
  reset: () => Promise<unknown>,
  measure: () => Promise<number>
): Promise<number> {
  const values: number[] = []
  for (let round = 0; round < rounds; round++) {
    await reset()
    values.push(await measure())
  }
  return median(values)
}

// ------------------------------------------------------------------------------------------ the bench

export async function runWindowBench(log: (line: string) => void = console.log): Promise<BenchLine[]> {
  // Always from the current sources: a window left in out/ by an older build would be measured instead.
  buildWindow(log)
  const lines: BenchLine[] = []
  // BENCH_ONLY=load, outbox or drop runs one section (to re-measure one change), as bench/outbox.ts's does.
  const only = process.env['BENCH_ONLY']?.split(',')
  const wanted = (section: 'load' | 'outbox' | 'drop'): boolean => !only || only.includes(section)
  const add = (line: BenchLine): void => {
    lines.push(line)
    log(printed(line))
  }

  const dataDir = mkdtempSync(join(tmpdir(), 'bench-window-'))
  seedOutbox(dataDir, ITEMS)
  const floorDir = await buildFloorApp()
  const floor = await serveStatic(floorDir)
  try {
    await inHarness(dataDir, log, async (harness, browser) => {
      if (wanted('load')) await firstLoadSection(browser, harness.url, floor.url, add, log)
      if (wanted('outbox')) await outboxSection(browser, harness.url, floor.url, add)
      if (wanted('drop')) await dropSection(browser, harness, add)
    })
  } finally {
    floor.server.close()
    rmSync(floorDir, { recursive: true, force: true })
  }
  return lines
}

type AddLine = (line: BenchLine) => void

/** First load: the window's shell (bootstrap over the harness included) vs the minimal app's, alternating. */
async function firstLoadSection(
  browser: Browser,
  appUrl: string,
  floorUrl: string,
  add: AddLine,
  log: (line: string) => void
): Promise<void> {
  await firstLoadMs(browser, appUrl)
  await firstLoadMs(browser, floorUrl)
  const app: number[] = []
  const minimal: number[] = []
  for (let round = 0; round < FIRST_LOAD_ROUNDS; round++) {
    app.push(await firstLoadMs(browser, appUrl))
    minimal.push(await firstLoadMs(browser, floorUrl))
  }
  add({
    name: 'window first load',
    ratio: median(minimal) / median(app),
    ...withinMultiple(median(app), median(minimal)),
    measured: `${ms(median(app))} vs ${ms(median(minimal))}`,
    detail: `${ms(median(app))} to the shell vs ${ms(median(minimal))} for a minimal React + zustand app built the same way: ${times(median(app), median(minimal))} (goal within ${FIRST_LOAD_GOAL}×: ${verdict(median(app) <= median(minimal) * FIRST_LOAD_GOAL)})`
  })
  log(`  window first load, one more: ${await firstLoadBreakdown(browser, appUrl)}`)
  log(`  minimal app first load, one more: ${await firstLoadBreakdown(browser, floorUrl)}`)
  // The same in main-thread time: on a busy machine wall time is mostly waiting for a core, on both sides unevenly.
  const appCpu: number[] = []
  const minimalCpu: number[] = []
  for (let round = 0; round < FIRST_LOAD_ROUNDS; round++) {
    appCpu.push(await firstLoadCpuMs(browser, appUrl))
    minimalCpu.push(await firstLoadCpuMs(browser, floorUrl))
  }
  add({
    name: 'window first load, main-thread time',
    ratio: median(minimalCpu) / median(appCpu),
    ...withinMultiple(median(appCpu), median(minimalCpu)),
    measured: `${ms(median(appCpu))} vs ${ms(median(minimalCpu))}`,
    detail: `${ms(median(appCpu))} of the page's main thread to the shell vs ${ms(median(minimalCpu))} for the minimal app: ${times(median(appCpu), median(minimalCpu))} (traced loads; goal within ${FIRST_LOAD_GOAL}×: ${verdict(median(appCpu) <= median(minimalCpu) * FIRST_LOAD_GOAL)})`
  })
}

/** The outbox view at ITEMS items: first rows, a fling, each filter, a deep jump, opening an item, the heap. */
async function outboxSection(
  browser: Browser,
  appUrl: string,
  floorUrl: string,
  add: AddLine
): Promise<void> {
  // First rows, first open: a fresh window (its outbox code prefetched, as after the shell has been up a moment), a
  // click on Outbox until the viewport is filled with loaded rows; the list's first page is fetched on the way.
  const coldRounds: number[] = []
  for (let round = 0; round < ROUNDS; round++) {
    const fresh = await openPage(browser, appUrl)
    await outboxCodeLoaded(fresh.page)
    coldRounds.push(
      await inPage<number>(fresh.page, `window.__bench.clickUntil('[data-testid="nav-outbox"]', 'filled')`)
    )
    await fresh.context.close()
  }
  const { page } = await openPage(browser, appUrl)
  await outboxCodeLoaded(page)
  const goHome = (): Promise<unknown> => page.getByTestId('nav-home').click()
  const firstPage = { offset: 0, limit: 200 }
  // Reopened: Home, then Outbox again, its pages already in the store (the first open, not timed, fetched them).
  await inPage(page, `window.__bench.clickUntil('[data-testid="nav-outbox"]', 'filled')`)
  const warmRounds: number[] = []
  for (let round = 0; round < ROUNDS; round++) {
    await goHome()
    warmRounds.push(
      await inPage<number>(page, `window.__bench.clickUntil('[data-testid="nav-outbox"]', 'filled')`)
    )
  }
  const firstRowsFloor = await medianOf(
    ROUNDS,
    async () => undefined,
    () => inPage<number>(page, `window.__bench.invokeMs('outbox:list', ${JSON.stringify(firstPage)})`)
  )
  const rounds = (values: number[]): string => values.map((v) => v.toFixed(1)).join(', ')
  const cold = median(coldRounds)
  add({
    name: `outbox first rows, ${ITEMS.toLocaleString('en-US')} items`,
    ratio: firstRowsFloor / cold,
    ...underBudget(cold, BUDGET_MS),
    measured: `${ms(cold)} vs ${ms(firstRowsFloor)}`,
    detail: `${ms(cold)} from the click on a fresh window's first open (rounds: ${rounds(coldRounds)} ms) vs ${ms(firstRowsFloor)} for outbox:list of the first page alone (goal < ${BUDGET_MS} ms: ${verdict(cold < BUDGET_MS)})`
  })
  const warm = median(warmRounds)
  add({
    name: `outbox first rows, reopened, ${ITEMS.toLocaleString('en-US')} items`,
    ratio: firstRowsFloor / warm,
    ...underBudget(warm, BUDGET_MS),
    measured: `${ms(warm)} vs ${ms(firstRowsFloor)}`,
    detail: `${ms(warm)} from the click with the pages kept (rounds: ${rounds(warmRounds)} ms) vs ${ms(firstRowsFloor)} for outbox:list of the first page alone (goal < ${BUDGET_MS} ms: ${verdict(warm < BUDGET_MS)})`
  })

  // Fast scroll: 1,000 px a frame (a hard fling, ~15 rows a frame) for 240 frames from the top.
  const flings: FlingResult[] = []
  for (let round = 0; round < 3; round++) {
    await page.evaluate(`document.querySelector('[data-testid="outbox-scroll"]').scrollTop = 0`)
    await inPage(page, `window.__bench.until('filled')`)
    flings.push(await inPage<FlingResult>(page, 'window.__bench.fling(1000, 240)'))
  }
  const blankShare = median(flings.map((f) => f.blank / f.frames))
  const longest = median(flings.map((f) => f.longestTaskMs))
  add({
    name: 'outbox fast scroll, blank frames',
    ratio: 1 - blankShare,
    ...reported,
    measured: `${(blankShare * 100).toFixed(1)}% blank frames`,
    detail: `${(blankShare * 100).toFixed(1)}% of frames showed a missing or loading row (floor 0%; ratio = share of full frames)`
  })
  add({
    name: 'outbox fast scroll, long tasks',
    ratio: longest === 0 ? 1 : Math.min(1, BUDGET_MS / longest),
    ...underBudget(longest, BUDGET_MS),
    measured: `longest ${ms(longest)}`,
    detail: `longest task ${ms(longest)}, ${median(flings.map((f) => f.longTasks))} tasks over 50 ms in 240 frames (floor: none; goal < ${BUDGET_MS} ms: ${verdict(longest < BUDGET_MS)})`
  })
  // The same fling once more under a trace: how much of the longest task the window's thread really ran. On a busy
  // machine a task's wall time is mostly waiting for a core; its thread time is the window's own work.
  await page.evaluate(`document.querySelector('[data-testid="outbox-scroll"]').scrollTop = 0`)
  await inPage(page, `window.__bench.until('filled')`)
  const traced = await tracedFling(browser, page)
  add({
    name: 'outbox fast scroll, longest task CPU time',
    ratio: traced.longestCpuMs === 0 ? 1 : Math.min(1, BUDGET_MS / traced.longestCpuMs),
    ...underBudget(traced.longestCpuMs, BUDGET_MS),
    measured: `${ms(traced.longestCpuMs)} CPU (${ms(traced.longestWallMs)} wall)`,
    detail: `the renderer's main thread ran at most ${ms(traced.longestCpuMs)} in one task; the longest task took ${ms(traced.longestWallMs)} of wall time with ${ms(traced.cpuOfLongestMs)} of it running (one traced fling; goal < ${BUDGET_MS} ms: ${verdict(traced.longestCpuMs < BUDGET_MS)})`
  })

  // Each status filter: ticking its box until the viewport shows only that status; floor: the same list call.
  // The status boxes are folded under "More filters": opened as an operator opens them, once.
  await page.getByTestId('outbox-filter-more').locator('summary').click()
  for (const status of SEEDED_STATUSES) {
    const box = `[data-testid="outbox-filter-status-${status}"]`
    const untick = async (): Promise<void> => {
      if (await page.locator(box).isChecked()) await page.locator(box).uncheck()
      await inPage(page, `window.__bench.until('filled')`)
    }
    const filtered = await medianOf(ROUNDS, untick, () =>
      inPage<number>(page, `window.__bench.clickUntil('${box}', 'status', '${status}')`)
    )
    const filterFloor = await medianOf(
      ROUNDS,
      async () => undefined,
      () =>
        inPage<number>(
          page,
          `window.__bench.invokeMs('outbox:list', ${JSON.stringify({ ...firstPage, status: [status] })})`
        )
    )
    await untick()
    add({
      name: `outbox filter "${status}"`,
      ratio: filterFloor / filtered,
      ...underBudget(filtered, BUDGET_MS),
      measured: `${ms(filtered)} vs ${ms(filterFloor)}`,
      detail: `${ms(filtered)} from the click vs ${ms(filterFloor)} for the filtered outbox:list alone (goal < ${BUDGET_MS} ms: ${verdict(filtered < BUDGET_MS)})`
    })
  }

  // Deep jump: the scroll bar dragged to the middle until those rows show; floor: that page's call.
  const middle = Math.floor(ITEMS / 2)
  const toTop = async (): Promise<void> => {
    await page.evaluate(`document.querySelector('[data-testid="outbox-scroll"]').scrollTop = 0`)
    await inPage(page, `window.__bench.until('at', 0)`)
  }
  const jumps: number[] = []
  for (let round = 0; round < ROUNDS; round++) {
    await toTop()
    // A different row each round: pages seen once are kept, and a jump to one would not fetch.
    jumps.push(
      await inPage<number>(
        page,
        `window.__bench.scrollUntil(${middle + round * 1000}, 'at', ${middle + round * 1000})`
      )
    )
  }
  const jump = median(jumps)
  const jumpFloor = await medianOf(
    ROUNDS,
    async () => undefined,
    () =>
      inPage<number>(
        page,
        `window.__bench.invokeMs('outbox:list', ${JSON.stringify({ offset: middle, limit: 200 })})`
      )
  )
  add({
    name: 'outbox deep jump to the middle',
    ratio: jumpFloor / jump,
    ...underBudget(jump, BUDGET_MS),
    measured: `${ms(jump)} vs ${ms(jumpFloor)}`,
    detail: `${ms(jump)} from the scroll vs ${ms(jumpFloor)} for outbox:list at offset ${middle.toLocaleString('en-US')} alone (goal < ${BUDGET_MS} ms: ${verdict(jump < BUDGET_MS)})`
  })

  // Open an item: a click on a row until its detail is drawn; floor: outbox:get of that item.
  await toTop()
  const ids = (await page.evaluate(
    `[...document.querySelectorAll('[data-testid^="outbox-open-"]')].slice(0, ${ROUNDS}).map((b) => b.dataset.testid.slice('outbox-open-'.length))`
  )) as string[]
  const opens: number[] = []
  for (const id of ids) {
    opens.push(
      await inPage<number>(
        page,
        `window.__bench.clickUntil('[data-testid="outbox-open-${id}"]', 'detail', '${id}')`
      )
    )
  }
  const open = median(opens)
  const openFloor = await medianOf(
    ROUNDS,
    async () => undefined,
    () => inPage<number>(page, `window.__bench.invokeMs('outbox:get', ${JSON.stringify({ id: ids[0] })})`)
  )
  add({
    name: 'outbox open an item',
    ratio: openFloor / open,
    ...underBudget(open, BUDGET_MS),
    measured: `${ms(open)} vs ${ms(openFloor)}`,
    detail: `${ms(open)} from the click vs ${ms(openFloor)} for outbox:get alone (goal < ${BUDGET_MS} ms: ${verdict(open < BUDGET_MS)})`
  })

  // JS heap after all of the above (pages kept, detail open) vs the minimal app's.
  const appHeap = await heapUsedBytes(page)
  const { context: floorContext, page: floorPage } = await openPage(browser, floorUrl)
  const floorHeap = await heapUsedBytes(floorPage)
  await floorContext.close()
  add({
    name: 'window JS heap, outbox at 100k',
    ratio: floorHeap / appHeap,
    ...reported,
    measured: `${(appHeap / 1e6).toFixed(1)} vs ${(floorHeap / 1e6).toFixed(1)} MB`,
    detail: `${(appHeap / 1e6).toFixed(1)} MB after scrolling, filtering and opening vs ${(floorHeap / 1e6).toFixed(1)} MB for the minimal app`
  })
}
