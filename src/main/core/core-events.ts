/** The core's outgoing events, typed by the contract; every front door (Electron, harness) subscribes here. */
import type { EventChannel, EventPayload } from '../../shared/contract'

export type CoreEventListener = (event: EventChannel, payload: unknown) => void

export class CoreEvents {
  private readonly listeners = new Set<CoreEventListener>()

  emit<E extends EventChannel>(event: E, payload: EventPayload<E>): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(event, payload)
      } catch {
        // A broken window must not stop the core or the other windows from hearing about changes.
      }
    }
  }

  subscribe(listener: CoreEventListener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }
}
