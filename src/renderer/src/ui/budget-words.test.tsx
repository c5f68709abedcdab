// What a spent quota waits for, in the estimate and shortfall words: the gateway package for a hosted device, the
// sandbox panel's "Top up the quota" for the built-in sandbox's (it has no package to renew or top up).
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { DeviceView } from '../../../shared/contract'
import type { QuotaFinish } from '../../../shared/domain'
import { QUOTA_SHORTFALL_CASES } from '../../../shared/quota-topped-up.cases'
import { translate, type Language, type Translate } from '../i18n'
import { makeDevice } from '../testing/fixtures'
import { quotaText } from '../features/devices/quota-text'
import { BudgetWarnings, quotaFinishText, runningFinishText } from './budget-words'

// A device on a real gateway (makeDevice's default), beside one on the built-in sandbox gateway.
const hosted = makeDevice({ id: 'hosted', label: 'Front office', quota: 0 })
const sandbox = makeDevice({ id: 'sandbox', label: 'Test line', quota: 0, sandbox: true })
const at = (): string => '14:00'
const list = (labels: readonly string[]): string => labels.join(' & ')

const PACKAGE: Record<Language, RegExp> = { en: /gateway package/, id: /paket gateway/ }
const TOP_UP: Record<Language, RegExp> = {
  en: /“Top up the quota” in Sandbox controls/,
  id: /“Isi ulang kuota” di Kontrol sandbox/
}

const FINISHES: [string, QuotaFinish][] = [
  ['every message waits', { kind: 'waits_for_quota', waiting: 40 }],
  ['a part waits, its end known', { kind: 'part', at: 1_000, covered: 10, waiting: 30 }],
  ['a part waits, its end unknown', { kind: 'part', at: null, covered: 10, waiting: 30 }]
]

/** The shortfall warning BudgetWarnings draws in `language` for `messages` messages through `devices`, or null. */
function shortfallWordsIn(
  language: Language,
  devices: readonly DeviceView[],
  messages: number
): string | null {
  const t: Translate = (key, params) => translate(language, key, params)
  const { unmount } = render(
    <BudgetWarnings
      t={t}
      count={String}
      list={list}
      messages={messages}
      devices={devices}
      leftOnFirstDay={null}
      testIdPrefix="budget"
    />
  )
  const words = screen.queryByTestId('budget-shortfall')?.textContent ?? null
  unmount()
  return words
}

