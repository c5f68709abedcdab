// Send store: what the draft lacks, the enqueue request it makes, the size pre-check and handle matching for thumbnails.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { FakeApi } from '../testing/fake-api'
import { installFakeApi } from '../testing/render'
import {
  DRAFT_STORAGE_KEY,
  draftProblems,
  resetSendStore,
  restoreDraftWords,
  SIZES_PER_TURN,
  TOO_MANY_FILES,
  useSend,
  useThumbnails,
  type DraftSnapshot
} from './send'
import { draftEntries, enqueuePlan } from '../features/send/enqueue-request'
import { parseRecipients } from '../features/send/recipients'
import { TEXT_LIMIT_CASES } from '../../../shared/domain/text-limit.cases'
import { MAX_SEND_MESSAGES } from '../../../shared/domain/limits'
import { stubPhotoDecoding, type PhotoDecoding } from '../testing/photo-decoding'

const base: DraftSnapshot = {
  recipientsText: '0812 3456 7890',
  isGroup: false,
  caption: '',
  text: 'Halo',
  splitLongText: false,
  deviceId: 'dev-1',
  files: [],
  schedule: {
    enabled: false,
    date: '',
    time: '',
    timezone: 'Asia/Jakarta',
    mode: 'local',
    overduePolicy: 'send'
  }
}

/** A small document in the draft (a caption goes with it). */
const pdf = {
  key: 'h',
  handle: 'h',
  name: 'a.pdf',
  size: 1,
  kind: 'document' as const,
  mime: 'application/pdf'
}

const problems = (draft: DraftSnapshot): string[] =>
  draftProblems(
    draft,
    parseRecipients(draft.recipientsText, draft.isGroup),
    draftEntries(draft).entries.length
  )

let fake: FakeApi
beforeEach(() => {
  fake = installFakeApi()
})

describe('draftProblems', () => {
  it.each(TEXT_LIMIT_CASES)(
    'answers the text-limit case "$name" like the core',
    ({ text, required, problem }) => {
      // A text is the message (nothing to send when empty); a caption goes with a file and may be empty.
      const draft = required
        ? { ...base, text }
        : {
            ...base,
            text: '',
            caption: text,
            files: [pdf]
          }
      const expected = {
        empty: ['nothing-to-send'],
        'too-long': [required ? 'text-too-long' : 'caption-too-long']
      }
      expect(problems(draft)).toEqual(problem === null ? [] : expected[problem])
    }
  )

  it('accepts a complete draft', () => {
    expect(problems(base)).toEqual([])
  })

  it('names everything that is missing or wrong', () => {
    expect(problems({ ...base, deviceId: '', recipientsText: '', text: '' })).toEqual([
      'no-device',
      'no-recipients',
      'nothing-to-send'
    ])
    expect(problems({ ...base, recipientsText: '0812 3456 7890, 555' })).toEqual(['bad-recipients'])
    // A send goes to 500 at most (the contract's limit, said before it refuses); a number given twice counts once.
    const numbers = (n: number): string[] => Array.from({ length: n }, (_, i) => `0812${10_000_000 + i}`)
    expect(problems({ ...base, recipientsText: numbers(500).join('\n') })).toEqual([])
    expect(problems({ ...base, recipientsText: numbers(501).join('\n') })).toEqual(['too-many-recipients'])
    expect(problems({ ...base, recipientsText: [...numbers(500), '081210000000'].join('\n') })).toEqual([])
    expect(problems({ ...base, text: 'x'.repeat(1025) })).toEqual(['text-too-long'])
    // Each recipient gets at most 1,000 messages: the files and the text (or its parts, which the view counts).
    const files = Array.from({ length: MAX_SEND_MESSAGES }, (_, i) => ({
      ...pdf,
      key: `f${i}`,
      handle: `f${i}`
    }))
    expect(problems({ ...base, files, text: '' })).toEqual([])
    expect(problems({ ...base, files })).toEqual(['too-many-messages'])
    // A caption no audio file can carry is a message of its own: the files alone would say one fewer.
    const voiceNotes = files.map((file) => ({ ...file, kind: 'audio' as const, mime: 'audio/ogg' }))
    expect(problems({ ...base, files: voiceNotes.slice(1), text: '', caption: 'Listen' })).toEqual([])
    expect(problems({ ...base, files: voiceNotes, text: '', caption: 'Listen' })).toEqual([
      'too-many-messages'
    ])
    const split = { ...base, text: 'kata '.repeat(3000), splitLongText: true }
    expect(draftProblems(split, parseRecipients(split.recipientsText, false), 1001)).toEqual([
      'too-many-messages'
    ])
    // The gateway counts characters: 600 emoji are 1200 UTF-16 units but well within its 1024.
    expect(problems({ ...base, text: '😀'.repeat(600) })).toEqual([])
    expect(problems({ ...base, schedule: { ...base.schedule, enabled: true } })).toEqual([
      'schedule-incomplete'
    ])
    const file = pdf
    expect(
      problems({
        ...base,
        files: [file],
        schedule: { ...base.schedule, enabled: true, date: '2030-01-01', time: '08:00', mode: 'gateway' }
      })
    ).toEqual(['gateway-text-only'])
  })
})

