// Both languages complete: same keys, no empty strings, same placeholders; every key is used and every used key exists.
import { describe, expect, it } from 'vitest'
import { en } from '../../../shared/i18n/en'
import { id } from '../../../shared/i18n/id'
import { addStrings } from '../../../shared/i18n/translate'
import { translate } from './index'

/** `{name}` and the number a plural is chosen by (`{count, plural, …}`, its forms' own `{name}`s too), each once. */
const placeholders = (text: string): string[] => {
  const plain = text.replace(
    /\{(\w+), plural,((?:\s*(?:=\d+|\w+)\s*\{(?:[^{}]|\{\w+\})*\})+)\s*\}/g,
    (_whole, count: string, forms: string) =>
      [`{${count}}`, ...[...forms.matchAll(/\{((?:[^{}]|\{\w+\})*)\}/g)].map((form) => form[1] ?? '')].join(
        ' '
      )
  )
  return [...new Set([...plain.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? ''))].sort()
}

/** Keys built at run time from contract enums: `t(\`state.${state}\`)` and friends. */
const DYNAMIC_PREFIXES = [
  'state.',
  'advice.',
  'status.',
  'kind.',
  'recipient.problem.',
  'sandbox.action.',
  'linking.problem.',
  'linking.progress.',
  'buckets.',
  'relay.state.',
  // A time zone's region, by the first word of its IANA id (i18n/dates.ts).
  'zone.region.'
]

// The window's sources and the main process's (tray, notifications, dialogs, the core's notices): one table for both.
const sources = import.meta.glob(
  [
    '../**/*.{ts,tsx}',
    '!../**/*.test.{ts,tsx}',
    '!../i18n/**',
    '!../testing/**',
    '../../../main/**/*.ts',
    '!../../../main/**/*.test.ts',
    // The wording of a campaign row's problems, shared by the window and the core's exports.
    '../../../shared/i18n/row-problems.ts',
    // The wording of a campaign's pacing problems, shared by the window, the core and the CLI.
    '../../../shared/i18n/pacing.ts',
    // The fields an edit note names, worded where the note is read.
    '../../../shared/i18n/note-text.ts',
    // The note for a file sent under its real extension, shared by the window and the CLI.
    '../../../shared/i18n/renamed-file.ts',
    // What waits in Messages in, shared by the window's tab and Overview and the tray.
    '../../../shared/i18n/inbox-unread.ts',
    // How late a held schedule is, shared by the window's Schedules and the CLI.
    '../../../shared/i18n/late-by.ts',
    // A device's advice and the name of its scan action, shared by the window and the tray.
    '../../../shared/device-status.ts',
    // Why a device's messages wait, shared by the window's outbox and the CLI.
    '../../../shared/device-waits.ts',
    // Why a take-back waits on a device, shared by the window and the CLI.
    '../../../shared/take-back-holds.ts',
    // Why a campaign's part on a device waits or paused, shared by the window and the CLI.
    '../../../shared/campaign-part-words.ts',
    // A campaign's rows by bucket, shared by the window's campaign page and Overview and the CLI.
    '../../../shared/campaign-bucket-words.ts',
    // A webhook delivery's headline, shared by the window's inspector and the CLI.
    '../../../shared/webhook-headline.ts',
    // What a draft's start set aside, shared by the window's campaign page and the CLI's `campaign start`.
    '../../../shared/set-aside-at-start.ts'
  ],
  {
    query: '?raw',
    import: 'default',
    eager: true
  }
) as Record<string, string>