describe.each(['en', 'id'] as const)('a spent quota’s words (%s)', (language) => {
  const t: Translate = (key, params) => translate(language, key, params)

  it.each(FINISHES)('the pre-send end when %s points a sandbox device to its Top up', (_, finish) => {
    const words = quotaFinishText(t, finish, at, [sandbox], list)
    expect(words).toMatch(TOP_UP[language])
    expect(words).not.toMatch(PACKAGE[language])
  })

  it.each(FINISHES)('the pre-send end when %s still names a hosted device’s package', (_, finish) => {
    const words = quotaFinishText(t, finish, at, [hosted], list)
    expect(words).toMatch(PACKAGE[language])
    expect(words).not.toMatch(TOP_UP[language])
  })

  const shortfallWords = (devices: readonly DeviceView[], messages = 50): string | null =>
    shortfallWordsIn(language, devices, messages)

  // A campaign through both kinds: each device named beside what tops up its own quota.
  const says = (words: string | null): void => {
    expect(words).toMatch(PACKAGE[language])
    expect(words).toMatch(TOP_UP[language])
    expect(words).toContain('Front office')
    expect(words).toContain('Test line')
  }

  it.each(FINISHES)('the pre-send end when %s through both kinds names each device’s top-up', (_, finish) => {
    says(quotaFinishText(t, finish, at, [sandbox, hosted], list))
  })

  it.each(FINISHES)(
    'a running campaign’s end when %s through both kinds names each device’s top-up',
    (_, finish) => {
      const running = finish as Extract<QuotaFinish, { kind: 'part' | 'waits_for_quota' }>
      says(runningFinishText(t, running, at, [hosted, sandbox], list))
    }
  )

  it('the shortfall warning through both kinds names each device’s top-up', () => {
    says(shortfallWords([sandbox, hosted]))
  })

  // Only a device whose quota can hold the messages back is one to top up: the sandbox one alone is the sandbox's case.
  const unlimitedHosted = makeDevice({ id: 'unlimited', label: 'Front office', quota: 'unlimited' })
  const plentyHosted = makeDevice({ id: 'plenty', label: 'Front office', quota: 5_000 })
  const onlySandbox = (words: string | null): void => {
    expect(words).toMatch(TOP_UP[language])
    expect(words).not.toMatch(PACKAGE[language])
    expect(words).not.toContain('Front office')
  }

  it.each(FINISHES)(
    'the pre-send end when %s beside a hosted device that cannot run out is the sandbox’s alone',
    (_, finish) => {
      onlySandbox(quotaFinishText(t, finish, at, [sandbox, unlimitedHosted], list))
      onlySandbox(quotaFinishText(t, finish, at, [plentyHosted, sandbox], list))
    }
  )

  it.each(FINISHES)(
    'a running campaign’s end when %s beside a hosted device that cannot run out is the sandbox’s alone',
    (_, finish) => {
      const running = finish as Extract<QuotaFinish, { kind: 'part' | 'waits_for_quota' }>
      onlySandbox(runningFinishText(t, running, at, [unlimitedHosted, sandbox], list))
    }
  )

  it('the shortfall warning beside a hosted device whose quota is not known names both', () => {
    says(shortfallWords([sandbox, makeDevice({ id: 'u', label: 'Front office', quota: null })]))
  })

  it('a hosted device beside an unlimited sandbox one is told its package alone', () => {
    const unlimitedSandbox = makeDevice({ id: 's', label: 'Test line', quota: 'unlimited', sandbox: true })
    const words = quotaFinishText(t, FINISHES[0]![1], at, [hosted, unlimitedSandbox], list)
    expect(words).toMatch(PACKAGE[language])
    expect(words).not.toMatch(TOP_UP[language])
    expect(words).not.toContain('Test line')
  })

  it.each(FINISHES)('a running campaign’s end when %s follows its devices', (_, finish) => {
    const running = finish as Extract<QuotaFinish, { kind: 'part' | 'waits_for_quota' }>
    expect(runningFinishText(t, running, at, [sandbox], list)).toMatch(TOP_UP[language])
    expect(runningFinishText(t, running, at, [hosted], list)).toMatch(PACKAGE[language])
  })

  it.each([
    [sandbox, TOP_UP[language], PACKAGE[language]],
    [hosted, PACKAGE[language], TOP_UP[language]]
  ])('the shortfall warning names what tops up device %#', (device, says, saysNot) => {
    const shortfall = shortfallWords([device]) ?? ''
    expect(shortfall).toMatch(says)
    expect(shortfall).not.toMatch(saysNot)
  })

  // The shared table, as rotation sends the rows: a warning when the set is short or may be, or when no quota is known;
  // it says the set's numbers, names each device whose quota is not known, and through several devices the first
  // three that run out of their own part, with what their quota covers of it, counting the rest.
  it.each(QUOTA_SHORTFALL_CASES.map((c) => [c.name, c] as const))(
    'the shortfall warning follows the set’s count: %s',
    (_name, c) => {
      const label = (id: string): string => `[${id}]`
      const devices = c.devices.map((d) => makeDevice({ ...d, label: label(d.id) }))
      const words = shortfallWords(devices, c.messages)
      if (c.expected.kind === 'none') return expect(words).toBeNull()
      if (c.expected.kind === 'none_known')
        return expect(words).toBe(
          translate(language, 'campaigns.presend.quotaNotKnown', { devices: devices.length })
        )
      // Covering none, the set says none can go, not "once it is spent" (QA49 Q49-05).
      if (c.expected.covered > 0) expect(words).toContain(`${c.expected.covered} `)
      else expect(words).not.toMatch(language === 'en' ? /Once it is spent/ : /Setelah habis/)
      expect(words).toContain(` ${c.messages} `)
      if (c.expected.kind === 'short') expect(words).toContain(String(c.expected.short))
      else for (const id of c.expected.unknown) expect(words).toContain(label(id))
      // A spent device has no quota left: its rows go to the others (rotation), or wait when none has quota.
      const othersCover = c.expected.kind === 'unknown' || c.expected.covered > 0
      const runsOutWords = ({ id, covers, part }: (typeof c.expected.runsOut)[number]): string =>
        covers === 0
          ? translate(
              language,
              othersCover ? 'campaigns.presend.runsOutSpentOthers' : 'campaigns.presend.runsOutSpentWaits',
              { device: label(id), part }
            )
          : translate(language, 'campaigns.presend.runsOutDevice', { device: label(id), covers, part })
      const named = devices.length > 1 ? c.expected.runsOut.slice(0, 3) : []
      for (const runsOut of named) expect(words).toContain(runsOutWords(runsOut))
      for (const runsOut of c.expected.runsOut.slice(named.length))
        expect(words).not.toContain(runsOutWords(runsOut))
      const more = c.expected.runsOut.length - named.length
      if (devices.length > 1 && more > 0)
        expect(words).toContain(translate(language, 'campaigns.presend.runsOutMore', { count: more }))
    }
  )

  it('a used-up quota on the card points a sandbox device to its Top up and a hosted one to its package', () => {
    expect(quotaText(sandbox, t)).toMatch(TOP_UP[language])
    expect(quotaText(sandbox, t)).not.toMatch(PACKAGE[language])
    expect(quotaText(hosted, t)).toMatch(PACKAGE[language])
  })
})

