/**
 * Attack: the disk fills up (SQLITE_FULL here; ENOSPC and EDQUOT are classified the same way) before a send or
 * while one is on the wire. Outcome: nothing throws out of a timer, the dispatcher pauses with a "disk full"
 * notice and resumes by itself once there is room; every message goes out exactly once; a CLI flush stops with
 * one line and exit code 1.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { describeFailure } from '../../src/main/cli/failure'
import { FakeClock } from '../../src/main/core/clock'
import { NoticeBoard, type Notice } from '../../src/main/core/notices'
import { makeFixture, type OutboxFixture } from '../../src/main/core/outbox/testing/outbox-fixture'
import { DiskFullError, isDiskFull } from '../../src/main/core/store'
import { replaceFreeSpaceProbe } from '../../src/main/core/store/errors'
import { translate } from '../../src/shared/i18n'

const texts = (...values: string[]) => values.map((text) => ({ kind: 'text' as const, text }))

let fx: OutboxFixture
const realSetInterval = globalThis.setInterval
const realClearInterval = globalThis.clearInterval

/**
 * Every write statement fails the way better-sqlite3 fails on a full disk (a SqliteError with code SQLITE_FULL) while
 * the disk is "full"; reads keep working, as they do on a real full disk. (Filling a real file with a page limit
 * is shown below to produce the same code, but which write meets it first depends on free space inside pages.)
 */
let diskIsFull = false
/** How the full disk shows: SQLITE_FULL from a write, or the "disk I/O error" SQLite gives when the WAL index cannot
 * grow (what a real full tmpfs produced; better-sqlite3 passes on no errno). */
let fullDiskCode = 'SQLITE_FULL'
const statementPrototype = (): { run: (...args: unknown[]) => unknown } =>
  Object.getPrototypeOf(fx.db.prepare('SELECT 1')) as { run: (...args: unknown[]) => unknown }
let realRun: ((...args: unknown[]) => unknown) | null = null

function fillDisk(): void {
  const prototype = statementPrototype()
  if (!realRun) {
    const original = prototype.run
    realRun = original
    prototype.run = function (this: unknown, ...args: unknown[]) {
      if (diskIsFull) throw Object.assign(new Error('database or disk is full'), { code: fullDiskCode })
      return original.apply(this, args)
    }
  }
  diskIsFull = true
}

function freeSpace(): void {
  diskIsFull = false
}

let restoreFreeSpace: (() => void) | null = null

afterEach(() => {
  diskIsFull = false
  fullDiskCode = 'SQLITE_FULL'
  restoreFreeSpace?.()
  restoreFreeSpace = null
  if (fx) {
    if (realRun) statementPrototype().run = realRun
    realRun = null
    fx.close()
  }
})

function diskFullEvents(): boolean[] {
  const seen: boolean[] = []
  fx.outbox.on('diskFullChanged', (full) => seen.push(full))
  return seen
}

