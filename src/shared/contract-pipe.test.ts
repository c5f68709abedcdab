/** The preload's pipe: raw results through, file paths only from real File objects, odd names refused; no zod. */
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ApiError } from './contract'
import { createContractClient } from './contract-client'
import { BASE64_SLICE_BYTES, createContractPipe, fileToBase64, type PipeTransport } from './contract-pipe'

function wire(reply: unknown = { ok: true, value: {} }): PipeTransport & { sent: unknown[] } {
  const sent: unknown[] = []
  return {
    sent,
    async invoke(channel, request) {
      sent.push({ channel, request })
      return reply
    },
    subscribe: () => () => undefined,
    fileToSource: async (file) => ({ kind: 'path', path: `/picked/${file.name}` })
  }
}

describe('createContractPipe', () => {
  it('passes requests and raw results through unchanged (the window checks them)', async () => {
    const recorded = wire({ ok: false, error: { code: 'not_found', message: 'gone' } })
    const pipe = createContractPipe(recorded)
    await expect(pipe.invoke('devices:remove', { id: 7 })).resolves.toEqual({
      ok: false,
      error: { code: 'not_found', message: 'gone' }
    })
    expect(recorded.sent).toEqual([{ channel: 'devices:remove', request: { id: 7 } }])
  })

  it('refuses files:register from the page, and names that are no contract channel', async () => {
    const recorded = wire()
    const pipe = createContractPipe(recorded)
    await expect(
      pipe.invoke('files:register', { sources: [{ kind: 'path', path: '/etc/passwd' }] })
    ).rejects.toEqual({
      name: 'ApiError',
      code: 'forbidden',
      message: 'files:register is only reachable through registerFiles'
    })
    await expect(pipe.invoke('ELECTRON_BROWSER_REQUIRE', {})).rejects.toMatchObject({
      code: 'unknown_channel'
    })
    expect(() => pipe.on('__proto__', () => undefined)).toThrow()
    expect(recorded.sent).toEqual([])
  })

  it('registers real File objects only, as sources the wire turns them into', async () => {
    const recorded = wire()
    const pipe = createContractPipe(recorded)
    const forged = { name: 'passwd', path: '/etc/passwd' } as unknown as File
    await expect(pipe.registerFiles([forged])).rejects.toMatchObject({ code: 'invalid_request' })
    await pipe.registerFiles([new File(['x'], 'photo.jpg')])
    expect(recorded.sent).toEqual([
      { channel: 'files:register', request: { sources: [{ kind: 'path', path: '/picked/photo.jpg' }] } }
    ])
  })

  it('passes a known purpose on (a campaign spreadsheet) and refuses any other', async () => {
    const recorded = wire()
    const pipe = createContractPipe(recorded)
    await pipe.registerFiles([new File(['x'], 'list.csv')], 'spreadsheet')
    expect(recorded.sent).toEqual([
      {
        channel: 'files:register',
        request: { sources: [{ kind: 'path', path: '/picked/list.csv' }], purpose: 'spreadsheet' }
      }
    ])
    const odd = 'anything' as unknown as 'send'
    await expect(pipe.registerFiles([new File(['x'], 'a.csv')], odd)).rejects.toMatchObject({
      code: 'invalid_request'
    })
  })

  it('its refusals reach the window as ApiError', async () => {
    const api = createContractClient(createContractPipe(wire()))
    const refused = await api.registerFiles([{} as File]).catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(ApiError)
    expect(refused).toMatchObject({ code: 'invalid_request' })
  })

  it('imports nothing but types, so the preload bundles no zod or contract schemas', () => {
    const source = readFileSync(join(import.meta.dirname, 'contract-pipe.ts'), 'utf8')
    const valueImports = [...source.matchAll(/^import\s+(?!type\s)[^;]*?from\s+['"]([^'"]+)['"]/gm)]
    expect(valueImports.map((m) => m[1])).toEqual([])
    const preload = readFileSync(join(import.meta.dirname, '../preload/index.ts'), 'utf8')
    const preloadImports = [...preload.matchAll(/^import\s+(?!type\s)[^;]*?from\s+['"]([^'"]+)['"]/gm)]
    expect(preloadImports.map((m) => m[1]).sort()).toEqual(['../shared/contract-pipe', 'electron'])
  })
})

describe('fileToBase64', () => {
  it('encodes any bytes exactly as one whole-file base64 does (empty, 1–3 bytes, slice edges, many slices)', async () => {
    const sizes = [0, 1, 2, 3, 4, 1000, BASE64_SLICE_BYTES - 1, BASE64_SLICE_BYTES, BASE64_SLICE_BYTES + 1]
    sizes.push(3 * BASE64_SLICE_BYTES + 2)
    for (const size of sizes) {
      const bytes = randomBytes(size)
      expect(await fileToBase64(new Blob([bytes])), `${size} bytes`).toBe(bytes.toString('base64'))
    }
  })

  it('lets the event loop turn between slices, so a large file is never one long task', async () => {
    const slices = 5
    let turns = 0
    let done = false
    const tick = (): void => {
      if (done) return
      turns += 1
      setTimeout(tick)
    }
    setTimeout(tick)
    await fileToBase64(new Blob([randomBytes(slices * BASE64_SLICE_BYTES)]))
    done = true
    // A timer queued before the encoding runs once per slice boundary at least.
    expect(turns).toBeGreaterThanOrEqual(slices - 1)
  })
})
