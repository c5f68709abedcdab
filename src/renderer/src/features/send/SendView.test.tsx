// Send panel: files registered (pick, drop, paste) with rejections and thumbnails, recipients, enqueue and schedule requests, live progress.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { connectEvents } from '../../stores/app'
import { useDevices } from '../../stores/devices'
import { useNavigation } from '../../stores/navigation'
import { useOutbox } from '../../stores/outbox'
import { resetSendStore, useSend, type DraftFile } from '../../stores/send'
import { useSettings } from '../../stores/settings'
import type { FakeApi } from '../../testing/fake-api'
import { ApiError, type DeviceView, type OutboxItemView } from '../../../../shared/contract'
import { decodeNote, encodeNote } from '../../../../shared/i18n/note-text'
import { instantToLocal, type DirectSendSchedule } from '../../../../shared/domain'
import { DIRECT_SEND_CASES, PLAN_NOW } from '../../../../shared/domain/send-budget.cases'
import { localeOf } from '../../i18n'
import { formatDateTimeInZone } from '../../i18n/dates'
import { makeBootstrap, makeCounts, makeDevice, makeItem, makeSettings } from '../../testing/fixtures'
import { pressAndHold } from '../../testing/focus'
import { installFakeApi, seedStores } from '../../testing/render'
import { computerZoneIs } from '../../testing/zone'
import { stubPhotoDecoding } from '../../testing/photo-decoding'
import { accessibleDescription } from '../../testing/described'
import { SendView } from './SendView'
import { WindowDrop } from './WindowDrop'
import { FILE_ROWS_PER_TURN } from './FileList'

let fake: FakeApi

const png = (name = 'photo.png', bytes = 1200): File =>
  new File([new Uint8Array(bytes)], name, { type: 'image/png' })
const pdf = (name = 'invoice.pdf', bytes = 4096): File =>
  new File([new Uint8Array(bytes)], name, { type: 'application/pdf' })

function show(): ReturnType<typeof userEvent.setup> {
  seedStores(
    makeBootstrap({
      devices: [makeDevice(), makeDevice({ id: 'dev-2', label: 'Warehouse', state: 'disconnected' })]
    })
  )
  useNavigation.getState().navigate('send')
  connectEvents()
  render(
    <>
      <SendView />
      <WindowDrop />
    </>
  )
  return userEvent.setup()
}

/** One photo sent to one number, its item queued: the card's row to watch as the fake API moves the item on. */
async function sendOnePhoto(): Promise<{ user: ReturnType<typeof userEvent.setup>; item: OutboxItemView }> {
  const user = show()
  await user.upload(screen.getByLabelText('Choose files'), [png()])
  await screen.findByTestId('send-file-row')
  await user.type(screen.getByRole('combobox', { name: /^(Phone numbers|Group ids)$/ }), '081234567890')
  const item = makeItem({ id: 'item-0-0', kind: 'image', text: null, fileName: 'photo.png', fileSize: 1200 })
  fake.handle('outbox:get', () => ({ item, history: [] }))
  await user.click(screen.getByRole('button', { name: /^(Send|Schedule)$/ }))
  await screen.findByText('Queued')
  return { user, item }
}

/** Chooses Schedule and fills its fields: who keeps it and the zone when given, then the date and the time. */
async function scheduleFor(
  user: ReturnType<typeof userEvent.setup>,
  at: { date: string; time: string; zone?: string; by?: 'The gateway' }
): Promise<void> {
  await user.click(screen.getByRole('radio', { name: 'Schedule' }))
  if (at.by) await user.click(screen.getByRole('radio', { name: at.by }))
  if (at.zone) await user.selectOptions(screen.getByRole('combobox', { name: 'Time zone' }), at.zone)
  fireEvent.change(screen.getByLabelText('Date'), { target: { value: at.date } })
  fireEvent.change(screen.getByLabelText('Time'), { target: { value: at.time } })
}

beforeEach(() => {
  fake = installFakeApi()
  fake.handle('outbox:enqueue', (request) => ({
    itemIds: request.recipients.flatMap((_, r) => request.entries.map((_, e) => `item-${r}-${e}`))
  }))
})

describe('files', () => {
  it('registers picked files and shows kind, size and a thumbnail for images', async () => {
    onTestFinished(stubPhotoDecoding({ finishAtOnce: true }).restore)
    const user = show()
    await user.upload(screen.getByLabelText('Choose files'), [png(), pdf()])
    expect(fake.registered.map((files) => files.map((f) => f.name))).toEqual([['photo.png', 'invoice.pdf']])
    const rows = await screen.findAllByTestId('send-file-row')
    expect(rows).toHaveLength(2)
    expect(rows[0]?.textContent).toContain('Image · 1.2 KB')
    expect((await within(rows[0]!).findByTestId('send-file-thumb')).getAttribute('src')).toMatch(/^blob:/)
    expect(rows[1]?.textContent).toContain('Document · 4 KB')
    expect(within(rows[1]!).queryByTestId('send-file-thumb')).toBeNull()
    expect(within(rows[0]!).getByTestId('send-file-status').textContent).toBe('Ready to send')
  })

  it('says which files were added, in a line that is there before them (QA25 Q25-11)', async () => {
    const user = show()
    const line = screen.getByTestId('send-files-status')
    expect(line.getAttribute('role')).toBe('status')
    expect(line.textContent).toBe('')
    await user.upload(screen.getByLabelText('Choose files'), [pdf()])
    await waitFor(() => expect(line.textContent).toBe('invoice.pdf added: ready to send.'))
    await user.upload(screen.getByLabelText('Choose files'), [png(), pdf('price-list.pdf')])
    await waitFor(() => expect(line.textContent).toBe('2 files added: ready to send.'))
    expect(screen.getByTestId('send-files-status')).toBe(line)
  })

  // The core names each file's content (contentId): here the same bytes are the same name without "copy".
  const byContent = (): void =>
    fake.onRegister((files) => ({
      files: files.map((f, i) => ({
        handle: `h-${f.name}-${i}-${Math.random()}`,
        name: f.name,
        size: f.size,
        kind: f.type.startsWith('image/') ? 'image' : 'document',
        mime: f.type,
        contentId: `sha-${f.name.replace(/ copy/, '')}`
      })),
      rejected: []
    }))

  it.each([
    {
      language: 'en' as const,
      again: 'promo.jpg is already in this message (the same contents): not added again.',
      mixed:
        '2 files added: ready to send. kwitansi copy.jpg is already in this message (the same contents): not added again.',
      many: '2 files are already in this message (the same contents), not added again: promo copy.jpg, kwitansi copy.jpg.'
    },
    {
      language: 'id' as const,
      again: 'promo.jpg sudah ada di pesan ini (isinya sama): tidak ditambahkan lagi.',
      mixed:
        '2 file ditambahkan: siap dikirim. kwitansi copy.jpg sudah ada di pesan ini (isinya sama): tidak ditambahkan lagi.',
      many: '2 file sudah ada di pesan ini (isinya sama), tidak ditambahkan lagi: promo copy.jpg, kwitansi copy.jpg.'
    }
  ])(
    'adds the same file once, and says a repeat was already there ($language) (QA32 Q32-03)',
    async ({ language, again, mixed, many }) => {
      byContent()
      const user = show()
      useSettings.getState().set(makeSettings({ language }))
      const line = screen.getByTestId('send-files-status')
      // By its id: its label is in the language under test.
      const picker = (): HTMLElement => document.getElementById('send-file-input')!
      const promo = (): File => new File([new Uint8Array(3000)], 'promo.jpg', { type: 'image/jpeg' })
      await user.upload(picker(), [promo()])
      await waitFor(() => expect(screen.getAllByTestId('send-file-row')).toHaveLength(1))
      await user.upload(picker(), [promo()])
      await waitFor(() => expect(line.textContent).toBe(again))
      expect(screen.getAllByTestId('send-file-row')).toHaveLength(1)
      // The repeat's handle is let go: nothing of it is kept for the draft.
      expect(fake.requests('files:release').flatMap((r) => r.handles)).toHaveLength(1)

      const kwitansi = (name: string): File => new File([new Uint8Array(900)], name, { type: 'image/jpeg' })
      await user.upload(picker(), [kwitansi('kwitansi.jpg'), kwitansi('kwitansi copy.jpg'), pdf('memo.pdf')])
      await waitFor(() => expect(line.textContent).toBe(mixed))
      expect(
        screen.getAllByTestId('send-file-row').map((row) => row.querySelector('.file-name')?.textContent)
      ).toEqual(['promo.jpg', 'kwitansi.jpg', 'memo.pdf'])
      // Several repeats under other names are named (QA64: two went missing, counted only).
      await user.upload(picker(), [
        new File([new Uint8Array(3000)], 'promo copy.jpg', { type: 'image/jpeg' }),
        kwitansi('kwitansi copy.jpg')
      ])
      await waitFor(() => expect(line.textContent).toBe(many))
    }
  )

  it.each([
    {
      language: 'en' as const,
      note: 'invoice.pdf is really an image (JPG): it is sent as invoice.jpg, as a photo.'
    },
    // QA64: "clip.mov is really a MP4 video": no article is guessed before a type's letters.
    {
      language: 'en' as const,
      kind: 'video' as const,
      from: 'clip.mov',
      name: 'clip.mp4',
      note: 'clip.mov is really a video (MP4): it is sent as clip.mp4.'
    },
    {
      language: 'id' as const,
      note: 'invoice.pdf sebenarnya gambar JPG: dikirim sebagai invoice.jpg, sebagai foto.'
    }
  ])(
    'says a file goes under another name and kind, and keeps its thumbnail ($language) (QA32 Q32-04)',
    async ({
      language,
      note,
      kind = 'image' as 'image' | 'video',
      from = 'invoice.pdf',
      name = 'invoice.jpg'
    }) => {
      onTestFinished(stubPhotoDecoding({ finishAtOnce: true }).restore)
      fake.onRegister((files) => ({
        files: files.map((f, i) => ({
          handle: `h-${i}`,
          name,
          renamedFrom: f.name,
          size: f.size,
          kind,
          mime: kind === 'image' ? 'image/jpeg' : 'video/mp4',
          contentId: 'sha-invoice'
        })),
        rejected: []
      }))
      const user = show()
      useSettings.getState().set(makeSettings({ language }))
      // The window's File says what its name says; only the core read its bytes.
      await user.upload(document.getElementById('send-file-input')!, [
        new File([new Uint8Array(2000)], from, { type: kind === 'image' ? 'image/jpeg' : 'video/mp4' })
      ])
      const row = await screen.findByTestId('send-file-row')
      expect(within(row).getByTestId('send-file-renamed').textContent).toBe(note)
      if (kind === 'image')
        expect((await within(row).findByTestId('send-file-thumb')).getAttribute('src')).toMatch(/^blob:/)
    }
  )

  it('says a QuickTime movie is a video the gateway does not take (QA32 Q32-04)', async () => {
    fake.onRegister((files) => ({
      files: [],
      rejected: files.map((f) => ({
        name: f.name,
        code: 'unsupported_video',
        message: 'English core sentence'
      }))
    }))
    const user = show()
    await user.upload(screen.getByLabelText('Choose files'), [
      new File([new Uint8Array(64)], 'movie.mov', { type: 'video/quicktime' })
    ])
    expect((await screen.findByTestId('send-rejection')).textContent).toBe(
      'movie.mov: a QuickTime video; the gateway takes MP4 and MPEG videos only.'
    )
  })

  it('refuses files over the size limit before registering them, and shows the core’s rejections', async () => {
    fake.onRegister((files) => ({
      files: [],
      rejected: files.map((f) => ({
        name: f.name,
        code: 'unreadable',
        message: 'This type of file cannot be sent.'
      }))
    }))
    const user = show()
    await user.upload(screen.getByLabelText('Choose files'), [
      new File([new Uint8Array(3 * 1024 * 1024)], 'big.jpg', { type: 'image/jpeg' }),
      pdf('tool.exe')
    ])
    expect(fake.registered.map((files) => files.map((f) => f.name))).toEqual([['tool.exe']])
    const rejected = screen.getAllByTestId('send-rejection')
    expect(rejected.map((r) => r.textContent)).toEqual([
      'big.jpg: larger than the 2 MB limit.',
      'tool.exe: This type of file cannot be sent.'
    ])
    expect(screen.queryByTestId('send-file-row')).toBeNull()
  })

  /** A thousand registered PDFs, as the draft holds them: dokumen-0.pdf of 10 bytes to dokumen-999.pdf of 1,009. */
  const thousandPdfs = (): DraftFile[] =>
    Array.from({ length: 1000 }, (_, i) => ({
      key: `h-${i}`,
      handle: `h-${i}`,
      name: `dokumen-${i}.pdf`,
      size: 10 + i,
      kind: 'document',
      mime: 'application/pdf'
    }))

  it('draws a thousand files that arrive at once a slice per turn, not in one long task (issue 29)', async () => {
    show()
    const files = thousandPdfs()
    const rowsAdded: number[] = []
    // Rows added, and rows inside a list added (the first slice comes with its list).
    const countRows = (changes: MutationRecord[]): void => {
      for (const node of changes.flatMap((change) => [...change.addedNodes])) {
        if (!(node instanceof HTMLElement)) continue
        const isRow = node.dataset.testid === 'send-file-row' ? 1 : 0
        rowsAdded.push(isRow + node.querySelectorAll('[data-testid="send-file-row"]').length)
      }
    }
    const list = new MutationObserver(countRows)
    list.observe(document.body, { childList: true, subtree: true })
    act(() => useSend.setState({ files }))
    // The drop's own task draws the first slice only; the rest follow, a slice a turn.
    expect(screen.getAllByTestId('send-file-row')).toHaveLength(FILE_ROWS_PER_TURN)
    // Ten turns of jsdom drawing: more than waitFor's one second on a busy machine.
    await waitFor(() => expect(screen.getAllByTestId('send-file-row')).toHaveLength(1000), {
      timeout: 15_000
    })
    countRows(list.takeRecords())
    list.disconnect()
    // Every row added once: a slice's rows stay as the next ones come (none drawn anew).
    expect(rowsAdded.reduce((sum, added) => sum + added, 0)).toBe(1000)
    expect(screen.getAllByTestId('send-file-row').at(-1)?.textContent).toContain('dokumen-999.pdf')
    // A draft emptied (sent, or every file removed) and filled again is drawn a slice at a time again.
    act(() => useSend.setState({ files: [] }))
    await act(() => new Promise((turn) => setTimeout(turn)))
    act(() => useSend.setState({ files }))
    expect(screen.getAllByTestId('send-file-row')).toHaveLength(FILE_ROWS_PER_TURN)
  })

  it('draws a thousand files just sent a slice per turn, each beside its own messages (issue 29: long tasks as they went)', async () => {
    show()
    const files = thousandPdfs()
    // The last file's message read; a failed one named like the sixth file but of another size is not the sixth's.
    const items = [
      ...files.map((file, i) =>
        makeItem({
          id: `item-${i}`,
          kind: 'document',
          fileName: file.name,
          fileSize: file.size,
          status: i === 999 ? 'read' : 'queued'
        })
      ),
      makeItem({
        id: 'item-other',
        kind: 'document',
        fileName: 'dokumen-5.pdf',
        fileSize: 1,
        status: 'failed'
      })
    ]
    fake.handle('outbox:get', ({ id }) => ({ item: items.find((item) => item.id === id)!, history: [] }))
    act(() =>
      useSend.setState({
        sent: {
          itemIds: items.map((item) => item.id),
          files,
          text: null,
          recipients: ['6281234567890'],
          scheduled: false,
          at: new Date().toISOString()
        }
      })
    )
    const card = screen.getByTestId('send-sent')
    expect(within(card).getAllByTestId('send-file-row')).toHaveLength(FILE_ROWS_PER_TURN)
    await waitFor(() => expect(within(card).getAllByTestId('send-file-row')).toHaveLength(1000), {
      timeout: 15_000
    })
    const statuses = (): (string | null)[] =>
      within(card)
        .getAllByTestId('send-file-status')
        .map((status) => status.getAttribute('data-status'))
    await waitFor(() => expect(statuses().at(-1)).toBe('read'))
    expect(
      statuses()
        .slice(0, 999)
        .every((status) => status === 'queued')
    ).toBe(true)
  })

  it('a drop of more files than a send carries keeps 1,000, says in one line how many were left out, and the text past them is said at Send', async () => {
    const user = show()
    const photos = Array.from({ length: 1003 }, (_, i) => png(`foto-${i}.png`, 10))
    // Before: the 1,003 went to the core in one call and came back as 1,003 lines of the contract's own words.
    fireEvent.drop(window, { dataTransfer: { types: ['Files'], files: [pdf('kosong.pdf', 0), ...photos] } })
    await waitFor(() => expect(screen.getAllByTestId('send-file-row')).toHaveLength(1000), {
      timeout: 15_000
    })
    expect(fake.registered.map((files) => files.length)).toEqual([1000])
    expect(screen.getAllByTestId('send-rejection').map((r) => r.textContent)).toEqual([
      'kosong.pdf: the file is empty.',
      '3 more files were left out: one send carries 1,000 files at most.'
    ])
    // A thousand files and a text are 1,001 messages to each recipient: said before the contract refuses it.
    // (Written at once: a keystroke each would draw the thousand rows again each time.)
    act(() => useSend.getState().setFields({ recipientsText: '081234567890', text: 'Halo' }))
    await user.click(screen.getByRole('button', { name: 'Send' }))
    expect(fake.requests('outbox:enqueue')).toEqual([])
    expect(screen.getByTestId('send-problems').textContent).toBe(
      'A send carries 1,000 messages at most to each recipient (its files, and the text or its parts): remove some files, or send the text apart.'
    )
    expect(document.activeElement).toBe(document.getElementById('send-file-input'))
    await user.click(screen.getAllByTestId('send-file-remove')[0]!)
    await user.click(screen.getByRole('button', { name: 'Send' }))
    await waitFor(() => expect(fake.requests('outbox:enqueue')).toHaveLength(1))
    expect(fake.requests('outbox:enqueue')[0]!.entries).toHaveLength(1000)
  })

  it('says a text file named fake.jpg is not really a JPG, instead of listing the allowed types', async () => {
    fake.onRegister((files) => ({
      files: [],
      rejected: files.map((f) => ({ name: f.name, code: 'disguised', message: 'English core sentence' }))
    }))
    const user = show()
    await user.upload(screen.getByLabelText('Choose files'), [
      new File(['just some text'], 'fake.jpg', { type: 'image/jpeg' })
    ])
    expect((await screen.findByTestId('send-rejection')).textContent).toBe(
      'fake.jpg: named as a file of type JPG, but its contents are not one (renamed or damaged?).'
    )
  })

  it('shows the draft files kept from before a restart, and says which ones changed or are gone', async () => {
    fake.handle('files:restoreDraft', () => ({
      files: [{ handle: 'h-7', name: 'brochure.pdf', size: 4096, kind: 'document', mime: 'application/pdf' }],
      rejected: [
        { name: 'report.pdf', code: 'changed', message: 'English core sentence' },
        { name: 'old.pdf', code: 'not_found', message: 'English core sentence' }
      ]
    }))
    show()
    await act(() => useSend.getState().restoreDraftFiles())
    expect(screen.getByText('brochure.pdf')).toBeTruthy()
    expect(screen.getAllByTestId('send-rejection').map((r) => r.textContent)).toEqual([
      'report.pdf: changed since it was added; add it again.',
      'old.pdf: is no longer there (moved or deleted); add it again.'
    ])
  })

  it("uses the chosen device's own gateway limit for the size check", async () => {
    seedStores(
      makeBootstrap({
        devices: [
          makeDevice({ maxFileBytes: 8 * 1024 * 1024 }),
          makeDevice({ id: 'dev-2', label: 'Small plan', maxFileBytes: 1024 })
        ]
      })
    )
    useNavigation.getState().navigate('send')
    render(<SendView />)
    const user = userEvent.setup()
    useSend.getState().setFields({ deviceId: 'dev-1' })
    await user.upload(screen.getByLabelText('Choose files'), [
      new File([new Uint8Array(3 * 1024 * 1024)], 'big.jpg', { type: 'image/jpeg' })
    ])
    expect(fake.registered.map((files) => files.map((f) => f.name))).toEqual([['big.jpg']])
    act(() => useSend.getState().setFields({ deviceId: 'dev-2' }))
    await user.upload(screen.getByLabelText('Choose files'), [pdf('notes.pdf', 4096)])
    expect(screen.getAllByTestId('send-rejection').map((r) => r.textContent)).toEqual([
      'notes.pdf: larger than the 1 KB limit.'
    ])
  })

  it('names the limit a file was refused under, not the limit of the device chosen since (QA12 Q12-02)', async () => {
    seedStores(
      makeBootstrap({
        devices: [
          makeDevice({ maxFileBytes: 5 * 1024 * 1024 }),
          makeDevice({ id: 'dev-2', label: 'Small plan', maxFileBytes: 2 * 1024 * 1024 })
        ]
      })
    )
    useNavigation.getState().navigate('send')
    render(<SendView />)
    const user = userEvent.setup()
    act(() => useSend.getState().setFields({ deviceId: 'dev-2' }))
    await user.upload(screen.getByLabelText('Choose files'), [
      new File([new Uint8Array(3 * 1024 * 1024)], 'report.pdf', { type: 'application/pdf' })
    ])
    act(() => useSend.getState().setFields({ deviceId: 'dev-1' }))
    expect(screen.getByText('Up to 5 MB per file.')).toBeTruthy()
    expect(screen.getAllByTestId('send-rejection').map((r) => r.textContent)).toEqual([
      'report.pdf: larger than the 2 MB limit.'
    ])
  })

  it('says while a spreadsheet is dragged that the drop will ask about it, not attach it', () => {
    show()
    const dragged = (...types: string[]) => ({
      dataTransfer: { types: ['Files'], files: [], items: types.map((type) => ({ kind: 'file', type })) }
    })
    fireEvent.dragEnter(window, dragged('application/pdf', ''))
    expect(screen.getByTestId('drop-overlay').textContent).toContain(
      'Drop the files to add them to the message'
    )
    fireEvent.dragLeave(window, dragged('application/pdf', ''))
    fireEvent.dragEnter(window, dragged('image/png', 'text/csv'))
    expect(screen.getByTestId('drop-overlay').textContent).toContain(
      'import the spreadsheet as campaign recipients, or send it as a file'
    )
    fireEvent.dragLeave(window, dragged('image/png', 'text/csv'))
    fireEvent.dragEnter(window, dragged('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'))
    expect(screen.getByTestId('drop-overlay').textContent).toContain('campaign recipients')
  })

  it('takes files dropped anywhere on the window, with an overlay while dragging', async () => {
    show()
    act(() => useNavigation.getState().navigate('outbox'))
    fireEvent.dragEnter(window, { dataTransfer: { types: ['Files'], files: [] } })
    expect(screen.getByTestId('drop-overlay')).toBeTruthy()
    await act(async () => {
      fireEvent.drop(window, { dataTransfer: { types: ['Files'], files: [pdf('order.pdf')] } })
      await Promise.resolve()
    })
    expect(screen.queryByTestId('drop-overlay')).toBeNull()
    expect(useNavigation.getState().view).toBe('send')
    expect(fake.registered.map((files) => files.map((f) => f.name))).toEqual([['order.pdf']])
    expect((await screen.findByTestId('send-file-row')).textContent).toContain('order.pdf')
  })

  it('takes a pasted image', async () => {
    show()
    await act(async () => {
      fireEvent.paste(window, { clipboardData: { files: [png('clip.png')] } })
      await Promise.resolve()
    })
    expect(fake.registered.map((files) => files.map((f) => f.name))).toEqual([['clip.png']])
  })

  it('keeps the focus among the files when one is removed by keyboard, then on Choose files (QA7 Q7-02)', async () => {
    const user = show()
    await user.upload(screen.getByLabelText('Choose files'), [png(), pdf()])
    await waitFor(() => expect(screen.getAllByTestId('send-file-row')).toHaveLength(2))
    screen.getByRole('button', { name: 'Remove photo.png' }).focus()
    await user.keyboard('{Enter}')
    await waitFor(() => expect(screen.getAllByTestId('send-file-row')).toHaveLength(1))
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove invoice.pdf' }))
    await user.keyboard('{Enter}')
    await waitFor(() => expect(screen.queryByTestId('send-file-row')).toBeNull())
    expect(document.activeElement).toBe(screen.getByLabelText('Choose files'))
  })

  it('gives the focus to Choose files when the refused files’ notice is dismissed (QA7 Q7-03)', async () => {
    fake.onRegister((files) => ({
      files: [],
      rejected: files.map((f) => ({ name: f.name, code: 'disguised', message: 'English core sentence' }))
    }))
    const user = show()
    await user.upload(screen.getByLabelText('Choose files'), [
      new File(['just some text'], 'fake.jpg', { type: 'image/jpeg' })
    ])
    await screen.findByTestId('send-rejection')
    screen.getByRole('button', { name: 'Dismiss' }).focus()
    await user.keyboard('{Enter}')
    expect(screen.queryByTestId('send-rejections')).toBeNull()
    expect(document.activeElement).toBe(screen.getByLabelText('Choose files'))
  })

  it('releases the handle when a file is removed', async () => {
    const user = show()
    await user.upload(screen.getByLabelText('Choose files'), [pdf()])
    await user.click(await screen.findByTestId('send-file-remove'))
    expect(fake.requests('files:release')).toEqual([{ handles: ['h-1'] }])
    expect(screen.queryByTestId('send-file-row')).toBeNull()
  })
})

