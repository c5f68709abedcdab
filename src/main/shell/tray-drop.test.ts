/** A drop on the tray icon: what the operator sees when every file is taken, some are refused, or the core fails. */
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import type { FileHandleView, InvokeReply } from '../../shared/contract'
import { FileHandles } from '../core/files'
import { dropOnTray, type TrayDropPorts } from './tray-drop'

const handle = (name: string): FileHandleView =>
  ({
    handle: `h-${name}`,
    name,
    size: 1,
    kind: 'document',
    mime: 'application/pdf'
  }) as unknown as FileHandleView

/** The core's refusals carry a key: the operator reads them in Bahasa Indonesia when that is their language. */
const IN_INDONESIAN: Record<string, string> = {
  'files.tooLarge': '{name} melebihi batas {limit} MB.',
  'send.rejected.tooMany':
    '{count} file lagi tidak disertakan: satu pengiriman paling banyak membawa {max} file.'
}

function ports(reply: () => Promise<InvokeReply<'files:register'>>): TrayDropPorts & {
  opened: FileHandleView[][]
  sheets: FileHandleView[][]
  refusals: string[][]
  faults: unknown[]
} {
  const opened: FileHandleView[][] = []
  const sheets: FileHandleView[][] = []
  const refusals: string[][] = []
  const faults: unknown[] = []
  return {
    opened,
    sheets,
    refusals,
    faults,
    register: vi.fn(reply),
    openSend: (files, dropped) => {
      opened.push(files)
      sheets.push(dropped)
    },
    refused: (lines) => refusals.push(lines),
    word: ({ message, messageKey, messageParams = {} }) =>
      messageKey && IN_INDONESIAN[messageKey]
        ? IN_INDONESIAN[messageKey].replace(/\{(\w+)\}/g, (_, name: string) => String(messageParams[name]))
        : message,
    describe: (error) => (error instanceof RefusedWhole ? { message: error.message } : undefined),
    unexpected: (error) => faults.push(error)
  }
}

/** A refusal the core words for the operator (an ApiFailure in the app). */
class RefusedWhole extends Error {}

describe('a drop on the tray', () => {
  it('opens Send with the files it registered, by path', async () => {
    const drop = ports(async () => ({ files: [handle('a.pdf')], rejected: [] }))
    await dropOnTray(['/home/op/a.pdf'], drop)
    expect(drop.register).toHaveBeenCalledWith({ sources: [{ kind: 'path', path: '/home/op/a.pdf' }] })
    expect(drop.opened).toEqual([[handle('a.pdf')]])
    expect(drop.refusals).toEqual([])
  })

  it('says which files were refused and why, in the operator’s words, and still opens Send with the rest', async () => {
    const drop = ports(async () => ({
      files: [handle('a.pdf')],
      rejected: [
        {
          name: 'huge.mp4',
          code: 'too_large',
          message: 'huge.mp4 is over the 100 MB limit.',
          messageKey: 'files.tooLarge',
          messageParams: { name: 'huge.mp4', limit: 100 }
        }
      ]
    }))
    await dropOnTray(['/home/op/a.pdf', '/home/op/huge.mp4'], drop)
    expect(drop.opened).toEqual([[handle('a.pdf')]])
    expect(drop.refusals).toEqual([['huge.mp4: huge.mp4 melebihi batas 100 MB.']])
  })

  it('registers as many files as one send carries and says how many more were left out, not refusing the drop whole', async () => {
    const paths = Array.from({ length: 1002 }, (_, i) => `/home/op/foto-${i}.jpg`)
    const drop = ports(async () => ({ files: [handle('foto-0.jpg')], rejected: [] }))
    await dropOnTray(paths, drop)
    // Before: all 1,002 in one call, which the contract refuses (1,000 at most), told in its own words.
    const [request] = vi.mocked(drop.register).mock.calls[0]!
    expect(request.sources).toHaveLength(1000)
    expect(request.sources.at(-1)).toEqual({ kind: 'path', path: '/home/op/foto-999.jpg' })
    expect(drop.opened).toEqual([[handle('foto-0.jpg')]])
    expect(drop.refusals).toEqual([
      ['2 file lagi tidak disertakan: satu pengiriman paling banyak membawa 1000 file.']
    ])
  })

  it('when every file is refused, says so and opens nothing', async () => {
    const drop = ports(async () => ({
      files: [],
      rejected: [{ name: 'x.exe', code: 'kind', message: 'This kind of file cannot be sent.' }]
    }))
    await dropOnTray(['/home/op/x.exe'], drop)
    expect(drop.opened).toEqual([])
    expect(drop.refusals).toEqual([['x.exe: This kind of file cannot be sent.']])
  })

  it('when the core refuses the whole drop, tells the operator instead of losing the rejection', async () => {
    const drop = ports(async () => {
      throw new RefusedWhole('Too many files at once.')
    })
    await expect(dropOnTray(['/home/op/a.pdf'], drop)).resolves.toBeUndefined()
    expect(drop.opened).toEqual([])
    expect(drop.refusals).toEqual([['Too many files at once.']])
    expect(drop.faults).toEqual([])
  })

  it('when the core fails, reports the fault and still tells the operator', async () => {
    const fault = new Error('database is locked')
    const drop = ports(async () => {
      throw fault
    })
    await expect(dropOnTray(['/home/op/a.pdf'], drop)).resolves.toBeUndefined()
    expect(drop.faults).toEqual([fault])
    expect(drop.refusals).toEqual([['database is locked']])
  })

  it('holds a customer list of any spreadsheet kind for the window’s question, where a window drop is asked', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sd-tray-'))
    const core = new FileHandles({ dataDir: join(dir, 'data'), maxFileBytes: () => 2 * 1024 * 1024 })
    const paths = {
      tsv: join(dir, 'pelanggan.tsv'),
      ods: join(dir, 'pelanggan.ods'),
      xls: join(dir, 'lama.xls'),
      photo: join(dir, 'brosur.pdf')
    }
    await writeFile(paths.tsv, 'Nama\tHP\nBudi\t0812\n')
    await writeFile(paths.ods, Buffer.from([0x50, 0x4b, 0x03, 0x04, 20, 0]))
    // A text list saved as .xls, as many exports are.
    await writeFile(paths.xls, 'Nama,HP\nBudi,0812\n')
    await writeFile(paths.photo, '%PDF-1.7\n')
    const drop = ports(async () => ({ files: [], rejected: [] }))
    drop.register = vi.fn(async ({ sources, purpose }) => {
      const { files, rejected } = await core.register(sources, purpose)
      return {
        files: files.map(({ handle, name, size, kind, mime }) => ({ handle, name, size, kind, mime })),
        rejected
      }
    })
    await dropOnTray(Object.values(paths), drop)
    // Nothing is refused before the operator answers: the gateway's types are the attach answer's, as in the window.
    expect(drop.refusals).toEqual([])
    expect(drop.opened.map((files) => files.map((f) => f.name))).toEqual([['brosur.pdf']])
    expect(drop.sheets.map((files) => files.map((f) => f.name))).toEqual([
      ['pelanggan.tsv', 'pelanggan.ods', 'lama.xls']
    ])
    // Held to be read, never sent: a send cannot use their handles until the operator attaches them.
    for (const sheet of drop.sheets[0] ?? []) expect(core.get(sheet.handle)).toBeUndefined()
  })
})