// A device below its share beside one whose quota is not known: the known quota's part is said, that the rest may
// wait, never a number short that is not known, and that the known device runs out of its own part (200 rows dealt
// in turn: 100 each to two devices, 67, 67 and 66 to three).
describe('the shortfall warning beside a quota not known', () => {
  const words = shortfallWordsIn
  const front = makeDevice({ id: 'h', label: 'Front office', quota: 50 })
  const back = makeDevice({ id: 'u', label: 'Back office', quota: null })
  const store = makeDevice({ id: 'w', label: 'Warehouse', quota: null })

  it('in English', () => {
    expect(words('en', [front, back], 200)).toBe(
      'The quotas known so far cover 50 of 200 messages; Back office’s gateway quota is not known yet, so some messages may wait. Per device: Front office runs out after 50 of its 100 messages. A device whose quota is spent sends nothing more until the gateway package is renewed or topped up.'
    )
    expect(words('en', [front, back, store], 200)).toBe(
      'The quotas known so far cover 50 of 200 messages; the gateway quotas of Back office & Warehouse are not known yet, so some messages may wait. Per device: Front office runs out after 50 of its 67 messages. A device whose quota is spent sends nothing more until the gateway package is renewed or topped up.'
    )
  })

  it('in Indonesian', () => {
    expect(words('id', [front, back], 200)).toBe(
      'Kuota yang sudah diketahui mencukupi 50 dari 200 pesan; kuota gateway Back office belum diketahui, jadi sebagian pesan mungkin menunggu. Per perangkat: kuota Front office habis setelah 50 dari 100 pesan bagiannya. Perangkat yang kuotanya habis tidak mengirim lagi sampai paket gateway diperpanjang atau diisi ulang.'
    )
    expect(words('id', [front, back, store], 200)).toBe(
      'Kuota yang sudah diketahui mencukupi 50 dari 200 pesan; kuota gateway Back office & Warehouse belum diketahui, jadi sebagian pesan mungkin menunggu. Per perangkat: kuota Front office habis setelah 50 dari 67 pesan bagiannya. Perangkat yang kuotanya habis tidak mengirim lagi sampai paket gateway diperpanjang atau diisi ulang.'
    )
  })

  // Rotation gives a spent device's rows to the others: an unlimited quota, or one that covers them, leaves none short.
  it.each(['en', 'id'] as const)('says nothing when another device takes the rows (%s)', (language) => {
    const unlimited = makeDevice({ id: 's', label: 'Test line', quota: 'unlimited', sandbox: true })
    const plenty = makeDevice({ id: 'p', label: 'Back office', quota: 500 })
    expect(words(language, [makeDevice({ id: 'h', quota: 50 }), unlimited], 200)).toBeNull()
    expect(words(language, [makeDevice({ id: 'h', quota: 10 }), plenty], 100)).toBeNull()
  })
})

// QA49 Q49-05: a device whose quota was already 0 "runs out after 0 of its 5 messages", and a set whose quota covers
// none said "Once it is spent the rest wait". A campaign's rotation gives a spent device's untried rows to the devices
// still sending (campaigns.ts rotate, once the gateway refused it): they go to the others, or wait when none has quota.
describe('the shortfall warning beside a quota already spent', () => {
  const words = shortfallWordsIn
  const front = makeDevice({ id: 'h', label: 'Front office', quota: 0 })
  const back = makeDevice({ id: 'k', label: 'Back office', quota: 3 })
  const spentToo = makeDevice({ id: 'k', label: 'Back office', quota: 0 })

  it('in English', () => {
    expect(words('en', [front, back], 10)).toBe(
      'The gateway quota covers 3 of 10 messages: 7 short. Once it is spent the rest wait until the gateway package is renewed or topped up. Per device: Front office has no quota left (its 5 messages go to the others or wait) & Back office runs out after 3 of its 5 messages.'
    )
    expect(words('en', [front, spentToo], 10)).toBe(
      'The gateway quota covers none of the 10 messages: none can go until the gateway package is renewed or topped up. Per device: Front office has no quota left (its 5 messages wait) & Back office has no quota left (its 5 messages wait).'
    )
  })

  it('in Indonesian', () => {
    expect(words('id', [front, back], 10)).toBe(
      'Kuota gateway mencukupi 3 dari 10 pesan: kurang 7. Setelah habis, sisanya menunggu sampai paket gateway diperpanjang atau diisi ulang. Per perangkat: kuota Front office sudah habis (5 pesan bagiannya dikirim lewat perangkat lain atau menunggu) & kuota Back office habis setelah 3 dari 5 pesan bagiannya.'
    )
    expect(words('id', [front, spentToo], 10)).toBe(
      'Kuota gateway tidak mencukupi satu pun dari 10 pesan: tidak ada yang bisa dikirim sampai paket gateway diperpanjang atau diisi ulang. Per perangkat: kuota Front office sudah habis (5 pesan bagiannya menunggu) & kuota Back office sudah habis (5 pesan bagiannya menunggu).'
    )
  })

  it.each(['en', 'id'] as const)(
    'a sandbox device alone, spent, is told to top up, not "once it is spent" (%s)',
    (language) => {
      const said =
        words(language, [makeDevice({ id: 's', label: 'Test line', quota: 0, sandbox: true })], 10) ?? ''
      expect(said).toMatch(TOP_UP[language])
      expect(said).not.toMatch(language === 'en' ? /Once it is spent/ : /Setelah habis/)
    }
  )
})
