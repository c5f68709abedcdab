// errorInfo words the core's refusals in the operator's language when the core sent their key; the API over the
// pipe draws the shell from the first answer and checks it once the contract client has loaded after the shell.
import { afterEach, describe, expect, it } from 'vitest'
import { ApiError } from '../../shared/contract'
import { createContractPipe, type ContractPipe } from '../../shared/contract-pipe'
import { checkedApiOverPipe, coreMessage, errorInfo, keptError, setApi } from './api'
import { useApp } from './stores/app'
import { useSettings } from './stores/settings'
import { makeBootstrap, makeCounts, makeSettings } from './testing/fixtures'

type ContractClientModule = typeof import('../../shared/contract-client')

afterEach(() => useSettings.setState({ settings: null }))

describe('errorInfo', () => {
  const gone = new ApiError({
    code: 'not_found',
    message: 'That device no longer exists.',
    messageKey: 'desktop.error.deviceGone',
    messageParams: {},
    field: 'id'
  })

  it('shows a keyed refusal in Indonesian when the setting says id', () => {
    useSettings.setState({ settings: makeSettings({ language: 'id' }) })
    expect(errorInfo(gone)).toEqual({
      code: 'not_found',
      message: 'Perangkat itu sudah tidak ada.',
      field: 'id'
    })
  })

  it('shows it in English otherwise, and text without a known key as it came', () => {
    expect(errorInfo(gone).message).toBe('That device no longer exists.')
    useSettings.setState({ settings: makeSettings({ language: 'id' }) })
    const fromAnOlderCore = new ApiError({ code: 'x', message: 'As it came', messageKey: 'no.such.key' })
    expect(errorInfo(fromAnOlderCore).message).toBe('As it came')
    expect(errorInfo(new ApiError({ code: 'x', message: 'Plain' })).message).toBe('Plain')
  })

  // QA (carried, reschedule): "… opted out after this message was written" said nothing of when: the refusal names
  // the opt-out's date and time, on the operator's clock and in the window's language, as Schedules says it ahead.
  it('names when the number opted out, on the operator’s zone, in both languages', () => {
    const optedOut = new ApiError({
      code: 'opted_out',
      message: 'refused',
      messageKey: 'desktop.error.rescheduleOptedOut',
      // 5 Dec 2026, 14:02 WIB.
      messageParams: { number: '+62 812-0000-0003', optedOutAt: '2026-12-05T07:02:00.000Z' },
      field: 'schedule'
    })
    useSettings.setState({ settings: makeSettings({ language: 'en', defaultTimezone: 'Asia/Jakarta' }) })
    expect(errorInfo(optedOut).message).toBe(
      '+62 812-0000-0003 opted out on 5 Dec 2026, 14:02 WIB, after this message was written: it will not be sent at any time. Cancel sending it instead.'
    )
    useSettings.setState({ settings: makeSettings({ language: 'id', defaultTimezone: 'Asia/Makassar' }) })
    expect(errorInfo(optedOut).message).toBe(
      '+62 812-0000-0003 berhenti berlangganan pada 5 Des 2026, 15.02 WITA, setelah pesan ini ditulis: pesan ini tidak akan dikirim kapan pun. Batalkan pengirimannya saja.'
    )
  })
})

// Issue 29 point 6: a failure a store keeps is kept unworded, and said in the language it is drawn in.
describe('keptError', () => {
  it('keeps the code, the field and the words, said later in either language', () => {
    const gone = new ApiError({
      code: 'not_found',
      message: 'That device no longer exists.',
      messageKey: 'desktop.error.deviceGone',
      field: 'id'
    })
    const kept = keptError(gone)
    expect(kept).toEqual({
      code: 'not_found',
      field: 'id',
      message: 'That device no longer exists.',
      messageKey: 'desktop.error.deviceGone'
    })
    expect(coreMessage(kept, 'en')).toBe('That device no longer exists.')
    expect(coreMessage(kept, 'id')).toBe('Perangkat itu sudah tidak ada.')
  })

  it('keeps anything else thrown as its text, with an unknown code', () => {
    expect(keptError(new Error('boom'))).toEqual({ code: 'unknown', message: 'boom' })
    expect(keptError('down')).toEqual({ code: 'unknown', message: 'down' })
  })
})

