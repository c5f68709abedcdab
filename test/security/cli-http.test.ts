/**
 * Attack: the CLI pointed at a plain http:// gateway on another host (a typo, a poisoned environment variable)
 * would send the token and the messages in clear text. Outcome: refused with one line unless
 * --allow-insecure-http is given, which proceeds with a warning on stderr; loopback http (the sandbox) still works.
 */
import { describe, expect, it } from 'vitest'
import { parseArgs, UsageError } from '../../src/main/cli/args'
import { FLAGS, readCredentials } from '../../src/main/cli/index'
import { describeFailure } from '../../src/main/cli/failure'
import { EXIT } from '../../src/main/cli/output'

async function credentialsFor(argv: string[]): Promise<{ warnings: string[]; baseUrl: string }> {
  const warnings: string[] = []
  const args = parseArgs([...argv, '--token', 'tok-1234567890'], FLAGS)
  const { baseUrl } = await readCredentials(args, {}, (line) => warnings.push(line))
  return { warnings, baseUrl }
}

describe('the CLI and plain http', () => {
  it('refuses http:// to another host with one clear line (bad input)', async () => {
    const error = await credentialsFor(['--base-url', 'http://gateway.example']).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(UsageError)
    const failure = describeFailure(error)
    expect(failure.code).toBe(EXIT.badInput)
    expect(failure.line).toMatch(/refusing http:\/\/gateway\.example.*unencrypted.*--allow-insecure-http/)
  })

  it('refuses it from the environment too', async () => {
    const args = parseArgs(['--token', 'tok-1234567890'], FLAGS)
    await expect(readCredentials(args, { SENDER_DESK_BASE_URL: 'http://10.0.0.5:8080' })).rejects.toThrow(
      /refusing/
    )
  })

  it('allows it with --allow-insecure-http, with a warning on stderr', async () => {
    const { warnings } = await credentialsFor([
      '--base-url',
      'http://gateway.example',
      '--allow-insecure-http'
    ])
    expect(warnings).toEqual([
      'warning: --allow-insecure-http: the token and messages go unencrypted to gateway.example'
    ])
  })

  it('with --allow-insecure-http the client then goes there, instead of warning and refusing anyway', async () => {
    const { gatewayClientFactory } = await import('../../src/main/core/compose-command-line')
    const args = parseArgs(
      ['--base-url', 'http://gateway.invalid', '--allow-insecure-http', '--token', 'tok-1234567890'],
      FLAGS
    )
    const credentials = await readCredentials(args, {})
    // The address does not resolve: the request is tried (a network failure), not refused as bad input.
    const error = await gatewayClientFactory(credentials)
      .deviceInfo({ timeoutMs: 5000 })
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'network' })
  })

  it('allows http on this computer (the sandbox) and https anywhere without a warning', async () => {
    expect((await credentialsFor(['--base-url', 'http://127.0.0.1:4010'])).warnings).toEqual([])
    expect((await credentialsFor(['--base-url', 'http://localhost:4010'])).warnings).toEqual([])
    expect((await credentialsFor(['--base-url', 'https://solo.wablas.com'])).warnings).toEqual([])
  })
})
