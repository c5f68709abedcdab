// Auto-replies view: the device's rules from the gateway; add, edit and delete them; "try it" for sandbox devices.
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { ApiError, type AutoReplyView } from '../../../../shared/contract'
import { useSettings } from '../../stores/settings'
import type { FakeApi } from '../../testing/fake-api'
import { makeBootstrap, makeDevice, makeReceiving, makeSettings } from '../../testing/fixtures'
import { installFakeApi, seedStores } from '../../testing/render'
import { readsAgainOnTryAgain } from '../../testing/read-again'
import { dropFocusAsChromiumDoes, dropFocusOffDisabled, pressAndHold } from '../../testing/focus'
import { AutoRepliesView } from './AutoRepliesView'

let fake: FakeApi
const rule: AutoReplyView = {
  id: '12',
  keyword: 'jam buka',
  response: 'Buka 08.00',
  category: 'text',
  file: null
}

beforeEach(() => {
  fake = installFakeApi()
})

/** A sandbox device with no auto-reply, whose "try it" the fake gateway answers with no reply. */
function sandboxDeviceWithoutRules(): void {
  seedStores(makeBootstrap({ devices: [makeDevice({ id: 'dev-sb', sandbox: true })] }))
  fake.handle('autoReplies:list', () => ({ autoReplies: [] }))
  fake.handle('sandbox:receive', () => ({ incomingId: 'ABC', webhookDeliveryId: 'wh-1', replies: [] }))
}

/** Types a rule's keyword and reply into the rule form. */
async function writeRule(
  user: ReturnType<typeof userEvent.setup>,
  form: HTMLElement,
  keyword: string,
  reply: string
): Promise<void> {
  await user.type(within(form).getByRole('textbox', { name: 'Keyword' }), keyword)
  await user.type(within(form).getByRole('textbox', { name: 'Reply' }), reply)
}

