// Write transactions wait for another connection's write lock instead of failing at once (see writeTransaction).
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DATABASE_FILE, openDatabase } from './database'
import { OutboxStore } from './outbox-store'
import { newTextItem } from './testing/new-item'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'store-write-tx-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

/** Another process holding the write lock for `holdMs`, as a second process's migration check or lease would. */
async function holdWriteLock(path: string, holdMs: number): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [
      '-e',
      `const db = new (require('better-sqlite3'))(process.argv[1])
       db.exec('BEGIN IMMEDIATE')
       console.log('held')
       setTimeout(() => { db.exec('COMMIT'); db.close() }, Number(process.argv[2]))`,
      path,
      String(holdMs)
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] }
  )
  await new Promise<void>((resolve, reject) => {
    child.stdout!.once('data', () => resolve())
    child.once('error', reject)
    child.once('exit', (code) => reject(new Error(`the lock holder exited early (${code})`)))
  })
  return child
}

describe('write transactions', () => {
  it('a batch that reads before it writes waits for another connection to commit', async () => {
    const db = openDatabase({ dataDir: dir })
    const store = new OutboxStore(db)
    const holder = await holdWriteLock(join(dir, DATABASE_FILE), 300)
    // insertItems reads the next position before its inserts: a deferred transaction failed here with SQLITE_BUSY.
    store.insertItems([newTextItem('after-the-lock')], [], [], Date.now())
    expect(store.getItem('after-the-lock')?.status).toBe('queued')
    await new Promise((resolve) => holder.once('close', resolve))
    db.close()
  })

  it('every transaction in the main process begins IMMEDIATE (writeTransaction, or .immediate() at the call)', () => {
    const root = join(import.meta.dirname, '..', '..')
    const deferred: string[] = []
    const walk = (folder: string): void => {
      for (const entry of readdirSync(folder, { withFileTypes: true })) {
        const path = join(folder, entry.name)
        if (entry.isDirectory()) walk(path)
        else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
          const source = readFileSync(path, 'utf8')
          for (const match of source.matchAll(/\.transaction\(/g)) {
            if (!closesWithImmediate(source, match.index + match[0].length))
              deferred.push(`${relative(root, path)}:${source.slice(0, match.index).split('\n').length}`)
          }
        }
      }
    }
    walk(root)
    expect(deferred).toEqual([])
  })
})

/** Whether the `.transaction(` call opened at `from` is followed by `.immediate`. */
function closesWithImmediate(source: string, from: number): boolean {
  let depth = 1
  let at = from
  while (depth > 0 && at < source.length) {
    if (source[at] === '(') depth++
    else if (source[at] === ')') depth--
    at++
  }
  return /^\s*\.immediate\b/.test(source.slice(at))
}
