// describeFailure: the exit code for each kind of failure, and always exactly one line of text.
import { describe, expect, it } from 'vitest'
import { GatewayError } from '../core/gateway'
import { UsageError } from './args'
import { describeFailure } from './failure'
import { EXIT } from './output'

describe('describeFailure', () => {
  it('calls a folder given for a file (and a file for a folder) bad input, in words, with its path', () => {
    const asError = (code: string, message: string, path?: string): NodeJS.ErrnoException =>
      Object.assign(new Error(message), { code, ...(path ? { path } : {}) })
    const folder = describeFailure(asError('EISDIR', 'EISDIR: illegal operation on a directory, read'))
    expect(folder.code).toBe(EXIT.badInput)
    expect(folder.line).not.toMatch(/EISDIR/)
    const file = describeFailure(
      asError('EEXIST', "EEXIST: file already exists, mkdir '/tmp/a.txt'", '/tmp/a.txt')
    )
    expect(file.code).toBe(EXIT.badInput)
    expect(file.line).toBe('/tmp/a.txt is a file, not a folder')
    const notDir = describeFailure(asError('ENOTDIR', 'ENOTDIR: not a directory', '/tmp/a.txt/x'))
    expect(notDir).toEqual({ code: EXIT.badInput, line: 'not a folder: /tmp/a.txt/x' })
  })

  it('maps bad input, refusals and transient failures to 2, 3 and 4', () => {
    expect(describeFailure(new UsageError('--to is required')).code).toBe(EXIT.badInput)
    expect(describeFailure(new GatewayError({ code: 'invalid_input', message: 'bad phone' })).code).toBe(
      EXIT.badInput
    )
    expect(describeFailure(new GatewayError({ code: 'token_invalid', message: 'no' })).code).toBe(
      EXIT.rejected
    )
    expect(describeFailure(new GatewayError({ code: 'network', message: 'down' })).code).toBe(EXIT.network)
  })

  it('folds a gateway message that spans several lines into one line', () => {
    const error = new GatewayError({
      code: 'rejected',
      message: 'send-message: the gateway refused the request',
      gatewayMessage: 'phone invalid\r\n  see the docs\nfor details'
    })
    const { line } = describeFailure(error)
    expect(line).toBe(
      'send-message: the gateway refused the request (gateway said: phone invalid see the docs for details)'
    )
  })

  it('prints nothing of a gateway message that steers the terminal: ESC sequences, BEL, CR, C1, bidi overrides', () => {
    const error = new GatewayError({
      code: 'rejected',
      message: 'send-message: the gateway refused the request',
      gatewayMessage: 'bad\u001b]0;pwned\u0007 \u001b[2Jphone\u202Egnp.exe\u2066\u0085\u009b1m\rok'
    })
    expect(describeFailure(error).line).toBe(
      'send-message: the gateway refused the request (gateway said: bad]0;pwned [2Jphonegnp.exe1m ok)'
    )
  })
})