describe('variables typed in a direct send (QA7 Q7-06)', () => {
  it('warns that {nama} goes out as written, in both languages, and not for {{literal}} braces', async () => {
    for (const [language, label, said] of [
      [
        'en',
        'Text message',
        '“{nama}” is sent as written: values from a spreadsheet are filled in only by Campaigns.'
      ],
      ['id', 'Pesan teks', '“{nama}” terkirim apa adanya: nilai dari spreadsheet hanya diisi oleh Kampanye.']
    ] as const) {
      seedStores(makeBootstrap({ settings: makeSettings({ language }), devices: [makeDevice()] }))
      useNavigation.getState().navigate('send')
      const { unmount } = render(<SendView />)
      const user = userEvent.setup()
      const text = screen.getByRole('textbox', { name: label })
      await user.type(text, 'Kode {{{{promo}}')
      expect(screen.queryByTestId('send-text-variables')).toBeNull()
      await user.clear(text)
      await user.type(text, 'Promo besar {{nama}')
      expect(screen.getByTestId('send-text-variables').textContent).toBe(`⚠ ${said}`)
      // Read with the field, as its hint is.
      expect(text.getAttribute('aria-describedby')).toContain('send-text-hint')
      expect(document.getElementById('send-text-hint')?.textContent).toContain(said)
      unmount()
      useSend.getState().setFields({ text: '' })
    }
  })

  it("warns of a {nama} in the files' caption too, read with the caption", async () => {
    const user = show()
    await user.upload(screen.getByLabelText('Choose files'), [png()])
    await screen.findAllByTestId('send-file-row')
    const caption = screen.getByRole('textbox', { name: 'Caption for the files' })
    await user.type(caption, 'Nota untuk {{nama}')
    const said = '“{nama}” is sent as written: values from a spreadsheet are filled in only by Campaigns.'
    expect(screen.getByTestId('send-caption-variables').textContent).toBe(`⚠ ${said}`)
    expect(caption.getAttribute('aria-describedby')).toContain('send-caption-hint')
    expect(document.getElementById('send-caption-hint')?.textContent).toContain(said)
  })
})

