// The keyword lists beside the opt-out list: shown as the core keeps them, saved one per line, refusals at the lists.
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { ApiError } from '../../../../shared/contract'
import { keywordActionOf } from '../../../../shared/domain'
import { id } from '../../../../shared/i18n/id'
import type { FakeApi } from '../../testing/fake-api'
import { pressAndHold } from '../../testing/focus'
import { installFakeApi } from '../../testing/render'
import { OptOutKeywords } from './OptOutKeywords'

let fake: FakeApi

beforeEach(() => {
  fake = installFakeApi()
  fake.handle('optouts:keywords', () => ({ optOut: ['STOP', 'BERHENTI'], optIn: ['MULAI'] }))
})

describe('OptOutKeywords', () => {
  it('shows the lists, saves them one keyword per line (blank lines dropped) and shows what the core kept', async () => {
    fake.handle('optouts:setKeywords', (lists) => ({
      optOut: lists.optOut.map((k) => k.toUpperCase()),
      optIn: lists.optIn
    }))
    const user = userEvent.setup()
    render(<OptOutKeywords />)
    const out = screen.getByRole('textbox', { name: 'Opt-out keywords, one per line' })
    await waitFor(() => expect((out as HTMLTextAreaElement).value).toBe('STOP\nBERHENTI'))
    expect(
      (screen.getByRole('textbox', { name: 'Opt-in keywords, one per line' }) as HTMLTextAreaElement).value
    ).toBe('MULAI')
    await user.type(out, '\n\n  batal  ')
    await user.click(screen.getByRole('button', { name: 'Save keywords' }))
    expect(fake.requests('optouts:setKeywords')).toEqual([
      { optOut: ['STOP', 'BERHENTI', 'batal'], optIn: ['MULAI'] }
    ])
    expect(await screen.findByText('Keywords saved.')).toBeTruthy()
    expect((out as HTMLTextAreaElement).value).toBe('STOP\nBERHENTI\nBATAL')
  })

  it('keeps the focus on the pressed Save while the lists are saved, never on the page, and saves once', async () => {
    const user = userEvent.setup()
    render(<OptOutKeywords />)
    const out = screen.getByRole('textbox', { name: 'Opt-out keywords, one per line' })
    await waitFor(() => expect((out as HTMLTextAreaElement).value).toBe('STOP\nBERHENTI'))
    const saved = fake.defer('optouts:setKeywords')
    await pressAndHold(user, screen.getByRole('button', { name: 'Save keywords' }), saved.called)
    saved.resolve({ optOut: ['STOP', 'BERHENTI'], optIn: ['MULAI'] })
    expect(await screen.findByText('Keywords saved.')).toBeTruthy()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Save keywords' }))
    expect(fake.requests('optouts:setKeywords')).toHaveLength(1)
  })

  it('shows the core’s refusal at the lists, marked invalid and described by it', async () => {
    fake.fail('optouts:setKeywords', {
      code: 'invalid_keywords',
      message: '“MULAI” is in both lists.',
      field: 'keywords'
    })
    const user = userEvent.setup()
    render(<OptOutKeywords />)
    const out = screen.getByRole('textbox', { name: 'Opt-out keywords, one per line' })
    await waitFor(() => expect((out as HTMLTextAreaElement).value).toBe('STOP\nBERHENTI'))
    await user.type(out, '\nMULAI')
    await user.click(screen.getByRole('button', { name: 'Save keywords' }))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toBe('“MULAI” is in both lists.')
    expect(out.getAttribute('aria-invalid')).toBe('true')
    expect(out.getAttribute('aria-describedby')).toBe(alert.id)
    expect(screen.queryByText('Keywords saved.')).toBeNull()
  })

  it('says everything the keyword rule ignores, in both languages (QA: "STOP." opted out; the text said case and spaces)', async () => {
    render(<OptOutKeywords />)
    const intro = (await screen.findByText(/puts their number on the opt-out list/)).textContent
    const ignored: [string, RegExp, RegExp][] = [
      ['stop', /\bcase\b/, /huruf besar-kecil/],
      ['S T O P', /\bspaces\b/, /\bspasi\b/],
      ['STOP.', /“\.”/, /“\.”/],
      ['STOP!', /“!”/, /“!”/]
    ]
    for (const [text, english, indonesian] of ignored) {
      expect(keywordActionOf(text, { optOut: ['STOP'], optIn: [] })).toBe('opt-out')
      expect(intro).toMatch(english)
      expect(id['campaigns.optOutKeywords.intro']).toMatch(indonesian)
    }
  })

  it('says so when the lists cannot be read', async () => {
    fake.handle('optouts:keywords', () => {
      throw new ApiError({ code: 'internal', message: 'The database is busy.' })
    })
    render(<OptOutKeywords />)
    expect((await screen.findByRole('alert')).textContent).toBe('The database is busy.')
    expect(screen.getByRole('button', { name: 'Save keywords' })).toHaveProperty('disabled', true)
  })
})
