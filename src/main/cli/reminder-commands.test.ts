// `sender-desk reminder create` checks a reminder's period and day count with the shared rule, before the gateway.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { REMINDER_REPEAT_CASES } from '../../shared/domain/repeat.cases'
import { main } from './index'

afterEach(() => {
  vi.restoreAllMocks()
})

/** Runs the CLI in process with no gateway set: input that passes every check fails on the missing gateway. */
async function createReminder(flags: string[]): Promise<{ code: number; stderr: string }> {
  let stderr = ''
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    stderr += String(chunk)
    return true
  })
  vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
  const base = ['reminder', 'create', '--to', '0812345678', '--message', 'x', '--start', '2099-01-01 08:00']
  const code = await main([...base, ...flags], {})
  vi.restoreAllMocks()
  return { code, stderr }
}

describe('reminder create answers every shared repeat case like the contract and the gateway client', () => {
  it.each(REMINDER_REPEAT_CASES.map((c) => [c.periode, c.customDay, c.expected] as const))(
    '%s every %s days → %s',
    async (periode, customDay, expected) => {
      const { code, stderr } = await createReminder([
        '--periode',
        periode,
        ...(customDay !== undefined ? ['--custom-day', String(customDay)] : [])
      ])
      expect(code).toBe(2)
      if (expected === null) expect(stderr).toMatch(/the gateway is not set/)
      else expect(stderr).toMatch(/--custom-day/)
    }
  )
})
