// `sender-desk <command> help` answers as `--help` does: the usage, exit 0 (QA10 Q10-17), not "needs one of …".
import { afterEach, describe, expect, it, vi } from 'vitest'
import { main } from './index'

afterEach(() => {
  vi.restoreAllMocks()
})

async function run(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = ''
  let stderr = ''
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    stdout += String(chunk)
    return true
  })
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    stderr += String(chunk)
    return true
  })
  const code = await main(argv, {})
  vi.restoreAllMocks()
  return { code, stdout, stderr }
}

describe('help after a command', () => {
  it.each(['campaign', 'send', 'device', 'reminder', 'inbox', 'optout'])(
    '`%s help` prints that command’s usage and exits 0, as `%s --help` does',
    async (command) => {
      const help = await run([command, 'help'])
      expect(help.code, help.stderr).toBe(0)
      expect(help.stderr).toBe('')
      expect(help.stdout).toMatch(new RegExp(`^ {2}${command} `, 'm'))
      expect(help.stdout).toContain('Exit codes:')
      expect(await run([command, '--help'])).toEqual(help)
      expect(await run(['help', command])).toEqual(help)
    }
  )

  it('keeps to the command asked: campaign’s lines, not send’s; its continuation lines with it', async () => {
    const { stdout } = await run(['campaign', 'help'])
    expect(stdout).not.toMatch(/^ {2}send /m)
    expect(stdout).toMatch(/^ {2}campaign takeback /m)
    // A take-back under way is paused and resumed from the terminal too, its exit codes with it.
    expect(stdout).toContain('| takeback pause <id> | takeback resume <id> [--timeout <s>]')
    expect(stdout.replace(/\s+/g, ' ')).toContain('2 when the campaign has no take-back under way')
    expect(stdout).toContain('--attach: one file sent with every row')
    // A draft made without --send-recent is started with it (its start checks the same message again).
    expect(stdout).toMatch(/^ {2}campaign start <id> \[--attach FILE \| --files-dir D\] \[--send-recent\]/m)
    // What a start prints besides the campaign: the rows set aside (at import, or by this start) for the same message.
    expect(stdout).toMatch(/start names the rows set aside/)
    expect(stdout).toMatch(/left out at create/)
    // A draft's devices are chosen again from the terminal too (one left with none by a removal cannot start).
    expect(stdout).toMatch(/^ {2}campaign devices <id> --device <id\|name>\[,…\] +a draft's devices/m)
    const reminder = (await run(['reminder', 'help'])).stdout
    expect(reminder).toContain('[--custom-day N]')
    expect((await run(['device', 'help'])).stdout).toMatch(/^ {2}device invoices /m)
  })

  it('a bare help prints every command; no command at all is still bad input', async () => {
    const all = await run(['help'])
    expect(all.code).toBe(0)
    expect(all.stdout).toMatch(/^ {2}campaign /m)
    expect(all.stdout).toMatch(/^ {2}send /m)
    expect((await run([])).code).toBe(2)
  })
})

describe('message help', () => {
  it('names the ids it takes: the outbox’s (as send --queue prints them) as well as the gateway’s (QA80)', async () => {
    const help = (await run(['message', 'help'])).stdout.replace(/\s+/g, ' ')
    expect(help).toContain('message revoke|cancel|resend <id…> [--timeout <s>] | cancel-all')
    expect(help).toContain("the outbox's, as send --queue and outbox list show them, or the gateway's")
    expect(help).toContain('A message the outbox holds is taken back there, as the window takes it back')
  })
})

describe('the exit codes the usage lists', () => {
  it('name every code a command returns, and the one rule for sending beside the open app', async () => {
    const { stdout } = await run(['--help'])
    const codes = stdout.slice(stdout.indexOf('Exit codes:')).replace(/\s+/g, ' ')
    for (const code of [0, 1, 2, 3, 4]) expect(codes).toMatch(new RegExp(`\\b${code} `))
    // outbox flush and campaign start|resume while the app runs, for credentials it does not list: 2, both.
    expect(codes).toMatch(/2 bad input, or Sender Desk is running and does not send for these credentials/)
    expect(codes).toMatch(/outbox flush, campaign start\|resume/)
    expect((await run(['outbox', 'help'])).stdout.replace(/\s+/g, ' ')).toContain(codes.trim())
  })
})
