// A customer's file in the thread: a fetched image from a blob: URL of the core's bytes (never the gateway's URL),
// bounded and enlarged on click; a file that is not an image by its bytes as a card to save; the states before or
// instead of a download in words (English and Bahasa Indonesia), with "Try again" only where it can help.
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { InboxMediaView, InboxMessageView } from '../../../../shared/contract'
import type { FakeApi } from '../../testing/fake-api'
import { makeBootstrap, makeSettings } from '../../testing/fixtures'
import { installFakeApi, seedStores } from '../../testing/render'
import { MessageMedia } from './MessageMedia'

let fake: FakeApi
let made: Blob[]

beforeEach(() => {
  fake = installFakeApi()
  seedStores(makeBootstrap())
  made = []
  // jsdom has no object URLs: these record what the window would show.
  URL.createObjectURL = vi.fn((blob: Blob) => {
    made.push(blob)
    return `blob:sender-desk/${made.length}`
  })
  URL.revokeObjectURL = vi.fn()
})
afterEach(() => {
  vi.restoreAllMocks()
})

const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='

function media(over: Partial<InboxMediaView> = {}): InboxMediaView {
  return {
    state: 'fetched',
    kind: 'image',
    fileName: 'photo.png',
    type: 'image/png',
    bytes: 70,
    refusal: null,
    note: null,
    ...over
  }
}

function message(file: InboxMediaView | null, text = 'Foto pesanan'): InboxMessageView {
  return {
    number: 7,
    messageId: 'm7',
    deviceSerial: 'SN-0001',
    chatId: '6281234567890',
    isGroup: false,
    groupSubject: null,
    groupMember: null,
    pushName: 'Dewi',
    text,
    messageType: file?.kind ?? 'text',
    mediaUrl: 'https://solo.wablas.com/image/photo.png',
    sentAt: null,
    receivedAt: '2026-01-15T03:00:00.000Z',
    fromMe: false,
    read: true,
    keywordOutcome: null,
    media: file
  }
}