describe('checkedApiOverPipe: the full contract client loads after the first reply', () => {
  /** A pipe over a recording wire that answers each channel from `replies`, with a way to push events. */
  function wire(replies: Record<string, unknown>): {
    pipe: ContractPipe
    sent: string[]
    push(event: string, payload: unknown): void
  } {
    const sent: string[] = []
    const listeners = new Map<string, Set<(payload: unknown) => void>>()
    const pipe = createContractPipe({
      async invoke(channel) {
        sent.push(channel)
        return channel in replies
          ? { ok: true, value: replies[channel] }
          : { ok: false, error: { code: 'x', message: 'no' } }
      },
      subscribe(event, listener) {
        const set = listeners.get(event) ?? new Set()
        set.add(listener)
        listeners.set(event, set)
        return () => set.delete(listener)
      },
      async fileToSource(file) {
        return { kind: 'path', path: `/picked/${file.name}` }
      }
    })
    return { pipe, sent, push: (event, payload) => listeners.get(event)?.forEach((l) => l(payload)) }
  }

  /** The real client module, handed over only when the test says so. */
  function gatedLoader(): { load: () => Promise<ContractClientModule>; loads: () => number; open(): void } {
    let loads = 0
    let open: () => void = () => undefined
    const gate = new Promise<void>((resolve) => (open = resolve))
    return {
      load: async () => {
        loads++
        await gate
        return import('../../shared/contract-client')
      },
      loads: () => loads,
      open: () => open()
    }
  }

  it('gives the first answer before the client loads, and checks it once the client has', async () => {
    const loader = gatedLoader()
    const api = checkedApiOverPipe(wire({ 'app:bootstrap': makeBootstrap() }).pipe, loader.load)
    const { reply, checked } = await api.firstAnswer({})
    expect(reply).toEqual(makeBootstrap())
    expect(loader.loads()).toBe(0)
    let settled = false
    void checked.then(() => (settled = true))
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(settled).toBe(false)
    loader.open()
    await api.prefetch()
    await expect(checked).resolves.toBeUndefined()
  })

  it('refuses a first answer that breaks the contract once the client has loaded', async () => {
    const loader = gatedLoader()
    const malformed = { ...makeBootstrap(), counts: { queued: 'many' } }
    const api = checkedApiOverPipe(wire({ 'app:bootstrap': malformed }).pipe, loader.load)
    const { checked } = await api.firstAnswer({})
    loader.open()
    await api.prefetch()
    await expect(checked).rejects.toMatchObject({ code: 'bad_reply' })
  })

  it('checks an error result before answering, with the core’s error', async () => {
    const loader = gatedLoader()
    const api = checkedApiOverPipe(wire({}).pipe, loader.load)
    loader.open()
    await expect(api.firstAnswer({})).rejects.toMatchObject({ code: 'x', message: 'no' })
    expect(loader.loads()).toBe(1)
  })

  it('turns the shell into the error when the check refuses the answer it was drawn from', async () => {
    const loader = gatedLoader()
    const malformed = { ...makeBootstrap(), devices: [{ id: '' }] }
    const api = checkedApiOverPipe(wire({ 'app:bootstrap': malformed }).pipe, loader.load)
    setApi(api)
    await useApp.getState().bootstrap()
    expect(useApp.getState().status).toBe('ready')
    loader.open()
    await api.prefetch()
    await expect.poll(() => useApp.getState().status).toBe('error')
    expect(useApp.getState().error?.code).toBe('bad_reply')
  })

  it('loads the client once for the other channels and checks their replies', async () => {
    const loader = gatedLoader()
    const { pipe } = wire({ 'devices:list': { devices: 'nope' }, 'outbox:counts': makeCounts() })
    const api = checkedApiOverPipe(pipe, loader.load)
    const list = api.invoke('devices:list', {})
    const counts = api.invoke('outbox:counts', {})
    loader.open()
    await expect(list).rejects.toMatchObject({ code: 'bad_reply' })
    await expect(counts).resolves.toEqual(makeCounts())
    expect(loader.loads()).toBe(1)
  })

  it('holds events that come before the client, then delivers them checked and in order', async () => {
    const loader = gatedLoader()
    const { pipe, push } = wire({})
    const api = checkedApiOverPipe(pipe, loader.load)
    const seen: unknown[] = []
    api.on('outbox:bulkChanged', ({ count }) => seen.push(count))
    const offLater = api.on('sandbox:changed', ({ at }) => seen.push(at))
    push('outbox:bulkChanged', { count: 1 })
    push('sandbox:changed', { at: 'first' })
    push('outbox:bulkChanged', { count: 'not a number' })
    push('outbox:bulkChanged', { count: 2 })
    expect(seen).toEqual([])
    loader.open()
    await api.prefetch()
    expect(seen).toEqual([1, 'first', 2])
    // Once loaded, events are delivered as they come; an unsubscribed listener hears nothing more.
    push('outbox:bulkChanged', { count: 3 })
    offLater()
    push('sandbox:changed', { at: 'after off' })
    expect(seen).toEqual([1, 'first', 2, 3])
    expect(loader.loads()).toBe(1)
  })

  it('drops held events of a listener unsubscribed before the client came', async () => {
    const loader = gatedLoader()
    const { pipe, push } = wire({})
    const api = checkedApiOverPipe(pipe, loader.load)
    const seen: unknown[] = []
    const off = api.on('outbox:bulkChanged', ({ count }) => seen.push(count))
    push('outbox:bulkChanged', { count: 1 })
    off()
    loader.open()
    await api.prefetch()
    expect(seen).toEqual([])
  })

  it('tries the client again after a failed load', async () => {
    let attempts = 0
    const { pipe } = wire({ 'outbox:counts': makeCounts() })
    const api = checkedApiOverPipe(pipe, async () => {
      attempts++
      if (attempts === 1) throw new Error('chunk missing')
      return import('../../shared/contract-client')
    })
    await expect(api.invoke('outbox:counts', {})).rejects.toThrow('chunk missing')
    await expect(api.invoke('outbox:counts', {})).resolves.toEqual(makeCounts())
  })
})