describe('enqueuePlan', () => {
  it('omits the schedule for "send now" and the caption when empty', () => {
    const file = {
      key: 'h1',
      handle: 'h1',
      name: 'a.png',
      size: 1,
      kind: 'image' as const,
      mime: 'image/png',
      previewUrl: null
    }
    expect(enqueuePlan({ ...base, files: [file], text: '  ' }).request).toEqual({
      deviceId: 'dev-1',
      recipients: ['6281234567890'],
      isGroup: false,
      entries: [{ kind: 'file', handle: 'h1' }]
    })
  })

  it('carries the schedule as local wall-clock time in its zone', () => {
    const request = enqueuePlan({
      ...base,
      schedule: {
        enabled: true,
        date: '2030-01-02',
        time: '07:45',
        timezone: 'Asia/Jayapura',
        mode: 'gateway',
        overduePolicy: 'send'
      }
    }).request
    expect(request.schedule).toEqual({
      localTime: '2030-01-02T07:45',
      timezone: 'Asia/Jayapura',
      mode: 'gateway',
      overduePolicy: 'send'
    })
  })
})

describe('send', () => {
  it('enqueues a draft once when asked twice before the first request is made', async () => {
    fake.handle('outbox:enqueue', () => ({ itemIds: ['item-1'] }))
    useSend.setState({ ...base })
    const [first, second] = await Promise.all([useSend.getState().send(), useSend.getState().send()])
    expect(fake.requests('outbox:enqueue')).toEqual([
      {
        deviceId: 'dev-1',
        recipients: ['6281234567890'],
        isGroup: false,
        entries: [{ kind: 'text', text: 'Halo' }]
      }
    ])
    expect([first, second]).toEqual([true, false])
  })
})