describe('recipients', () => {
  // QA61: "+44 7911 12345" was told "an Indonesian one has 10–13 digits", as if only Indonesian numbers were taken.
  it("says a foreign number's wrong length against its own country, not only Indonesia's", async () => {
    const user = show()
    await user.type(
      screen.getByRole('combobox', { name: /^(Phone numbers|Group ids)$/ }),
      '+44 7911 12345{Enter}'
    )
    const [chip] = screen.getAllByTestId('recipient-chip')
    expect(chip?.getAttribute('data-valid')).toBe('false')
    expect(chip?.textContent).toContain('Wrong length for a mobile number of its country')
    expect(chip?.textContent).toContain('check the digits after another country’s code')
  })

  it('normalises numbers as typed and flags the invalid ones', async () => {
    const user = show()
    await user.type(
      screen.getByRole('combobox', { name: /^(Phone numbers|Group ids)$/ }),
      '0812-3456-7890, +62 813 1111 2222{Enter}12345'
    )
    const chips = screen.getAllByTestId('recipient-chip')
    expect(chips.map((c) => [c.getAttribute('data-value'), c.getAttribute('data-valid')])).toEqual([
      ['6281234567890', 'true'],
      ['6281311112222', 'true'],
      ['12345', 'false']
    ])
    expect(chips[2]?.textContent).toContain('Start with 08')
    // Heard where the keyboard stops in the chips, its × (and not on a right one's).
    expect(chips.map((chip) => accessibleDescription(within(chip).getByRole('button')))).toEqual([
      '',
      '',
      'Start with 08, 8, +62 or 62 (or + and the country code).'
    ])
    // One to fix is counted in words, in the singular: not "the recipients … (1)".
    expect(screen.getByTestId('send-recipients-error').textContent).toBe(
      '⚠ Fix or remove the recipient marked with ⚠.'
    )
    // Each × is named by what its chip shows: the number as the window writes it (QA F21: "Remove 081234567890").
    expect(within(chips[0]!).getByRole('button').getAttribute('aria-label')).toBe('Remove +62 812-3456-7890')
    await user.click(within(chips[2]!).getByRole('button', { name: 'Remove 12345' }))
    expect(screen.getAllByTestId('recipient-chip')).toHaveLength(2)
  })

  // QA59: in 300 pasted numbers the one marked ⚠ was five screens down, and Send put the focus in the field above.
  it('takes the focus to the first recipient marked ⚠ when Send finds one', async () => {
    const user = show()
    const numbers = Array.from({ length: 40 }, (_, i) => `08123456${String(7000 + i)}`)
    numbers.splice(25, 0, '12345')
    await user.type(
      screen.getByRole('combobox', { name: /^(Phone numbers|Group ids)$/ }),
      `${numbers.join(', ')},`
    )
    await user.type(screen.getByRole('textbox', { name: 'Text message' }), 'Halo')
    await user.click(screen.getByRole('button', { name: /^(Send|Schedule)$/ }))
    expect(fake.requests('outbox:enqueue')).toEqual([])
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove 12345' }))
  })

  // QA66: "081234500061" pasted, then "081234500062": the field held both as one wrong number, the first chip gone.
  it('takes a number pasted after a whole one as a recipient of its own', async () => {
    const user = show()
    await user.click(screen.getByRole('combobox', { name: /^(Phone numbers|Group ids)$/ }))
    await user.paste('081234500061')
    await user.paste('081234500062')
    await user.type(screen.getByRole('combobox', { name: /^(Phone numbers|Group ids)$/ }), ',')
    expect(screen.getAllByTestId('recipient-chip').map((c) => c.getAttribute('data-value'))).toEqual([
      '6281234500061',
      '6281234500062'
    ])
  })

  // QA65: after the ⚠ chip was removed with Enter, the correction typed went to the next chip's ×: its digits were lost
  // and each space removed a good number.
  it('takes a correction typed after a chip is removed in the field, removing no other chip', async () => {
    const user = show()
    const field = screen.getByRole('combobox', { name: /^(Phone numbers|Group ids)$/ })
    await user.type(field, '081234500001, 081234500005, 0812345,')
    screen.getByRole('button', { name: 'Remove 0812345' }).focus()
    await user.keyboard('{Enter}')
    expect(document.activeElement?.getAttribute('aria-label')).toMatch(/^Remove /)
    await user.keyboard('0812 3450 0009,')
    expect(screen.getAllByTestId('recipient-chip').map((c) => c.getAttribute('data-value'))).toEqual([
      '6281234500001',
      '6281234500005',
      '6281234500009'
    ])
  })

  // Stop 38's probe: 250 pasted numbers were 250 Tab stops between the field and the message box.
  it('makes the chips one Tab stop, the arrow keys move between them and Delete removes one', async () => {
    const user = show()
    const field = screen.getByRole('combobox', { name: /^(Phone numbers|Group ids)$/ })
    await user.type(field, '081234567801, 081234567802, 081234567803, 081234567804,')
    const removes = (): HTMLElement[] =>
      screen.getAllByTestId('recipient-chip').map((chip) => within(chip).getByRole('button'))
    const chipsList = screen.getByTestId('recipient-chips')
    expect(removes().filter((button) => button.tabIndex === 0)).toEqual([removes()[0]])
    removes()[0]!.focus()
    await user.keyboard('{ArrowRight}{ArrowRight}')
    expect(document.activeElement).toBe(removes()[2])
    // Tab leaves the chips at once, and comes back to the one it left.
    await user.tab()
    expect(chipsList.contains(document.activeElement)).toBe(false)
    await user.tab({ shift: true })
    expect(document.activeElement).toBe(removes()[2])
    await user.keyboard('{End}')
    expect(document.activeElement).toBe(removes()[3])
    await user.keyboard('{Home}{Delete}')
    expect(screen.getAllByTestId('recipient-chip').map((chip) => chip.dataset['value'])).toEqual([
      '6281234567802',
      '6281234567803',
      '6281234567804'
    ])
    expect(document.activeElement).toBe(removes()[0])
    expect(removes().map((button) => button.tabIndex)).toEqual([0, -1, -1])
  })

  it('counts the repeated numbers it leaves out, each number sent once, in both languages (issue 29, QA7 Q7-09)', async () => {
    for (const [language, label, said] of [
      ['en', 'Phone numbers', 'Recipients ready: 3 (2 repeated numbers left out: each number is sent once.)'],
      [
        'id',
        'Nomor ponsel',
        'Penerima siap: 3 (2 nomor berulang tidak disertakan: setiap nomor dikirim sekali.)'
      ]
    ] as const) {
      seedStores(makeBootstrap({ settings: makeSettings({ language }), devices: [makeDevice()] }))
      useNavigation.getState().navigate('send')
      const { unmount } = render(<SendView />)
      // Two pairs, one written two ways: two copies left out, not "4 numbers were the same".
      await userEvent
        .setup()
        .type(
          screen.getByRole('combobox', { name: label }),
          '081200000001, +62 812-0000-0001, 081200000002, 12345, 081200000003, 081200000003, '
        )
      expect(screen.getByTestId('send-recipients-summary').textContent).toBe(said)
      unmount()
      useSend.getState().setFields({ recipientsText: '' })
    }
  })

  it('removes all recipients at once, gives the focus to the field and says so, in both languages (QA7 Q7-10)', async () => {
    for (const [language, label, removeAll, said] of [
      ['en', 'Phone numbers', 'Remove all recipients', 'All 3 recipients removed.'],
      ['id', 'Nomor ponsel', 'Hapus semua penerima', 'Semua 3 penerima dihapus.']
    ] as const) {
      seedStores(makeBootstrap({ settings: makeSettings({ language }), devices: [makeDevice()] }))
      useNavigation.getState().navigate('send')
      const { unmount } = render(<SendView />)
      const user = userEvent.setup()
      const field = screen.getByRole('combobox', { name: label })
      await user.type(field, '081200000001, ')
      // One chip has its own ×: no second way to remove it.
      expect(screen.queryByRole('button', { name: removeAll })).toBeNull()
      await user.type(field, '081200000002, 12345, ')
      screen.getByRole('button', { name: removeAll }).focus()
      await user.keyboard('{Enter}')
      expect(screen.queryAllByTestId('recipient-chip')).toEqual([])
      expect(useSend.getState().recipientsText).toBe('')
      expect(document.activeElement).toBe(screen.getByRole('combobox', { name: label }))
      expect(screen.getByTestId('send-recipients-removed').textContent).toBe(said)
      expect(screen.getByTestId('send-recipients-removed').getAttribute('role')).toBe('status')
      unmount()
    }
  })

  // QA16 Q16-12: the first Tab after the recipients lands on "Remove all recipients", and one Space wiped them all.
  it('"Remove all recipients" can be undone, in both languages, keeping what was typed since', async () => {
    for (const [language, label, removeAll, undo] of [
      ['en', 'Phone numbers', 'Remove all recipients', 'Undo: put them back'],
      ['id', 'Nomor ponsel', 'Hapus semua penerima', 'Batalkan: kembalikan semuanya']
    ] as const) {
      seedStores(makeBootstrap({ settings: makeSettings({ language }), devices: [makeDevice()] }))
      useNavigation.getState().navigate('send')
      const { unmount } = render(<SendView />)
      const user = userEvent.setup()
      const field = screen.getByRole('combobox', { name: label })
      await user.type(field, '081200000001, 081200000002, ')
      await user.click(screen.getByRole('button', { name: removeAll }))
      expect(screen.queryAllByTestId('recipient-chip')).toEqual([])
      // The message meant for the next field lands in this one.
      await user.keyboard('Anda')
      await user.click(screen.getByRole('button', { name: undo }))
      expect(screen.getAllByTestId('recipient-chip').map((chip) => chip.dataset['value'])).toEqual([
        '6281200000001',
        '6281200000002'
      ])
      expect(useSend.getState().recipientsText).toBe('081200000001, 081200000002, Anda')
      expect(document.activeElement).toBe(screen.getByRole('combobox', { name: label }))
      expect(screen.queryByRole('button', { name: undo })).toBeNull()
      unmount()
      useSend.getState().setFields({ recipientsText: '' })
    }
  })

  it('a name typed and not picked is said as that when Send is pressed, and the suggestions come back', async () => {
    fake.handle('contacts:suggest', () => ({
      suggestions: [{ chatId: '6281111111111', name: 'Bu Dewi', isGroup: false }]
    }))
    const user = show()
    const input = screen.getByRole('combobox', { name: 'Phone numbers' })
    await user.type(input, '081234567890, Dewi')
    await user.type(screen.getByRole('textbox', { name: 'Text message' }), 'Halo')
    await user.click(screen.getByRole('button', { name: 'Send' }))
    expect(fake.requests('outbox:enqueue')).toEqual([])
    // Not "add a recipient" or "some recipients are not valid": the name is what waits.
    expect(screen.getByTestId('send-problems').textContent).toBe(
      'A name is typed but not picked: choose it from the suggestions.'
    )
    expect(screen.getByTestId('send-recipients-error').textContent).toContain(
      '“Dewi” is not picked yet: choose it from the suggestions.'
    )
    expect(document.activeElement).toBe(input)
    await user.click(await screen.findByRole('option', { name: /Bu Dewi/ }))
    expect(screen.queryByTestId('send-recipients-error')).toBeNull()
    expect(screen.getAllByTestId('recipient-chip').map((c) => c.getAttribute('data-value'))).toEqual([
      '6281234567890',
      '6281111111111'
    ])
  })

  it('a name entered as a recipient is marked as a name to pick, not as a number with wrong characters', async () => {
    const user = show()
    await user.type(screen.getByRole('combobox', { name: 'Phone numbers' }), 'Dewi,')
    const chip = screen.getByTestId('recipient-chip')
    expect(chip.getAttribute('data-valid')).toBe('false')
    expect(chip.textContent).toContain(
      'A name, not a number: type part of it and pick the contact from the suggestions.'
    )
  })

  it('offers recent recipients, written for reading', async () => {
    fake.handle('recipients:recent', () => ({ recipients: ['6281299990000'] }))
    const user = show()
    // Shown for reading, added as the gateway takes it: a chip, the input left for the next number.
    await user.click(await screen.findByRole('button', { name: '+62 812-9999-0000' }))
    expect(screen.getAllByTestId('recipient-chip').map((c) => c.getAttribute('data-value'))).toEqual([
      '6281299990000'
    ])
    expect((screen.getByRole('combobox', { name: 'Phone numbers' }) as HTMLInputElement).value).toBe('')
  })

  // A new operator's walk: a customer named by a campaign's sheet was "+62 812-3456-0000" under Recent, though its chip
  // and its outbox row said "Pelanggan 0" first.
  it('names a recent recipient the operator knows, as its chip does', async () => {
    fake.handle('recipients:recent', () => ({ recipients: ['6281234560000', '6281299990000'] }))
    fake.handle('contacts:names', ({ chats }) => ({
      names: chats
        .filter((chat) => chat === '6281234560000')
        .map((chatId) => ({ chatId, name: 'Pelanggan 0' }))
    }))
    const user = show()
    await user.click(await screen.findByRole('button', { name: 'Pelanggan 0 +62 812-3456-0000' }))
    expect(screen.getByRole('button', { name: '+62 812-9999-0000' })).toBeTruthy()
    const chip = screen.getByTestId('recipient-chip')
    expect(chip.getAttribute('data-value')).toBe('6281234560000')
    expect(chip.textContent).toContain('Pelanggan 0')
  })

  // An operator's probe: a group's id was offered under Phone numbers, and picked it was a chip in error.
  it('offers the recent numbers under Phone numbers and the recent group ids under Send to a group', async () => {
    const group = '120363025246125888'
    fake.handle('recipients:recent', () => ({
      recipients: [group, '6281299990000', '6281234567890-1600000000']
    }))
    const user = show()
    const recentNow = async (): Promise<string[]> =>
      (await screen.findAllByTestId('recent-recipient')).map((b) => b.textContent ?? '')
    expect(await recentNow()).toEqual(['+62 812-9999-0000'])
    await user.click(screen.getByRole('checkbox', { name: 'Send to a group' }))
    expect(await recentNow()).toEqual([group, '6281234567890-1600000000'])
    await user.click(screen.getByRole('button', { name: group }))
    expect(screen.getAllByTestId('recipient-chip').map((c) => c.getAttribute('data-value'))).toEqual([group])
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('puts the numbers just sent to among the recent ones for the next message, without leaving the view (QA26 Q26-06)', async () => {
    let recent: string[] = []
    fake.handle('recipients:recent', () => ({ recipients: recent }))
    const user = show()
    await user.type(screen.getByRole('combobox', { name: /^(Phone numbers|Group ids)$/ }), '0813 8888 9999')
    await user.type(screen.getByRole('textbox', { name: /^Text message/ }), 'Halo')
    // The core's list, once the send is in the outbox: the number just sent to heads it.
    recent = ['6281388889999']
    await user.click(screen.getByRole('button', { name: 'Send' }))
    expect(await screen.findByRole('button', { name: '+62 813-8888-9999' })).toBeTruthy()
  })

  // QA74: 0030 and 0102 were still offered under Recent while "Recipients ready: 2" showed them as recipients.
  it('offers no recent number already among the recipients, and the next recent one takes its place', async () => {
    const recent = Array.from({ length: 9 }, (_, n) => `62812999900${String(n).padStart(2, '0')}`)
    fake.handle('recipients:recent', () => ({ recipients: recent }))
    const user = show()
    const offered = async (): Promise<string[]> =>
      (await screen.findAllByTestId('recent-recipient')).map((b) => b.textContent ?? '')
    expect(await offered()).toHaveLength(8)
    await user.type(screen.getByRole('combobox', { name: 'Phone numbers' }), '0812 9999 0001, ')
    await user.click(screen.getByRole('button', { name: '+62 812-9999-0003' }))
    expect(screen.getAllByTestId('recipient-chip').map((c) => c.getAttribute('data-value'))).toEqual([
      '6281299990001',
      '6281299990003'
    ])
    // Eight are offered at most: the ninth comes in for the two picked.
    expect(await offered()).toEqual(
      ['00', '02', '04', '05', '06', '07', '08'].map((n) => `+62 812-9999-00${n}`)
    )
  })

  // QA74: eight recent numbers were eight Tab stops, and ← / → (as the shortcuts list says for chips) did nothing.
  it('makes the recent numbers one Tab stop, the arrow keys, Home and End move between them', async () => {
    fake.handle('recipients:recent', () => ({
      recipients: ['6281299990001', '6281299990002', '6281299990003', '6281299990004']
    }))
    const user = show()
    const recentButtons = async (): Promise<HTMLElement[]> => screen.findAllByTestId('recent-recipient')
    const all = await recentButtons()
    expect(all.map((button) => button.tabIndex)).toEqual([0, -1, -1, -1])
    all[0]!.focus()
    await user.keyboard('{ArrowRight}{ArrowRight}')
    expect(document.activeElement).toBe(all[2])
    await user.keyboard('{ArrowLeft}')
    expect(document.activeElement).toBe(all[1])
    await user.keyboard('{End}')
    expect(document.activeElement).toBe(all[3])
    await user.keyboard('{Home}')
    expect(document.activeElement).toBe(all[0])
    // Tab leaves the group at once, and comes back to the one it left.
    await user.keyboard('{ArrowRight}')
    await user.tab()
    expect(all).not.toContain(document.activeElement)
    await user.tab({ shift: true })
    expect(document.activeElement).toBe(all[1])
    // Delete is no way to add a number: it does nothing here.
    await user.keyboard('{Delete}')
    expect(screen.queryAllByTestId('recipient-chip')).toEqual([])
  })

  // QA74: the picked recent number left the list with the focus on it; the focus goes on to the next one.
  it('gives the focus to the next recent number once one is picked with Enter, else the field', async () => {
    fake.handle('recipients:recent', () => ({ recipients: ['6281299990001', '6281299990002'] }))
    const user = show()
    ;(await screen.findByRole('button', { name: '+62 812-9999-0001' })).focus()
    await user.keyboard('{Enter}')
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '+62 812-9999-0002' }))
    await user.keyboard('{Enter}')
    expect(screen.queryAllByTestId('recent-recipient')).toEqual([])
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Phone numbers' }))
    expect(screen.getAllByTestId('recipient-chip')).toHaveLength(2)
  })

  // QA76: a number typed then Tab showed as a chip ("Recipients ready: 1"); "Halo" typed on a recent number (or on the
  // chip's ×) went into the field after it, "0857 6666 7777Halo", marked ⚠. The chip stays; the key starts a new one.
  it.each([
    ['a recent number', (): HTMLElement => screen.getByRole('button', { name: '+62 821-3333-4444' })],
    ['the chip’s ×', (): HTMLElement => screen.getByRole('button', { name: 'Remove +62 857-6666-7777' })]
  ])('keeps a number shown as a chip when a word is typed on %s, the word a new entry', async (_, button) => {
    fake.handle('recipients:recent', () => ({ recipients: ['6282133334444'] }))
    const user = show()
    const field = screen.getByRole('combobox', { name: 'Phone numbers' })
    await screen.findByRole('button', { name: '+62 821-3333-4444' })
    await user.type(field, '0857 6666 7777')
    button().focus()
    await user.keyboard('Halo')
    expect(
      screen.getAllByTestId('recipient-chip').map((c) => [c.dataset['value'], c.dataset['valid']])
    ).toEqual([['6285766667777', 'true']])
    expect(document.activeElement).toBe(field)
    expect((field as HTMLInputElement).value).toBe('Halo')
    expect(useSend.getState().recipientsText).toBe('0857 6666 7777, Halo')
    expect(screen.queryByTestId('send-recipients-error')).toBeNull()
  })
})

/** Why a number on the opt-out list cannot be sent to and how that is lifted: the reply box's words too. */
const BLACKLISTED =
  'Sender Desk puts every number on the opt-out list on the gateway’s blacklist, and the gateway refuses messages to those numbers. It is lifted when the customer writes an opt-in keyword (such as MULAI), or when you take the number off the opt-out list in Campaigns.'

