// Saves and loads the sandbox world as JSON: atomic replace, owner-only permissions (it holds device tokens).

import { chmodSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { persistedWorldSchema, type PersistedWorld } from './records'

export class StateFile {
  constructor(readonly path: string) {}

  /** The saved world, or null when there is none yet. */
  load(): PersistedWorld | null {
    let text: string
    try {
      text = readFileSync(this.path, 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
      throw error
    }
    const parsed = persistedWorldSchema.safeParse(JSON.parse(text))
    if (!parsed.success)
      throw new Error(`sandbox state file ${this.path} is not a saved world: ${parsed.error.message}`)
    return parsed.data
  }

  save(world: PersistedWorld): void {
    mkdirSync(dirname(this.path), { recursive: true })
    const temporary = `${this.path}.${process.pid}.tmp`
    // A stale temporary file would keep its old mode; start fresh so 0600 applies.
    rmSync(temporary, { force: true })
    writeFileSync(temporary, JSON.stringify(world), { mode: 0o600 })
    renameSync(temporary, this.path)
    chmodSync(this.path, 0o600)
  }
}