describe('AutoRepliesView', () => {
  it('lists the rules and adds one, then lists again', async () => {
    seedStores(makeBootstrap({ devices: [makeDevice({ id: 'dev-1' })] }))
    fake.handle('autoReplies:list', () => ({ autoReplies: [rule] }))
    fake.handle('autoReplies:create', (request) => ({ ...rule, id: '13', ...request }))
    const user = userEvent.setup()
    render(<AutoRepliesView />)
    const row = await screen.findByTestId('autoreply-row')
    expect(row.textContent).toContain('jam buka')
    expect(row.textContent).toContain('Buka 08.00')
    expect(fake.requests('autoReplies:list')).toEqual([{ deviceId: 'dev-1' }])
    expect(screen.queryByTestId('try-incoming')).toBeNull()

    const form = screen.getByTestId('autoreply-new')
    await user.click(within(form).getByRole('button', { name: /^(Add auto-reply|Save)$/ }))
    expect(within(form).getAllByText('Required')).toHaveLength(2)
    expect(fake.requests('autoReplies:create')).toEqual([])
    await writeRule(user, form, ' harga ', 'Lihat katalog')
    for (const typed of [
      within(form).getByRole('textbox', { name: 'Keyword' }),
      within(form).getByRole('textbox', { name: 'Reply' })
    ])
      expect(typed.getAttribute('dir')).toBe('auto') // follows the script's direction
    await user.click(within(form).getByRole('button', { name: /^(Add auto-reply|Save)$/ }))
    expect(fake.requests('autoReplies:create')).toEqual([
      { deviceId: 'dev-1', keyword: 'harga', response: 'Lihat katalog' }
    ])
    expect(await within(form).findByText('Added at the gateway.')).toBeTruthy()
    await waitFor(() => expect(fake.requests('autoReplies:list')).toHaveLength(2))
  })

  it('edits and deletes a rule (after confirmation); shows a refusal', async () => {
    seedStores(makeBootstrap({ devices: [makeDevice({ id: 'dev-1' })] }))
    fake.handle('autoReplies:list', () => ({ autoReplies: [rule] }))
    fake.handle('autoReplies:update', (request) => ({ ...rule, ...request }))
    fake.fail('autoReplies:delete', { code: 'rejected', message: 'autoreply 12 not found' })
    const user = userEvent.setup()
    render(<AutoRepliesView />)
    await user.click(await screen.findByRole('button', { name: 'Edit' }))
    const form = screen.getByTestId('autoreply-form-12')
    expect((within(form).getByRole('textbox', { name: 'Keyword' }) as HTMLInputElement).value).toBe(
      'jam buka'
    )
    await user.clear(within(form).getByRole('textbox', { name: 'Reply' }))
    await user.type(within(form).getByRole('textbox', { name: 'Reply' }), 'Buka setiap hari')
    await user.click(within(form).getByRole('button', { name: /^(Add auto-reply|Save)$/ }))
    expect(fake.requests('autoReplies:update')).toEqual([
      { deviceId: 'dev-1', id: '12', keyword: 'jam buka', response: 'Buka setiap hari' }
    ])
    await waitFor(() => expect(screen.queryByTestId('autoreply-form-12')).toBeNull())

    await user.click(screen.getByRole('button', { name: 'Delete' }))
    expect(fake.requests('autoReplies:delete')).toEqual([])
    await user.click(screen.getByTestId('autoreply-delete-confirm-12'))
    expect(fake.requests('autoReplies:delete')).toEqual([{ deviceId: 'dev-1', id: '12' }])
    expect(await screen.findByText('autoreply 12 not found')).toBeTruthy()
  })

  it('keeps the focus on "Add auto-reply" once a rule is added or refused, by keyboard (QA8: it fell to the page)', async () => {
    seedStores(makeBootstrap({ devices: [makeDevice({ id: 'dev-1' })] }))
    fake.handle('autoReplies:list', () => ({ autoReplies: [] }))
    fake.handle('autoReplies:create', (request) => {
      dropFocusOffDisabled()
      return { ...rule, id: '13', ...request }
    })
    const user = userEvent.setup()
    render(<AutoRepliesView />)
    await screen.findByTestId('autoreplies-empty')
    const form = screen.getByTestId('autoreply-new')
    await writeRule(user, form, 'harga', 'Lihat katalog')
    const add = within(form).getByRole('button', { name: 'Add auto-reply' })
    add.focus()
    await user.keyboard('{Enter}')
    expect(await within(form).findByText('Added at the gateway.')).toBeTruthy()
    await waitFor(() => expect(document.activeElement).toBe(add))

    fake.handle('autoReplies:create', () => {
      dropFocusOffDisabled()
      throw new ApiError({ code: 'rejected', message: 'keyword ongkir already exist' })
    })
    await writeRule(user, form, 'ongkir', 'Cek di katalog')
    add.focus()
    await user.keyboard('{Enter}')
    expect(await within(form).findByRole('alert')).toBeTruthy()
    await waitFor(() => expect(document.activeElement).toBe(add))
  })

  it('keeps the focus on the pressed Add and Save while each runs, never on the page', async () => {
    seedStores(makeBootstrap({ devices: [makeDevice({ id: 'dev-1' })] }))
    fake.handle('autoReplies:list', () => ({ autoReplies: [rule] }))
    const user = userEvent.setup()
    render(<AutoRepliesView />)
    await screen.findByTestId('autoreply-row')
    const form = screen.getByTestId('autoreply-new')
    await writeRule(user, form, 'harga', 'Lihat katalog')
    const created = fake.defer('autoReplies:create')
    await pressAndHold(user, within(form).getByRole('button', { name: 'Add auto-reply' }), created.called)
    created.resolve({ ...rule, id: '13', keyword: 'harga', response: 'Lihat katalog' })
    expect(await within(form).findByText('Added at the gateway.')).toBeTruthy()

    await user.click(screen.getByRole('button', { name: 'Edit' }))
    const edit = screen.getByTestId('autoreply-form-12')
    const updated = fake.defer('autoReplies:update')
    await pressAndHold(user, within(edit).getByRole('button', { name: 'Save' }), updated.called)
    updated.resolve(rule)
    await waitFor(() => expect(screen.queryByTestId('autoreply-form-12')).toBeNull())
    expect(fake.requests('autoReplies:create')).toHaveLength(1)
    expect(fake.requests('autoReplies:update')).toHaveLength(1)
  })

  it('gives the focus to the first field it marks when Add is pressed with fields missing (QA8 Q8-04)', async () => {
    seedStores(makeBootstrap({ devices: [makeDevice({ id: 'dev-1' })] }))
    fake.handle('autoReplies:list', () => ({ autoReplies: [] }))
    const user = userEvent.setup()
    render(<AutoRepliesView />)
    await screen.findByTestId('autoreplies-empty')
    const form = screen.getByTestId('autoreply-new')
    within(form).getByRole('button', { name: 'Add auto-reply' }).focus()
    await user.keyboard('{Enter}')
    expect(document.activeElement).toBe(within(form).getByRole('textbox', { name: 'Keyword' }))
    await user.type(within(form).getByRole('textbox', { name: 'Keyword' }), 'harga')
    within(form).getByRole('button', { name: 'Add auto-reply' }).focus()
    await user.keyboard('{Enter}')
    expect(document.activeElement).toBe(within(form).getByRole('textbox', { name: 'Reply' }))
    expect(fake.requests('autoReplies:create')).toEqual([])
  })

  it('gives the focus to the list once a rule is deleted, by keyboard (QA8: it fell to the page)', async () => {
    seedStores(makeBootstrap({ devices: [makeDevice({ id: 'dev-1' })] }))
    let rules = [rule]
    fake.handle('autoReplies:list', () => ({ autoReplies: rules }))
    fake.handle('autoReplies:delete', () => {
      dropFocusAsChromiumDoes()
      rules = []
      return { ok: true as const, message: 'deleted' }
    })
    const user = userEvent.setup()
    render(<AutoRepliesView />)
    ;(await screen.findByTestId('autoreply-delete-12')).focus()
    await user.keyboard('{Enter}')
    screen.getByTestId('autoreply-delete-confirm-12').focus()
    await user.keyboard('{Enter}')
    await screen.findByTestId('autoreplies-empty')
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('heading', { name: 'Auto-replies at the gateway' })
      )
    )
  })

  it.each([
    {
      language: 'en' as const,
      says: '⚠ “jam buka” already has an auto-reply: edit it instead.'
    },
    {
      language: 'id' as const,
      says: '⚠ “jam buka” sudah punya balasan otomatis: ubah yang itu saja.'
    }
  ])(
    'says at the Keyword field that a keyword already has an auto-reply, before asking the gateway ($language; QA8 Q8-03)',
    async ({ language, says }) => {
      seedStores(
        makeBootstrap({ devices: [makeDevice({ id: 'dev-1' })], settings: makeSettings({ language }) })
      )
      fake.handle('autoReplies:list', () => ({ autoReplies: [rule] }))
      fake.handle('autoReplies:create', (request) => ({ ...rule, id: '13', ...request }))
      fake.handle('autoReplies:update', (request) => ({ ...rule, ...request }))
      const user = userEvent.setup()
      render(<AutoRepliesView />)
      await screen.findByTestId('autoreply-row')
      const form = screen.getByTestId('autoreply-new')
      const [keyword, reply] = within(form).getAllByRole('textbox')
      await user.type(keyword!, ' JAM  Buka')
      await user.type(reply!, 'dupe')
      await user.click(within(form).getByTestId('autoreply-submit'))
      expect(fake.requests('autoReplies:create')).toEqual([])
      expect(keyword!.getAttribute('aria-invalid')).toBe('true')
      const described = (keyword!.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent)
      expect(described).toContain(says)

      // The rule's own keyword, edited in place, is no clash.
      await user.click(screen.getByTestId('autoreply-edit-12'))
      const edit = screen.getByTestId('autoreply-form-12')
      await user.type(within(edit).getAllByRole('textbox')[1]!, '!')
      await user.click(within(edit).getByTestId('autoreply-submit'))
      expect(fake.requests('autoReplies:update')).toHaveLength(1)
    }
  )

  it('closes the delete question with Esc, as the shortcuts panel says, giving the focus back to Delete (QA8 Q8-10)', async () => {
    seedStores(makeBootstrap({ devices: [makeDevice({ id: 'dev-1' })] }))
    fake.handle('autoReplies:list', () => ({ autoReplies: [rule] }))
    const user = userEvent.setup()
    render(<AutoRepliesView />)
    const remove = await screen.findByTestId('autoreply-delete-12')
    remove.focus()
    await user.keyboard('{Enter}')
    expect(screen.getByText('Delete the auto-reply for “jam buka” at the gateway?')).toBeTruthy()
    await user.keyboard('{Escape}')
    expect(screen.queryByText('Delete the auto-reply for “jam buka” at the gateway?')).toBeNull()
    expect(document.activeElement).toBe(remove)
    expect(fake.requests('autoReplies:delete')).toEqual([])
  })

  it("closes the Edit form with Esc, as Schedules' Reschedule does, giving the focus back to Edit (QA47 Q47-02)", async () => {
    seedStores(makeBootstrap({ devices: [makeDevice({ id: 'dev-1' })] }))
    fake.handle('autoReplies:list', () => ({ autoReplies: [rule] }))
    const user = userEvent.setup()
    render(<AutoRepliesView />)
    const edit = await screen.findByTestId('autoreply-edit-12')
    edit.focus()
    await user.keyboard('{Enter}')
    const form = screen.getByTestId('autoreply-form-12')
    expect(form.contains(document.activeElement)).toBe(true)
    await user.keyboard('{Escape}')
    expect(screen.queryByTestId('autoreply-form-12')).toBeNull()
    expect(document.activeElement).toBe(edit)
    expect(fake.requests('autoReplies:update')).toEqual([])
  })

  it('sandbox devices: "try it" shows the auto-reply the sandbox sent', async () => {
    seedStores(makeBootstrap({ devices: [makeDevice({ id: 'dev-sb', sandbox: true })] }))
    fake.handle('autoReplies:list', () => ({ autoReplies: [rule] }))
    fake.handle('sandbox:receive', () => ({
      incomingId: 'ABC',
      webhookDeliveryId: null,
      replies: [
        {
          id: 'm-1',
          phone: '6281234567890',
          isGroup: false,
          kind: 'text',
          text: 'Buka 08.00',
          fileName: null,
          status: 'pending',
          source: 'autoreply',
          acceptedAt: '2026-01-15T03:00:00.000Z',
          updatedAt: '2026-01-15T03:00:00.000Z'
        }
      ]
    }))
    const user = userEvent.setup()
    render(<AutoRepliesView />)
    await screen.findByTestId('autoreply-row')
    await user.clear(screen.getByTestId('try-from'))
    await user.type(screen.getByTestId('try-from'), '0812777888')
    await user.type(screen.getByTestId('try-message'), 'Jam Buka')
    await user.click(screen.getByTestId('try-submit'))
    expect(fake.requests('sandbox:receive')).toEqual([
      { deviceId: 'dev-sb', from: '0812777888', message: 'Jam Buka' }
    ])
    expect((await screen.findByTestId('try-reply')).textContent).toBe('Auto-reply sent: Buka 08.00')
  })

  it('sandbox devices: "try it" takes the focus to its result line, whether it worked or not', async () => {
    sandboxDeviceWithoutRules()
    const user = userEvent.setup()
    render(<AutoRepliesView />)
    await user.type(await screen.findByTestId('try-message'), 'Halo')
    await user.click(screen.getByTestId('try-submit'))
    await screen.findByTestId('try-no-reply')
    expect(document.activeElement).toBe(screen.getByTestId('try-result'))
    // The inspector is not on this page: the line says where it is.
    expect(screen.getByTestId('try-webhook').textContent).toBe(
      'A copy is on its way to the webhook address. Its attempts are in the webhook inspector (Webhooks view).'
    )

    fake.handle('sandbox:receive', () => {
      throw new ApiError({ code: 'invalid_request', message: 'Enter the number the message comes from.' })
    })
    ;(document.activeElement as HTMLElement).blur()
    await user.click(screen.getByTestId('try-submit'))
    await screen.findByText('Enter the number the message comes from.')
    expect(document.activeElement).toBe(screen.getByTestId('try-result'))

    // A number the sandbox cannot read: said at the From field, marked invalid, and the focus is there to fix it.
    fake.handle('sandbox:receive', () => {
      throw new ApiError({ code: 'sandbox_refused', message: '"12ab" is not a phone number', field: 'from' })
    })
    ;(document.activeElement as HTMLElement).blur()
    await user.click(screen.getByTestId('try-submit'))
    const from = screen.getByTestId('try-from')
    await waitFor(() => expect(document.activeElement).toBe(from))
    expect(from.getAttribute('aria-invalid')).toBe('true')
    expect(document.getElementById(from.getAttribute('aria-describedby') ?? '')?.textContent).toContain(
      '"12ab" is not a phone number'
    )
  })

  it('sandbox devices: "try it" keeps the focus on the pressed Send while it runs, never on the page', async () => {
    sandboxDeviceWithoutRules()
    const received = fake.defer('sandbox:receive')
    const user = userEvent.setup()
    render(<AutoRepliesView />)
    await user.type(await screen.findByTestId('try-message'), 'Halo')
    await pressAndHold(user, screen.getByTestId('try-submit'), received.called)
    received.resolve({ incomingId: 'ABC', webhookDeliveryId: null, replies: [] })
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('try-result')))
    expect(fake.requests('sandbox:receive')).toHaveLength(1)
  })

  it('sandbox devices: "try it" can send a file with the message as its caption', async () => {
    sandboxDeviceWithoutRules()
    const user = userEvent.setup()
    render(<AutoRepliesView />)
    await user.clear(await screen.findByTestId('try-from'))
    await user.type(screen.getByTestId('try-from'), '0812777888')
    await user.type(screen.getByTestId('try-message'), 'Foto pesanan')
    await user.selectOptions(screen.getByTestId('try-media'), 'image')
    await user.click(screen.getByTestId('try-submit'))
    expect(fake.requests('sandbox:receive')).toEqual([
      { deviceId: 'dev-sb', from: '0812777888', message: 'Foto pesanan', media: 'image' }
    ])
  })

  it('sandbox devices: "try it" names the kinds of file as words in sentence case, in both languages (QA: "image")', async () => {
    sandboxDeviceWithoutRules()
    render(<AutoRepliesView />)
    const options = async (): Promise<(string | null)[]> =>
      [...((await screen.findByTestId('try-media')) as HTMLSelectElement).options].map((o) => o.textContent)
    expect(await options()).toEqual(['None (text only)', 'Image', 'Document', 'Video', 'Audio'])
    useSettings.getState().set(makeSettings({ language: 'id' }))
    await waitFor(async () =>
      expect((await options()).slice(1)).toEqual(['Gambar', 'Dokumen', 'Video', 'Audio'])
    )
  })

  it('sandbox devices: "try it" sends a voice note without words; a text message needs them', async () => {
    sandboxDeviceWithoutRules()
    const user = userEvent.setup()
    render(<AutoRepliesView />)
    const submit = (await screen.findByTestId('try-submit')) as HTMLButtonElement
    expect(submit.disabled).toBe(true)
    await user.selectOptions(screen.getByTestId('try-media'), 'audio')
    expect(screen.getByRole('textbox', { name: 'Caption (optional)' })).toBeTruthy()
    expect(submit.disabled).toBe(false)
    await user.click(submit)
    expect(fake.requests('sandbox:receive')).toEqual([
      { deviceId: 'dev-sb', from: '0812 3456 7890', message: '', media: 'audio' }
    ])
  })

  it.each([
    {
      language: 'en' as const,
      message: 'stop!',
      receiving: true,
      says: '“stop!” is one of the opt-out keywords: this number goes on the opt-out list (if it is not on it already) once Sender Desk reads the message from the relay.'
    },
    {
      language: 'id' as const,
      message: ' STOP ',
      receiving: true,
      says: '“STOP” termasuk kata kunci berhenti: nomor ini masuk daftar berhenti berlangganan (jika belum ada di sana) begitu Sender Desk membaca pesannya dari relay.'
    },
    {
      language: 'en' as const,
      message: 'Mulai',
      receiving: true,
      says: '“Mulai” is one of the opt-in keywords: this number comes off the opt-out list (if it is on it) once Sender Desk reads the message from the relay.'
    },
    {
      language: 'en' as const,
      message: 'STOP',
      receiving: false,
      says: '“STOP” is one of the keywords customers reply with, but this device does not receive messages through Sender Desk: the opt-out list does not change.'
    }
  ])(
    'sandbox devices: "try it" says what a keyword does to the opt-out list ($language, $message, receiving: $receiving)',
    async ({ language, message, receiving, says }) => {
      sandboxDeviceWithoutRules()
      seedStores(
        makeBootstrap({
          devices: [makeDevice({ id: 'dev-sb', sandbox: true })],
          settings: makeSettings({ language })
        })
      )
      fake.handle('optouts:keywords', () => ({ optOut: ['STOP', 'BERHENTI'], optIn: ['START', 'MULAI'] }))
      fake.handle('inbox:receiving', () =>
        makeReceiving({ devices: [{ deviceId: 'dev-sb', receiving, since: null, canUndo: false }] })
      )
      const user = userEvent.setup()
      render(<AutoRepliesView />)
      await user.type(await screen.findByTestId('try-message'), message)
      await user.click(screen.getByTestId('try-submit'))
      await screen.findByTestId('try-no-reply')
      // In the result line (a live region), said with the rest (QA: "STOP" read "No auto-reply matched" only).
      expect(within(screen.getByTestId('try-result')).getByTestId('try-keyword').textContent).toBe(says)
    }
  )

  it('sandbox devices: "try it" says nothing of the opt-out list for a text that is no keyword', async () => {
    sandboxDeviceWithoutRules()
    fake.handle('optouts:keywords', () => ({ optOut: ['STOP'], optIn: ['START'] }))
    const user = userEvent.setup()
    render(<AutoRepliesView />)
    await user.type(await screen.findByTestId('try-message'), 'stop please')
    await user.click(screen.getByTestId('try-submit'))
    await screen.findByTestId('try-no-reply')
    expect(screen.queryByTestId('try-keyword')).toBeNull()
    expect(fake.requests('inbox:receiving')).toEqual([])
  })

  it.each([
    ['en', 'This list could not be read: database is locked', 'Try again', 'Auto-replies at the gateway'],
    ['id', 'Daftar ini tidak dapat dibaca: database is locked', 'Coba lagi', 'Balasan otomatis di gateway']
  ] as const)(
    'says why the rules could not be read, with Try again that reads them again (%s)',
    async (language, says, tryAgain, title) => {
      seedStores(
        makeBootstrap({ settings: makeSettings({ language }), devices: [makeDevice({ id: 'dev-1' })] })
      )
      fake.once('autoReplies:list', () => {
        throw new ApiError({ code: 'internal', message: 'database is locked' })
      })
      fake.handle('autoReplies:list', () => ({ autoReplies: [rule] }))
      const user = userEvent.setup()
      render(<AutoRepliesView />)
      const list = await screen.findByRole('region', { name: title })
      await readsAgainOnTryAgain(user, list, {
        says,
        tryAgain,
        heading: () => within(list).getByRole('heading', { name: title }),
        read: () => within(list).findByTestId('autoreply-row')
      })
      expect(fake.requests('autoReplies:list')).toHaveLength(2)
    }
  )

  it('says so when the device list is empty', () => {
    seedStores(makeBootstrap({ devices: [] }))
    render(<AutoRepliesView />)
    expect(screen.getByTestId('autoreplies-device-none').textContent).toBe('Add a device first.')
  })
})

