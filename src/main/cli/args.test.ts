import { describe, expect, it } from 'vitest'
import { intFlag, parseArgs, requireString, UsageError } from './args'

const spec = {
  to: { type: 'string' as const },
  group: { type: 'boolean' as const },
  port: { type: 'string' as const }
}

describe('parseArgs', () => {
  it('reads positionals, --flag value, --flag=value and switches', () => {
    const args = parseArgs(
      ['send', 'text', '--to', '0812', '--group', '--port=9000', '--', '--literal'],
      spec
    )
    expect(args.positionals).toEqual(['send', 'text', '--literal'])
    expect(args.flags).toEqual({ to: '0812', group: true, port: '9000' })
  })

  it('rejects unknown options, missing values and values on switches', () => {
    expect(() => parseArgs(['--nope'], spec)).toThrow(new UsageError('unknown option --nope'))
    expect(() => parseArgs(['--to'], spec)).toThrow('--to needs a value')
    expect(() => parseArgs(['--to', '--group'], spec)).toThrow('--to needs a value')
    expect(() => parseArgs(['--group=yes'], spec)).toThrow('--group takes no value')
  })

  it('checks required strings and integer ranges', () => {
    expect(() => requireString(parseArgs([], spec), 'to', 'phone numbers')).toThrow(
      '--to is required (phone numbers)'
    )
    expect(intFlag(parseArgs(['--port', '8080'], spec), 'port', { min: 0, max: 65535 })).toBe(8080)
    expect(() => intFlag(parseArgs(['--port', '70000'], spec), 'port', { min: 0, max: 65535 })).toThrow(
      /0 to 65535/
    )
  })
})