describe('addFiles', () => {
  /** `n` photos of a byte each, named foto-<from>.jpg on. */
  const photos = (n: number, from = 0): File[] =>
    Array.from({ length: n }, (_, i) => new File([new Uint8Array(1)], `foto-${from + i}.jpg`))

  it('refuses empty and too-large files locally and registers the rest', async () => {
    await useSend
      .getState()
      .addFiles(
        [
          new File([], 'empty.txt'),
          new File([new Uint8Array(11)], 'big.pdf'),
          new File([new Uint8Array(5)], 'ok.png', { type: 'image/png' })
        ],
        10
      )
    expect(fake.registered.map((files) => files.map((f) => f.name))).toEqual([['ok.png']])
    expect(useSend.getState().rejected.map((r) => [r.name, r.code, r.source])).toEqual([
      ['empty.txt', 'empty', 'local'],
      ['big.pdf', 'too-large', 'local']
    ])
    const [file] = useSend.getState().files
    expect(file).toMatchObject({ handle: 'h-1', name: 'ok.png', kind: 'image' })
  })

  it('adds a file already in the draft once, and names the repeats it left out (QA32 Q32-03)', async () => {
    let next = 0
    fake.onRegister((files) => ({
      files: files.map((f) => ({
        handle: `h-${++next}`,
        name: f.name,
        size: f.size,
        kind: 'image',
        mime: 'image/jpeg',
        contentId: `sha-${f.name.replace(/ copy/, '')}`
      })),
      rejected: []
    }))
    const jpg = (name: string): File => new File([new Uint8Array(5)], name, { type: 'image/jpeg' })
    await useSend.getState().addFiles([jpg('promo.jpg')], 100)
    await useSend.getState().addFiles([jpg('promo copy.jpg'), jpg('memo.jpg'), jpg('memo copy.jpg')], 100)
    expect(useSend.getState().files.map((f) => [f.handle, f.name])).toEqual([
      ['h-1', 'promo.jpg'],
      ['h-3', 'memo.jpg']
    ])
    expect(useSend.getState().repeatedFiles).toEqual(['promo copy.jpg', 'memo copy.jpg'])
    await vi.waitFor(() =>
      expect(fake.requests('files:release').flatMap((r) => r.handles)).toEqual(['h-2', 'h-4'])
    )
    // The tray's handles are held to the same rule.
    useSend.getState().addHandles([
      {
        handle: 'h-9',
        name: 'promo (1).jpg',
        size: 5,
        kind: 'image',
        mime: 'image/jpeg',
        contentId: 'sha-promo.jpg'
      }
    ])
    expect(useSend.getState().files).toHaveLength(2)
    expect(useSend.getState().repeatedFiles).toEqual(['promo (1).jpg'])
  })

  it('lists only the latest pick’s files left out, not an earlier one’s beside its news', async () => {
    await useSend.getState().addFiles([new File([], 'kosong.txt')], 10)
    expect(useSend.getState().rejected.map((r) => r.name)).toEqual(['kosong.txt'])
    await useSend
      .getState()
      .addFiles(
        [
          new File([new Uint8Array(11)], 'besar.pdf'),
          new File([new Uint8Array(5)], 'ok.png', { type: 'image/png' })
        ],
        10
      )
    expect(useSend.getState().rejected.map((r) => r.name)).toEqual(['besar.pdf'])
    await useSend.getState().addFiles([new File([new Uint8Array(5)], 'lagi.png', { type: 'image/png' })], 10)
    expect(useSend.getState().rejected).toEqual([])
  })

  it('takes as many files as one send carries and leaves the rest out, said as such, not in the contract’s words', async () => {
    // A dropped folder of 1,005 photos: the first 1,000 are registered (the contract takes no more in one call).
    await useSend.getState().addFiles(photos(MAX_SEND_MESSAGES + 5), 100)
    expect(fake.registered.map((batch) => batch.length)).toEqual([MAX_SEND_MESSAGES])
    expect(useSend.getState().files).toHaveLength(MAX_SEND_MESSAGES)
    expect(useSend.getState().rejected.map((r) => [r.name, r.code, r.source])).toEqual(
      [1000, 1001, 1002, 1003, 1004].map((i) => [`foto-${i}.jpg`, TOO_MANY_FILES, 'local'])
    )
    // A full draft takes no more; one file removed makes room for one.
    await useSend.getState().addFiles(photos(2, 2000), 100)
    expect(fake.registered).toHaveLength(1)
    expect(useSend.getState().rejected.map((r) => r.code)).toEqual([TOO_MANY_FILES, TOO_MANY_FILES])
    useSend.getState().removeFile(useSend.getState().files[0]!.key)
    await useSend.getState().addFiles(photos(2, 3000), 100)
    expect(fake.registered.map((batch) => batch.map((f) => f.name))[1]).toEqual(['foto-3000.jpg'])
    expect(useSend.getState().files).toHaveLength(MAX_SEND_MESSAGES)
  })

  it('lets go of the tray’s files a full draft cannot take, and says them as left out', async () => {
    const handles = (n: number, from: number) =>
      Array.from({ length: n }, (_, i) => ({
        handle: `t-${from + i}`,
        name: `foto-${from + i}.jpg`,
        size: 1,
        kind: 'image' as const,
        mime: 'image/jpeg',
        contentId: `sha-${from + i}`
      }))
    useSend.getState().addHandles(handles(MAX_SEND_MESSAGES - 1, 0))
    useSend.getState().addHandles(handles(3, 5000))
    expect(useSend.getState().files).toHaveLength(MAX_SEND_MESSAGES)
    expect(useSend.getState().files.at(-1)?.handle).toBe('t-5000')
    expect(useSend.getState().rejected.map((r) => [r.name, r.code])).toEqual([
      ['foto-5001.jpg', TOO_MANY_FILES],
      ['foto-5002.jpg', TOO_MANY_FILES]
    ])
    await vi.waitFor(() =>
      expect(fake.requests('files:release').flatMap((r) => r.handles)).toEqual(['t-5001', 't-5002'])
    )
  })

  it('reads a large drop’s sizes a slice per turn, saying it is checking them meanwhile', async () => {
    // In Chromium a dropped file's first size read asks the browser process (later reads are kept): 1,000 first
    // reads in one task held the window for about 180 ms.
    const dropped = photos(MAX_SEND_MESSAGES)
    let sizesRead = 0
    for (const file of dropped) {
      const size = file.size
      let read = false
      Object.defineProperty(file, 'size', {
        get: () => {
          if (!read) sizesRead += 1
          read = true
          return size
        }
      })
    }
    const readInOneTurn: number[] = []
    let turns = true
    const countTurns = (): void => {
      readInOneTurn.push(sizesRead)
      if (turns) setTimeout(countTurns)
    }
    setTimeout(countTurns)
    const adding = useSend.getState().addFiles(dropped, 100)
    expect(useSend.getState().registering).toBe(true)
    await adding
    turns = false
    countTurns() // the turn the drop finished in
    const perTurn = readInOneTurn.map((total, i) => total - (readInOneTurn[i - 1] ?? 0))
    expect(Math.max(...perTurn)).toBeLessThanOrEqual(SIZES_PER_TURN)
    expect(fake.registered.map((batch) => batch.length)).toEqual([MAX_SEND_MESSAGES])
    expect(useSend.getState().registering).toBe(false)
  })

  it('counts a drop still being registered against the room the next one has', async () => {
    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => (release = resolve))
    let next = 0
    fake.onRegister(async (picked) => {
      await held
      return {
        files: picked.map((f) => ({
          handle: `h-${++next}`,
          name: f.name,
          size: f.size,
          kind: 'image',
          mime: 'image/jpeg',
          contentId: `sha-${next}`
        })),
        rejected: []
      }
    })
    const first = useSend.getState().addFiles(photos(MAX_SEND_MESSAGES - 1, 0), 100)
    const second = useSend.getState().addFiles(photos(3, 5000), 100)
    release()
    await Promise.all([first, second])
    expect(fake.registered.map((batch) => batch.length)).toEqual([MAX_SEND_MESSAGES - 1, 1])
    expect(useSend.getState().files).toHaveLength(MAX_SEND_MESSAGES)
    expect(useSend.getState().registering).toBe(false)
  })

  it('takes room for a window drop still being sized before the tray’s files that came after it', async () => {
    // A drop's sizes are read a slice per turn (1,000 files: 20 turns); the tray's files arrive meanwhile. The drop
    // was made first, so it has the room; the tray's files are the ones left out (and let go at the core). The one
    // taken is in the draft as soon as the drop has taken its room, before the drop's files are registered.
    const sizing = useSend.getState().addFiles(photos(MAX_SEND_MESSAGES - 1, 0), 100)
    await new Promise((resolve) => setTimeout(resolve))
    useSend.getState().addHandles(
      [5000, 5001, 5002].map((i) => ({
        handle: `t-${i}`,
        name: `tray-${i}.jpg`,
        size: 1,
        kind: 'image' as const,
        mime: 'image/jpeg',
        contentId: `sha-t-${i}`
      }))
    )
    await sizing
    await vi.waitFor(() => expect(useSend.getState().files).toHaveLength(MAX_SEND_MESSAGES))
    expect(fake.registered.map((batch) => batch.length)).toEqual([MAX_SEND_MESSAGES - 1])
    expect(
      useSend
        .getState()
        .files.filter((file) => file.handle.startsWith('t-'))
        .map((f) => f.handle)
    ).toEqual(['t-5000'])
    expect(useSend.getState().rejected.map((r) => [r.name, r.code])).toEqual([
      ['tray-5001.jpg', TOO_MANY_FILES],
      ['tray-5002.jpg', TOO_MANY_FILES]
    ])
    await vi.waitFor(() =>
      expect(fake.requests('files:release').flatMap((r) => r.handles)).toEqual(['t-5001', 't-5002'])
    )
  })

  it('keeps a failed registration as a rejection with the core’s message', async () => {
    fake.onRegister(() => {
      throw new Error('The file could not be read.')
    })
    await useSend.getState().addFiles([new File([new Uint8Array(5)], 'doc.pdf')], 100)
    expect(useSend.getState().rejected).toEqual([
      { name: 'doc.pdf', code: 'unknown', message: 'The file could not be read.', source: 'core' }
    ])
  })
})

