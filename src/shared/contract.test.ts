// The contract builds a channel's schemas when the channel is first used, not at import (issue 18, start-up).
import { beforeEach, describe, expect, it, vi } from 'vitest'

type Contract = typeof import('./contract')

/** A fresh copy of the contract module, as a new process imports it. */
async function freshContract(): Promise<Contract> {
  vi.resetModules()
  return import('./contract')
}

describe('channel schemas built on first use', () => {
  let contract: Contract
  beforeEach(async () => {
    contract = await freshContract()
  })

  it('builds no channel schema at import, and none to list or recognise the channels', () => {
    expect(contract.builtChannels()).toEqual([])
    expect(Object.keys(contract.invokeChannels)).toContain('outbox:list')
    expect(Object.keys(contract.eventChannels)).toContain('outbox:countsChanged')
    expect(contract.isInvokeChannel('outbox:list')).toBe(true)
    expect(contract.isInvokeChannel('toString')).toBe(false)
    expect(contract.isEventChannel('settings:changed')).toBe(true)
    expect(contract.builtChannels()).toEqual([])
  })

  it('builds only the channels used, each once, and they validate as before', () => {
    const list = contract.invokeChannels['outbox:list']
    expect(list.request.parse({})).toEqual({ offset: 0, limit: 200 })
    expect(list.request.safeParse({ limit: 5000 }).success).toBe(false)
    expect(contract.invokeChannels['outbox:list']).toBe(list)
    expect(contract.eventChannels['outbox:bulkChanged'].safeParse({ count: 'x' }).success).toBe(false)
    expect(contract.builtChannels()).toEqual(['outbox:list', 'outbox:bulkChanged'])
  })

  it('keeps the channels read-only', () => {
    const channels = contract.invokeChannels as Record<string, unknown>
    expect(() => {
      channels['outbox:list'] = { request: null, reply: null }
    }).toThrow(TypeError)
    expect(() => {
      channels['outbox:sneaky'] = {}
    }).toThrow(TypeError)
    expect(contract.invokeChannels['outbox:list'].request.parse({}).limit).toBe(200)
  })
})
