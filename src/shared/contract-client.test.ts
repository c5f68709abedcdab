/** The window side of the contract: requests checked before they leave, replies and events checked as they arrive. */
import { describe, expect, it } from 'vitest'
import { ApiError, type FileSource } from './contract'
import { createContractClient as clientOverPipe } from './contract-client'
import { createContractPipe, type PipeTransport } from './contract-pipe'

/** The client as the window runs it: over the preload's pipe, here over a recording wire. */
const createContractClient = (wire: PipeTransport): ReturnType<typeof clientOverPipe> =>
  clientOverPipe(createContractPipe(wire))

function transport(
  reply: (channel: string, request: unknown) => unknown
): PipeTransport & { sent: unknown[] } {
  const sent: unknown[] = []
  const listeners = new Map<string, (payload: unknown) => void>()
  return {
    sent,
    async invoke(channel, request) {
      sent.push({ channel, request })
      return reply(channel, request)
    },
    subscribe(event, listener) {
      listeners.set(event, listener)
      return () => listeners.delete(event)
    },
    async fileToSource(file): Promise<FileSource> {
      return { kind: 'path', path: `/picked/${file.name}` }
    }
  }
}

describe('createContractClient', () => {
  it('refuses a request that breaks the contract before it leaves the page', async () => {
    const wire = transport(() => ({ ok: true, value: {} }))
    const api = createContractClient(wire)
    await expect(api.invoke('devices:remove', {} as never)).rejects.toMatchObject({
      code: 'invalid_request',
      field: 'id'
    })
    expect(wire.sent).toEqual([])
  })

  it('turns error results into ApiError and rejects replies that break the contract', async () => {
    const api = createContractClient(
      transport((channel) =>
        channel === 'devices:list'
          ? { ok: true, value: { devices: 'nope' } }
          : { ok: false, error: { code: 'not_found', message: 'gone', field: 'id' } }
      )
    )
    await expect(api.invoke('devices:list', {})).rejects.toMatchObject({ code: 'bad_reply' })
    const failure = await api.invoke('devices:remove', { id: 'x' }).catch((e: unknown) => e)
    expect(failure).toBeInstanceOf(ApiError)
    expect(failure).toMatchObject({ code: 'not_found', message: 'gone', field: 'id' })
  })

  it('never lets the page send file paths itself: only registerFiles reaches files:register', async () => {
    const wire = transport(() => ({ ok: true, value: { files: [], rejected: [] } }))
    const api = createContractClient(wire)
    await expect(
      api.invoke('files:register', { sources: [{ kind: 'path', path: '/etc/passwd' }] })
    ).rejects.toMatchObject({ code: 'forbidden' })
    expect(wire.sent).toEqual([])
    await api.registerFiles([new File(['x'], 'photo.jpg')])
    expect(wire.sent).toEqual([
      { channel: 'files:register', request: { sources: [{ kind: 'path', path: '/picked/photo.jpg' }] } }
    ])
  })
})