describe('translations', () => {
  it('Indonesian has exactly the English keys', () => {
    const enKeys = Object.keys(en).sort()
    const idKeys = Object.keys(id).sort()
    expect(
      idKeys.filter((k) => !enKeys.includes(k)),
      'keys only in id.ts'
    ).toEqual([])
    expect(
      enKeys.filter((k) => !idKeys.includes(k)),
      'keys missing from id.ts'
    ).toEqual([])
  })

  it('has no empty strings and the same placeholders in both languages', () => {
    for (const [key, text] of Object.entries(en)) {
      const translated = id[key as keyof typeof id]
      expect(text.trim(), key).not.toBe('')
      expect(translated.trim(), key).not.toBe('')
      expect(placeholders(translated), key).toEqual(placeholders(text))
    }
  })

  it('uses every key, and every key the code uses exists', () => {
    const code = Object.values(sources).join('\n')
    expect(code.length).toBeGreaterThan(10_000)
    const keys = new Set(Object.keys(en))
    const quoted = new Set([...code.matchAll(/'([a-zA-Z]+(?:\.[a-zA-Z0-9-]+)+)'/g)].map((m) => m[1] ?? ''))
    const unused = [...keys].filter(
      (key) => !quoted.has(key) && !DYNAMIC_PREFIXES.some((p) => key.startsWith(p))
    )
    expect(unused, 'keys no code uses').toEqual([])
    const called = [...code.matchAll(/\bt\(\s*'([^']+)'/g)].map((m) => m[1] ?? '')
    expect(
      called.filter((key) => !keys.has(key)),
      'keys used but missing'
    ).toEqual([])
  })

  it('covers the main process: its keys count as used, and a key it lacks fails', () => {
    const mainCode = Object.entries(sources)
      .filter(([path]) => path.includes('/main/'))
      .map(([, code]) => code)
      .join('\n')
    expect(mainCode).toContain("t('desktop.tray.quit')")
    expect(mainCode).toContain("'desktop.notice.sendFailedBody'")
  })

  it('fills placeholders', () => {
    expect(translate('en', 'devices.added', { label: 'Kasir' })).toBe('Kasir was added.')
    expect(translate('id', 'devices.added', { label: 'Kasir' })).toBe('Kasir sudah ditambahkan.')
  })

  it('words counts by the language\'s plural rules, never "(s)" (issue 29)', () => {
    expect(translate('en', 'outbox.total', { count: 1 })).toBe('1 message')
    expect(translate('en', 'outbox.total', { count: 2 })).toBe('2 messages')
    expect(translate('en', 'overview.expiry.days', { count: 1 })).toBe('expires in 1 day')
    expect(translate('id', 'overview.expiry.days', { count: 1 })).toBe('berakhir dalam 1 hari')
    // A new operator's probe: "1 rows read (CSV…)" for a one-row sheet; "Every 1 days" a reminder's custom repeat.
    expect(translate('en', 'campaigns.sheet', { file: 'a.csv', rows: 1, format: 'CSV' })).toBe(
      'a.csv: 1 row read (CSV).'
    )
    expect(translate('en', 'campaigns.sheet', { file: 'a.csv', rows: 1200, format: 'CSV' })).toBe(
      'a.csv: 1,200 rows read (CSV).'
    )
    expect(translate('en', 'reminders.every', { days: 1 })).toBe('Every day')
    expect(translate('en', 'reminders.every', { days: 3 })).toBe('Every 3 days')
    expect(
      translate('en', 'campaigns.optOuts.addedSomeInvalid', { added: 3, invalid: 1, entries: 'x' })
    ).toBe('3 added; 1 entry is not a phone number: x.')
    for (const [key, text] of [...Object.entries(en), ...Object.entries(id)])
      expect(text, key).not.toMatch(/\w\(s\)/)
  })

  it('fills a placeholder inside a plural form, in the form chosen (it left the whole pattern unread)', () => {
    addStrings('en', {
      ...en,
      'outbox.total': '{count, plural, one {# message to {name}} other {# messages to {name}}}'
    })
    try {
      expect(translate('en', 'outbox.total', { count: 1, name: 'Dewi' })).toBe('1 message to Dewi')
      expect(translate('en', 'outbox.total', { count: 1200, name: 'Dewi' })).toBe('1,200 messages to Dewi')
    } finally {
      addStrings('en', en)
    }
  })

  it('formats numbers for the language, but not numbers that name something', () => {
    expect(translate('en', 'outbox.total', { count: 12345 })).toBe('12,345 messages')
    expect(translate('id', 'outbox.total', { count: 12345 })).toBe('12.345 pesan')
    expect(translate('en', 'desktop.error.busy', { pid: 12345 })).toContain('pid 12345')
  })
})
