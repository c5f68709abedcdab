// The terminal's device: one per gateway address and token however the address is written, and the ids earlier
// versions gave each spelling found again, so nothing queued under them is stranded.
import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { cliDeviceAliases, cliDeviceId } from './outbox-commands'

const token = 'tok-123'
/** What an earlier version called the device: the address as typed, less trailing slashes. */
const legacyId = (baseUrl: string): string =>
  `cli-${createHash('sha256')
    .update(`${baseUrl.replace(/\/+$/, '')}\n${token}`)
    .digest('hex')
    .slice(0, 16)}`

const SPELLINGS = [
  'https://solo.wablas.com',
  'solo.wablas.com',
  'https://solo.wablas.com/api/',
  'https://SOLO.wablas.com',
  ' https://solo.wablas.com/api// '
]

describe('the terminal device of a gateway address', () => {
  it.each(SPELLINGS)('%j is one device with https://solo.wablas.com', (spelling) => {
    expect(cliDeviceId({ baseUrl: spelling, token })).toBe(
      cliDeviceId({ baseUrl: 'https://solo.wablas.com', token })
    )
  })

  it('another token or another gateway is another device', () => {
    const one = cliDeviceId({ baseUrl: 'https://solo.wablas.com', token })
    expect(cliDeviceId({ baseUrl: 'https://solo.wablas.com', token: 'other' })).not.toBe(one)
    expect(cliDeviceId({ baseUrl: 'https://texas.wablas.com', token })).not.toBe(one)
  })

  it.each(SPELLINGS)('finds the id an earlier version gave %j', (spelling) => {
    const credentials = { baseUrl: spelling, token }
    // The canonical spelling hashed as before is the device's own id; any other is one of its aliases.
    expect([cliDeviceId(credentials), ...cliDeviceAliases(credentials)]).toContain(legacyId(spelling.trim()))
  })

  it('only the canonical spelling kept its id: the others are new ids that find their old items', () => {
    expect(cliDeviceId({ baseUrl: 'solo.wablas.com', token })).not.toBe(legacyId('solo.wablas.com'))
  })
})
