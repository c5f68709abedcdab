// `send file` from the terminal against a sandbox, direct and queued: the same file reaches the gateway the same way
// either path, and the terminal says what the window says about it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Sandbox, SandboxControl } from '@sender-desk/sandbox-gateway'
import { runCli, sandboxForCli } from './testing/in-process'

/** An MP3 by its first bytes (an ID3v2.3 tag header), as the core types it. */
const MP3 = Buffer.from([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0, 0, ...new Array<number>(64).fill(0)])
/** A JPEG by its first bytes (start of image, then a JFIF segment). */
const JPEG = Buffer.from([
  0xff,
  0xd8,
  0xff,
  0xe0,
  0x00,
  0x10,
  0x4a,
  0x46,
  0x49,
  0x46,
  ...new Array<number>(64).fill(0)
])

let work: string
let sandbox: Sandbox
let control: SandboxControl
let env: NodeJS.ProcessEnv

beforeEach(async () => {
  work = mkdtempSync(join(tmpdir(), 'sd-send-file-'))
  ;({ sandbox, control, env } = await sandboxForCli(join(work, 'data'), { seed: 32 }))
})
afterEach(async () => {
  await sandbox.close()
  rmSync(work, { recursive: true, force: true })
})

/** What the gateway got for a number, in the order it came: each message's kind, words and file name. */
async function gatewayGot(
  phone: string
): Promise<{ kind: string; text: string | null; fileName: string | null }[]> {
  return (await control.messages())
    .filter((m) => m.phone === phone)
    .map(({ kind, text, fileName }) => ({ kind, text, fileName }))
}

describe('an audio file with --caption (audio carries no caption: caption-placement.ts)', () => {
  it('direct and queued reach the gateway alike: the audio without it, then the caption once as its own text', async () => {
    const voice = join(work, 'voice.mp3')
    writeFileSync(voice, MP3)
    const direct = await runCli(
      ['send', 'file', voice, '--to', '081234567051', '--caption', 'Dengarkan ya, Bu'],
      env
    )
    expect(direct.code, direct.stderr).toBe(0)
    const queued = await runCli(
      ['send', 'file', voice, '--to', '081234567052', '--caption', 'Dengarkan ya, Bu', '--queue'],
      env
    )
    expect(queued.code, queued.stderr).toBe(0)
    const flushed = await runCli(['outbox', 'flush', '--timeout', '10'], env)
    expect(flushed.code, flushed.stderr).toBe(0)
    const expected = [
      { kind: 'audio', text: null, fileName: 'voice.mp3' },
      { kind: 'text', text: 'Dengarkan ya, Bu', fileName: null }
    ]
    expect(await gatewayGot('6281234567052')).toEqual(expected)
    expect(await gatewayGot('6281234567051')).toEqual(expected)
  })
})

describe('a file whose name is not what its bytes are (the core sends it under its real extension)', () => {
  // Refused with "rename it" (for photo.png, a JPEG, also "the name must end in … .png"): the window sends both.
  it.each([
    [
      'invoice.pdf',
      'invoice.jpg',
      'invoice.pdf is really an image (JPG): it is sent as invoice.jpg, as a photo.'
    ],
    ['photo.png', 'photo.jpg', 'photo.png is really an image (JPG): it is sent as photo.jpg, as a photo.']
  ])(
    '%s is sent and queued as %s, and the terminal says so as the window does',
    async (name, sentAs, note) => {
      const path = join(work, name)
      writeFileSync(path, JPEG)
      const direct = await runCli(['send', 'file', path, '--to', '081234567053'], env)
      expect(direct.code, direct.stderr).toBe(0)
      expect(direct.stderr).toContain(note)
      const queued = await runCli(['send', 'file', path, '--to', '081234567054', '--queue'], env)
      expect(queued.code, queued.stderr).toBe(0)
      expect(queued.stderr).toContain(note)
      expect((await runCli(['outbox', 'flush', '--timeout', '10'], env)).code).toBe(0)
      for (const phone of ['6281234567053', '6281234567054'])
        expect(await gatewayGot(phone)).toEqual([{ kind: 'image', text: null, fileName: sentAs }])
    }
  )
})