describe('thumbnails of picked photos', () => {
  let decoding: PhotoDecoding
  let pending: PhotoDecoding['pending']
  let made: Blob[]
  beforeEach(() => {
    decoding = stubPhotoDecoding()
    ;({ pending, made } = decoding)
    let next = 0
    fake.onRegister((files) => ({
      files: files.map((f) => ({
        handle: `h-${++next}`,
        name: f.name,
        size: f.size,
        kind: 'image',
        mime: 'image/jpeg'
      })),
      rejected: []
    }))
  })
  afterEach(() => decoding.restore())
  const photos = (n: number): File[] =>
    Array.from(
      { length: n },
      (_, i) => new File([new Uint8Array(3)], `foto-${i}.jpg`, { type: 'image/jpeg' })
    )
  /** jsdom's Blob has no text(). */
  const textOf = (blob: Blob): Promise<unknown> =>
    new Promise((resolve) => {
      const reader = new FileReader()
      reader.onload = () => resolve(reader.result)
      reader.readAsText(blob)
    })
  const previews = (): (string | null)[] =>
    useSend.getState().files.map((f) => useThumbnails.getState().urls[f.key] ?? null)

  it('shows a small picture made from each photo, not the photo, decoding one photo at a time', async () => {
    const objectUrls = vi.spyOn(URL, 'createObjectURL').mockClear()
    const picked = photos(3)
    await useSend.getState().addFiles(picked, 10)
    expect(previews()).toEqual([null, null, null])
    // A thumbnail is no change to the draft: its rows and the view's counts of them are not worked out again.
    const draftFiles = useSend.getState().files
    await vi.waitFor(() => expect(pending).toHaveLength(1))
    expect(pending[0]).toMatchObject({ photo: picked[0], options: { resizeHeight: 192 } })

    pending[0]!.finish()
    await vi.waitFor(() => expect(previews()[0]).toMatch(/^blob:/))
    await vi.waitFor(() => expect(pending).toHaveLength(2))
    expect(previews().slice(1)).toEqual([null, null])
    pending[1]!.finish()
    await vi.waitFor(() => expect(pending).toHaveLength(3))
    pending[2]!.finish()
    await vi.waitFor(() => expect(previews().every((url) => url !== null)).toBe(true))
    expect(useSend.getState().files).toBe(draftFiles)

    // Each URL is a thumbnail's, and each photo's decoded picture was let go.
    expect(objectUrls.mock.calls.map(([blob]) => blob)).toEqual(made)
    expect(decoding.closed()).toBe(3)
  })

  it('does not decode a photo taken off before its turn, and lets go of one taken off while it was made', async () => {
    const revoked = vi.spyOn(URL, 'revokeObjectURL').mockClear()
    await useSend.getState().addFiles(photos(3), 10)
    await vi.waitFor(() => expect(pending).toHaveLength(1))
    const [first, second, third] = useSend.getState().files
    useSend.getState().removeFile(second!.key)
    useSend.getState().removeFile(first!.key)
    pending[0]!.finish()
    await vi.waitFor(() => expect(revoked).toHaveBeenCalledTimes(1))
    expect(made).toHaveLength(1)
    // The third photo is next: the second was never decoded.
    await vi.waitFor(() => expect(pending).toHaveLength(2))
    expect(pending[1]!.photo).toHaveProperty('name', 'foto-2.jpg')
    pending[1]!.finish()
    await vi.waitFor(() => expect(previews()[0]).toMatch(/^blob:/))
    expect(useSend.getState().files.map((f) => f.key)).toEqual([third!.key])
  })

  it('keeps the pictures on the sent card, and lets them go with it and with a removed file', async () => {
    const revoked = vi.spyOn(URL, 'revokeObjectURL').mockClear()
    fake.handle('outbox:enqueue', () => ({ itemIds: ['item-1', 'item-2'] }))
    await useSend.getState().addFiles(photos(2), 10)
    await vi.waitFor(() => expect(pending).toHaveLength(1))
    pending[0]!.finish()
    await vi.waitFor(() => expect(pending).toHaveLength(2))
    pending[1]!.finish()
    await vi.waitFor(() => expect(previews().every((url) => url !== null)).toBe(true))
    const [kept, removed] = previews()
    useSend.getState().removeFile(useSend.getState().files[1]!.key)
    expect(revoked.mock.calls).toEqual([[removed]])

    useSend.setState({ recipientsText: '0812 3456 7890', deviceId: 'dev-1' })
    expect(await useSend.getState().send()).toBe(true)
    const [sentFile] = useSend.getState().sent!.files
    expect(useThumbnails.getState().urls[sentFile!.key]).toBe(kept)
    useSend.getState().dismissSent()
    expect(revoked.mock.calls).toEqual([[removed], [kept]])
    expect(useThumbnails.getState().urls).toEqual({})
  })

  it('asks the core for the photos of a draft kept over a reload, one at its turn, and none of its documents', async () => {
    const kept = [
      { handle: 'k-1', name: 'IMG_1.jpg', size: 4, kind: 'image', mime: 'image/jpeg' },
      { handle: 'k-2', name: 'katalog.pdf', size: 9, kind: 'document', mime: 'application/pdf' },
      { handle: 'k-3', name: 'IMG_3.jpg', size: 4, kind: 'image', mime: 'image/jpeg' }
    ] as const
    fake.handle('files:restoreDraft', () => ({ files: [...kept], rejected: [] }))
    fake.handle('files:picture', ({ handle }) => ({
      type: 'image/jpeg',
      dataBase64: btoa(`bytes of ${handle}`)
    }))
    await useSend.getState().restoreDraftFiles()
    await vi.waitFor(() => expect(pending).toHaveLength(1))
    expect(fake.requests('files:picture')).toEqual([{ handle: 'k-1' }])
    expect(await textOf(pending[0]!.photo)).toBe('bytes of k-1')
    expect(pending[0]!.photo.type).toBe('image/jpeg')
    pending[0]!.finish()
    await vi.waitFor(() => expect(pending).toHaveLength(2))
    expect(await textOf(pending[1]!.photo)).toBe('bytes of k-3')
    pending[1]!.finish()
    await vi.waitFor(() =>
      expect(previews()).toEqual([expect.stringMatching(/^blob:/), null, expect.stringMatching(/^blob:/)])
    )
    expect(fake.requests('files:picture')).toEqual([{ handle: 'k-1' }, { handle: 'k-3' }])
  })

  it('shows the row’s kind where the window cannot read the picture', async () => {
    await useSend.getState().addFiles(photos(1), 10)
    await vi.waitFor(() => expect(pending).toHaveLength(1))
    let unreadable = 0
    vi.stubGlobal('createImageBitmap', () => {
      unreadable += 1
      return Promise.reject(new DOMException('The source image could not be decoded.'))
    })
    await useSend
      .getState()
      .addFiles([new File([new Uint8Array(4)], 'foto.heic', { type: 'image/heic' })], 10)
    pending[0]!.finish()
    await vi.waitFor(() => expect(previews()[0]).toMatch(/^blob:/))
    await vi.waitFor(() => expect(unreadable).toBe(1))
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(previews()[1]).toBeNull()
  })
})

