// The contract's schemas apply the shared rules: every phone case and the text limit answer as in the core.
import { describe, expect, it } from 'vitest'
import {
  ContactName,
  eventChannels,
  invokeChannels,
  MessageText,
  PacingPolicySchema,
  PhoneNumber,
  RequiredMessageText
} from './contract'
import { MAX_KEYWORD_LENGTH, MAX_TEXT_LENGTH, MAX_TITLE_LENGTH } from './domain'
import { CONTACT_NAME_CASES } from './domain/contact-name.cases'
import { HTTP_URL_CASES } from './domain/http-url.cases'
import { PACING_CASES } from './domain/pacing.cases'
import { PHONE_CASES } from './domain/phone.cases'
import { REMINDER_REPEAT_CASES } from './domain/repeat.cases'
import { SERIES_END_CASES } from './domain/series-end.cases'
import { TEXT_LIMIT_CASES } from './domain/text-limit.cases'

describe("ContactName answers every shared contact-name case like a campaign's name column", () => {
  it.each(CONTACT_NAME_CASES)('$text → $name', ({ text, name }) => {
    const parsed = ContactName.safeParse(text)
    expect(parsed.success ? parsed.data : null).toBe(name)
  })
})

describe('PhoneNumber answers every shared phone case like the core and the window', () => {
  it.each(PHONE_CASES.map((c) => [c.input, c.expected] as const))('%j → %j', (input, expected) => {
    const parsed = PhoneNumber.safeParse(input)
    expect(parsed.success).toBe('value' in expected)
    if (!parsed.success && 'problem' in expected && expected.problem !== 'empty') {
      expect(parsed.error.issues[0]?.message).toMatch(/is not a valid phone number/)
    }
  })

  it('guards the channels that take one phone number', () => {
    const changeNumber = invokeChannels['devices:changeNumber'].request
    expect(changeNumber.safeParse({ id: 'd', phone: '0062 812 3456 7890' }).success).toBe(true)
    expect(changeNumber.safeParse({ id: 'd', phone: '628123456' }).success).toBe(false)
  })
})

describe('PacingPolicySchema answers every pacing case like the domain, on the same fields', () => {
  it.each(PACING_CASES)('$name', ({ policy, problems }) => {
    const parsed = PacingPolicySchema.safeParse(policy)
    expect(parsed.success).toBe(problems.length === 0)
    if (!parsed.success) {
      expect(new Set(parsed.error.issues.map((issue) => issue.path.join('.')))).toEqual(
        new Set(problems.map((problem) => problem.field))
      )
    }
  })

  it('guards the channels that take a policy', () => {
    const [valid, invalid] = [PACING_CASES[0]!, PACING_CASES.find((c) => c.problems.length > 0)!]
    const setPacing = invokeChannels['campaigns:setPacing'].request
    expect(setPacing.safeParse({ id: 'c', pacing: valid.policy }).success).toBe(true)
    expect(setPacing.safeParse({ id: 'c', pacing: invalid.policy }).success).toBe(false)
    const check = invokeChannels['campaigns:check'].request
    const request = { sheetId: 's', mapping: { phone: 'HP', variables: [] }, template: 'Hi' }
    expect(check.safeParse({ ...request, pacing: valid.policy }).success).toBe(true)
    expect(check.safeParse({ ...request, pacing: invalid.policy }).success).toBe(false)
  })
})

describe('the text schemas answer every text-limit case like the core and the window', () => {
  it.each(TEXT_LIMIT_CASES)('$name', ({ text, required, problem }) => {
    expect((required ? RequiredMessageText : MessageText).safeParse(text).success).toBe(problem === null)
  })
})

describe('MessageText counts characters as the gateway does', () => {
  it('takes 1024 emoji (2048 UTF-16 units) and refuses 1025', () => {
    expect(MessageText.safeParse('😀'.repeat(MAX_TEXT_LENGTH)).success).toBe(true)
    expect(MessageText.safeParse('😀'.repeat(MAX_TEXT_LENGTH + 1)).success).toBe(false)
    const enqueue = invokeChannels['outbox:enqueue'].request
    const request = (text: string) => ({
      deviceId: 'd',
      recipients: ['081234567890'],
      entries: [{ kind: 'text', text }]
    })
    expect(enqueue.safeParse(request('😀'.repeat(600))).success).toBe(true)
    expect(enqueue.safeParse(request('')).success).toBe(false)
  })
})