// An operator's probe: a keyword and reply typed, a look at another view, and both were empty on coming back.
describe('AutoRepliesView, typing kept', () => {
  it('keeps the add form’s typing while another view is shown, and starts empty again once added', async () => {
    seedStores(makeBootstrap({ devices: [makeDevice({ id: 'dev-1' })] }))
    fake.handle('autoReplies:list', () => ({ autoReplies: [] }))
    fake.handle('autoReplies:create', (request) => ({ ...rule, id: '13', ...request }))
    const user = userEvent.setup()
    const first = render(<AutoRepliesView />)
    await writeRule(user, await screen.findByTestId('autoreply-new'), 'ongkir', 'Ke Bandung Rp 15.000')
    first.unmount()
    const second = render(<AutoRepliesView />)
    const fields = async (): Promise<string[]> => {
      const form = await screen.findByTestId('autoreply-new')
      return ['Keyword', 'Reply'].map(
        (name) =>
          (within(form).getByRole('textbox', { name }) as HTMLInputElement | HTMLTextAreaElement).value
      )
    }
    expect(await fields()).toEqual(['ongkir', 'Ke Bandung Rp 15.000'])
    const form = screen.getByTestId('autoreply-new')
    await user.click(within(form).getByRole('button', { name: /^(Add auto-reply|Save)$/ }))
    expect(await within(form).findByText('Added at the gateway.')).toBeTruthy()
    second.unmount()
    render(<AutoRepliesView />)
    expect(await fields()).toEqual(['', ''])
  })
})
