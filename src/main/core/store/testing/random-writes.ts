// What a store test that writes at random keeps between its steps: the items it made and has not seen deleted, the
// fenced batch it has open, and the steps every such test takes alike (new items, a batch's chunk, its end).
import type { SeededRandom } from '../../seeded-random'
import type { SqliteDatabase } from '../database'
import type { NewItem, OutboxStore } from '../outbox-store'
import { newTextItem } from './new-item'

export class RandomWrites {
  /** The items made and not seen deleted, in the order made. */
  readonly ids: string[] = []
  private made = 0
  private openBatch: string | undefined

  constructor(
    private readonly db: SqliteDatabase,
    private readonly store: OutboxStore,
    readonly random: SeededRandom
  ) {}

  pick<T>(list: readonly T[]): T {
    return list[this.random.int(list.length)]!
  }

  /** One of the items left, if any. */
  anyItem(): string | undefined {
    return this.ids.length > 0 ? this.pick(this.ids) : undefined
  }

  /** 1 to `most` new text items, each as `fields` makes it (given its id). */
  newItems(most: number, fields: (id: string) => Partial<NewItem>): NewItem[] {
    return Array.from({ length: 1 + this.random.int(most) }, () => {
      const id = `i${this.made++}`
      this.ids.push(id)
      return newTextItem(id, fields(id))
    })
  }

  /** Forgets the items a step deleted (a delete, a retention purge, a discarded batch). */
  forgetDeleted(): void {
    const left = new Set(this.db.prepare('SELECT id FROM outbox_items').pluck().all() as string[])
    this.ids.splice(0, this.ids.length, ...this.ids.filter((id) => left.has(id)))
  }

  /** `items` as a chunk of a fenced batch, opened first when none is. */
  writeBatchChunk(items: NewItem[], step: number): void {
    if (this.openBatch === undefined) {
      this.openBatch = `b${step}`
      this.store.openBatch(this.openBatch, process.pid, 30, step)
    }
    this.store.insertItems(items, [], [], step, { batchId: this.openBatch, firstSeq: this.store.nextSeq() })
  }

  /** The open batch closed, or half the time discarded with its items (as a crashed writer's is). */
  endBatch(): void {
    const batch = this.openBatch
    this.openBatch = undefined
    if (batch === undefined) return
    if (this.random.int(2) === 0) {
      this.store.closeBatch(batch)
      return
    }
    while (this.store.discardBatchItems(batch, 4).deleted > 0);
    this.store.deleteBatch(batch)
    this.forgetDeleted()
  }

  /** The open batch, for a test's messages. */
  get batchOpen(): string | undefined {
    return this.openBatch
  }
}