describe('a customer file in the thread', () => {
  it('shows a fetched image from a blob: URL of the core bytes, with the caption as alt text, and enlarges it', async () => {
    fake.handle('inbox:media', () => ({ media: media(), dataBase64: PNG_BASE64 }))
    render(<MessageMedia message={message(media())} onChanged={() => undefined} />)
    const image = await screen.findByTestId('inbox-media-image')
    expect(image.getAttribute('src')).toBe('blob:sender-desk/1')
    expect(image.getAttribute('alt')).toBe('Foto pesanan')
    expect(fake.requests('inbox:media')).toEqual([{ number: 7 }])
    expect(made[0]?.type).toBe('image/png')
    expect(made[0]?.size).toBe(atob(PNG_BASE64).length)
    // Never the gateway's URL.
    expect(document.body.innerHTML).not.toContain('wablas.com')

    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Show the image larger' }))
    const large = screen.getByRole('dialog', { name: 'Foto pesanan' })
    expect(large.querySelector('img')?.getAttribute('src')).toBe('blob:sender-desk/1')
    fireEvent.keyDown(window, { key: 'Escape' })
    expect(screen.queryByRole('dialog')).toBeNull()
    // The focus is back where the operator was.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Show the image larger' }))
  })

  it('leaves the large image open when an Escape was taken by what floats over it (the shortcuts panel)', async () => {
    fake.handle('inbox:media', () => ({ media: media(), dataBase64: PNG_BASE64 }))
    render(<MessageMedia message={message(media())} onChanged={() => undefined} />)
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Show the image larger' }))
    // The shortcuts panel (opened over the dialog) closes itself on this Escape and marks it taken.
    const taken = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true })
    taken.preventDefault()
    act(() => {
      window.dispatchEvent(taken)
    })
    expect(screen.getByRole('dialog', { name: 'Foto pesanan' })).toBeTruthy()
    // The next Escape is the dialog's, and it closes.
    fireEvent.keyDown(window, { key: 'Escape' })
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('decodes the core’s bytes with the browser’s base64 decoder, to show and to save (a 16 MB video held the window 0.8 s)', async () => {
    const withDecoder = Uint8Array as unknown as { fromBase64?: (text: string) => Uint8Array }
    const decode = vi.fn((text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0)))
    withDecoder.fromBase64 = decode
    try {
      fake.handle('inbox:media', () => ({ media: media(), dataBase64: PNG_BASE64 }))
      render(<MessageMedia message={message(media())} onChanged={() => undefined} />)
      await screen.findByTestId('inbox-media-image')
      expect(decode).toHaveBeenCalledWith(PNG_BASE64)
      expect(made[0]?.size).toBe(atob(PNG_BASE64).length)

      const pdf = media({ kind: 'document', fileName: 'invoice.pdf', type: 'application/pdf', bytes: 2048 })
      fake.handle('inbox:media', () => ({ media: pdf, dataBase64: btoa('%PDF-1.4') }))
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined)
      render(<MessageMedia message={message(pdf, '')} onChanged={() => undefined} />)
      await userEvent.setup().click(screen.getByRole('button', { name: 'Save a copy…' }))
      await waitFor(() => expect(decode).toHaveBeenCalledWith(btoa('%PDF-1.4')))
    } finally {
      delete withDecoder.fromBase64
    }
  })

  it('names an image without a caption for what it is', async () => {
    fake.handle('inbox:media', () => ({ media: media(), dataBase64: PNG_BASE64 }))
    render(<MessageMedia message={message(media(), '')} onChanged={() => undefined} />)
    expect((await screen.findByTestId('inbox-media-image')).getAttribute('alt')).toBe(
      'Image from the customer'
    )
  })

  it('shows a file sent as an image that is not one by its bytes as a card, never as an <img>', () => {
    render(
      <MessageMedia
        message={message(media({ type: 'application/octet-stream', bytes: 2048 }))}
        onChanged={() => undefined}
      />
    )
    expect(screen.queryByTestId('inbox-media-image')).toBeNull()
    expect(screen.getByTestId('inbox-media-file').textContent).toContain('photo.png')
    expect(fake.requests('inbox:media')).toEqual([])
  })

  it('shows a document as a card with its name and size, and saves a copy of the core bytes', async () => {
    const pdf = media({ kind: 'document', fileName: 'invoice.pdf', type: 'application/pdf', bytes: 2048 })
    fake.handle('inbox:media', () => ({ media: pdf, dataBase64: btoa('%PDF-1.4') }))
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined)
    render(<MessageMedia message={message(pdf, '')} onChanged={() => undefined} />)
    const card = screen.getByTestId('inbox-media-file')
    expect(card.textContent).toContain('invoice.pdf')
    expect(card.textContent).toContain('2 KB')
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save a copy…' }))
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1))
    expect(made[0]?.type).toBe('application/pdf')
    expect(fake.requests('inbox:media')).toEqual([{ number: 7 }])
  })

  it('suggests saving a customer’s file under its name as shown, with no bidi control or path in it', async () => {
    const saved: string[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download)
    })
    const user = userEvent.setup()
    const names = ['invoice\u202Efdp.exe', '../../.bashrc', 'C:\\Users\\x\\laporan.pdf', '\u202E\u2066.pdf']
    for (const fileName of names) {
      const file = media({ kind: 'document', fileName, type: 'application/pdf', bytes: 2048 })
      fake.handle('inbox:media', () => ({ media: file, dataBase64: btoa('%PDF-1.4') }))
      const { unmount } = render(<MessageMedia message={message(file, '')} onChanged={() => undefined} />)
      await user.click(screen.getByRole('button', { name: 'Save a copy…' }))
      await waitFor(() => expect(saved).toHaveLength(names.indexOf(fileName) + 1))
      unmount()
    }
    expect(saved).toEqual(['invoicefdp.exe', '-..-.bashrc', 'C-Users-x-laporan.pdf', 'file-7.pdf'])
  })

  it('keeps a document name’s extension whole where the name wraps (at 360 px ".pdf" broke as ".p" and "df")', () => {
    const pdf = media({
      kind: 'document',
      fileName: 'laporan-keuangan-november-2026.pdf',
      type: 'application/pdf',
      bytes: 2048
    })
    render(<MessageMedia message={message(pdf, '')} onChanged={() => undefined} />)
    const extension = screen.getByTestId('inbox-media-file').querySelector('.file-name-extension')
    expect(extension?.textContent).toBe('.pdf')
    expect(extension?.parentElement?.textContent).toContain('laporan-keuangan-november-2026.pdf')
  })

  it('plays a fetched video and audio in the native players', async () => {
    fake.handle('inbox:media', () => ({ media: media(), dataBase64: btoa('bytes') }))
    const { unmount } = render(
      <MessageMedia
        message={message(media({ kind: 'video', type: 'video/mp4' }))}
        onChanged={() => undefined}
      />
    )
    const video = await screen.findByTestId('inbox-media-video')
    expect(video.hasAttribute('controls')).toBe(true)
    expect(video.getAttribute('src')).toBe('blob:sender-desk/1')
    unmount()
    // What was made for the window is let go with it.
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:sender-desk/1')
    render(
      <MessageMedia
        message={message(media({ kind: 'audio', type: 'audio/ogg' }))}
        onChanged={() => undefined}
      />
    )
    expect((await screen.findByTestId('inbox-media-audio')).getAttribute('src')).toBe('blob:sender-desk/2')
  })

  it('says in words why a file is not shown, with "Try again" only for a failure or a file too large', async () => {
    const cases: [InboxMediaView, string, boolean][] = [
      [media({ state: 'pending' }), 'Downloading the image…', false],
      [
        media({ state: 'too_large', kind: 'video', bytes: 40_000_000 }),
        'Not downloaded: this video is larger than the 16 MB limit in Settings.',
        true
      ],
      [
        media({ state: 'failed', kind: 'document', note: 'HTTP 404' }),
        'The document could not be downloaded.',
        true
      ],
      [
        media({ state: 'refused', refusal: 'other-origin' }),
        'Not downloaded: the image’s link does not point to this device’s gateway, so it may not be safe.',
        false
      ],
      [
        media({ state: 'refused', refusal: 'not-http' }),
        'Not downloaded: the image’s link is not a web address.',
        false
      ]
    ]
    for (const [file, words, retry] of cases) {
      const { unmount } = render(<MessageMedia message={message(file)} onChanged={() => undefined} />)
      expect(screen.getByTestId('inbox-media-state').textContent).toContain(words)
      expect(screen.queryByRole('button', { name: 'Try again' }) !== null).toBe(retry)
      unmount()
    }
    expect(fake.requests('inbox:media')).toEqual([])
  })

  it('"Try again" asks the core to fetch again and tells the thread', async () => {
    const failed = media({ state: 'failed', note: 'timed out' })
    fake.handle('inbox:mediaRetry', () => media({ state: 'pending' }))
    const changed = vi.fn()
    render(<MessageMedia message={message(failed)} onChanged={changed} />)
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }))
    expect(fake.requests('inbox:mediaRetry')).toEqual([{ number: 7 }])
    await waitFor(() => expect(changed).toHaveBeenCalledTimes(1))
  })

  it('speaks Bahasa Indonesia', async () => {
    seedStores(makeBootstrap({ settings: makeSettings({ language: 'id' }) }))
    render(<MessageMedia message={message(media({ state: 'failed' }))} onChanged={() => undefined} />)
    await act(async () => undefined)
    expect(screen.getByTestId('inbox-media-state').textContent).toContain('Tidak dapat mengunduh gambar ini.')
    expect(screen.getByRole('button', { name: 'Coba lagi' })).toBeTruthy()
  })

  it('draws nothing for a text', () => {
    const { container } = render(<MessageMedia message={message(null)} onChanged={() => undefined} />)
    expect(container.innerHTML).toBe('')
  })
})
