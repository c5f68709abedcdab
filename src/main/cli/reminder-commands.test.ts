// `sender-desk reminder create` checks a reminder's period and day count with the shared rule, before the gateway.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { REMINDER_REPEAT_CASES } from '../../shared/domain/repeat.cases'
import { main } from './index'

afterEach(() => {
  vi.restoreAllMocks()
})

/** Runs the CLI in process with no gateway set: input that passes every check fails on the missing gateway. */
async function createReminder(
  flags: string[],
  start = '2099-01-01 08:00'
): Promise<{ code: number; stderr: string }> {
  let stderr = ''
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    stderr += String(chunk)
    return true
  })
  vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
  const base = ['reminder', 'create', '--to', '0812345678', '--message', 'x', '--start', start]
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

describe('reminder create --start', () => {
  it('refuses what is not "Y-m-d H:i" in the usage’s words, with an example still to come', async () => {
    for (const start of [
      'tomorrow',
      '2026-12-01',
      '01-12-2026 09:00',
      '2026-02-30 09:00',
      '2026-12-01 25:00'
    ]) {
      const { code, stderr } = await createReminder(['--periode', 'daily'], start)
      expect(code, start).toBe(2)
      expect(stderr, start).toMatch(
        /^sender-desk: --start must be "Y-m-d H:i", e\.g\. \d{4}-\d{2}-\d{2} 09:00\n$/
      )
      expect(stderr, start).not.toContain('scheduledAt')
      const example = /e\.g\. (\S+ \S+)/.exec(stderr)![1]!
      // Tomorrow on any clock: later than today's date here, and itself a start the command takes.
      expect(example.slice(0, 10) > new Date().toISOString().slice(0, 10)).toBe(true)
      expect((await createReminder(['--periode', 'daily'], example)).stderr).toMatch(/the gateway is not set/)
    }
  })

  it('takes the usage’s form, a T between date and time, and seconds; a start gone by, as the window does', async () => {
    // A past first time is no mistake for a repeating reminder: the window's form sends it as it is, and the gateway
    // begins with the next time it comes round (the sandbox's "a past start begins with the next") (QA10 Q10-12).
    for (const start of ['2099-01-01 08:00', '2099-01-01T08:00', '2099-01-01 08:00:30', '2025-01-01 09:00']) {
      const { code, stderr } = await createReminder(['--periode', 'daily'], start)
      expect(code, start).toBe(2)
      expect(stderr, start).toMatch(/the gateway is not set/)
    }
  })
})

describe('reminder create --message', () => {
  // QA58: a reminder's "{name}" went out as written, said nowhere; `send` warns of it.
  it('warns on stderr that a campaign variable goes out as written, as send does', async () => {
    let stderr = ''
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      stderr += String(chunk)
      return true
    })
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
    const argv = [
      'reminder',
      'create',
      '--to',
      '0812345678',
      '--periode',
      'daily',
      '--start',
      '2099-01-01 08:00'
    ]
    expect(await main([...argv, '--message', 'Pengingat mingguan {name}'], {})).toBe(2)
    expect(stderr).toContain('"{name}" in --message is sent as written')
    expect(stderr).toMatch(/the gateway is not set/)
    stderr = ''
    await main([...argv, '--message', 'Pengingat mingguan'], {})
    expect(stderr).not.toContain('sent as written')
  })
})
