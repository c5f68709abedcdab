// Saves and loads the sandbox world as JSON: atomic replace, owner-only permissions (it holds device tokens). A file
// that cannot be read as a world is a SandboxStateError naming it; records that no longer fit are set aside into
// `<file>.damaged.json` (with their raw text) and the rest loads.

import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import type { PersistedWorld } from './records'
import {
  parseSavedJson,
  salvageWorld,
  SandboxStateError,
  type SetAsideEntry,
  type SetAsideRecord
} from './state-damage'

/** A saved world as loaded: the records that fit, and those set aside. */
export interface LoadedWorld {
  world: PersistedWorld
  setAside: SetAsideRecord[]
}

export class StateFile {
  constructor(readonly path: string) {}

  /** Where records that no longer fit are kept, with their raw text. */
  get damagedPath(): string {
    return `${this.path}.damaged.json`
  }

  /** The saved world, or null when there is none yet. */
  load(): LoadedWorld | null {
    let text: string
    try {
      text = readFileSync(this.path, 'utf8')
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      if (code === 'ENOENT') return null
      if (code === 'EISDIR') throw new SandboxStateError(this.path, 'directory')
      throw new SandboxStateError(this.path, 'unreadable', code)
    }
    const setAside: SetAsideEntry[] = []
    const world = salvageWorld(parseSavedJson(text, this.path), this.path, this.damagedPath, setAside)
    if (setAside.length > 0) {
      this.keepDamaged(setAside)
      // The file now holds only what loaded, so the same records are not set aside twice.
      this.save(world)
    }
    return { world, setAside: setAside.map(({ raw: _raw, ...record }) => record) }
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

  /** Appends to `<file>.damaged.json` (an array of entries with their raw text); a damaged one is kept aside too. */
  private keepDamaged(entries: SetAsideEntry[]): void {
    let kept: unknown[] = []
    if (existsSync(this.damagedPath)) {
      try {
        const previous: unknown = JSON.parse(readFileSync(this.damagedPath, 'utf8'))
        if (Array.isArray(previous)) kept = previous
      } catch {
        renameSync(this.damagedPath, `${this.damagedPath}.${Date.now()}`)
      }
    }
    const at = new Date().toISOString()
    kept.push(...entries.map((entry) => ({ ...entry, setAsideAt: at })))
    writeFileSync(this.damagedPath, JSON.stringify(kept, null, 1), { mode: 0o600 })
  }
}
