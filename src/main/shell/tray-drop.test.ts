/** A drop on the tray icon: what the operator sees when every file is taken, some are refused, or the core fails. */
import { describe, expect, it, vi } from 'vitest'
import type { FileHandleView, InvokeReply } from '../../shared/contract'
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
const IN_INDONESIAN: Record<string, string> = { 'files.tooLarge': '{name} melebihi batas {limit} MB.' }

function ports(reply: () => Promise<InvokeReply<'files:register'>>): TrayDropPorts & {
  opened: FileHandleView[][]
  refusals: string[][]
  faults: unknown[]
} {
  const opened: FileHandleView[][] = []
  const refusals: string[][] = []
  const faults: unknown[] = []
  return {
    opened,
    refusals,
    faults,
    register: vi.fn(reply),
    openSend: (files) => opened.push(files),
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
})