describe('enqueue', () => {
  it('keeps the focus on the pressed Send while the send runs, never on the page, and sends once', async () => {
    const user = show()
    await user.type(screen.getByRole('combobox', { name: /^(Phone numbers|Group ids)$/ }), '081234567890')
    await user.type(screen.getByRole('textbox', { name: 'Text message' }), 'Halo')
    const enqueued = fake.defer('outbox:enqueue')
    // A second press (pressAndHold's), and Enter in a field (the form's implicit submission), send nothing more while it
    // runs.
    await pressAndHold(user, screen.getByRole('button', { name: 'Send' }), enqueued.called)
    await user.click(screen.getByRole('combobox', { name: /^(Phone numbers|Group ids)$/ }))
    await user.keyboard('{Enter}')
    enqueued.resolve({ itemIds: ['item-0-0'] })
    await screen.findByTestId('send-sent-summary')
    expect(fake.requests('outbox:enqueue')).toHaveLength(1)
  })

  /** A message to two numbers, one of them on the opt-out list: the core refuses it once and the window asks. */
  async function sendToOneOptedOut(): Promise<{
    user: ReturnType<typeof userEvent.setup>
    ask: HTMLElement
  }> {
    fake.once('outbox:enqueue', () => {
      throw new ApiError({
        code: 'opted_out',
        message: '1 of these numbers asked not to receive messages: 6281311112222.',
        field: 'recipients'
      })
    })
    const user = show()
    await user.type(
      screen.getByRole('combobox', { name: /^(Phone numbers|Group ids)$/ }),
      '0812 3456 7890, 6281311112222'
    )
    await user.type(screen.getByRole('textbox', { name: 'Text message' }), 'Promo')
    await user.click(screen.getByRole('button', { name: /^(Send|Schedule)$/ }))
    return { user, ask: await screen.findByTestId('send-opt-out-ask') }
  }

  it('asks before sending to numbers on the opt-out list, then leaves them out (issue 26)', async () => {
    const { user, ask } = await sendToOneOptedOut()
    expect(ask.getAttribute('role')).toBe('alert')
    expect(ask.textContent).toContain('1 of these numbers asked not to receive messages: 6281311112222.')
    expect(ask.textContent).toContain(BLACKLISTED)
    expect(screen.queryByTestId('send-error')).toBeNull()
    // The gateway's blacklist refuses the number whatever is answered: only leaving it out can go.
    expect(
      within(ask)
        .getAllByRole('button')
        .map((button) => button.textContent)
    ).toEqual(['Leave them out'])
    await user.click(within(ask).getByRole('button', { name: 'Leave them out' }))
    await waitFor(() => expect(fake.requests('outbox:enqueue')).toHaveLength(2))
    expect(fake.requests('outbox:enqueue')[1]).toMatchObject({
      recipients: ['6281234567890', '6281311112222'],
      optedOut: 'leave-out'
    })
    await waitFor(() => expect(screen.queryByTestId('send-opt-out-ask')).toBeNull())
  })

  // QA61: the card said "To 2 recipients" for the one number it went to.
  it('counts on its card only the numbers it went to, and says how many were left out', async () => {
    const { user, ask } = await sendToOneOptedOut()
    fake.once('outbox:enqueue', () => ({ itemIds: ['item-0-0'], leftOut: ['6281311112222'] }))
    await user.click(within(ask).getByRole('button', { name: 'Leave them out' }))
    const card = await screen.findByTestId('send-sent')
    expect(card.textContent).toContain(
      'To 1 recipient. Progress updates here as the gateway reports it. 1 number on the opt-out list was left out.'
    )
  })

  it('hands the focus to Send as "Leave them out" goes with its question, and keeps it there while the rest goes', async () => {
    const { user, ask } = await sendToOneOptedOut()
    const leaveOut = within(ask).getByRole('button', { name: 'Leave them out' })
    const enqueued = fake.defer('outbox:enqueue')
    leaveOut.focus()
    await user.keyboard('{Enter}')
    await enqueued.called
    // The question went as the send started: its pressed answer with it.
    expect(screen.queryByTestId('send-opt-out-ask')).toBeNull()
    expect(document.activeElement).toBe(screen.getByTestId('send-submit'))
  })

  // QA59: the refusal came under the sticky Send row, out of sight, the focus left on Send: nothing seemed to happen;
  // and it stayed after its number was taken out, beside other recipients.
  it('brings the refusal into sight with the focus, and lets it go once the recipients change', async () => {
    const scrolled: Element[] = []
    const scrollIntoView = vi.fn(function (this: Element) {
      scrolled.push(this)
    })
    Element.prototype.scrollIntoView = scrollIntoView
    onTestFinished(() => {
      delete (Element.prototype as Partial<Element>).scrollIntoView
    })
    const { ask } = await sendToOneOptedOut()
    const place = screen.getByTestId('send-error-place')
    expect(place.contains(ask)).toBe(true)
    await waitFor(() => expect(document.activeElement).toBe(place))
    expect(scrolled).toContain(place)
    act(() => useSend.getState().setFields({ recipientsText: '0812 3456 7890' }))
    expect(screen.queryByTestId('send-opt-out-ask')).toBeNull()
  })

  // QA66: the refusal stood and Send stayed on: pressed again, the same recipients got the same refusal.
  it('says Send unavailable while the opt-out refusal stands, and sends nothing on a press or Ctrl+Enter', async () => {
    const { user } = await sendToOneOptedOut()
    const submit = screen.getByTestId('send-submit')
    expect(submit.getAttribute('aria-disabled')).toBe('true')
    await user.click(submit)
    const text = screen.getByRole('textbox', { name: 'Text message' })
    await user.click(text)
    await user.keyboard('{Control>}{Enter}{/Control}')
    expect(fake.requests('outbox:enqueue')).toHaveLength(1)
    // The refusal is what answers the press: brought back with the focus, "Leave them out" in it.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('send-error-place')))
    // Other recipients: another question, and Send again.
    act(() => useSend.getState().setFields({ recipientsText: '0812 3456 7890' }))
    expect(submit.getAttribute('aria-disabled')).toBeNull()
  })

  it('lets Send go again once the opt-out list changes, or the view is left', async () => {
    await sendToOneOptedOut()
    act(() => fake.emit('optouts:changed', { at: new Date().toISOString() }))
    expect(screen.queryByTestId('send-opt-out-ask')).toBeNull()
    expect(screen.getByTestId('send-submit').getAttribute('aria-disabled')).toBeNull()
    cleanup()
    fake.once('outbox:enqueue', () => {
      throw new ApiError({
        code: 'opted_out',
        message: 'This number is on the opt-out list: +62 813-1111-2222.'
      })
    })
    const user = show()
    await user.click(screen.getByRole('button', { name: /^(Send|Schedule)$/ }))
    await screen.findByTestId('send-opt-out-ask')
    cleanup()
    // Back in Send, its draft kept: the refusal of before is not left standing over it.
    show()
    expect(screen.queryByTestId('send-opt-out-ask')).toBeNull()
    expect(screen.getByTestId('send-submit').getAttribute('aria-disabled')).toBeNull()
  })

  it('offers no "Send anyway" to a number on the gateway blacklist: says why and how it is lifted', async () => {
    fake.once('outbox:enqueue', () => {
      throw new ApiError({
        code: 'opted_out',
        message: 'This number asked not to receive messages: +62 813-1111-2222.'
      })
    })
    const user = show()
    await user.type(screen.getByRole('combobox', { name: /^(Phone numbers|Group ids)$/ }), '6281311112222')
    await user.type(screen.getByRole('textbox', { name: 'Text message' }), 'Promo')
    await user.click(screen.getByRole('button', { name: /^(Send|Schedule)$/ }))
    const ask = await screen.findByTestId('send-opt-out-ask')
    expect(ask.getAttribute('role')).toBe('alert')
    expect(ask.textContent).toContain('This number asked not to receive messages: +62 813-1111-2222.')
    expect(ask.textContent).toContain(BLACKLISTED)
    // One number, on the blacklist: nothing to answer (leaving it out leaves nobody; sending fails at the gateway).
    expect(within(ask).queryAllByRole('button')).toHaveLength(0)
    expect(screen.queryByText('Send anyway')).toBeNull()
    expect(fake.requests('outbox:enqueue')).toHaveLength(1)
  })

  it('sends files with the caption and the text to normalised recipients', async () => {
    const user = show()
    await user.upload(screen.getByLabelText('Choose files'), [png(), pdf()])
    await screen.findAllByTestId('send-file-row')
    await user.type(
      screen.getByRole('combobox', { name: /^(Phone numbers|Group ids)$/ }),
      '0812 3456 7890, 6281311112222'
    )
    await user.type(screen.getByRole('textbox', { name: 'Caption for the files' }), 'Nota bulan Mei')
    await user.type(screen.getByRole('textbox', { name: 'Text message' }), 'Terima kasih')
    await user.click(screen.getByRole('button', { name: /^(Send|Schedule)$/ }))
    await waitFor(() => expect(fake.requests('outbox:enqueue')).toHaveLength(1))
    expect(fake.requests('outbox:enqueue')).toEqual([
      {
        deviceId: 'dev-1',
        recipients: ['6281234567890', '6281311112222'],
        isGroup: false,
        entries: [
          { kind: 'file', handle: 'h-1', caption: 'Nota bulan Mei' },
          { kind: 'file', handle: 'h-2', caption: 'Nota bulan Mei' },
          { kind: 'text', text: 'Terima kasih' }
        ]
      }
    ])
  })

  it('says before sending that audio goes without the caption, and sends it so: the other files carry it (QA32 Q32-01)', async () => {
    const user = show()
    await user.upload(screen.getByLabelText('Choose files'), [
      new File([new Uint8Array(900)], 'voice.mp3', { type: 'audio/mpeg' }),
      png()
    ])
    await screen.findAllByTestId('send-file-row')
    await user.type(screen.getByRole('combobox', { name: /^(Phone numbers|Group ids)$/ }), '081234567890')
    const caption = screen.getByRole('textbox', { name: 'Caption for the files' })
    await user.type(caption, 'Dokumen Anda')
    const said = 'Audio files are sent without the caption: the other files carry it.'
    expect(screen.getByTestId('send-caption-audio').textContent).toBe(said)
    expect(document.getElementById('send-caption-hint')?.textContent).toContain(said)
    await user.click(screen.getByRole('button', { name: /^(Send|Schedule)$/ }))
    await waitFor(() => expect(fake.requests('outbox:enqueue')).toHaveLength(1))
    expect(fake.requests('outbox:enqueue')[0]?.entries).toEqual([
      { kind: 'file', handle: 'h-1' },
      { kind: 'file', handle: 'h-2', caption: 'Dokumen Anda' }
    ])
    // The sent card shows each file with the caption it went with, none under the audio (probe 4 P9).
    await screen.findByTestId('send-sent')
    const rows = within(screen.getByTestId('send-sent')).getAllByTestId('send-file-row')
    expect(
      rows.map((row) => row.querySelector('[data-testid="send-file-caption"]')?.textContent ?? null)
    ).toEqual([null, 'Dokumen Anda'])
  })

  it('with only audio files, says the caption goes as its own message, and sends it once after them (QA32 Q32-01)', async () => {
    const user = show()
    await user.upload(screen.getByLabelText('Choose files'), [
      new File([new Uint8Array(900)], 'rapat.mp3', { type: 'audio/mpeg' })
    ])
    await screen.findAllByTestId('send-file-row')
    await user.type(screen.getByRole('combobox', { name: /^(Phone numbers|Group ids)$/ }), '081234567890')
    await user.type(screen.getByRole('textbox', { name: 'Caption for the files' }), 'Rekaman rapat')
    expect(screen.getByTestId('send-caption-audio').textContent).toBe(
      'Audio files are sent without a caption: it is sent once, as its own message after them.'
    )
    await user.click(screen.getByRole('button', { name: /^(Send|Schedule)$/ }))
    await waitFor(() => expect(fake.requests('outbox:enqueue')).toHaveLength(1))
    expect(fake.requests('outbox:enqueue')[0]?.entries).toEqual([
      { kind: 'file', handle: 'h-1' },
      { kind: 'text', text: 'Rekaman rapat' }
    ])
  })

  it('lists the caption that went as its own message in the sent card, apart from the text (QA35 Q35-01)', async () => {
    const user = show()
    await user.upload(screen.getByLabelText('Choose files'), [
      new File([new Uint8Array(900)], 'c.ogg', { type: 'audio/ogg' })
    ])
    await screen.findAllByTestId('send-file-row')
    await user.type(screen.getByRole('combobox', { name: /^(Phone numbers|Group ids)$/ }), '081234567890')
    await user.type(screen.getByRole('textbox', { name: 'Caption for the files' }), 'Keterangan')
    await user.type(screen.getByRole('textbox', { name: 'Text message' }), 'Teks pesan')
    const items = [
      makeItem({
        id: 'item-0-0',
        kind: 'audio',
        text: null,
        fileName: 'c.ogg',
        fileSize: 900,
        status: 'read'
      }),
      makeItem({ id: 'item-0-1', kind: 'text', text: 'Keterangan', status: 'failed' }),
      makeItem({ id: 'item-0-2', kind: 'text', text: 'Teks pesan', status: 'read' })
    ]
    fake.handle('outbox:get', ({ id }) => ({ item: items.find((i) => i.id === id)!, history: [] }))
    await user.click(screen.getByRole('button', { name: /^(Send|Schedule)$/ }))
    const captionRow = await screen.findByTestId('send-caption-row')
    expect(captionRow.textContent).toContain('Caption, as its own message')
    expect(captionRow.textContent).toContain('Keterangan')
    await waitFor(() =>
      expect(within(captionRow).getByTestId('send-file-status').getAttribute('data-status')).toBe('failed')
    )
    const textRow = screen.getByTestId('send-text-row')
    expect(textRow.textContent).not.toContain('messages')
    expect(textRow.textContent).toContain('Teks pesan')
    expect(within(textRow).getByTestId('send-file-status').getAttribute('data-status')).toBe('read')
  })

  it('lists an audio file’s caption, with no text written, as its own row (QA35 Q35-01)', async () => {
    const user = show()
    await user.upload(screen.getByLabelText('Choose files'), [
      new File([new Uint8Array(900)], 'pesan suara.mp3', { type: 'audio/mpeg' })
    ])
    await screen.findAllByTestId('send-file-row')
    await user.type(screen.getByRole('combobox', { name: /^(Phone numbers|Group ids)$/ }), '081234567890')
    await user.type(screen.getByRole('textbox', { name: 'Caption for the files' }), 'Dengarkan ini ya')
    await user.click(screen.getByRole('button', { name: /^(Send|Schedule)$/ }))
    const captionRow = await screen.findByTestId('send-caption-row')
    expect(captionRow.textContent).toContain('Dengarkan ini ya')
    expect(screen.queryByTestId('send-text-row')).toBeNull()
  })

  it('offers to send a text over the limit as several messages, cut between words, and sends the parts in order', async () => {
    const user = show()
    const words = Array.from({ length: 300 }, (_, i) => `kata${i}`)
    const long = words.join(' ') // 2,189 characters: three parts of at most 1,024
    await user.type(screen.getByRole('combobox', { name: 'Phone numbers' }), '081234567890')
    fireEvent.change(screen.getByRole('textbox', { name: 'Text message' }), { target: { value: long } })
    expect(screen.getByText(/over 1,024 characters. Send it as 3 messages/)).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Split into 3 messages' }))
    expect(screen.getByText('Will be sent as 3 messages, cut between words.')).toBeTruthy()
    expect(screen.queryByText('The text is longer than 1,024 characters.')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Send' }))
    await waitFor(() => expect(fake.requests('outbox:enqueue')).toHaveLength(1))
    const entries = fake.requests('outbox:enqueue')[0]?.entries ?? []
    expect(entries).toHaveLength(3)
    const texts = entries.map((entry) => (entry.kind === 'text' ? entry.text : ''))
    for (const text of texts) expect([...text].length).toBeLessThanOrEqual(1024)
    expect(texts.join(' ')).toBe(long)
    // The card's text row says it is three messages, so its rows add up to the summary's "3 in all" (QA F10).
    expect((await screen.findByTestId('send-text-row')).textContent).toContain(
      'Text, as 3 messages to each recipient'
    )
  })

  it('keeps a long text as one message (refused as too long) until the operator chooses to split it', async () => {
    const user = show()
    await user.type(screen.getByRole('combobox', { name: 'Phone numbers' }), '081234567890')
    fireEvent.change(screen.getByRole('textbox', { name: 'Text message' }), {
      target: { value: 'kata '.repeat(300) }
    })
    await user.click(screen.getByRole('button', { name: /^Split into/ }))
    await user.click(screen.getByRole('button', { name: 'Keep as one message' }))
    await user.click(screen.getByRole('button', { name: 'Send' }))
    expect(fake.requests('outbox:enqueue')).toEqual([])
    expect(screen.getByRole('alert').textContent).toContain('The text is longer than 1,024 characters.')
  })

  it('previews the text as WhatsApp will show it (bold, italic, strike, monospace), only when it has formatting', async () => {
    const user = show()
    const text = screen.getByRole('textbox', { name: 'Text message' })
    await user.type(text, 'Harga 2*3')
    expect(screen.queryByRole('figure', { name: 'As WhatsApp will show it' })).toBeNull()
    await user.clear(text)
    fireEvent.change(text, { target: { value: 'Halo *Budi*, _jangan lupa_ ~besok~ ```INV-7```' } })
    const preview = screen.getByRole('figure', { name: 'As WhatsApp will show it' })
    expect(within(preview).getByText('Budi').tagName).toBe('STRONG')
    expect(within(preview).getByText('jangan lupa').tagName).toBe('EM')
    expect(within(preview).getByText('besok').tagName).toBe('S')
    expect(within(preview).getByText('INV-7').tagName).toBe('CODE')
    expect(preview.textContent).not.toContain('*')
  })

  it('names each device to send from with its number as it is read', () => {
    show()
    const options = within(screen.getByRole('combobox', { name: 'Send from' })).getAllByRole('option')
    expect(options.map((option) => option.textContent)).toEqual([
      'Front office — Connected (+62 812-3456-7890)',
      'Warehouse — Disconnected (+62 812-3456-7890)'
    ])
  })

  it('says what a message for a device not connected waits for: renewal for an expired one', async () => {
    const user = show()
    act(() =>
      useDevices
        .getState()
        .setDevices([makeDevice(), makeDevice({ id: 'dev-2', label: 'Warehouse', state: 'expired' })])
    )
    await user.selectOptions(screen.getByRole('combobox', { name: 'Send from' }), 'dev-2')
    expect(screen.getByTestId('send-device-warning').textContent).toBe(
      'This device’s subscription has ended: messages wait in the outbox until it is renewed.'
    )
  })

  it('says what a message for a device whose quota is used up waits for, as its card does (QA16 Q16-05)', async () => {
    const user = show()
    act(() =>
      useDevices
        .getState()
        .setDevices([makeDevice(), makeDevice({ id: 'dev-2', label: 'Warehouse', quota: 0 })])
    )
    await user.selectOptions(screen.getByRole('combobox', { name: 'Send from' }), 'dev-2')
    expect(screen.getByTestId('send-device-warning').textContent).toBe(
      'Its messages wait: renew or top up the gateway package, then check again.'
    )
    await user.selectOptions(screen.getByRole('combobox', { name: 'Send from' }), 'dev-1')
    expect(screen.queryByTestId('send-device-warning')).toBeNull()
  })

  it('says when a device’s daily cap is used up, and until when, under Send from (probe 4 P3)', async () => {
    const user = show()
    const capped = { dailyCap: 5, sentToday: { count: 7, resetsAt: '2026-12-04T00:00:00.000Z', zone: 'UTC' } }
    act(() =>
      useDevices
        .getState()
        .setDevices([makeDevice(), makeDevice({ id: 'dev-2', label: 'Warehouse', ...capped })])
    )
    await user.selectOptions(screen.getByRole('combobox', { name: 'Send from' }), 'dev-2')
    expect(screen.getByTestId('send-device-warning').textContent).toBe(
      'This device’s daily cap is used up: messages sent now wait in the outbox until its count starts again 4 Dec 2026, 00:00 UTC.'
    )
    // Under its cap: nothing said.
    act(() =>
      useDevices.getState().setDevices([
        makeDevice(),
        makeDevice({
          id: 'dev-2',
          label: 'Warehouse',
          ...capped,
          sentToday: { ...capped.sentToday, count: 4 }
        })
      ])
    )
    expect(screen.queryByTestId('send-device-warning')).toBeNull()
  })

  it('sends to groups from the chosen device', async () => {
    const user = show()
    await user.click(screen.getByRole('checkbox', { name: 'Send to a group' }))
    await user.type(
      screen.getByRole('combobox', { name: /^(Phone numbers|Group ids)$/ }),
      '120363210179095768'
    )
    await user.type(screen.getByRole('textbox', { name: 'Text message' }), 'Rapat jam 3')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Send from' }), 'dev-2')
    expect(screen.getByTestId('send-device-warning')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: /^(Send|Schedule)$/ }))
    expect(fake.requests('outbox:enqueue')[0]).toEqual({
      deviceId: 'dev-2',
      recipients: ['120363210179095768'],
      isGroup: true,
      entries: [{ kind: 'text', text: 'Rapat jam 3' }]
    })
  })

  it('schedules a text on the gateway in the chosen zone', async () => {
    const user = show()
    await user.type(screen.getByRole('combobox', { name: /^(Phone numbers|Group ids)$/ }), '081234567890')
    await user.type(screen.getByRole('textbox', { name: 'Text message' }), 'Pengingat')
    await user.click(screen.getByRole('radio', { name: 'Schedule' }))
    expect((screen.getByRole('combobox', { name: 'Time zone' }) as HTMLSelectElement).value).toBe(
      'Asia/Jakarta'
    )
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2030-06-01' } })
    fireEvent.change(screen.getByLabelText('Time'), { target: { value: '09:30' } })
    await user.selectOptions(screen.getByRole('combobox', { name: 'Time zone' }), 'Asia/Makassar')
    await user.click(screen.getByRole('radio', { name: 'The gateway' }))
    expect(screen.getByRole('button', { name: /^(Send|Schedule)$/ }).textContent).toBe('Schedule')
    await user.click(screen.getByRole('button', { name: /^(Send|Schedule)$/ }))
    expect(fake.requests('outbox:enqueue')[0]?.schedule).toEqual({
      localTime: '2030-06-01T09:30',
      timezone: 'Asia/Makassar',
      mode: 'gateway',
      overduePolicy: 'send'
    })
  })

  // A new operator's probe: 01:30 on 28 Mar 2027 in London was kept "until 02:30" with no word at the form.
  it('says at the time when the chosen zone’s clocks skip it or show it twice, and what becomes of it', async () => {
    const user = show()
    await user.type(screen.getByRole('combobox', { name: /^(Phone numbers|Group ids)$/ }), '081234567890')
    await user.type(screen.getByRole('textbox', { name: 'Text message' }), 'Pengingat')
    await user.click(screen.getByRole('radio', { name: 'Schedule' }))
    await user.selectOptions(screen.getByRole('combobox', { name: 'Time zone' }), 'Europe/London')
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2027-03-28' } })
    fireEvent.change(screen.getByLabelText('Time'), { target: { value: '01:30' } })
    const saidAtTime = (): string => accessibleDescription(screen.getByLabelText('Time'))
    expect(saidAtTime()).toContain(
      'The clocks go forward that night in London: 01:30 does not come that day, so it goes at 02:30.'
    )
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2027-10-31' } })
    expect(saidAtTime()).toContain(
      'The clocks go back that night in London: 01:30 comes twice that day, and it goes at the first.'
    )
    fireEvent.change(screen.getByLabelText('Time'), { target: { value: '03:30' } })
    expect(saidAtTime()).not.toContain('clocks')
    // Jakarta's clock never moves.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Time zone' }), 'Asia/Jakarta')
    fireEvent.change(screen.getByLabelText('Time'), { target: { value: '01:30' } })
    expect(saidAtTime()).not.toContain('clocks')
  })

  it("starts the next message's schedule on the default zone, not on the last one chosen", async () => {
    const user = show()
    await user.type(screen.getByRole('combobox', { name: /^(Phone numbers|Group ids)$/ }), '081234567890')
    await user.type(screen.getByRole('textbox', { name: 'Text message' }), 'Pengingat')
    await scheduleFor(user, { date: '2030-06-01', time: '09:30', zone: 'Asia/Makassar' })
    await user.click(screen.getByRole('button', { name: 'Schedule' }))
    expect(fake.requests('outbox:enqueue')[0]?.schedule?.timezone).toBe('Asia/Makassar')
    await user.click(await screen.findByRole('button', { name: 'Write another message' }))
    await user.click(screen.getByRole('radio', { name: 'Schedule' }))
    // Settings' default (the fixtures' Asia/Jakarta), and a fresh suggestion of the time, not the last message's.
    expect((screen.getByRole('combobox', { name: 'Time zone' }) as HTMLSelectElement).value).toBe(
      'Asia/Jakarta'
    )
    expect((screen.getByLabelText('Date') as HTMLInputElement).value).not.toBe('2030-06-01')
  })

  it('announces a gateway schedule that failed at once as not sent, not as "Scheduled." (QA13 Q13-04)', async () => {
    const user = show()
    await user.type(screen.getByRole('combobox', { name: /^(Phone numbers|Group ids)$/ }), '081234567890')
    await user.type(screen.getByRole('textbox', { name: 'Text message' }), 'Pengingat')
    await scheduleFor(user, { date: '2030-06-01', time: '09:30', by: 'The gateway' })
    const item = makeItem({ id: 'item-0-0', text: 'Pengingat', status: 'scheduled', scheduleMode: 'gateway' })
    fake.handle('outbox:get', () => ({ item, history: [] }))
    await user.click(screen.getByRole('button', { name: 'Schedule' }))
    const announced = (): string | undefined =>
      screen.getAllByRole('status').find((region) => region.classList.contains('visually-hidden'))
        ?.textContent ?? undefined
    await waitFor(() => expect(announced()).toBe('Scheduled.'))
    act(() =>
      fake.emit('outbox:itemChanged', {
        item: {
          ...item,
          status: 'failed',
          failure: {
            code: 'gateway_unclear',
            message: 'The gateway did not answer clearly',
            gatewayMessage: null
          }
        }
      })
    )
    expect(announced()).toBe('Not sent: The gateway did not answer clearly')
  })

  it('puts the focus on the schedule field that is empty: Time when only the time is missing (QA13 Q13-10)', async () => {
    const user = show()
    await user.type(screen.getByRole('combobox', { name: /^(Phone numbers|Group ids)$/ }), '081234567890')
    await user.type(screen.getByRole('textbox', { name: 'Text message' }), 'Pengingat')
    await scheduleFor(user, { date: '2030-06-01', time: '' })
    await user.click(screen.getByRole('button', { name: 'Schedule' }))
    expect(fake.requests('outbox:enqueue')).toEqual([])
    expect(document.activeElement).toBe(screen.getByLabelText('Time'))
    // No date either: Date, the first of the two.
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '' } })
    await user.click(screen.getByRole('button', { name: 'Schedule' }))
    expect(document.activeElement).toBe(screen.getByLabelText('Date'))
  })

  it('schedules files locally only, with the overdue policy', async () => {
    const user = show()
    await user.upload(screen.getByLabelText('Choose files'), [pdf()])
    await screen.findByTestId('send-file-row')
    await user.type(screen.getByRole('combobox', { name: /^(Phone numbers|Group ids)$/ }), '081234567890')
    await user.click(screen.getByRole('radio', { name: 'Schedule' }))
    expect((screen.getByRole('radio', { name: 'The gateway' }) as HTMLInputElement).disabled).toBe(true)
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2030-06-01' } })
    fireEvent.change(screen.getByLabelText('Time'), { target: { value: '18:00' } })
    await user.click(screen.getByRole('radio', { name: 'Hold it and ask me' }))
    await user.click(screen.getByRole('button', { name: /^(Send|Schedule)$/ }))
    expect(fake.requests('outbox:enqueue')[0]).toMatchObject({
      entries: [{ kind: 'file', handle: 'h-1' }],
      schedule: {
        localTime: '2030-06-01T18:00',
        timezone: 'Asia/Jakarta',
        mode: 'local',
        overduePolicy: 'hold'
      }
    })
  })

  describe('a schedule whose time has passed (QA finding 2)', () => {
    /** 29 Nov 2026, 17:27 WITA (09:27 UTC). */
    const NOW = Date.UTC(2026, 10, 29, 9, 27)
    afterEach(() => vi.useRealTimers())

    /** A text to one number, scheduled at 08:00 WITA today, before Schedule is pressed. */
    async function passedDraft(): Promise<ReturnType<typeof userEvent.setup>> {
      vi.useFakeTimers({ toFake: ['Date'] })
      vi.setSystemTime(NOW)
      const user = show()
      await user.type(screen.getByRole('combobox', { name: /^(Phone numbers|Group ids)$/ }), '081234567890')
      await user.type(screen.getByRole('textbox', { name: 'Text message' }), 'Tes jadwal lewat waktu')
      await scheduleFor(user, { date: '2026-11-29', time: '08:00', zone: 'Asia/Makassar' })
      return user
    }

    it('says a year typed short (0026) is no time at the field, in words, and asks nothing of the core', async () => {
      const user = await passedDraft()
      const date = screen.getByLabelText('Date')
      fireEvent.change(date, { target: { value: '0026-12-06' } })
      fireEvent.change(screen.getByLabelText('Time'), { target: { value: '20:30' } })
      expect(screen.getByTestId('send-schedule-no-such-time').textContent).toBe(
        '⚠ There is no 0026-12-06 20:30 to send at: check the day, the month and the year (four digits).'
      )
      expect(date.getAttribute('aria-invalid')).toBe('true')
      await user.click(screen.getByRole('button', { name: 'Schedule' }))
      expect(fake.requests('outbox:enqueue')).toEqual([])
      expect(document.activeElement).toBe(date)
      expect(screen.getByTestId('send-problems').textContent).toContain(
        'There is no such day or time to schedule: check its day, month and year.'
      )
      fireEvent.change(date, { target: { value: '2026-12-06' } })
      expect(screen.queryByTestId('send-schedule-no-such-time')).toBeNull()
      await user.click(screen.getByRole('button', { name: 'Schedule' }))
      expect(fake.requests('outbox:enqueue')[0]?.schedule?.localTime).toBe('2026-12-06T20:30')
    })

    it('says so at the field, in the chosen zone, and queues nothing', async () => {
      const user = await passedDraft()
      const time = screen.getByLabelText('Time')
      // Before Schedule is pressed: the field says it, with the time now on the chosen zone's clock.
      expect(screen.getByTestId('send-schedule-passed').textContent).toBe(
        `⚠ This time has passed: it is ${formatDateTimeInZone(new Date(NOW).toISOString(), localeOf('en'), 'Asia/Makassar')} now. Pick a later time, or send it now.`
      )
      expect(screen.getByTestId('send-schedule-passed').textContent).toContain('17:27 WITA')
      expect(time.getAttribute('aria-invalid')).toBe('true')
      await user.click(screen.getByRole('button', { name: 'Schedule' }))
      expect(fake.requests('outbox:enqueue')).toEqual([])
      expect(document.activeElement).toBe(time)
      expect(screen.getByTestId('send-problems').textContent).toContain(
        'The scheduled time has passed: pick a later time, or send it now.'
      )
      // A later time is a schedule again.
      fireEvent.change(time, { target: { value: '18:00' } })
      expect(screen.queryByTestId('send-schedule-passed')).toBeNull()
      await user.click(screen.getByRole('button', { name: 'Schedule' }))
      expect(fake.requests('outbox:enqueue')[0]?.schedule?.localTime).toBe('2026-11-29T18:00')
    })

    it('offers to send it now, which is never announced as "Scheduled."', async () => {
      const user = await passedDraft()
      await user.click(screen.getByRole('button', { name: 'Send it now instead' }))
      expect(fake.requests('outbox:enqueue')).toHaveLength(1)
      expect(fake.requests('outbox:enqueue')[0]?.schedule).toBeUndefined()
      await waitFor(() => expect(screen.getByText('Added to the outbox.')).toBeTruthy())
      expect(screen.queryByText('Scheduled.')).toBeNull()
    })

    it('repeats, before a large send, that a {nama} typed in the text goes out as written (after Q7-06)', async () => {
      const user = show()
      await user.click(screen.getByRole('combobox', { name: /^(Phone numbers|Group ids)$/ }))
      await user.paste(Array.from({ length: 30 }, (_, i) => `0812${10_000_000 + i}`).join(', '))
      await user.type(screen.getByRole('textbox', { name: 'Text message' }), 'Halo {{nama}, promo hari ini')
      await user.click(screen.getByRole('button', { name: /^(Send|Schedule)$/ }))
      const summary = screen.getByTestId('send-presend')
      expect(within(summary).getByTestId('send-presend-variables').textContent).toBe(
        '⚠ “{nama}” is sent as written: values from a spreadsheet are filled in only by Campaigns.'
      )
      // Without one, the summary says nothing of it.
      await user.click(within(summary).getByRole('button', { name: 'Go back' }))
      await user.clear(screen.getByRole('textbox', { name: 'Text message' }))
      await user.type(screen.getByRole('textbox', { name: 'Text message' }), 'Halo, promo hari ini')
      await user.click(screen.getByRole('button', { name: /^(Send|Schedule)$/ }))
      expect(within(screen.getByTestId('send-presend')).queryByTestId('send-presend-variables')).toBeNull()
    })

    it('is asked again when the time passes while the summary is read', async () => {
      vi.useFakeTimers({ toFake: ['Date'] })
      vi.setSystemTime(NOW)
      const user = show()
      await user.click(screen.getByRole('combobox', { name: /^(Phone numbers|Group ids)$/ }))
      await user.paste(Array.from({ length: 30 }, (_, i) => `0812${10_000_000 + i}`).join(', '))
      await user.type(screen.getByRole('textbox', { name: 'Text message' }), 'Halo')
      await scheduleFor(user, { date: '2026-11-29', time: '17:30', zone: 'Asia/Makassar' })
      await user.click(screen.getByRole('button', { name: 'Schedule' }))
      const summary = screen.getByTestId('send-presend')
      vi.setSystemTime(NOW + 5 * 60_000)
      await user.click(within(summary).getByRole('button', { name: /^Schedule/ }))
      expect(fake.requests('outbox:enqueue')).toEqual([])
      expect(document.activeElement).toBe(screen.getByLabelText('Time'))
    })
  })

  it('explains what is missing instead of sending', async () => {
    const user = show()
    await user.click(screen.getByRole('button', { name: /^(Send|Schedule)$/ }))
    expect(fake.requests('outbox:enqueue')).toEqual([])
    const problems = screen.getByTestId('send-problems').textContent ?? ''
    expect(problems).toContain('Add at least one recipient.')
    expect(problems).toContain('Add a file or write a text message.')
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: /^(Phone numbers|Group ids)$/ }))
  })

  it('never puts the problems alert in the page for a send or a schedule that succeeds (QA37 Q37-01)', async () => {
    const alertsSeen: string[] = []
    const watch = new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes) {
          if (!(node instanceof HTMLElement)) continue
          const alerts = [node, ...node.querySelectorAll<HTMLElement>('[role="alert"]')]
          for (const a of alerts)
            if (a.getAttribute('role') === 'alert' && a.textContent) alertsSeen.push(a.textContent)
        }
    })
    const user = show()
    watch.observe(document.body, { childList: true, subtree: true })
    await user.type(screen.getByRole('combobox', { name: /^(Phone numbers|Group ids)$/ }), '081234567890')
    await user.type(screen.getByRole('textbox', { name: 'Text message' }), 'Halo, pesanan Anda sudah siap.')
    await user.click(screen.getByRole('button', { name: /^(Send|Schedule)$/ }))
    await waitFor(() => expect(fake.requests('outbox:enqueue')).toHaveLength(1))
    await screen.findByText('Added to the outbox.')
    await new Promise((resolve) => setTimeout(resolve, 0))
    watch.disconnect()
    expect(alertsSeen).toEqual([])
    expect(screen.queryByTestId('send-problems')).toBeNull()
  })

  it('says each step of a send once, in order, from the batch summary only (QA37 Q37-08)', async () => {
    // What a screen reader hears: each live region's words whenever they change, in the order they change.
    const heard: string[] = []
    const lastSaid = new Map<Element, string>()
    const listen = (): void => {
      for (const region of document.querySelectorAll('[role="status"], [role="alert"], [aria-live]')) {
        if (region.getAttribute('aria-live') === 'off') continue
        // A region inside another is heard as part of the outer one.
        if (region.parentElement?.closest('[role="status"], [role="alert"], [aria-live]')) continue
        const words = region.textContent ?? ''
        if (words !== (lastSaid.get(region) ?? '') && words) heard.push(words)
        lastSaid.set(region, words)
      }
    }
    const watch = new MutationObserver(listen)
    const item = makeItem({ id: 'item-0-0', kind: 'text', text: 'Halo', status: 'queued' })
    fake.handle('outbox:get', () => ({ item, history: [] }))
    const user = show()
    listen()
    watch.observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true })
    await user.type(screen.getByRole('combobox', { name: /^(Phone numbers|Group ids)$/ }), '081234567890')
    await user.type(screen.getByRole('textbox', { name: 'Text message' }), 'Halo')
    // A number being typed is no recipient yet: "Recipients ready: 0" is never said on the way to the first one.
    expect(heard).toEqual(['Recipients ready: 1'])
    heard.length = 0
    await user.click(screen.getByRole('button', { name: /^(Send|Schedule)$/ }))
    await screen.findByText('Added to the outbox.')
    await screen.findByText('Queued')
    for (const next of ['accepted', 'sent'] as const) {
      act(() => fake.emit('outbox:itemChanged', { item: { ...item, status: next } }))
      await new Promise((resolve) => setTimeout(resolve, 0))
    }
    watch.disconnect()
    expect(heard).toEqual(['Added to the outbox.', '1 queued', '1 with the gateway', '1 sent'])
  })

  it('shows the core’s error when enqueue fails', async () => {
    fake.fail('outbox:enqueue', { code: 'device_paused', message: 'Sending on this device is paused.' })
    const user = show()
    await user.type(screen.getByRole('combobox', { name: /^(Phone numbers|Group ids)$/ }), '081234567890')
    await user.type(screen.getByRole('textbox', { name: 'Text message' }), 'Hi')
    await user.click(screen.getByRole('button', { name: /^(Send|Schedule)$/ }))
    expect(screen.getByTestId('send-error').textContent).toBe('Sending on this device is paused.')
  })

  // Issue 29 point 6: the refusal was kept worded, and stayed in English after Settings switched the window's language.
  it('says a kept refusal again in the language the window changes to', async () => {
    fake.fail('outbox:enqueue', {
      code: 'disk_full',
      message: 'The disk is full: free some space and try again (nothing was lost).',
      messageKey: 'desktop.error.diskFull'
    })
    const user = show()
    await user.type(screen.getByRole('combobox', { name: /^(Phone numbers|Group ids)$/ }), '081234567890')
    await user.type(screen.getByRole('textbox', { name: 'Text message' }), 'Hi')
    await user.click(screen.getByRole('button', { name: /^(Send|Schedule)$/ }))
    await screen.findByText('The disk is full: free some space and try again (nothing was lost).')
    act(() => useSettings.getState().set(makeSettings({ language: 'id' })))
    expect(screen.getByTestId('send-error').textContent).toBe(
      'Disk penuh: kosongkan sebagian ruang lalu coba lagi (tidak ada yang hilang).'
    )
  })

  it("says a file's kept refusal again in the language the window changes to", async () => {
    fake.onRegister(() => {
      throw new ApiError({
        code: 'disk_full',
        message: 'The disk is full: free some space and try again (nothing was lost).',
        messageKey: 'desktop.error.diskFull'
      })
    })
    const user = show()
    await user.upload(screen.getByLabelText('Choose files'), [pdf()])
    await screen.findByText(/The disk is full: free some space and try again/)
    act(() => useSettings.getState().set(makeSettings({ language: 'id' })))
    expect(
      await screen.findByText(
        /Disk penuh: kosongkan sebagian ruang lalu coba lagi \(tidak ada yang hilang\)\./
      )
    ).toBeTruthy()
  })

  it('shows each sent file’s progress from queued to read as item events arrive', async () => {
    const user = show()
    await user.upload(screen.getByLabelText('Choose files'), [png()])
    await screen.findByTestId('send-file-row')
    await user.type(screen.getByRole('combobox', { name: /^(Phone numbers|Group ids)$/ }), '081234567890')
    const item = makeItem({
      id: 'item-0-0',
      kind: 'image',
      text: null,
      fileName: 'photo.png',
      fileSize: 1200,
      status: 'queued'
    })
    fake.handle('outbox:get', () => ({ item, history: [] }))
    await user.click(screen.getByRole('button', { name: /^(Send|Schedule)$/ }))
    const row = await screen.findByTestId('send-file-row')
    expect(row.getAttribute('data-sent')).toBe('true')
    expect(useSend.getState().files).toEqual([])
    const status = (): string | null =>
      within(screen.getByTestId('send-file-row')).getByTestId('send-file-status').getAttribute('data-status')
    await screen.findByText('Queued')
    expect(status()).toBe('queued')
    for (const next of ['sending', 'accepted', 'sent', 'delivered', 'read'] as const) {
      act(() => fake.emit('outbox:itemChanged', { item: { ...item, status: next } }))
      expect(status()).toBe(next)
    }
    act(() =>
      fake.emit('outbox:itemChanged', {
        item: {
          ...item,
          status: 'failed',
          failure: {
            code: 'gateway_error',
            message: 'Number is not on WhatsApp',
            gatewayMessage: 'phone not registered'
          }
        }
      })
    )
    expect(screen.getByTestId('send-file-failure').textContent).toBe(
      'Number is not on WhatsApp What the gateway said: phone not registered'
    )
  })

  it('says a failure’s reason once in words and the gateway’s own words once, under their heading (QA7 Q7-01)', async () => {
    const { item } = await sendOnePhoto()
    const gateway = 'file size too large, maximum file size is 2 MB'
    // As the core stores it: the reason wrapped in its HTTP status, then in the gateway's words.
    const stored = decodeNote(
      encodeNote('desktop.gateway.said', {
        reason: encodeNote('desktop.gateway.httpStatus', {
          reason: encodeNote('desktop.gateway.fileTooLarge'),
          status: 413
        }),
        gateway
      })
    )!
    act(() =>
      fake.emit('outbox:itemChanged', {
        item: {
          ...item,
          status: 'failed',
          failure: {
            code: 'file_too_large',
            message: `the file is too large (HTTP 413) (gateway: "${gateway}")`,
            messageKey: stored.key,
            messageParams: stored.params,
            gatewayMessage: gateway
          }
        }
      })
    )
    const failure = screen.getByTestId('send-file-failure').textContent ?? ''
    expect(failure).toBe(`The file is too large What the gateway said: ${gateway}`)
    expect(failure).not.toContain('HTTP 413')
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull()
  })

  it('advises on a failure that would fail the same way again, as the Outbox does (QA47 Q47-04)', async () => {
    const { user, item } = await sendOnePhoto()
    const failed = (gatewayMessage: string): void =>
      act(() =>
        fake.emit('outbox:itemChanged', {
          item: {
            ...item,
            status: 'failed',
            failure: { code: 'file_too_large', message: 'the file is too large', gatewayMessage }
          }
        })
      )
    failed('request entity too large')
    const row = screen.getByTestId('send-file-row')
    expect(within(row).getByTestId('outbox-remedy').textContent).toContain(
      'Sending it again would fail the same way: the file is larger than the gateway accepts.'
    )
    // The gateway named its maximum: the copy to send is under it.
    failed('file size too large, maximum file size is 2 MB')
    expect(within(row).getByTestId('outbox-remedy').textContent).toContain(
      'the gateway accepts files up to 2 MB'
    )
    await user.click(within(row).getByRole('button', { name: 'Change the file-size limit' }))
    expect(useNavigation.getState().view).toBe('devices')
    // At that device's limit form (QA48 Q48-02), not only its view.
    expect(useNavigation.getState().deviceAsk).toEqual({ deviceId: item.deviceId, action: 'fileLimit' })
  })

  it('gives no advice beside a failure that sending again may mend', async () => {
    const { item } = await sendOnePhoto()
    act(() =>
      fake.emit('outbox:itemChanged', {
        item: {
          ...item,
          status: 'failed',
          failure: { code: 'gateway_error', message: 'Gateway error', gatewayMessage: null }
        }
      })
    )
    expect(screen.getByTestId('send-file-failure')).toBeTruthy()
    expect(screen.queryByTestId('outbox-remedy')).toBeNull()
  })

  it('reports a batch that only reached the queue as queued, with the reason it waits', async () => {
    seedStores(makeBootstrap({ devices: [makeDevice({ label: 'Sandbox device', state: 'needs-scan' })] }))
    useNavigation.getState().navigate('send')
    connectEvents()
    render(<SendView />)
    const user = userEvent.setup()
    fake.handle('outbox:get', ({ id }) => ({ item: makeItem({ id, status: 'queued' }), history: [] }))
    await user.type(
      screen.getByRole('combobox', { name: /^(Phone numbers|Group ids)$/ }),
      '081234567890, 081234567891'
    )
    await user.type(screen.getByRole('textbox', { name: 'Text message' }), 'Hi')
    await user.click(screen.getByRole('button', { name: /^(Send|Schedule)$/ }))
    expect(await screen.findByRole('heading', { name: 'Waiting to be sent' })).toBeTruthy()
    expect(screen.queryByRole('heading', { name: 'Just sent' })).toBeNull()
    expect(screen.getByTestId('send-sent-summary').textContent).toBe(
      '2 queued — Sandbox device is logged out · 2 in all'
    )
  })

  /** The card of a batch already sent, with the core answering its items as given. */
  function sentBatch(items: ReturnType<typeof makeItem>[], scheduled = false): void {
    fake.handle('outbox:get', ({ id }) => ({ item: items.find((i) => i.id === id)!, history: [] }))
    act(() => {
      useSend.setState({
        sent: {
          itemIds: items.map((i) => i.id),
          files: [],
          text: 'Hi',
          recipients: items.map((i) => i.recipient),
          scheduled,
          at: new Date().toISOString()
        }
      })
    })
  }

  // On a UTC computer with the operator on WITA, a retry's time was the computer's, its zone unnamed ("30 Nov 2026,
  // 16:30"), where the Outbox says the same item's on the operator's clock, named.
  it("says when the gateway is tried again on the operator's clock, named", async () => {
    computerZoneIs('UTC')
    seedStores(
      makeBootstrap({ settings: makeSettings({ defaultTimezone: 'Asia/Makassar' }), devices: [makeDevice()] })
    )
    useNavigation.getState().navigate('send')
    render(<SendView />)
    sentBatch([makeItem({ id: 'r-1', status: 'queued', nextAttemptAt: '2026-11-30T16:30:00.000Z' })])
    await waitFor(() =>
      expect(screen.getByTestId('send-sent-summary').textContent).toContain(
        'tried again at 1 Dec 2026, 00:30 WITA'
      )
    )
  })

  it('follows its items through a bulk change (the outbox cancelled them all at once, one outbox:bulkChanged)', async () => {
    seedStores(makeBootstrap({ devices: [makeDevice({ label: 'Sandbox device', state: 'needs-scan' })] }))
    useNavigation.getState().navigate('send')
    const disconnect = connectEvents()
    try {
      render(<SendView />)
      const items = [makeItem({ id: 'b-1', status: 'queued' }), makeItem({ id: 'b-2', status: 'queued' })]
      sentBatch(items)
      expect(await screen.findByRole('heading', { name: 'Waiting to be sent' })).toBeTruthy()
      const later = new Date(Date.now() + 1000).toISOString()
      sentBatch(items.map((item) => ({ ...item, status: 'cancelled' as const, updatedAt: later })))
      act(() => fake.emit('outbox:bulkChanged', { count: 2 }))
      await waitFor(() =>
        expect(screen.getByTestId('send-sent-summary').textContent).toBe('2 cancelled · 2 in all')
      )
    } finally {
      disconnect()
    }
  })

  // An operator's probe: a device removed on the Devices view cancelled the message just sent (one bulk change while
  // Send was not shown); back on Send the card still said "Queued" until a reload.
  it('catches up with a bulk change made while another view was shown', async () => {
    seedStores(makeBootstrap({ devices: [makeDevice({ label: 'Sandbox device' })] }))
    useNavigation.getState().navigate('send')
    const disconnect = connectEvents()
    try {
      const shown = render(<SendView />)
      const items = [makeItem({ id: 'q-1', status: 'queued' })]
      sentBatch(items)
      expect(await screen.findByRole('heading', { name: 'Waiting to be sent' })).toBeTruthy()
      shown.unmount()
      const later = new Date(Date.now() + 1000).toISOString()
      sentBatch(items.map((item) => ({ ...item, status: 'cancelled' as const, updatedAt: later })))
      act(() => fake.emit('outbox:bulkChanged', { count: 1 }))
      render(<SendView />)
      await waitFor(() => expect(screen.getByTestId('send-sent-summary').textContent).toBe('1 cancelled'))
    } finally {
      disconnect()
    }
  })

  it('says an item deleted since (the core no longer has it) is deleted, not queued nor "not looked up yet"', async () => {
    seedStores(makeBootstrap({ devices: [makeDevice()] }))
    useNavigation.getState().navigate('send')
    const disconnect = connectEvents()
    try {
      render(<SendView />)
      const at = { scheduledAt: '2030-01-01T15:30:00.000Z', timezone: 'Asia/Makassar' }
      const kept = makeItem({ id: 's-1', status: 'scheduled', scheduleMode: 'local', ...at })
      const deleted = makeItem({ id: 's-2', recipient: '6281355557778', status: 'scheduled', ...at })
      sentBatch([kept, deleted], true)
      expect(await screen.findByRole('heading', { name: 'Just scheduled' })).toBeTruthy()
      // Deleted from another view (Schedules, the Outbox, the CLI): the core says so with one bulk change, and
      // answers `not_found` for the id from then on.
      fake.handle('outbox:get', ({ id }) => {
        if (id === kept.id) return { item: kept, history: [] }
        throw new ApiError({ code: 'not_found', message: `No outbox item ${id}.` })
      })
      act(() => fake.emit('outbox:bulkChanged', { count: 1 }))
      await waitFor(() =>
        expect(screen.getByTestId('send-sent-summary').textContent).toBe(
          '1 kept on this computer until 1 Jan 2030, 23:30 WITA · 1 deleted · 2 in all'
        )
      )
      expect(screen.getByRole('heading', { name: 'Just scheduled' })).toBeTruthy()
      // The list per recipient counts it too, as the summary does (QA63: "3 in all" over a list of 2).
      const perRecipient = within(screen.getByTestId('send-text-row')).getByRole('group')
      expect(within(perRecipient).getByText('Per recipient (2)')).toBeTruthy()
      expect(
        within(perRecipient)
          .getAllByRole('listitem')
          .map((li) => li.textContent)
      ).toEqual([expect.stringMatching(/: Scheduled$/), '1 more deleted from the outbox since'])

      // The last one goes too: the card says that nothing of it is left, not "Queued".
      fake.handle('outbox:get', ({ id }) => {
        throw new ApiError({ code: 'not_found', message: `No outbox item ${id}.` })
      })
      act(() => fake.emit('outbox:bulkChanged', { count: 1 }))
      expect(await screen.findByRole('heading', { name: 'Deleted' })).toBeTruthy()
      expect(screen.getByTestId('send-sent-summary').textContent).toBe('2 deleted · 2 in all')
      const status = within(screen.getByTestId('send-text-row')).getByTestId('send-file-status')
      expect(status.textContent).toContain('Deleted')
      expect(status.getAttribute('data-status')).toBe('deleted')
      expect(screen.queryByText('Queued')).toBeNull()
    } finally {
      disconnect()
    }
  })

  // QA58: reworded in Schedules ("…Senin" → "…Selasa"), the card still showed the old words beside live statuses.
  it('shows the words its messages carry now, once they were changed elsewhere', async () => {
    show()
    const items = ['item-0-0', 'item-1-0'].map((id, n) =>
      makeItem({ id, text: 'Hi', recipient: `628123456789${n}`, status: 'scheduled', scheduleMode: 'local' })
    )
    sentBatch(items, true)
    const textRow = await screen.findByTestId('send-text-row')
    await waitFor(() => expect(textRow.textContent).toContain('Hi'))
    act(() => {
      for (const item of items)
        useOutbox.getState().applyItem({ ...item, text: 'Hi, Selasa', updatedAt: '2026-01-15T03:05:00.000Z' })
    })
    await waitFor(() => expect(within(textRow).getByText('Hi, Selasa')).toBeTruthy())
  })

  it('says a message deleted here (Schedules, the Outbox) is deleted; the card stays with its draft until a new one', async () => {
    const user = show()
    const item = makeItem({ id: 'item-0-0', status: 'scheduled', scheduleMode: 'local' })
    sentBatch([item], true)
    expect(await screen.findByRole('heading', { name: 'Just scheduled' })).toBeTruthy()
    fake.handle('outbox:delete', () => ({ ok: true }))
    fake.handle('outbox:get', ({ id }) => {
      throw new ApiError({ code: 'not_found', message: `No outbox item ${id}.` })
    })
    await act(() => useOutbox.getState().remove(item.id))
    expect(await screen.findByRole('heading', { name: 'Deleted' })).toBeTruthy()
    expect(screen.getByTestId('send-sent-summary').textContent).toBe('1 deleted')
    // The draft it came from is still the one in the form: its card stays with it until a new message is written.
    await user.type(screen.getByRole('combobox', { name: /^(Phone numbers|Group ids)$/ }), '0812')
    expect(screen.queryByTestId('send-sent')).toBeNull()
  })

  it('heads a send whose items failed "Not sent" or "Some messages failed", never "Just sent"', async () => {
    show()
    const failure = { code: 'gateway_error', message: 'Number is not on WhatsApp', gatewayMessage: null }
    sentBatch([makeItem({ id: 'item-0-0', status: 'failed', failure })])
    expect(await screen.findByRole('heading', { name: 'Not sent' })).toBeTruthy()
    expect(screen.queryByTestId('send-file-failed-count')).toBeNull()
    act(() => useSend.getState().dismissSent())
    sentBatch([
      makeItem({ id: 'item-1-0', status: 'failed', failure }),
      makeItem({ id: 'item-2-0', recipient: '6281234567891', status: 'delivered' })
    ])
    expect(await screen.findByRole('heading', { name: 'Some messages failed' })).toBeTruthy()
    expect(screen.queryByRole('heading', { name: 'Just sent' })).toBeNull()
    // The message's own line says how many of its recipients it failed for: "Failed" alone, above "1 delivered · 1
    // failed", read as failed for both (an operator's probe).
    expect(
      within(screen.getByTestId('send-text-row')).getByTestId('send-file-failed-count').textContent
    ).toBe('for 1 of 2')
  })

  // QA65: scheduled while sending was paused, "2 kept on this computer until 00:18" said nothing of the pause that then
  // held them.
  it('says what will hold a schedule kept here when its time comes: sending paused', async () => {
    show()
    act(() => useOutbox.setState({ sendingPaused: true }))
    const at = { scheduledAt: '2030-01-01T09:00:00.000Z', timezone: 'Asia/Jakarta' }
    sentBatch([makeItem({ id: 'item-0-0', status: 'scheduled', scheduleMode: 'local', ...at })], true)
    await waitFor(() =>
      expect(screen.getByTestId('send-sent-summary').textContent).toBe(
        '1 kept on this computer until 1 Jan 2030, 16:00 WIB, then waits: sending is paused'
      )
    )
  })

  it('says a schedule kept on this computer is kept here until when, on its zone (QA69: never said when)', async () => {
    show()
    const at = { scheduledAt: '2030-01-01T09:00:00.000Z', timezone: 'Asia/Jakarta' }
    sentBatch([makeItem({ id: 'item-0-0', status: 'scheduled', scheduleMode: 'local', ...at })], true)
    await waitFor(() =>
      expect(screen.getByTestId('send-sent-summary').textContent).toBe(
        '1 kept on this computer until 1 Jan 2030, 16:00 WIB'
      )
    )
    act(() => useSend.getState().dismissSent())
    const gatewaySchedule = { status: 'scheduled', scheduleMode: 'gateway', ...at } as const
    sentBatch([makeItem({ id: 'item-1-0', ...gatewaySchedule, savedAtGateway: true })], true)
    await waitFor(() =>
      expect(screen.getByTestId('send-sent-summary').textContent).toBe(
        '1 kept by the gateway until 1 Jan 2030, 16:00 WIB'
      )
    )
    // Until the gateway saved it, it is not the gateway's (QA40 Q40-01), and still says when it is due (QA69: it said
    // "not at the gateway yet" alone, the time left out).
    act(() => useSend.getState().dismissSent())
    sentBatch([makeItem({ id: 'item-3-0', ...gatewaySchedule, savedAtGateway: false })], true)
    await waitFor(() =>
      expect(screen.getByTestId('send-sent-summary').textContent).toBe(
        '1 scheduled for 1 Jan 2030, 16:00 WIB, not at the gateway yet'
      )
    )
    // Items kept until different times (not one send of this window's) keep the general words.
    act(() => useSend.getState().dismissSent())
    sentBatch(
      [
        makeItem({ id: 'item-2-0', status: 'scheduled', scheduleMode: 'local', ...at }),
        makeItem({
          id: 'item-2-1',
          recipient: '6281355557778',
          status: 'scheduled',
          scheduleMode: 'local',
          ...at,
          timezone: 'Asia/Makassar'
        })
      ],
      true
    )
    await waitFor(() =>
      expect(screen.getByTestId('send-sent-summary').textContent).toBe(
        '2 kept on this computer until the scheduled time · 2 in all'
      )
    )
  })

  it('says in Bahasa Indonesia until when a schedule is kept', async () => {
    show()
    useSettings.getState().set(makeSettings({ ...useSettings.getState().settings, language: 'id' }))
    const at = { scheduledAt: '2030-01-01T09:00:00.000Z', timezone: 'Asia/Makassar' }
    sentBatch([makeItem({ id: 'item-0-0', status: 'scheduled', scheduleMode: 'local', ...at })], true)
    await waitFor(() =>
      expect(screen.getByTestId('send-sent-summary').textContent).toBe(
        '1 disimpan di komputer ini sampai 1 Jan 2030, 17.00 WITA'
      )
    )
  })

  it('says a message the daily cap holds waits for it and until when, once the core says so (QA26 Q26-02)', async () => {
    for (const [language, said] of [
      ['en', '1 queued — this number reached its daily cap of 3; it goes on at 1 Dec 2026, 00:00 UTC'],
      [
        'id',
        '1 dalam antrean — nomor ini sudah mencapai batas hariannya, 3; lanjut pada 1 Des 2026, 00.00 UTC'
      ]
    ] as const) {
      seedStores(makeBootstrap({ settings: makeSettings({ language }), devices: [makeDevice()] }))
      useNavigation.getState().navigate('send')
      const disconnect = connectEvents()
      try {
        const { unmount } = render(<SendView />)
        const queued = makeItem({ id: `cap-${language}`, status: 'queued' })
        sentBatch([queued])
        await waitFor(() => expect(screen.getByTestId('send-sent-summary').textContent).not.toContain('—'))
        // The cap held it after it was queued: the core announces it (a bulk change), the card reads it again.
        const held = {
          ...queued,
          waitReason: {
            message: 'this number reached its daily cap',
            messageKey: 'desktop.wait.deviceDailyCap',
            messageParams: { cap: 3, until: '2026-12-01T00:00:00.000Z', zone: 'UTC' }
          }
        }
        sentBatch([held])
        act(() => fake.emit('outbox:bulkChanged', { count: 0 }))
        await waitFor(() => expect(screen.getByTestId('send-sent-summary').textContent).toBe(said))
        unmount()
      } finally {
        disconnect()
      }
    }
  })

  it('the card of the last send leaves once a new message is written', async () => {
    const user = show()
    sentBatch([makeItem({ id: 'item-0-0', status: 'delivered' })])
    expect(await screen.findByRole('heading', { name: 'Just sent' })).toBeTruthy()
    await user.type(screen.getByRole('combobox', { name: /^(Phone numbers|Group ids)$/ }), '0812')
    expect(screen.queryByTestId('send-sent')).toBeNull()
  })

  it('sends nothing on a plain Enter in a field, and says nothing of what is missing (only Send or Ctrl+Enter send)', async () => {
    // An operator entered a number with Enter, pressed Enter again, and read "Add a file or write a text message"
    // before pressing Send: the form's implicit submission had sent it.
    const user = show()
    await user.type(
      screen.getByRole('combobox', { name: /^(Phone numbers|Group ids)$/ }),
      '081234567890{Enter}'
    )
    await user.keyboard('{Enter}')
    await user.click(screen.getByRole('radio', { name: 'Schedule' }))
    screen.getByLabelText('Date').focus()
    await user.keyboard('{Enter}')
    expect(screen.queryByTestId('send-problems')).toBeNull()
    expect(screen.queryByText('Add a file or write a text message.')).toBeNull()
    await user.click(screen.getByRole('radio', { name: 'Send now' }))
    await user.type(screen.getByRole('textbox', { name: /^Text message/ }), 'Halo')
    screen.getByRole('combobox', { name: /^(Phone numbers|Group ids)$/ }).focus()
    await user.keyboard('{Enter}')
    expect(fake.requests('outbox:enqueue')).toEqual([])
  })

  it('sends with Ctrl+Enter and then focuses what was sent, not the cleared form', async () => {
    const user = show()
    fake.handle('outbox:get', ({ id }) => ({ item: makeItem({ id, status: 'queued' }), history: [] }))
    await user.type(screen.getByRole('combobox', { name: /^(Phone numbers|Group ids)$/ }), '081234567890')
    await user.type(screen.getByRole('textbox', { name: /^Text message/ }), 'Hi')
    await user.keyboard('{Control>}{Enter}{/Control}')
    expect(fake.requests('outbox:enqueue')).toHaveLength(1)
    const heading = await screen.findByRole('heading', { name: 'Waiting to be sent' })
    expect(document.activeElement).toBe(heading)
  })

  it('"Write another message" takes the last message\'s "Added to the outbox." away with its card (issue 29 point 1)', async () => {
    const user = show()
    await user.type(screen.getByRole('combobox', { name: /^(Phone numbers|Group ids)$/ }), '081234567890')
    await user.type(screen.getByRole('textbox', { name: 'Text message' }), 'Halo')
    await user.click(screen.getByRole('button', { name: 'Send' }))
    await waitFor(() => expect(screen.getByText('Added to the outbox.')).toBeTruthy())
    await user.click(await screen.findByRole('button', { name: 'Write another message' }))
    expect(screen.queryByText('Added to the outbox.')).toBeNull()
  })

  it('"Write another message" takes the focus to the recipients, where the next message starts', async () => {
    const user = show()
    sentBatch([makeItem({ id: 'item-0-0', status: 'delivered' })])
    await user.click(await screen.findByRole('button', { name: 'Write another message' }))
    expect(screen.queryByTestId('send-sent')).toBeNull()
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: /^(Phone numbers|Group ids)$/ }))
  })

  /** A text sent by keyboard: the card of it holds the focus, its outcome announced. */
  async function sendByKeyboard(user: ReturnType<typeof userEvent.setup>): Promise<HTMLElement> {
    fake.handle('outbox:get', ({ id }) => ({ item: makeItem({ id, status: 'queued' }), history: [] }))
    await user.type(screen.getByRole('combobox', { name: /^(Phone numbers|Group ids)$/ }), '081234567890')
    await user.type(screen.getByRole('textbox', { name: /^Text message/ }), 'Halo')
    await user.keyboard('{Control>}{Enter}{/Control}')
    const heading = await screen.findByRole('heading', { name: 'Waiting to be sent' })
    expect(document.activeElement).toBe(heading)
    await waitFor(() => expect(screen.getByText('Added to the outbox.')).toBeTruthy())
    return heading
  }

  it('an image pasted after a send: the card and its outcome go, the focus goes to the caption of the file added (QA26 Q26-01, Q26-07)', async () => {
    const user = show()
    const heading = await sendByKeyboard(user)
    await act(async () => {
      fireEvent.paste(heading, { clipboardData: { files: [png('clip.png')] } })
      await Promise.resolve()
    })
    expect(await screen.findByTestId('send-file-row')).toBeTruthy()
    expect(screen.queryByTestId('send-sent')).toBeNull()
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /^Caption/ }))
    expect(screen.queryByText('Added to the outbox.')).toBeNull()
  })

  it('a file dropped after a send: the card and its outcome go, the focus goes to the caption of the file added (QA26 Q26-01, Q26-07)', async () => {
    const user = show()
    await sendByKeyboard(user)
    await act(async () => {
      fireEvent.drop(window, { dataTransfer: { types: ['Files'], files: [pdf('Faktur November.pdf')] } })
      await Promise.resolve()
    })
    expect((await screen.findByTestId('send-file-row')).textContent).toContain('Faktur November.pdf')
    expect(screen.queryByTestId('send-sent')).toBeNull()
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /^Caption/ }))
    expect(screen.queryByText('Added to the outbox.')).toBeNull()
  })

  it('the next message begun by typing: the outcome of the last one goes with its card, the focus stays where it is typed', async () => {
    const user = show()
    await sendByKeyboard(user)
    const field = screen.getByRole('combobox', { name: /^(Phone numbers|Group ids)$/ })
    await user.type(field, '0812')
    expect(screen.queryByTestId('send-sent')).toBeNull()
    expect(screen.queryByText('Added to the outbox.')).toBeNull()
    expect(document.activeElement).toBe(field)
  })

  it('lays out the text in the direction of its script (Arabic, Hebrew right to left)', () => {
    show()
    expect(screen.getByRole('textbox', { name: /^Text message/ }).getAttribute('dir')).toBe('auto')
  })
})