describe('draft persistence', () => {
  it('keeps the words of the draft across a reload or restart in local storage', async () => {
    // The window reads the kept draft back once its shell is up (App); only then does it write the draft.
    restoreDraftWords()
    useSend.getState().setFields({ text: 'Halo semua', recipientsText: '0812 3456 7890', deviceId: 'dev-1' })
    const stored = JSON.parse(localStorage.getItem(DRAFT_STORAGE_KEY) ?? '{}') as {
      state: Record<string, unknown>
    }
    expect(stored.state).toMatchObject({
      text: 'Halo semua',
      recipientsText: '0812 3456 7890',
      deviceId: 'dev-1'
    })
    // Files are handles of this run: the core keeps them (next test), never the window's storage.
    expect(stored.state).not.toHaveProperty('files')
    // A fresh window: the store starts empty and reads the draft back from storage.
    resetSendStore()
    localStorage.setItem(DRAFT_STORAGE_KEY, JSON.stringify(stored))
    restoreDraftWords()
    expect(useSend.getState().text).toBe('Halo semua')
    expect(useSend.getState().recipientsText).toBe('0812 3456 7890')
  })

  it("has the core keep the draft's files and shows them again after a reload, naming one that changed", async () => {
    const report = new File(['%PDF-1.4'], 'report.pdf', { type: 'application/pdf' })
    const photo = new File(['png'], 'photo.png', { type: 'image/png' })
    const extra = new File(['%PDF-1.4 x'], 'extra.pdf', { type: 'application/pdf' })
    await useSend.getState().addFiles([report, photo, extra], 1024 * 1024)
    useSend.getState().removeFile('h-3')
    // The core learns which handles the draft holds each time they change.
    await vi.waitFor(() =>
      expect(fake.requests('files:keepForDraft').at(-1)).toEqual({ handles: ['h-1', 'h-2'] })
    )
    // A fresh window: the store starts without files and asks the core for the kept ones.
    resetSendStore()
    fake.handle('files:restoreDraft', () => ({
      files: [{ handle: 'h-7', name: 'report.pdf', size: 8, kind: 'document', mime: 'application/pdf' }],
      rejected: [
        { name: 'photo.png', code: 'changed', message: 'photo.png changed since it was added; add it again.' }
      ]
    }))
    await useSend.getState().restoreDraftFiles()
    await useSend.getState().restoreDraftFiles()
    expect(fake.requests('files:restoreDraft')).toHaveLength(1)
    expect(useSend.getState().files.map((file) => [file.handle, file.name])).toEqual([['h-7', 'report.pdf']])
    expect(useSend.getState().rejected).toMatchObject([{ name: 'photo.png', code: 'changed' }])
    await vi.waitFor(() => expect(fake.requests('files:keepForDraft').at(-1)).toEqual({ handles: ['h-7'] }))
  })
})
