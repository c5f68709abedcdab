// Pure pieces of parsing and transport: duplicate JSON keys, connection words, Retry-After, base URLs, redaction.
import { describe, expect, it } from 'vitest'
import { classifyGatewayMessage, gatewayMessageText } from './gateway-messages'
import { normaliseBaseUrl, parseRetryAfter } from './http'
import { BASE_URL_CASES } from '../../../shared/domain/base-url.cases'
import { createRedactor, redactedCause } from './redaction'
import { connectionOf, parseJsonKeepingListUnder, parseSendResult } from './responses'
import { isGatewayError } from './errors'

describe('parseJsonKeepingListUnder', () => {
  it('keeps the list whichever of the duplicate keys comes last, and leaves nested keys as JSON.parse would', () => {
    const textFirst = '{"message":"success","page":1,"message":[{"id":"a","message":"x","message":"y"}]}'
    const listFirst = '{"message":[{"id":"a","message":"x"}],"page":1,"message":"success"}'
    expect(parseJsonKeepingListUnder(textFirst, 'message')).toEqual({
      page: 1,
      message: [{ id: 'a', message: 'y' }]
    })
    expect(parseJsonKeepingListUnder(listFirst, 'message')).toEqual({
      page: 1,
      message: [{ id: 'a', message: 'x' }]
    })
    expect(JSON.parse(listFirst).message).toBe('success')
  })

  it('does not touch `"message":` inside string values, and passes simple bodies through', () => {
    const tricky = '{"note":"he said \\"message\\": hi","message":"only text"}'
    expect(parseJsonKeepingListUnder(tricky, 'message')).toEqual(JSON.parse(tricky))
    expect(() => parseJsonKeepingListUnder('{"message":', 'message')).toThrow()
  })
})

describe('connectionOf', () => {
  it.each([
    ['connected', 'connected'],
    ['online', 'connected'],
    ['Ready', 'connected'],
    ['disconnected', 'disconnected'],
    ['not connected', 'disconnected'],
    ['offline', 'disconnected'],
    ['need scan qr', 'disconnected'],
    ['pairing', 'unknown'],
    [true, 'connected'],
    [false, 'disconnected'],
    [null, 'unknown']
  ] as const)('%j → %s', (status, connection) => {
    expect(connectionOf(status)).toBe(connection)
  })
})

describe('gateway message helpers', () => {
  it('reads secret-key texts before token texts', () => {
    expect(classifyGatewayMessage('secret key invalid')).toBe('secret_invalid')
    expect(classifyGatewayMessage('Token is invalid')).toBe('token_invalid')
    expect(classifyGatewayMessage('wrong server, please use solo.wablas.com')).toBe('token_invalid')
  })

  it('flattens structured messages and caps their length', () => {
    expect(gatewayMessageText({ phone: ['required'], file: ['too big'] })).toBe('required; too big')
    expect(gatewayMessageText([' ', null, 3])).toBeUndefined()
    expect(gatewayMessageText('x'.repeat(2000))?.length).toBeLessThan(510)
  })
})

describe('transport pieces', () => {
  it('parseRetryAfter reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('120')).toBe(120_000)
    expect(parseRetryAfter('1.5')).toBe(1500)
    expect(
      parseRetryAfter('Wed, 21 Oct 2015 07:28:00 GMT', Date.parse('Wed, 21 Oct 2015 07:27:00 GMT'))
    ).toBe(60_000)
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:28:00 GMT', Date.parse('2016-01-01'))).toBe(0)
    expect(parseRetryAfter('soon')).toBeUndefined()
    expect(parseRetryAfter(null)).toBeUndefined()
  })

  it('normaliseBaseUrl answers every shared base-URL case like the domain rule', () => {
    for (const c of BASE_URL_CASES) {
      const options = { allowInsecureHttp: c.allowInsecureHttp }
      if ('value' in c.expected) {
        expect(normaliseBaseUrl(c.input, options)).toBe(c.expected.value)
        continue
      }
      let caught: unknown
      try {
        normaliseBaseUrl(c.input, options)
      } catch (error) {
        caught = error
      }
      expect(isGatewayError(caught) && caught.code === 'invalid_input').toBe(true)
      expect(String((caught as Error).message)).toMatch(c.expected.message)
      expect(String((caught as Error).message)).not.toContain('abcdef123456')
    }
  })

  it('a gateway client refuses plain http to another host unless allowInsecureHttp is set', () => {
    expect(() => normaliseBaseUrl('http://gateway.example.com')).toThrow(/unencrypted/)
    expect(normaliseBaseUrl('http://gateway.example.com', { allowInsecureHttp: true })).toBe(
      'http://gateway.example.com'
    )
  })

  it('the redactor removes raw and URL-encoded secrets, longest first', () => {
    // Real tokens are ~64 characters and secret keys 8; the core's rule ignores values under 6 (ordinary words).
    const redact = createRedactor(['token1.secret/+', 'token1', 'secret/+'])
    expect(redact('a token1.secret/+ b token1.secret%2F%2B c secret/+ d')).toBe(
      'a [redacted] b [redacted] c [redacted] d'
    )
    const mixed = redact('x token1%2Esecret%2F%2B y')
    expect(mixed).not.toMatch(/token1|secret\//)
    const cause = redactedCause(new TypeError('fetch failed', { cause: new Error('at token1') }), redact)
    expect(String(cause)).toBe('TypeError: fetch failed: at [redacted]')
    expect(redact('GET /api/device/info?token=unknown-but-token-shaped')).toBe(
      'GET /api/device/info?token=[redacted]'
    )
  })
})

describe('parseSendResult', () => {
  it('refuses a data array holding a non-object', () => {
    let caught: unknown
    try {
      parseSendResult({ status: true, data: ['x'] }, { operation: 'send-message', refIdFor: () => null })
    } catch (error) {
      caught = error
    }
    expect(isGatewayError(caught) && caught.code).toBe('bad_response')
  })
})