describe('a full disk', () => {
  it('pauses the dispatcher instead of throwing from its timer, and resumes by itself when space is freed', async () => {
    fx = makeFixture()
    // Scheduled two minutes ahead, so the first write that meets the full disk happens inside the outbox's timer.
    const localTime = new Date(fx.clock.now() + 120_000).toISOString().slice(0, 16)
    await fx.outbox.enqueue({
      deviceId: 'd1',
      recipients: ['a', 'b', 'c'],
      entries: texts('x'),
      schedule: { localTime, timezone: 'UTC', mode: 'local' }
    })
    const seen = diskFullEvents()
    await fx.outbox.start()
    await fx.clock.advance(0)
    fillDisk()
    await fx.clock.advance(180_000)
    expect(seen).toEqual([true])
    expect(fx.gateway.messages).toHaveLength(0)
    freeSpace()
    await fx.runUntil(() => fx.outbox.counts().accepted === 3, { stepMs: 10_000 })
    expect(seen).toEqual([true, false])
    expect(fx.gateway.messages.map((m) => m.phone).sort()).toEqual(['a', 'b', 'c'])
    await fx.outbox.stop()
  })

  it('a send whose answer cannot be recorded is reconciled afterwards, never sent twice', async () => {
    fx = makeFixture()
    const { itemIds } = await fx.outbox.enqueue({ deviceId: 'd1', recipients: ['a'], entries: texts('x') })
    const seen = diskFullEvents()
    fx.gateway.holdSends = true
    await fx.outbox.start()
    await fx.clock.advance(0)
    expect(fx.gateway.heldCount).toBe(1)
    fillDisk()
    fx.gateway.releaseHeld()
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(seen).toEqual([true])
    expect(fx.outbox.get(itemIds[0]!).item.status).toBe('sending')
    freeSpace()
    fx.gateway.holdSends = false
    await fx.runUntil(() => fx.outbox.get(itemIds[0]!).item.status === 'accepted', { stepMs: 10_000 })
    expect(fx.gateway.messages).toHaveLength(1)
    expect(fx.gateway.sends()).toHaveLength(1)
    await fx.outbox.stop()
  })

  it('a CLI flush stops with a DiskFullError: one line, exit code 1', async () => {
    fx = makeFixture()
    await fx.outbox.enqueue({ deviceId: 'd1', recipients: ['a', 'b'], entries: texts('x') })
    fx.gateway.holdSends = true
    const flushing = fx.outbox.flush({ timeoutMs: 120_000 }).catch((e: unknown) => e)
    await fx.clock.advance(0)
    expect(fx.gateway.heldCount).toBe(1)
    // The disk fills while a request is on the wire: their outcome cannot be written.
    fillDisk()
    fx.gateway.releaseHeld()
    await fx.clock.advance(1000)
    const error = await flushing
    expect(isDiskFull(error)).toBe(true)
    const failure = describeFailure(error)
    expect(failure.code).toBe(1)
    expect(failure.line).toBe(new DiskFullError().message)
    expect(failure.line).not.toContain('\n')
    freeSpace()
    // The first reached the gateway; the next run reconciles it instead of sending it again, then sends the second.
    expect(fx.gateway.messages).toHaveLength(1)
    fx.gateway.holdSends = false
    await fx.outbox.start()
    await fx.runUntil(() => fx.outbox.counts().accepted === 2, { stepMs: 10_000 })
    expect(fx.gateway.sends()).toHaveLength(2)
    await fx.outbox.stop()
  })

  it('a flush the disk fills under (an SQLite I/O error, no room left) ends: one line, the lease and its timer released', async () => {
    fx = makeFixture()
    await fx.outbox.enqueue({ deviceId: 'd1', recipients: ['a', 'b'], entries: texts('x') })
    // The flush's real intervals (the clock's timers are fake): every one it starts must be cleared by the end.
    const started = new Set<unknown>()
    const setIntervalSpy = vi.spyOn(globalThis, 'setInterval')
    setIntervalSpy.mockImplementation(((...args: Parameters<typeof setInterval>) => {
      const id = realSetInterval(...args)
      started.add(id)
      return id
    }) as typeof setInterval)
    const clearIntervalSpy = vi.spyOn(globalThis, 'clearInterval')
    clearIntervalSpy.mockImplementation(((id: Parameters<typeof clearInterval>[0]) => {
      started.delete(id)
      realClearInterval(id)
    }) as typeof clearInterval)
    fx.gateway.holdSends = true
    const flushing = fx.outbox.flush({ timeoutMs: 120_000 }).catch((e: unknown) => e)
    await fx.clock.advance(0)
    // The file system's port says the data folder's volume has no room: every write now fails as SQLite fails then,
    // including the lease's release when the flush stops (which used to skip clearing its keep-alive interval).
    restoreFreeSpace = replaceFreeSpaceProbe(() => 0)
    fullDiskCode = 'SQLITE_IOERR_SHMSIZE'
    fillDisk()
    fx.gateway.releaseHeld()
    await fx.clock.advance(1000)
    const error = await flushing
    expect(isDiskFull(error)).toBe(true)
    expect(describeFailure(error)).toEqual({ code: 1, line: new DiskFullError().message })
    vi.restoreAllMocks()
    expect(started.size).toBe(0)
    // Room again: the next flush (a new process) takes the lease over and finishes the job, each message once.
    freeSpace()
    restoreFreeSpace()
    fx.gateway.holdSends = false
    const summary = await fx.reopen().flush({ timeoutMs: 120_000 })
    expect(summary.remaining).toMatchObject({ queued: 0, sending: 0 })
    expect(fx.gateway.messages.map((m) => m.phone).sort()).toEqual(['a', 'b'])
  })

  it('an SQLite I/O error is a full disk only when the database volume has no room left', () => {
    fx = makeFixture()
    const ioError = Object.assign(new Error('disk I/O error'), { code: 'SQLITE_IOERR_SHMSIZE' })
    restoreFreeSpace = replaceFreeSpaceProbe(() => 4096)
    expect(isDiskFull(ioError)).toBe(true)
    expect(isDiskFull(Object.assign(new Error('disk I/O error'), { code: 'SQLITE_IOERR' }))).toBe(true)
    expect(describeFailure(ioError)).toEqual({ code: 1, line: new DiskFullError().message })
    restoreFreeSpace()
    restoreFreeSpace = replaceFreeSpaceProbe(() => 50 * 1024 * 1024 * 1024)
    expect(isDiskFull(ioError)).toBe(false)
  })

  it('a real SQLITE_FULL from a database at its page limit counts as a full disk', () => {
    fx = makeFixture()
    fx.db.exec('CREATE TABLE ballast (b BLOB)')
    fx.db.pragma(`max_page_count = ${Number(fx.db.pragma('page_count', { simple: true })) + 2}`)
    const error = (() => {
      try {
        for (;;) fx.db.prepare('INSERT INTO ballast VALUES (zeroblob(512))').run()
      } catch (caught) {
        return caught
      }
    })()
    expect(error).toMatchObject({ code: 'SQLITE_FULL' })
    expect(isDiskFull(error)).toBe(true)
  })

  it('ENOSPC and EDQUOT from the filesystem count as a full disk; the notice speaks the operator language', () => {
    fx = makeFixture()
    expect(isDiskFull(Object.assign(new Error('no space'), { code: 'ENOSPC' }))).toBe(true)
    expect(
      isDiskFull(new Error('wrapped', { cause: Object.assign(new Error('q'), { code: 'EDQUOT' }) }))
    ).toBe(true)
    expect(isDiskFull(Object.assign(new Error('gone'), { code: 'ENOENT' }))).toBe(false)
    const shown: Notice[] = []
    const board = new NoticeBoard({
      clock: new FakeClock(),
      notify: (notice) => shown.push(notice),
      enabled: () => true
    })
    board.diskFull(true)
    expect(shown[0]).toMatchObject({ title: { key: 'notice.diskFull.title' } })
    expect(translate('id', 'notice.diskFull.title')).toBe('Disk penuh: pengiriman dijeda')
  })
})