describe('reminders:create answers every shared repeat case like the gateway client and the CLI', () => {
  it.each(REMINDER_REPEAT_CASES.map((c) => [c.periode, c.customDay, c.expected] as const))(
    '%s every %s days → %s',
    (periode, customDay, expected) => {
      const parsed = invokeChannels['reminders:create'].request.safeParse({
        deviceId: 'd',
        phone: '081234567890',
        message: 'x',
        start: '2026-02-01T08:00',
        periode,
        ...(customDay !== undefined ? { customDay } : {})
      })
      expect(parsed.success).toBe(expected === null)
    }
  )
})

describe('series:create answers every shared series-end case like the core and the window (QA33 Q33-05)', () => {
  const request = (start: string, end?: unknown) => ({
    deviceId: 'd',
    recipients: ['081234567890'],
    entries: [{ kind: 'text', text: 'x' }],
    start: { localTime: start, timezone: 'Asia/Jakarta' },
    rule: { kind: 'daily' },
    ...(end !== undefined ? { end } : {})
  })
  const create = invokeChannels['series:create'].request

  it.each(SERIES_END_CASES.map((c) => [c.start, c.end, c.expected] as const))(
    'from %s, end %j → %s',
    (start, end, expected) => {
      const parsed = create.safeParse(request(start, end))
      expect(parsed.success).toBe(expected === null)
      if (!parsed.success) expect(parsed.error.issues[0]?.path[0]).toBe('end')
    }
  )

  it('takes no end (until stopped) and refuses an end of no known kind', () => {
    expect(create.safeParse(request('2026-12-01T08:00')).success).toBe(true)
    expect(create.safeParse(request('2026-12-01T08:00', { kind: 'never' })).success).toBe(false)
  })

  it('shows an ended series and its end in SeriesView', () => {
    const view = invokeChannels['series:list'].reply.shape.series.element
    const shape = view.shape
    expect(shape.status.options).toContain('ended')
    expect(shape.end.safeParse({ kind: 'times', times: 30, passed: 3 }).success).toBe(true)
    expect(shape.end.safeParse({ kind: 'date', lastDate: '2026-12-30' }).success).toBe(true)
    expect(shape.end.safeParse(null).success).toBe(true)
  })
})

describe('series:setEnd answers every shared series-end case the request can tell alone', () => {
  const setEnd = invokeChannels['series:setEnd'].request

  // The request names no start: a last day before it is the core's to refuse (it knows the series' start).
  it.each(SERIES_END_CASES.map((c) => [c.end, c.expected] as const))('end %j → %s', (end, expected) => {
    const parsed = setEnd.safeParse({ id: 's', end })
    expect(parsed.success).toBe(expected === null || expected === 'date_before_start')
    if (!parsed.success) expect(parsed.error.issues[0]?.path[0]).toBe('end')
  })

  it('takes no end (until stopped) and refuses an end of no known kind', () => {
    expect(setEnd.safeParse({ id: 's', end: null }).success).toBe(true)
    expect(setEnd.safeParse({ id: 's', end: { kind: 'never' } }).success).toBe(false)
    expect(setEnd.safeParse({ id: 's' }).success).toBe(false)
  })
})

describe('keywords, titles and replies count characters as the gateway does', () => {
  const emoji = (n: number): string => '😀'.repeat(n)
  const autoReply = invokeChannels['autoReplies:create'].request
  const reminder = invokeChannels['reminders:create'].request
  const reminderWith = (title: string) => ({
    deviceId: 'd',
    phone: '081234567890',
    message: 'x',
    title,
    start: '2026-02-01T08:00',
    periode: 'daily'
  })

  it('takes a keyword of 100 emoji and refuses 101', () => {
    expect(
      autoReply.safeParse({ deviceId: 'd', keyword: emoji(MAX_KEYWORD_LENGTH), response: 'r' }).success
    ).toBe(true)
    expect(
      autoReply.safeParse({ deviceId: 'd', keyword: emoji(MAX_KEYWORD_LENGTH + 1), response: 'r' }).success
    ).toBe(false)
  })

  it('takes a reply of 1024 emoji and refuses 1025', () => {
    expect(
      autoReply.safeParse({ deviceId: 'd', keyword: 'k', response: emoji(MAX_TEXT_LENGTH) }).success
    ).toBe(true)
    expect(
      autoReply.safeParse({ deviceId: 'd', keyword: 'k', response: emoji(MAX_TEXT_LENGTH + 1) }).success
    ).toBe(false)
    expect(autoReply.safeParse({ deviceId: 'd', keyword: ' ', response: 'r' }).success).toBe(false)
  })

  it('takes a reminder title of 100 emoji and refuses 101', () => {
    expect(reminder.safeParse(reminderWith(emoji(MAX_TITLE_LENGTH))).success).toBe(true)
    expect(reminder.safeParse(reminderWith(emoji(MAX_TITLE_LENGTH + 1))).success).toBe(false)
  })
})

