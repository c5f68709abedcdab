// The CLI's own argument checks against the shared rules: the phone table, and the file limit it is given.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { PHONE_CASES } from '../../shared/domain/phone.cases'
import { parseArgs } from './args'
import { FLAGS, main } from './index'
import { cliFileLimit } from './outbox-commands'
import { checkFile } from './send-commands'

const MB = 1024 * 1024
let work: string

beforeEach(async () => {
  work = await mkdtemp(join(tmpdir(), 'sd-cli-'))
})
afterEach(async () => {
  vi.restoreAllMocks()
  await rm(work, { recursive: true, force: true })
})

/** Runs the CLI in process without a gateway: recipients are checked first, so a valid one fails on the missing gateway. */
async function sendTextTo(to: string): Promise<{ code: number; stderr: string }> {
  let stderr = ''
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    stderr += String(chunk)
    return true
  })
  vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
  const code = await main(['send', 'text', '--to', to, '--message', 'hi'], {})
  vi.restoreAllMocks()
  return { code, stderr }
}

describe('sender-desk send --to answers every shared phone case like the core and the window', () => {
  it.each(PHONE_CASES.filter((c) => c.input.trim() !== '').map((c) => [c.input, c.expected] as const))(
    '%j → %j',
    async (input, expected) => {
      const { code, stderr } = await sendTextTo(input)
      expect(code).toBe(2)
      if ('value' in expected) expect(stderr).toMatch(/the gateway is not set/)
      else expect(stderr).toMatch(/is not a valid phone number/)
    }
  )
})

describe('the file limit the CLI applies', () => {
  it('is the gateway default unless --max-file-mb gives the device plan', async () => {
    const file = join(work, 'katalog.pdf')
    await writeFile(file, Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(3 * MB, 32)]))
    const defaults = cliFileLimit(parseArgs([], FLAGS))
    await expect(checkFile(file, defaults)).rejects.toThrow(
      /katalog\.pdf is 3\.0 MB; the gateway accepts files up to 2 MB/
    )
    const larger = cliFileLimit(parseArgs(['--max-file-mb', '5'], FLAGS))
    expect(larger).toBe(5 * MB)
    await expect(checkFile(file, larger)).resolves.toMatchObject({ name: 'katalog.pdf', kind: 'document' })
    expect(() => cliFileLimit(parseArgs(['--max-file-mb', '0'], FLAGS))).toThrow(/--max-file-mb/)
  })
})
