// What a spent quota waits for, in the estimate and shortfall words: the gateway package for a hosted device, the
// sandbox panel's "Top up the quota" for the built-in sandbox's (it has no package to renew or top up).
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { DeviceView } from '../../../shared/contract'
import { quotaShortfall, type QuotaFinish } from '../../../shared/domain'
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

  /** The shortfall warning BudgetWarnings draws for `messages` messages through `devices`, or null without one. */
  const shortfallWords = (devices: readonly DeviceView[], messages = 50): string | null => {
    const { unmount } = render(
      <BudgetWarnings
        t={t}
        count={String}
        list={list}
        messages={messages}
        shortfall={quotaShortfall(devices, messages)}
        leftOnFirstDay={null}
        testIdPrefix="budget"
      />
    )
    const words = screen.queryByTestId('budget-shortfall')?.textContent ?? null
    unmount()
    return words
  }

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

  it('the shortfall warning beside an unlimited hosted device is the sandbox’s alone', () => {
    onlySandbox(shortfallWords([sandbox, unlimitedHosted]))
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

  // The shared table, device by device: a warning exactly when a device's share is short; through several devices it
  // names each device short and each whose quota is not known, never one covered or unlimited.
  it.each(QUOTA_SHORTFALL_CASES.map((c) => [c.name, c] as const))(
    'the shortfall warning follows the per-device count: %s',
    (_name, c) => {
      const label = (id: string): string => `[${id}]`
      const devices = c.devices.map((d) => makeDevice({ ...d, label: label(d.id) }))
      const words = shortfallWords(devices, c.messages)
      expect(words !== null).toBe(c.expected.short > 0)
      if (words === null || devices.length < 2) return
      for (const device of c.expected.devices) {
        if (device.kind === 'short' || device.kind === 'unknown') expect(words).toContain(label(device.id))
        else expect(words).not.toContain(label(device.id))
      }
    }
  )

  it('a used-up quota on the card points a sandbox device to its Top up and a hosted one to its package', () => {
    expect(quotaText(sandbox, t)).toMatch(TOP_UP[language])
    expect(quotaText(sandbox, t)).not.toMatch(PACKAGE[language])
    expect(quotaText(hosted, t)).toMatch(PACKAGE[language])
  })
})

// One device short, one whose quota is not known, one unlimited: each said as it is, in words that read naturally.
describe('the shortfall warning through a short, an unknown and an unlimited device', () => {
  const devices = [
    makeDevice({ id: 'h', label: 'Front office', quota: 10 }),
    makeDevice({ id: 'u', label: 'Back office', quota: null }),
    makeDevice({ id: 's', label: 'Test line', quota: 'unlimited', sandbox: true })
  ]
  const words = (language: Language): string | null => {
    const t: Translate = (key, params) => translate(language, key, params)
    render(
      <BudgetWarnings
        t={t}
        count={String}
        list={list}
        messages={100}
        shortfall={quotaShortfall(devices, 100)}
        leftOnFirstDay={null}
        testIdPrefix="budget"
      />
    )
    return screen.queryByTestId('budget-shortfall')?.textContent ?? null
  }

  it('in English', () => {
    expect(words('en')).toBe(
      'Front office’s gateway quota covers 10 of its 34 messages: 24 short. Back office’s gateway quota is not known yet, so it may fall short too. A device whose quota is spent sends nothing more until the gateway package is renewed or topped up.'
    )
  })

  it('in Indonesian', () => {
    expect(words('id')).toBe(
      'Kuota gateway Front office mencukupi 10 dari 34 pesannya: kurang 24. Kuota gateway Back office belum diketahui, jadi bisa juga kurang. Perangkat yang kuotanya habis tidak mengirim lagi sampai paket gateway diperpanjang atau diisi ulang.'
    )
  })
})