describe('webhooks:update answers every shared webhook address case like the gateway client and the window', () => {
  it.each(HTTP_URL_CASES.map((c) => [c.input, c.ok] as const))('%j → %s', (input, ok) => {
    const request = invokeChannels['webhooks:update'].request
    expect(request.safeParse({ deviceId: 'd', webhookUrl: input }).success).toBe(ok)
    expect(request.safeParse({ deviceId: 'd', trackingUrl: input }).success).toBe(ok)
  })
})

describe('the inbox channels (issue 25)', () => {
  it('inbox:connect takes a trimmed relay address, an optional creation token, and nothing empty', () => {
    const connect = invokeChannels['inbox:connect'].request
    expect(connect.parse({ relayUrl: '  https://relay.example.com ' })).toEqual({
      relayUrl: 'https://relay.example.com'
    })
    expect(connect.safeParse({ relayUrl: '   ' }).success).toBe(false)
    expect(connect.safeParse({ relayUrl: `https://${'a'.repeat(300)}.com` }).success).toBe(false)
    expect(connect.safeParse({ relayUrl: 'https://r.example', creationToken: ' ' }).success).toBe(false)
    expect(connect.safeParse({ relayUrl: 'https://r.example', replace: true }).success).toBe(true)
  })

  it('provisioning names one device; the rotation takes nothing else', () => {
    for (const channel of ['inbox:provisionPreview', 'inbox:provision', 'inbox:undoProvision'] as const) {
      expect(invokeChannels[channel].request.safeParse({ deviceId: 'dev-1' }).success).toBe(true)
      expect(invokeChannels[channel].request.safeParse({}).success).toBe(false)
    }
    expect(invokeChannels['inbox:rotateSecret'].request.safeParse({}).success).toBe(true)
    expect(invokeChannels['inbox:rotateSecret'].request.safeParse({ stopOldAtOnce: true }).success).toBe(true)
    expect(invokeChannels['inbox:rotateSecret'].request.safeParse({ graceSeconds: 0 }).success).toBe(false)
  })

  it('rotating the pull token takes nothing and answers nothing: the token never reaches the window', () => {
    const channel = invokeChannels['inbox:rotatePullToken']
    expect(channel.request.safeParse({}).success).toBe(true)
    expect(channel.request.safeParse({ pullToken: 'x'.repeat(43) }).success).toBe(false)
    expect(channel.reply.safeParse({}).success).toBe(true)
    expect(channel.reply.safeParse({ pullToken: 'x'.repeat(43) }).success).toBe(false)
  })

  it('the receiving view carries no pull token or private key, even when the core offers one', () => {
    const view = invokeChannels['inbox:receiving'].reply.parse({
      connected: true,
      relayUrl: 'https://relay.example.com',
      onThisComputer: false,
      mailbox: 'mbx',
      deviceStatusUrl: 'https://relay.example.com/h/mbx/s/device',
      devices: [],
      secretRotationPending: false,
      pullToken: 'secret-token',
      privateKeyJwk: { d: 'secret' }
    })
    expect(Object.keys(view).sort()).toEqual([
      'connected',
      'deviceStatusUrl',
      'devices',
      'mailbox',
      'onThisComputer',
      'relayUrl',
      'secretRotationPending'
    ])
  })

  it('the tray can open Messages in', () => {
    expect(eventChannels['app:navigate'].safeParse({ view: 'inbox' }).success).toBe(true)
  })
})