describe('a large direct send is summed up before it goes (issue 29)', () => {
  /** `n` different valid numbers, as an operator pastes them. */
  const numbers = (n: number): string[] => Array.from({ length: n }, (_, i) => `0812${10_000_000 + i}`)

  function showWith(
    device: Partial<DeviceView>,
    pacingMs = 3000,
    /** The view's clock too (its setInterval): a test moves the time it re-reads. */
    withIntervals = false,
    language: 'en' | 'id' = 'en'
  ): ReturnType<typeof userEvent.setup> {
    vi.useFakeTimers({ toFake: withIntervals ? ['Date', 'setInterval', 'clearInterval'] : ['Date'] })
    vi.setSystemTime(PLAN_NOW)
    seedStores(
      makeBootstrap({
        settings: makeSettings({ pacingMs, defaultTimezone: 'Asia/Jakarta', language }),
        devices: [makeDevice({ label: 'Kantor', ...device })]
      })
    )
    useNavigation.getState().navigate('send')
    render(<SendView />)
    return userEvent.setup()
  }
  afterEach(() => vi.useRealTimers())

  async function draft(
    user: ReturnType<typeof userEvent.setup>,
    recipients: string[],
    files = 0
  ): Promise<void> {
    if (files > 0) {
      await user.upload(
        screen.getByLabelText('Choose files'),
        Array.from({ length: files }, (_, i) => png(`p${i}.png`))
      )
      await screen.findAllByTestId('send-file-row')
    }
    await user.click(screen.getByRole('combobox', { name: /^(Phone numbers|Group ids|Nomor ponsel)$/ }))
    await user.paste(recipients.join(', '))
    await user.click(screen.getByRole('textbox', { name: /^(Text message|Pesan teks)/ }))
    await user.paste('Halo')
  }

  /** The draft scheduled at `schedule.at` on Jakarta's clock, as the operator sets it in the form. */
  function scheduleAt(schedule: DirectSendSchedule): void {
    const { date, time } = instantToLocal(schedule.at, 'Asia/Jakarta')
    act(() =>
      useSend.getState().setSchedule({
        enabled: true,
        date,
        time: time.slice(0, 5),
        timezone: 'Asia/Jakarta',
        mode: schedule.mode
      })
    )
  }

  /** A draft to `recipients` numbers through `device`, scheduled at `schedule`, with Schedule pressed. */
  // QA79: ten pasted, three repeats, three marked ⚠ and two of the four left on the opt-out list, and the field said
  // "Recipients ready: 4" beside "2 recipients are on the opt-out list": only 2 go. Ready counts those that go.
  it('counts as ready only the recipients a send goes to, the opted-out ones named beside, in both languages', async () => {
    const pasted = [
      '081234567890, 0812-3456-7890',
      '+6281234567890',
      '12345',
      'abc',
      '089900001111',
      '085700001111, 6285700001111',
      '0812',
      '081355556666'
    ].join('\n')
    const onTheList = new Set(['6289900001111', '6281355556666'])
    for (const [language, label, ready, optedOut] of [
      [
        'en',
        'Phone numbers',
        'Recipients ready: 2 of 4, 2 opted out (3 repeated numbers left out: each number is sent once.)',
        '2 recipients are on the opt-out list (marked “opted out”): the gateway refuses messages to those numbers.'
      ],
      [
        'id',
        'Nomor ponsel',
        'Penerima siap: 2 dari 4, 2 berhenti berlangganan (3 nomor berulang tidak disertakan: setiap nomor dikirim sekali.)',
        '2 penerima ada di daftar berhenti berlangganan (bertanda “berhenti berlangganan”): gateway menolak pesan ke nomor-nomor itu.'
      ]
    ] as const) {
      fake.handle('optouts:among', ({ phones }) => ({ optedOut: phones.filter((p) => onTheList.has(p)) }))
      const user = showWith({ quota: 984 }, 3000, false, language)
      await user.click(screen.getByRole('combobox', { name: label }))
      await user.paste(pasted)
      await waitFor(() => expect(screen.getAllByTestId('recipient-opted-out')).toHaveLength(2))
      expect(screen.getByTestId('send-recipients-summary').textContent).toBe(ready)
      expect(screen.getByTestId('send-recipients-opted-out').textContent).toBe(optedOut)
      // None of them opted out any more: nothing said beside the count.
      onTheList.clear()
      fake.emit('optouts:changed', { at: new Date().toISOString() })
      await waitFor(() => expect(screen.queryAllByTestId('recipient-opted-out')).toEqual([]))
      expect(screen.getByTestId('send-recipients-summary').textContent).toBe(
        language === 'en'
          ? 'Recipients ready: 4 (3 repeated numbers left out: each number is sent once.)'
          : 'Penerima siap: 4 (3 nomor berulang tidak disertakan: setiap nomor dikirim sekali.)'
      )
      cleanup()
      resetSendStore()
      vi.useRealTimers()
      onTheList.add('6289900001111').add('6281355556666')
    }
  })

  async function scheduleDraft(
    device: Partial<DeviceView>,
    recipients: number,
    schedule: DirectSendSchedule
  ): Promise<ReturnType<typeof userEvent.setup>> {
    const user = showWith(device)
    await draft(user, numbers(recipients))
    scheduleAt(schedule)
    await user.click(screen.getByRole('button', { name: 'Schedule' }))
    return user
  }

  // A pasted column of 600 was summed up as "Send 600 messages", and that button then said "recipients: Too big:
  // expected array to have <=500 items", the contract's words.
  it('says at the field that a send goes to 500 at most, and queues nothing', async () => {
    const user = showWith({ quota: 10_000 })
    await draft(user, numbers(600))
    const field = screen.getByRole('combobox', { name: /^(Phone numbers|Group ids)$/ })
    const said =
      '⚠ 600 recipients: a send goes to 500 at most. Send to the rest apart, or to all of them as a campaign from a spreadsheet.'
    expect(screen.getByTestId('send-recipients-error').textContent).toBe(said)
    // Not "Recipients ready: 600" beside it: none is ready while the send is over its limit.
    expect(screen.getByTestId('send-recipients-summary').textContent).toBe(
      'Recipients: 600, 100 over the limit'
    )
    await user.click(screen.getByRole('button', { name: 'Send' }))
    expect(screen.getByTestId('send-problems').textContent).toBe('A send goes to 500 recipients at most.')
    expect(screen.queryByTestId('send-presend')).toBeNull()
    expect(fake.requests('outbox:enqueue')).toEqual([])
    expect(document.activeElement).toBe(field)
  })

  // A pasted column of 20,000 drew 20,000 chips: the window held for half a minute in Chromium. No more are drawn
  // than a send takes, the rest counted; over the limit is what is said, before a marked number to mend.
  it('draws no more chips than a send takes, and counts the rest', async () => {
    const user = showWith({ quota: 100_000 })
    await draft(user, [...numbers(1_999), '12345'])
    expect(screen.getAllByTestId('recipient-chip')).toHaveLength(500)
    expect(screen.getByTestId('send-recipients-not-drawn').textContent).toBe('And 1,500 more, not shown.')
    expect(screen.getByTestId('send-recipients-error').textContent).toBe(
      '⚠ 2,000 recipients: a send goes to 500 at most. Send to the rest apart, or to all of them as a campaign from a spreadsheet.'
    )
    await user.click(screen.getByRole('button', { name: 'Remove all recipients' }))
    expect(screen.queryByTestId('send-recipients-not-drawn')).toBeNull()
  })

  // The opted-out count was taken over the first 500 only (the chips drawn): 600 pasted with 3 opted out past the
  // 500th said "1 recipient is on the opt-out list", and leaving the rest to another send found 3 more.
  it('counts the opted-out recipients over all those pasted, past the limit too, asking no more than 500 at once', async () => {
    const pasted = numbers(1_200)
    // One among the chips drawn, three past them.
    const onTheList = new Set(['6281210000007', '6281210000600', '6281210000900', '6281210001199'])
    fake.handle('optouts:among', ({ phones }) => ({ optedOut: phones.filter((p) => onTheList.has(p)) }))
    const user = showWith({ quota: 10_000 })
    await draft(user, pasted)
    expect(screen.getByTestId('send-recipients-summary').textContent).toBe(
      'Recipients: 1,200, 700 over the limit'
    )
    await waitFor(() =>
      expect(screen.getByTestId('send-recipients-opted-out').textContent).toBe(
        '4 recipients are on the opt-out list (marked “opted out”): the gateway refuses messages to those numbers.'
      )
    )
    expect(screen.getAllByTestId('recipient-opted-out')).toHaveLength(1)
    // The contract's bound for one question.
    for (const { phones } of fake.requests('optouts:among')) expect(phones.length).toBeLessThanOrEqual(500)
  })

  it.each(DIRECT_SEND_CASES.map((c) => [c.name, c] as const))('the shared table: %s', async (_name, c) => {
    // What already waits for the device, as the core counts it (QA63: the end was given as if none waited).
    fake.handle('outbox:counts', () => ({ ...makeCounts(), queued: c.waiting ?? 0 }))
    const user = showWith(c.device, c.pacingMs)
    await waitFor(() => expect(fake.requests('outbox:counts')).not.toHaveLength(0))
    await draft(user, numbers(c.recipients), c.perRecipient - 1)
    if (c.schedule) scheduleAt(c.schedule)
    await user.click(screen.getByRole('button', { name: c.schedule ? 'Schedule' : 'Send' }))
    if (c.schedule && c.schedule.at <= PLAN_NOW) {
      // The plan would start it now; the form asks first instead (QA finding 2), and nothing is summed up or queued.
      expect(screen.getByTestId('send-schedule-passed')).toBeTruthy()
      expect(screen.queryByTestId('send-presend')).toBeNull()
      expect(fake.requests('outbox:enqueue')).toEqual([])
      return
    }
    if (!c.expected.needsSummary) {
      expect(screen.queryByTestId('send-presend')).toBeNull()
      await waitFor(() => expect(fake.requests('outbox:enqueue')).toHaveLength(1))
      return
    }
    expect(fake.requests('outbox:enqueue')).toEqual([])
    expect(screen.getByTestId('send-presend-messages').textContent).toBe(
      String(c.recipients * c.perRecipient)
    )
    expect(screen.getByTestId('send-presend-finish').textContent).toContain(
      formatDateTimeInZone(new Date(c.expected.finishAt).toISOString(), localeOf('en'), 'Asia/Jakarta')
    )
    if (c.waiting && !c.schedule)
      expect(screen.getByTestId('send-presend-finish').textContent).toContain(
        `after the ${c.waiting} already waiting for the device`
      )
    // Short of the quota, or with the device's quota not known (the gateway may stop part-way), the warning says so.
    const shortfall = screen.queryByTestId('send-presend-shortfall')?.textContent ?? null
    if (c.device.quota === null)
      expect(shortfall).toBe('The gateway quota is not known: the gateway may stop sending part-way.')
    else expect(shortfall !== null).toBe(c.expected.quotaShort > 0)
    expect(screen.queryByTestId('send-presend-over-budget') !== null).toBe(c.expected.afterFirstDay > 0)
  })

  // QA: 25 typed, 3 of them on the opt-out list (their chips say "opted out"), and the summary said 25 recipients and
  // 25 messages: its numbers did not add up to what would go. It names those left out, and counts only the others.
  it('names the opted-out recipients it leaves out, in both languages, and counts messages without them', async () => {
    const typed = numbers(25)
    const onTheList = new Set([3, 7, 20].map((i) => `62${typed[i]!.slice(1)}`))
    for (const [language, send, ready, said, button] of [
      [
        'en',
        'Send',
        'Recipients ready: 22 of 25, 3 opted out',
        '25 recipients: 22 will be sent, 3 opted out',
        'Send 22 messages'
      ],
      [
        'id',
        'Kirim',
        'Penerima siap: 22 dari 25, 3 berhenti berlangganan',
        '25 penerima: 22 akan dikirim, 3 berhenti berlangganan',
        'Kirim 22 pesan'
      ]
    ] as const) {
      fake.handle('optouts:among', ({ phones }) => ({ optedOut: phones.filter((p) => onTheList.has(p)) }))
      const user = showWith({ quota: 984 }, 3000, false, language)
      await draft(user, typed)
      await waitFor(() => expect(screen.getAllByTestId('recipient-opted-out')).toHaveLength(3))
      // QA79: the field said "Recipients ready: 25" beside this summary's 22: one count for both.
      expect(screen.getByTestId('send-recipients-summary').textContent).toBe(ready)
      await user.click(screen.getByRole('button', { name: send }))
      const summary = screen.getByTestId('send-presend')
      expect(within(summary).getByTestId('send-presend-recipients').textContent).toBe(said)
      expect(within(summary).getByTestId('send-presend-messages').textContent).toBe('22')
      expect(within(summary).getByRole('button', { name: button })).toBeTruthy()
      cleanup()
      resetSendStore()
      vi.useRealTimers()
    }
  })

  // QA71 follow-up: the summary said "22 will be sent, 3 opted out", and its "Send 22 messages" still met the core's
  // "Leave them out?", asking again what the summary had said. Its button is that answer, naming the numbers it saw.
  it('sends from its button leaving out the opted-out recipients it named, without asking again', async () => {
    const typed = numbers(25)
    const onTheList = [3, 7, 20].map((i) => `62${typed[i]!.slice(1)}`)
    fake.handle('optouts:among', ({ phones }) => ({ optedOut: phones.filter((p) => onTheList.includes(p)) }))
    // As the core: refused (the question) until the request carries the operator's answer.
    fake.handle('outbox:enqueue', (request) => {
      if (request.optedOut === undefined)
        throw new ApiError({
          code: 'opted_out',
          message: '3 of these numbers asked not to receive messages.',
          field: 'recipients'
        })
      return { itemIds: typed.slice(0, 22).map((_, i) => `item-${i}`), leftOut: onTheList }
    })
    const user = showWith({ quota: 984 })
    await draft(user, typed)
    await waitFor(() => expect(screen.getAllByTestId('recipient-opted-out')).toHaveLength(3))
    await user.click(screen.getByRole('button', { name: 'Send' }))
    await user.click(
      within(screen.getByTestId('send-presend')).getByRole('button', { name: 'Send 22 messages' })
    )
    await screen.findByTestId('send-sent')
    expect(fake.requests('outbox:enqueue')).toHaveLength(1)
    expect(fake.requests('outbox:enqueue')[0]).toMatchObject({
      optedOut: 'leave-out',
      optedOutSeen: onTheList
    })
    expect(screen.queryByTestId('send-opt-out-ask')).toBeNull()
  })

  // Nothing opted out in the summary: its Send answers no question, so one the core asks (a number that opted out
  // meanwhile) is asked.
  it('sends plainly from a summary that named nobody opted out', async () => {
    const user = showWith({ quota: 984 })
    await draft(user, numbers(22))
    await user.click(screen.getByRole('button', { name: 'Send' }))
    await user.click(
      within(screen.getByTestId('send-presend')).getByRole('button', { name: 'Send 22 messages' })
    )
    await waitFor(() => expect(fake.requests('outbox:enqueue')).toHaveLength(1))
    expect(fake.requests('outbox:enqueue')[0]?.optedOut).toBeUndefined()
  })

  it('names recipients after merging the same numbers, the device’s budget and the end in the window’s zone; sends only on its own button', async () => {
    const user = showWith({
      quota: 984,
      dailyCap: 200,
      sentToday: { count: 37, resetsAt: '2026-11-28T17:00:00.000Z', zone: 'Asia/Jakarta' }
    })
    const typed = numbers(22)
    // The same number written twice more: each is sent once, and the summary says so.
    await draft(user, [...typed, '+62 812 1000 0000', '6281210000001'])
    await user.click(screen.getByRole('button', { name: 'Send' }))
    const summary = screen.getByRole('group', { name: 'Before you send' })
    expect(within(summary).getByTestId('send-presend-recipients').textContent).toBe(
      '22 (2 repeated numbers left out: each number is sent once.)'
    )
    expect(within(summary).getByTestId('send-presend-device').textContent).toBe(
      'Kantor: 163 of this number’s daily cap of 200 left today (37 used); gateway quota 984'
    )
    // 22 messages, one every 3 s from 10:00 WIB: the last starts 63 s later.
    expect(within(summary).getByTestId('send-presend-finish').textContent).toMatch(
      /^28 Nov 2026, 10:01 WIB \(one message every 3 seconds, as set in Settings/
    )
    const confirm = within(summary).getByRole('button', { name: 'Send 22 messages' })
    expect(document.activeElement).toBe(confirm)
    // Ctrl+Enter again does not send past the summary: only its button does.
    await user.keyboard('{Control>}{Enter}{/Control}')
    expect(fake.requests('outbox:enqueue')).toEqual([])
    await user.click(confirm)
    await waitFor(() => expect(fake.requests('outbox:enqueue')).toHaveLength(1))
    expect(fake.requests('outbox:enqueue')[0]?.recipients).toHaveLength(22)
    await waitFor(() => expect(screen.queryByTestId('send-presend')).toBeNull())
  })

  // A new operator's walk: 30 numbers sent from a device the gateway could not reach were "Estimated end 02:24" a
  // minute away, as if it could send now.
  it('says the end counts from now when the device cannot send now, and not when it can', async () => {
    const user = showWith({ quota: 984, state: 'unreachable' })
    await draft(user, numbers(22))
    await user.click(screen.getByRole('button', { name: 'Send' }))
    expect(screen.getByTestId('send-presend-device-down').textContent).toBe(
      'Kantor cannot send now: the messages start once it can, and end that much later.'
    )
    await user.click(screen.getByRole('button', { name: 'Go back' }))
    act(() => useDevices.getState().upsert(makeDevice({ label: 'Kantor', quota: 984, state: 'connected' })))
    await user.click(screen.getByRole('button', { name: 'Send' }))
    expect(screen.getByTestId('send-presend-finish')).toBeTruthy()
    expect(screen.queryByTestId('send-presend-device-down')).toBeNull()
  })

  // An operator's probe of the campaign form's end (the same rule): a summary read for ten minutes said the end of a
  // send pressed ten minutes earlier.
  it('moves its end with the clock while it is read: the end is of a send pressed now', async () => {
    const user = showWith({ quota: 984 }, 3000, true)
    await draft(user, numbers(22))
    await user.click(screen.getByRole('button', { name: 'Send' }))
    const finish = screen.getByTestId('send-presend-finish')
    expect(finish.textContent).toMatch(/^28 Nov 2026, 10:01 WIB/)
    act(() => {
      vi.setSystemTime(PLAN_NOW + 10 * 60_000)
      vi.advanceTimersByTime(15_000)
    })
    expect(finish.textContent).toMatch(/^28 Nov 2026, 10:11 WIB/)
  })

  it('names a quota that does not cover the send and lets the operator send anyway or go back', async () => {
    const user = showWith({ quota: 10 })
    await draft(user, numbers(12))
    await user.click(screen.getByRole('button', { name: 'Send' }))
    expect(screen.getByTestId('send-presend-shortfall').textContent).toBe(
      'The gateway quota covers 10 of 12 messages: 2 short. Once it is spent the rest wait until the gateway package is renewed or topped up.'
    )
    expect(screen.getByRole('button', { name: 'Send anyway' })).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Go back' }))
    expect(screen.queryByTestId('send-presend')).toBeNull()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Send' }))
    expect(fake.requests('outbox:enqueue')).toEqual([])
  })

  it('a spent quota promises no end: the messages wait for it; a quota covering part ends that part, the rest waits', async () => {
    const user = showWith({ quota: 0 })
    await draft(user, numbers(25))
    await user.click(screen.getByRole('button', { name: 'Send' }))
    expect(screen.getByTestId('send-presend-finish').textContent).toBe(
      'None while the gateway quota is spent: the messages wait until the gateway package is renewed or topped up.'
    )
    await user.click(screen.getByRole('button', { name: 'Go back' }))
    act(() => useDevices.getState().setDevices([makeDevice({ label: 'Kantor', quota: 21 })]))
    await user.click(screen.getByRole('button', { name: 'Send' }))
    // 21 of 25 from 10:00 WIB, one every 3 s: the 21st starts 60 s later; 4 wait.
    expect(screen.getByTestId('send-presend-finish').textContent).toMatch(
      /^The 21 messages the gateway quota covers finish about 28 Nov 2026, 10:01 WIB; the other 4 wait until the gateway package is renewed or topped up\. \(one message every 3 seconds/
    )
  })

  it('a large scheduled send is summed up too: when it starts, who sends it, that day’s cap, its own button', async () => {
    // Tomorrow 09:00 WIB, kept on this computer: today's spent cap does not count, tomorrow's 10 do.
    const user = await scheduleDraft(
      {
        quota: 984,
        dailyCap: 10,
        sentToday: { count: 10, resetsAt: '2026-11-28T17:00:00.000Z', zone: 'Asia/Jakarta' }
      },
      25,
      { at: Date.parse('2026-11-29T02:00:00.000Z'), mode: 'local' }
    )
    const summary = screen.getByRole('group', { name: 'Before you schedule' })
    expect(within(summary).getByTestId('send-presend-starts').textContent).toBe('29 Nov 2026, 09:00 WIB')
    expect(within(summary).getByTestId('send-presend-over-budget').textContent).toBe(
      'The daily cap allows 10 of 25 on the day they start; the rest go on the following days.'
    )
    // 15 more after the 10: 10 on the 30th from midnight, the last 5 on 1 December, one every 3 s.
    expect(within(summary).getByTestId('send-presend-finish').textContent).toMatch(
      /^1 Dec 2026, 00:00 WIB \(one message every 3 seconds/
    )
    expect(fake.requests('outbox:enqueue')).toEqual([])
    // A different time is a different plan: the summary goes, and Schedule asks again.
    act(() => useSend.getState().setSchedule({ time: '10:00' }))
    expect(screen.queryByTestId('send-presend')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Schedule' }))
    expect(within(screen.getByTestId('send-presend')).getByTestId('send-presend-starts').textContent).toBe(
      '29 Nov 2026, 10:00 WIB'
    )
    await user.click(screen.getByRole('button', { name: 'Schedule 25 messages' }))
    await waitFor(() => expect(fake.requests('outbox:enqueue')).toHaveLength(1))
    expect(fake.requests('outbox:enqueue')[0]?.schedule).toMatchObject({ localTime: '2026-11-29T10:00' })
  })

  it('a gateway schedule is fired by the gateway at its time: no pace, and a short quota is still named', async () => {
    await scheduleDraft(
      {
        quota: 20,
        dailyCap: 5,
        sentToday: { count: 5, resetsAt: '2026-11-28T17:00:00.000Z', zone: 'Asia/Jakarta' }
      },
      22,
      { at: Date.parse('2026-11-28T08:00:00.000Z'), mode: 'gateway' }
    )
    expect(screen.getByTestId('send-presend-finish').textContent).toBe(
      'The 20 messages the gateway quota covers finish about 28 Nov 2026, 15:00 WIB; the other 2 wait until the gateway package is renewed or topped up. (the gateway sends them all at this time itself, even while this computer is off)'
    )
    expect(screen.queryByTestId('send-presend-over-budget')).toBeNull()
    expect(screen.getByTestId('send-presend-shortfall')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Schedule anyway' })).toBeTruthy()
  })

  it('a change to the draft takes the summary away, so it never confirms what it did not show', async () => {
    const user = showWith({})
    await draft(user, numbers(21))
    await user.click(screen.getByRole('button', { name: 'Send' }))
    expect(screen.getByTestId('send-presend')).toBeTruthy()
    await user.type(screen.getByRole('textbox', { name: /^Text message/ }), '!')
    expect(screen.queryByTestId('send-presend')).toBeNull()
    // Undoing the change does not bring the old summary back: Send asks again.
    await user.type(screen.getByRole('textbox', { name: /^Text message/ }), '{Backspace}')
    expect(screen.queryByTestId('send-presend')).toBeNull()
    expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy()
    expect(fake.requests('outbox:enqueue')).toEqual([])
  })
})
