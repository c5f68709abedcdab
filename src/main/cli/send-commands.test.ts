// The CLI's own argument checks against the shared rules: the phone table, and the file limit the composition resolves.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { PHONE_CASES } from '../../shared/domain/phone.cases'
import { TEXT_LIMIT_CASES } from '../../shared/domain/text-limit.cases'
import { dispatchInvoke, type Core } from '../core/compose'
import { parseArgs } from './args'
import { FLAGS, main } from './index'
import { cliDeviceFileLimit } from './outbox-commands'
import { appCoreOn } from './testing/in-process'

const MB = 1024 * 1024
let work: string

beforeEach(async () => {
  work = await mkdtemp(join(tmpdir(), 'sd-cli-'))
})
afterEach(async () => {
  vi.restoreAllMocks()
  await rm(work, { recursive: true, force: true })
})

/** Runs the CLI in process, capturing what it writes. */
async function runCli(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = ''
  let stderr = ''
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    stderr += String(chunk)
    return true
  })
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    stdout += String(chunk)
    return true
  })
  try {
    return { code: await main(argv, {}), stdout, stderr }
  } finally {
    vi.restoreAllMocks()
  }
}

/** Without a gateway: recipients are checked first, so a valid one fails on the missing gateway. */
const sendTextTo = (to: string): ReturnType<typeof runCli> =>
  runCli(['send', 'text', '--to', to, '--message', 'hi'])

describe('sender-desk send --to answers every shared phone case like the core and the window', () => {
  it.each(
    PHONE_CASES.filter((c) => c.input.trim() !== '').map((c) => [c.input, c.expected, c.reason] as const)
  )('%j → %j', async (input, expected, reason) => {
    const { code, stderr } = await sendTextTo(input)
    expect(code).toBe(2)
    if ('value' in expected) expect(stderr).toMatch(/the gateway is not set/)
    else {
      expect(stderr).toMatch(/is not a valid phone number/)
      if (reason) expect(stderr).toContain(`(${reason})`)
    }
  })
})

describe('sender-desk send with a typed {name}', () => {
  it('warns on stderr that a campaign variable goes out as written, as the window does', async () => {
    const text = await runCli(['send', 'text', '--to', '081234567890', '--message', 'Halo {nama}, promo!'])
    expect(text.stderr).toContain('"{nama}" in --message is sent as written')
    const caption = await runCli(['send', 'file', 'x.pdf', '--to', '081234567890', '--caption', 'For {name}'])
    expect(caption.stderr).toContain('"{name}" in --caption is sent as written')
  })

  it('says nothing of braces that are no variable', async () => {
    const plain = await runCli(['send', 'text', '--to', '081234567890', '--message', 'Kode {{ok}} :}'])
    expect(plain.stderr).not.toContain('sent as written')
  })
})

describe('sender-desk send answers every text-limit case like the core and the window', () => {
  it.each(TEXT_LIMIT_CASES)('$name', async ({ text, required, problem }) => {
    const { code, stderr } = await runCli(
      required
        ? ['send', 'text', '--to', '081234567890', '--message', text]
        : ['send', 'file', 'nowhere.pdf', '--to', '081234567890', '--caption', text]
    )
    expect(code).toBe(2)
    // A text within the rule gets as far as the missing gateway; one outside it is refused before.
    if (problem === null) expect(stderr).not.toMatch(/--(message|caption) is/)
    // An empty message is refused as a missing flag, before the rule (requireString).
    else expect(stderr).toMatch(problem === 'empty' ? /--message is (empty|required)/ : /is too long/)
  })
})

describe('the file limit of `send file` is the one the window applies', () => {
  let window: Core
  let dataDir: string

  /** A PDF of `mb` megabytes (the magic bytes make it a document). */
  async function pdf(name: string, mb: number): Promise<string> {
    const path = join(work, name)
    await writeFile(path, Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(mb * MB, 32)]))
    return path
  }

  /** `send file … --queue` for a gateway on this computer (queuing reaches no gateway). */
  const queueFile = (path: string, ...flags: string[]): ReturnType<typeof runCli> =>
    runCli([
      'send',
      'file',
      path,
      '--to',
      '081234567890',
      '--queue',
      '--json',
      '--data-dir',
      dataDir,
      '--base-url',
      'http://127.0.0.1:9',
      '--token',
      'cli-test-token',
      ...flags
    ])

  /** What the window's own check (`files:register`) answers for the same file. */
  async function windowRegisters(path: string): Promise<{ accepted: boolean; message?: string }> {
    const result = await dispatchInvoke(window.handlers, 'files:register', {
      sources: [{ kind: 'path', path }]
    })
    if (!result.ok) throw new Error(result.error.message)
    const { files, rejected } = result.value as { files: unknown[]; rejected: { message: string }[] }
    return files.length === 1 ? { accepted: true } : { accepted: false, message: rejected[0]?.message ?? '' }
  }

  beforeEach(async () => {
    dataDir = join(work, 'data')
    window = await appCoreOn(dataDir)
  })
  afterEach(async () => {
    await window.stop()
  })

  it('follows a 5 MB limit the operator set in the settings, like the window', async () => {
    const update = await dispatchInvoke(window.handlers, 'settings:update', { maxFileBytes: 5 * MB })
    expect(update.ok).toBe(true)
    const fits = await pdf('katalog.pdf', 3)
    const tooBig = await pdf('arsip.pdf', 6)

    expect(await windowRegisters(fits)).toEqual({ accepted: true })
    const queued = await queueFile(fits)
    expect(queued.code, queued.stderr).toBe(0)
    expect(JSON.parse(queued.stdout)).toMatchObject({ ok: true, itemIds: [expect.any(String)] })

    const refusedByWindow = await windowRegisters(tooBig)
    expect(refusedByWindow).toEqual({
      accepted: false,
      message: 'arsip.pdf is 6 MB; the gateway accepts files up to 5 MB.'
    })
    const refused = await queueFile(tooBig)
    expect(refused.code).toBe(2)
    expect(refused.stderr).toContain(refusedByWindow.message)
  })

  it('is the gateway default without a setting, and --max-file-mb is the device’s own limit over it', async () => {
    const file = await pdf('katalog.pdf', 3)
    const refused = await queueFile(file)
    expect(refused.code).toBe(2)
    expect(refused.stderr).toMatch(/katalog\.pdf is 3 MB; the gateway accepts files up to 2 MB/)
    expect(refused.stderr).toMatch(/--max-file-mb N/)

    const larger = await queueFile(file, '--max-file-mb', '5')
    expect(larger.code, larger.stderr).toBe(0)
    expect(cliDeviceFileLimit(parseArgs(['--max-file-mb', '5'], FLAGS))).toBe(5 * MB)
    expect(cliDeviceFileLimit(parseArgs([], FLAGS))).toBeNull()
    expect(() => cliDeviceFileLimit(parseArgs(['--max-file-mb', '0'], FLAGS))).toThrow(/--max-file-mb/)
  })
})
