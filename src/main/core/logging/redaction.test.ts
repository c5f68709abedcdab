// Tests for redaction: known secrets and token-shaped fields never reach a log line or error text.
import { describe, expect, it } from 'vitest'
import {
  REDACTED,
  SecretList,
  createRedactingLogger,
  describeForLog,
  redact,
  type LogLevel
} from './redaction'

const TOKEN = 'Zq8xLr2mN4pK7vB1cD3eF5gH6jJ9kL0aS2dF4gH6jK8lQ1wE3rT5yU7iO9pA1sD3'

describe('redact', () => {
  it('masks a known secret raw, URL-encoded and base64-encoded', () => {
    const secret = 'tg/w6+Vhz'
    const text = `a ${TOKEN} b ${encodeURIComponent(secret)} c ${Buffer.from(TOKEN).toString('base64')} d ${secret}`
    const out = redact(text, [TOKEN, secret])
    expect(out).not.toContain(TOKEN)
    expect(out).not.toContain(secret)
    expect(out).not.toContain(encodeURIComponent(secret))
    expect(out).not.toContain(Buffer.from(TOKEN).toString('base64').slice(0, 40))
    expect(out.startsWith(`a ${REDACTED} b ${REDACTED}`)).toBe(true)
  })

  it('masks token-shaped fields even for secrets it was not told about', () => {
    const out = redact(
      'GET http://127.0.0.1:1/api/device/info?token=abc.def&x=1 Authorization: unknownTok.sec {"authorization":"Bearer zzz"} Secret-key: s3',
      []
    )
    expect(out).toBe(
      `GET http://127.0.0.1:1/api/device/info?token=${REDACTED}&x=1 Authorization: ${REDACTED} {"authorization":"${REDACTED}"} Secret-key: ${REDACTED}`
    )
  })

  /** Whether any 12 characters in a row of the token can still be read from the text, spaces ignored. */
  const leaks = (text: string, secret = TOKEN): string[] => {
    const flat = text.replace(/\s+/g, '')
    const found: string[] = []
    for (let at = 0; at + 12 <= secret.length; at++)
      if (flat.includes(secret.slice(at, at + 12))) found.push(secret.slice(at, at + 12))
    return found
  }

  it('masks a token split by a space, a line break or an invisible character (30 characters used to remain)', () => {
    for (const gap of [' ', '\n', '\t', '\u200b', '\u00ad', ' \r\n ']) {
      const text = `device name: ${TOKEN.slice(0, 34)}${gap}${TOKEN.slice(34)} (connected)`
      const out = redact(text, [TOKEN])
      expect(leaks(out)).toEqual([])
      expect(out).toBe(`device name: ${REDACTED} (connected)`)
    }
  })

  it('masks a token cut short, and one spread over words', () => {
    expect(leaks(redact(`echo ${TOKEN.slice(0, 30)}…`, [TOKEN]))).toEqual([])
    expect(leaks(redact(TOKEN.match(/.{1,8}/g)!.join(' '), [TOKEN]))).toEqual([])
  })

  it('masks percent-, JSON- and HTML-escaped forms, whichever characters are escaped', () => {
    const escape = (char: string, i: number): string => {
      const hex = char.charCodeAt(0).toString(16).padStart(2, '0')
      return [`%${hex.toUpperCase()}`, `\\u00${hex}`, `&#x${hex};`, `&#${char.charCodeAt(0)};`, char][i % 5]!
    }
    const escaped = [...TOKEN].map(escape).join('')
    const out = redact(`name=${escaped}&x=1`, [TOKEN])
    expect(out).toBe(`name=${REDACTED}&x=1`)
    expect(redact(`s=${encodeURIComponent('tg/w6+Vhz')}`, ['tg/w6+Vhz'])).toBe(`s=${REDACTED}`)
  })

  it('masks hex and base64 forms, also inside a longer encoded text (any alignment, URL-safe alphabet)', () => {
    for (const prefix of ['', 'a', 'ab', 'abc']) {
      const base64 = Buffer.from(`${prefix}${TOKEN}!`).toString('base64')
      expect(leaks(redact(base64, [TOKEN]), base64)).toEqual([])
      const urlSafe = base64.replace(/\+/g, '-').replace(/\//g, '_')
      expect(redact(urlSafe, [TOKEN])).toContain(REDACTED)
    }
    const hex = Buffer.from(TOKEN).toString('hex')
    expect(redact(`x${hex}y ${hex.toUpperCase()}`, [TOKEN])).toBe(`x${REDACTED}y ${REDACTED}`)
  })

  it('leaves short values and ordinary text alone', () => {
    expect(redact('the device is connected', ['the', undefined, null, ''])).toBe('the device is connected')
  })
})

describe('createRedactingLogger', () => {
  it('formats errors with their cause chain and masks every secret in the line', () => {
    const lines: Array<[LogLevel, string]> = []
    const secrets = new SecretList()
    secrets.add(TOKEN, 'tgw6gVhz')
    const logger = createRedactingLogger((level, line) => lines.push([level, line]), secrets)
    const cause = Object.assign(new Error(`connect ECONNREFUSED for ${TOKEN}`), { code: 'ECONNREFUSED' })
    logger.error('poll failed', new Error(`request with ${TOKEN}.tgw6gVhz failed`, { cause }), {
      token: TOKEN
    })
    expect(lines).toHaveLength(1)
    const [level, line] = lines[0] ?? ['info', '']
    expect(level).toBe('error')
    expect(line).toContain('poll failed Error: request with')
    expect(line).toContain('caused by Error [ECONNREFUSED]')
    expect(line).not.toContain(TOKEN)
    expect(line).not.toContain('tgw6gVhz')
  })

  it('masks a secret added after lines were already logged (the list’s worked-out fragments are renewed)', () => {
    const lines: string[] = []
    const secrets = new SecretList()
    secrets.add('tgw6gVhz')
    const logger = createRedactingLogger((_level, line) => lines.push(line), secrets)
    logger.info(`first ${TOKEN}`)
    secrets.add(TOKEN)
    logger.info(`then ${TOKEN} and tgw6gVhz`)
    expect(lines).toEqual([`first ${TOKEN}`, 'then [redacted] and [redacted]'])
  })

  it('accepts a function that lists the secrets at log time', () => {
    const lines: string[] = []
    let known: string[] = []
    const logger = createRedactingLogger(
      (_level, line) => lines.push(line),
      () => known
    )
    known = [TOKEN]
    logger.info(`token ${TOKEN}`)
    expect(lines).toEqual([`token ${REDACTED}`])
  })
})

describe('describeForLog', () => {
  it('describes plain values and survives circular objects', () => {
    const circular: Record<string, unknown> = {}
    circular['self'] = circular
    expect(describeForLog({ a: 1 })).toBe('{"a":1}')
    expect(describeForLog(undefined)).toBe('undefined')
    expect(describeForLog(circular)).toBe('[object Object]')
  })
})
