// Fault injection per route (latency, 5xx, 429, hangs, resets, truncated or garbage bodies) for resilience tests.

import { z } from 'zod'
import { normalisePath } from './request-path'
import type { RandomSource } from './random-source'

export const FAULT_KINDS = [
  'latency',
  'status',
  'rate-limit',
  'hang',
  'reset',
  'truncate',
  'garbage'
] as const
export type FaultKind = (typeof FAULT_KINDS)[number]

export const faultRuleSchema = z.strictObject({
  /** `/api/send-message`, `*` for every route, or a prefix ending in `*` (`/api/device/*`). */
  path: z.string().min(1),
  method: z.string().min(1).optional(),
  kind: z.enum(FAULT_KINDS),
  latencyMs: z.number().int().nonnegative().optional(),
  /** For `status`, e.g. 500, 502. */
  status: z.number().int().min(100).max(599).optional(),
  /** For `rate-limit`: the Retry-After header. */
  retryAfterSec: z.number().int().nonnegative().optional(),
  /** Applies this many times, then the rule is removed. */
  times: z.number().int().positive().optional(),
  /** Chance per matching request, drawn from the seeded random. */
  probability: z.number().min(0).max(1).optional(),
  /** Do the real work (accept the message) and then fail the response: a timeout after the gateway accepted. */
  applyAfterHandling: z.boolean().optional()
})

export type FaultRule = z.infer<typeof faultRuleSchema>
export type ActiveFault = FaultRule & { id: string }

export class FaultInjector {
  private rules: (ActiveFault & { remaining: number | null })[] = []
  private nextId = 1

  constructor(private readonly random: RandomSource) {}

  /** Adds a rule (validated); rules are tried in the order they were added. */
  add(rule: FaultRule): string {
    const parsed = faultRuleSchema.parse(rule)
    const id = `fault-${this.nextId++}`
    const path = parsed.path === '*' ? '*' : normalisePath(parsed.path)
    this.rules.push({ ...parsed, path, id, remaining: parsed.times ?? null })
    return id
  }

  remove(id: string): boolean {
    const before = this.rules.length
    this.rules = this.rules.filter((rule) => rule.id !== id)
    return this.rules.length < before
  }

  clear(): void {
    this.rules = []
  }

  list(): ActiveFault[] {
    return this.rules.map(({ remaining: _remaining, ...rule }) => rule)
  }

  /** The fault for this request, if any; counts one of its `times`. */
  take(method: string, path: string): ActiveFault | null {
    for (const rule of this.rules) {
      if (!matches(rule, method, path)) continue
      // Draw only for rules with a probability, so adding a plain rule does not shift the sequence.
      if (rule.probability !== undefined && this.random.next() >= rule.probability) continue
      if (rule.remaining !== null) {
        rule.remaining -= 1
        if (rule.remaining <= 0) this.remove(rule.id)
      }
      const { remaining: _remaining, ...fault } = rule
      return fault
    }
    return null
  }

  /** A body no JSON parser accepts: the HTML a CDN or captive portal answers with, plus noise. */
  garbage(): string {
    const noise = this.random.chars('abcdefghijklmnopqrstuvwxyz0123456789{}[]<>"\\:,', 96)
    return `<!DOCTYPE html><html><head><title>Just a moment...</title></head><body>${noise}</body></html>`
  }
}

function matches(rule: FaultRule, method: string, path: string): boolean {
  if (rule.method && rule.method.toUpperCase() !== method.toUpperCase()) return false
  if (rule.path === '*') return true
  if (rule.path.endsWith('*')) return path.startsWith(rule.path.slice(0, -1))
  return rule.path === path
}
