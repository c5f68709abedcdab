// Request parsing pieces: multipart, field coercion, phone numbers, zoned times and path normalisation.

import { afterEach, describe, expect, it } from 'vitest'
import { parseMultipart } from './multipart'
import { isGroupId, normalisePhone, splitRecipients } from './phone-numbers'
import { RequestFields } from './request-fields'
import { normalisePath } from './request-path'
import { form, openSandbox, type TestSandbox } from './sandbox-fixture'
import { formatInZone, parseInZone } from './local-time'

describe('multipart', () => {
  it('reads fields and file parts, quoted and RFC 5987 file names, binary bodies intact', () => {
    const binary = Buffer.from([0, 13, 10, 45, 45, 255])
    const body = Buffer.concat([
      Buffer.from('--XyZ\r\nContent-Disposition: form-data; name="phone"\r\n\r\n0812345678\r\n'),
      Buffer.from(
        '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a \\"b\\".pdf"\r\nContent-Type: application/pdf\r\n\r\n'
      ),
      binary,
      Buffer.from(
        '\r\n--XyZ\r\nContent-Disposition: form-data; name="other"; filename="x"; filename*=UTF-8\'\'na%C3%AFve.ogg\r\n\r\nzz\r\n--XyZ--\r\n'
      )
    ])
    const parts = parseMultipart(body, 'XyZ')
    expect(parts.map((p) => [p.name, p.filename])).toEqual([
      ['phone', null],
      ['file', 'a "b".pdf'],
      ['other', 'naïve.ogg']
    ])
    expect(parts[1]?.data.equals(binary)).toBe(true)
    expect(parts[1]?.contentType).toBe('application/pdf')
    expect(() => parseMultipart(Buffer.from('--XyZ\r\nbroken'), 'XyZ')).toThrow()
  })
})

describe('request fields', () => {
  it('treats true,"true","1",1 as true and the rest as false; numbers read as text', () => {
    const fields = new RequestFields({
      a: true,
      b: 'true',
      c: '1',
      d: 1,
      e: 'false',
      f: 0,
      g: '',
      phone: 62812345678
    })
    expect(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'missing'].map((k) => fields.flag(k))).toEqual([
      true,
      true,
      true,
      true,
      false,
      false,
      false,
      false
    ])
    expect(fields.text('phone')).toBe('62812345678')
  })

  it('parses JSON, forms and bodies without a Content-Type; the body wins over the query', () => {
    const query = new URLSearchParams({ token: 't', phone: 'q' })
    expect(RequestFields.parse(Buffer.from('{"phone":"j"}'), undefined, query).text('phone')).toBe('j')
    expect(RequestFields.parse(Buffer.from('phone=f'), undefined, query).text('phone')).toBe('f')
    expect(RequestFields.parse(Buffer.from(''), 'application/json', query).text('phone')).toBe('q')
    expect(() => RequestFields.parse(Buffer.from('{oops'), 'application/json', query)).toThrow(
      /not valid JSON/
    )
  })
})

describe('phones, zones, paths', () => {
  it('normalises numbers to 62… and splits CSV with or without spaces', () => {
    expect(['0812-3456-789', '+62 812 3456 789', '8123456789', '628123456789'].map(normalisePhone)).toEqual([
      '628123456789',
      '628123456789',
      '628123456789',
      '628123456789'
    ])
    expect(normalisePhone('12')).toBeNull()
    expect(normalisePhone('abc')).toBeNull()
    expect(splitRecipients('0812, 0813,,0814')).toEqual(['0812', '0813', '0814'])
    expect(isGroupId('872468237asd-6281218000000')).toBe(true)
    expect(isGroupId('a b')).toBe(false)
  })

  it('converts wall-clock times in a zone, across a DST change too', () => {
    expect(parseInZone('2026-01-15 10:30:00', 'Asia/Jakarta')).toBe(Date.UTC(2026, 0, 15, 3, 30))
    expect(parseInZone('2026-07-01 12:00', 'Europe/Berlin')).toBe(Date.UTC(2026, 6, 1, 10, 0))
    expect(parseInZone('2026-03-29 03:30:00', 'Europe/Berlin')).toBe(Date.UTC(2026, 2, 29, 1, 30))
    expect(parseInZone('2026-13-01 00:00:00', 'Asia/Jakarta')).toBeNull()
    expect(formatInZone(Date.UTC(2026, 0, 15, 17, 0), 'Asia/Jakarta')).toBe('2026-01-16 00:00:00')
  })

  it('collapses duplicate slashes and drops a trailing one', () => {
    expect(normalisePath('//api//send-message/')).toBe('/api/send-message')
    expect(normalisePath('/')).toBe('/')
  })
})

describe('paths as clients send them', () => {
  let t: TestSandbox
  afterEach(() => t.close())

  it('accepts //api/… and a missing /api prefix', async () => {
    t = await openSandbox()
    const { token } = t.sandbox.world.createDevice({ linked: true })
    const body = form({ phone: '0812345678', message: 'x' })
    expect((await t.call('//api/send-message', { token, method: 'POST', body })).body.status).toBe(true)
    expect((await t.call('/send-message', { token, method: 'POST', body })).body.status).toBe(true)
    expect(t.sandbox.world.messages().map((m) => m.endpoint)).toEqual([
      '/api/send-message',
      '/api/send-message'
    ])
  })
})
