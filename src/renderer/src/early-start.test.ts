// The window asks for its first answer before its code has run (early-start.ts): the answer is used once, and the
// events that come before the stores subscribe are not lost, nor reordered.
import { describe, expect, it } from 'vitest'
import { createContractPipe, type ContractPipe } from '../../shared/contract-pipe'
import { checkedApiOverPipe } from './api'
import { askedEarly, WINDOW_EVENTS } from './early-start'

type ContractClientModule = typeof import('../../shared/contract-client')

/** A pipe over a recording wire that answers every channel, with a way to push events. */
function wire(): { pipe: ContractPipe; asked: string[]; push(event: string, payload: unknown): void } {
  const asked: string[] = []
  const listeners = new Map<string, Set<(payload: unknown) => void>>()
  let answers = 0
  const pipe = createContractPipe({
    async invoke(channel) {
      asked.push(channel)
      answers += 1
      return { ok: true, value: { answer: answers } }
    },
    subscribe(event, listener) {
      const set = listeners.get(event) ?? new Set()
      set.add(listener)
      listeners.set(event, set)
      return () => set.delete(listener)
    },
    async fileToSource() {
      throw new Error('no files here')
    }
  })
  return {
    pipe,
    asked,
    push: (event, payload) => listeners.get(event)?.forEach((listener) => listener(payload))
  }
}

const nextTurn = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0))

describe('askedEarly', () => {
  it('asks for the first answer at once and gives it to the window’s first question, once', async () => {
    const { pipe, asked } = wire()
    const early = askedEarly(pipe, WINDOW_EVENTS)
    expect(asked).toEqual(['app:bootstrap'])
    expect(await early.invoke('app:bootstrap', {})).toEqual({ ok: true, value: { answer: 1 } })
    expect(asked).toEqual(['app:bootstrap'])
    // Try again (after an error) asks the core anew; so does every other question.
    expect(await early.invoke('app:bootstrap', {})).toEqual({ ok: true, value: { answer: 2 } })
    await early.invoke('outbox:list', { limit: 1 })
    expect(asked).toEqual(['app:bootstrap', 'app:bootstrap', 'outbox:list'])
  })

  it('holds the events that come before the window subscribes and hands them over in the order they came', async () => {
    const { pipe, push } = wire()
    const early = askedEarly(pipe, WINDOW_EVENTS)
    push('outbox:countsChanged', 'counts 1')
    push('devices:changed', 'devices 1')
    push('outbox:countsChanged', 'counts 2')
    const heard: string[] = []
    // Subscribed in another order than the events came: the hand-over keeps theirs.
    early.on('devices:changed', (payload) => heard.push(String(payload)))
    early.on('outbox:countsChanged', (payload) => heard.push(String(payload)))
    expect(heard).toEqual([])
    await nextTurn()
    expect(heard).toEqual(['counts 1', 'devices 1', 'counts 2'])
    push('devices:changed', 'devices 2')
    expect(heard).toEqual(['counts 1', 'devices 1', 'counts 2', 'devices 2'])
  })

  it('stops delivering to a listener that unsubscribed, and passes other events straight to the pipe', async () => {
    const { pipe, push } = wire()
    const early = askedEarly(pipe, ['devices:changed'])
    const heard: string[] = []
    const off = early.on('devices:changed', (payload) => heard.push(String(payload)))
    early.on('campaigns:changed', (payload) => heard.push(`campaign ${String(payload)}`))
    await nextTurn()
    push('campaigns:changed', 'c1')
    off()
    push('devices:changed', 'devices 1')
    expect(heard).toEqual(['campaign c1'])
  })

  it('gives the window’s checked API its first answer without asking the core again', async () => {
    const { pipe, asked } = wire()
    const early = askedEarly(pipe, WINDOW_EVENTS)
    const api = checkedApiOverPipe(early, () => new Promise<ContractClientModule>(() => undefined))
    const { reply } = await api.firstAnswer({})
    expect(reply).toEqual({ answer: 1 })
    expect(asked).toEqual(['app:bootstrap'])
  })
})
