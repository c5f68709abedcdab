import { describe, expect, it } from 'vitest'
import { unreachableBy } from './webhook-reach'
import { WEBHOOK_REACH_CASES } from './webhook-reach.cases'

describe('whether a gateway can reach a webhook address', () => {
  it.each(WEBHOOK_REACH_CASES)('$gateway → $target: $unreachable', ({ gateway, target, unreachable }) => {
    expect(unreachableBy(gateway, target)).toBe(unreachable)
  })
})
