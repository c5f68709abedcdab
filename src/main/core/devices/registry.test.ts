// Tests for the device registry: live-checked adds, URL rules, clear refusals, secrets only in the vault.
import { coreText, translateNote } from '../../../shared/i18n/notes'
import { failureShape } from '../commands'
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { FakeClock } from '../clock'
import type { GatewayCredentials } from '../gateway/types'
import { MemoryVault } from '../vault/memory-vault'
import { DeviceError } from './errors'
import { DeviceRegistry, maskToken, normaliseBaseUrl, type RegistryChange } from './registry'
import { terminalDeviceId } from './terminal-id'
import { BASE_URL_CASES } from '../../../shared/domain/base-url.cases'
import { ScriptedGatewayClient, deviceInfoFixture, gatewayFailure } from './testing/scripted-gateway-client'

/** These devices are on a real gateway, not Sender Desk's built-in sandbox gateway. */
const ON_SANDBOX_GATEWAY = false

const TOKEN = 'Zq8xLr2mN4pK7vB1cD3eF5gH6jJ9kL0aS2dF4gH6jK8lQ1wE3rT5yU7iO9pA1sD3'
const OTHER_TOKEN = 'Yq8xLr2mN4pK7vB1cD3eF5gH6jJ9kL0aS2dF4gH6jK8lQ1wE3rT5yU7iO9pA1sZ9'

let dir: string
let file: string
let vault: MemoryVault
let built: GatewayCredentials[]
let script: (client: ScriptedGatewayClient) => void

async function openRegistry(): Promise<DeviceRegistry> {
  let n = 0
  return DeviceRegistry.open({
    file,
    vault,
    clock: new FakeClock(),
    newId: () => `dev-${++n}`,
    clientFactory: (credentials) => {
      built.push(credentials)
      const client = new ScriptedGatewayClient(credentials)
      script(client)
      return client
    }
  })
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'registry-test-'))
  file = join(dir, 'devices.json')
  vault = new MemoryVault()
  built = []
  script = () => undefined
})

afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

async function expectDeviceError(
  promise: Promise<unknown>,
  code: string,
  field?: string
): Promise<DeviceError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e
  )
  expect(error).toBeInstanceOf(DeviceError)
  const deviceError = error as DeviceError
  expect(deviceError.code).toBe(code)
  if (field) expect(deviceError.field).toBe(field)
  return deviceError
}

describe('normaliseBaseUrl answers every shared base-URL case like the domain rule', () => {
  const cases = BASE_URL_CASES.filter((c) => c.allowInsecureHttp !== true)
  it.each(cases.filter((c) => 'value' in c.expected).map((c) => [c.input, c.expected] as const))(
    '%s → %j',
    (input, expected) => {
      expect('value' in expected && normaliseBaseUrl(input)).toBe('value' in expected && expected.value)
    }
  )

  it.each(cases.flatMap((c) => ('message' in c.expected ? [[c.input, c.expected.message] as const] : [])))(
    'refuses %s',
    (input, message) => {
      let error: unknown
      try {
        normaliseBaseUrl(input)
      } catch (e) {
        error = e
      }
      expect(error).toBeInstanceOf(DeviceError)
      expect((error as DeviceError).code).toBe('invalid_url')
      expect((error as DeviceError).field).toBe('baseUrl')
      expect((error as DeviceError).message).toMatch(message)
      expect((error as DeviceError).message).not.toContain(TOKEN)
    }
  )

  it('keeps a token pasted in the address out of the message', () => {
    expect(() => normaliseBaseUrl(`https://solo.wablas.com/api/device/info?token=${TOKEN}`)).toThrow(
      /server address only/
    )
    try {
      normaliseBaseUrl(`https://solo.wablas.com/api/device/info?token=${TOKEN}`)
    } catch (e) {
      expect((e as Error).message).not.toContain(TOKEN)
    }
  })
})

describe('maskToken', () => {
  it('shows at most the last four characters', () => {
    expect(maskToken(TOKEN)).toBe('••••1sD3')
    expect(maskToken('short1')).toBe('••••')
  })
})

describe('DeviceRegistry.add', () => {
  it('adds after a live device/info, keeps the token only in the vault, and persists a 0600 list', async () => {
    const registry = await openRegistry()
    const changes: RegistryChange[] = []
    registry.onChange((change) => changes.push(change))
    const { device, info } = await registry.add({
      label: '  Shop front ',
      baseUrl: 'https://solo.wablas.com/api/',
      token: TOKEN,
      secret: 'tgw6gVhz'
    })
    expect(built).toEqual([{ baseUrl: 'https://solo.wablas.com', token: TOKEN, secret: 'tgw6gVhz' }])
    expect(info.serial).toBe('SERIAL-1')
    expect(device).toMatchObject({
      id: 'dev-1',
      label: 'Shop front',
      baseUrl: 'https://solo.wablas.com',
      order: 0,
      sandbox: ON_SANDBOX_GATEWAY,
      createdAt: '2026-01-15T03:00:00.000Z',
      tokenHint: `••••${TOKEN.slice(-4)}`,
      hasSecret: true,
      serial: 'SERIAL-1'
    })
    expect(await vault.load('dev-1')).toMatchObject({
      kind: 'found',
      value: { token: TOKEN, secret: 'tgw6gVhz' }
    })
    const onDisk = await readFile(file, 'utf8')
    expect(onDisk).not.toContain(TOKEN)
    expect(onDisk).not.toContain(TOKEN.slice(0, 20))
    expect(onDisk).not.toContain('tgw6gVhz')
    expect((await stat(file)).mode & 0o777).toBe(0o600)
    expect(changes.map((c) => c.kind)).toEqual(['added'])

    const reopened = await openRegistry()
    expect(reopened.list()).toEqual([device])
  })

  it('splits a pasted token.secret on the first dot', async () => {
    const registry = await openRegistry()
    const { device } = await registry.add({
      label: 'A',
      baseUrl: 'https://solo.wablas.com',
      token: `${TOKEN}.tgw6gVhz`
    })
    expect(built[0]).toMatchObject({ token: TOKEN, secret: 'tgw6gVhz' })
    expect(device.hasSecret).toBe(true)
  })

  it('refuses a token the gateway rejects, saying which field, with no trace of the token', async () => {
    script = (client) => {
      client.info = gatewayFailure('token_invalid', {
        gatewayMessage: `token invalid or device expired ${TOKEN}`
      })
    }
    const registry = await openRegistry()
    const error = await expectDeviceError(
      registry.add({ label: 'A', baseUrl: 'https://solo.wablas.com', token: TOKEN }),
      'token_invalid',
      'token'
    )
    expect(error.message).toMatch(/rejected this token/)
    expect(error.message).not.toContain(TOKEN)
    // The window words it in the operator's language from its key; the gateway's words stay quoted, masked too.
    const shape = failureShape(error)
    const indonesian = coreText('id', shape.message, shape.messageKey, shape.messageParams)
    expect(indonesian).toMatch(
      /^Gateway menolak token ini\. Kata gateway: "token invalid or device expired .*"\. Periksa tokennya, dan pastikan https:\/\/solo\.wablas\.com adalah server/
    )
    expect(indonesian).not.toContain(TOKEN)
    expect(registry.list()).toEqual([])
    expect(vault.ids()).toEqual([])
    await expect(stat(file)).rejects.toMatchObject({ code: 'ENOENT' })
  })

  it('refuses a wrong secret key on the secret field', async () => {
    script = (client) => {
      client.info = gatewayFailure('secret_invalid', { gatewayMessage: 'secret key invalid' })
    }
    const registry = await openRegistry()
    await expectDeviceError(
      registry.add({ label: 'A', baseUrl: 'https://solo.wablas.com', token: TOKEN, secret: 'wrongone' }),
      'secret_invalid',
      'secret'
    )
  })

  it('refuses http:// on a non-loopback host without ever calling it', async () => {
    const registry = await openRegistry()
    await expectDeviceError(
      registry.add({ label: 'A', baseUrl: 'http://solo.wablas.com', token: TOKEN }),
      'invalid_url',
      'baseUrl'
    )
    expect(built).toEqual([])
  })

  it.each([
    ['network', 'unreachable', 'baseUrl'],
    ['timeout', 'unreachable', 'baseUrl'],
    ['not_supported', 'not_a_gateway', 'baseUrl'],
    ['bad_response', 'not_a_gateway', 'baseUrl'],
    ['server_error', 'server_error', undefined],
    ['rate_limited', 'rate_limited', undefined],
    ['rejected', 'rejected', undefined]
  ] as const)('maps a %s failure to %s', async (code, expected, field) => {
    script = (client) => {
      client.info = gatewayFailure(code)
    }
    const registry = await openRegistry()
    const error = await expectDeviceError(
      registry.add({ label: 'A', baseUrl: 'https://solo.wablas.com', token: TOKEN }),
      expected
    )
    expect(error.field).toBe(field)
    expect(registry.list()).toEqual([])
  })

  // Starting the built-in sandbox's device, or entering its token again, when the sandbox did not answer said "Cannot
  // reach http://127.0.0.1:…. Check the address and your network.": it runs inside Sender Desk, on this computer.
  it('says a sandbox gateway that did not answer a start or a new token as the sandbox’s, not the address’s or network’s', async () => {
    const sandboxWords = {
      key: 'desktop.error.sandboxUnreachable',
      params: { baseUrl: 'http://127.0.0.1:5000' }
    }
    script = (client) => {
      client.info = gatewayFailure('network')
    }
    const registry = await openRegistry()
    const refused = await expectDeviceError(
      registry.add({ label: 'Sandbox', baseUrl: 'http://127.0.0.1:5000', token: TOKEN, sandbox: true }),
      'unreachable',
      'baseUrl'
    )
    expect(refused.text).toEqual(sandboxWords)
    expect(refused.message).not.toMatch(/address|network/)

    script = () => undefined
    const { device } = await registry.add({
      label: 'Sandbox',
      baseUrl: 'http://127.0.0.1:5000',
      token: TOKEN,
      sandbox: true
    })
    script = (client) => {
      client.info = gatewayFailure('network')
    }
    const again = await expectDeviceError(
      registry.updateCredentials(device.id, { token: OTHER_TOKEN }),
      'unreachable',
      'baseUrl'
    )
    expect(again.text).toEqual(sandboxWords)
    // A gateway's is still its address's and the network's.
    const hosted = await expectDeviceError(
      registry.add({ label: 'A', baseUrl: 'https://solo.wablas.com', token: OTHER_TOKEN }),
      'unreachable'
    )
    expect(hosted.text).toMatchObject({ key: 'desktop.error.unreachable' })
  })

  it('refuses the same device twice (same token, or same serial under another token)', async () => {
    const registry = await openRegistry()
    await registry.add({ label: 'A', baseUrl: 'https://solo.wablas.com', token: TOKEN })
    const sameToken = await expectDeviceError(
      registry.add({ label: 'B', baseUrl: 'https://solo.wablas.com/api', token: TOKEN }),
      'duplicate',
      'token'
    )
    expect(sameToken.message).toMatch(/"A"/)
    expect(built).toHaveLength(1)
    await expectDeviceError(
      registry.add({ label: 'B', baseUrl: 'https://solo.wablas.com', token: OTHER_TOKEN }),
      'duplicate'
    )
    // Another server with the same serial is another device.
    await registry.add({ label: 'C', baseUrl: 'https://pati.wablas.com', token: OTHER_TOKEN })
    expect(registry.list().map((d) => d.label)).toEqual(['A', 'C'])
  })

  it('validates the label and the token shape before calling the gateway', async () => {
    const registry = await openRegistry()
    await expectDeviceError(
      registry.add({ label: '  ', baseUrl: 'https://solo.wablas.com', token: TOKEN }),
      'invalid_label',
      'label'
    )
    await expectDeviceError(
      registry.add({ label: 'A', baseUrl: 'https://solo.wablas.com', token: 'has space' }),
      'invalid_token',
      'token'
    )
    expect(built).toEqual([])
  })

  it('does not keep the secret when the list cannot be saved', async () => {
    const registry = await DeviceRegistry.open({
      file: join(dir, 'missing-parent-is-a-file', 'devices.json'),
      vault,
      newId: () => 'dev-x',
      clientFactory: (credentials) => new ScriptedGatewayClient(credentials)
    })
    await writeFile(join(dir, 'missing-parent-is-a-file'), 'not a directory')
    await expect(
      registry.add({ label: 'A', baseUrl: 'https://solo.wablas.com', token: TOKEN })
    ).rejects.toThrow()
    expect(vault.ids()).toEqual([])
    expect(registry.list()).toEqual([])
  })
})

describe('DeviceRegistry list operations', () => {
  async function withThree(): Promise<DeviceRegistry> {
    const registry = await openRegistry()
    let n = 0
    script = (client) => {
      client.info = deviceInfoFixture({ serial: `S${++n}` })
    }
    for (const label of ['A', 'B', 'C']) {
      await registry.add({ label, baseUrl: 'https://solo.wablas.com', token: `${TOKEN}${label}` })
    }
    return registry
  }

  it('renames and reorders, persisting both', async () => {
    const registry = await withThree()
    await registry.rename('dev-2', ' Bee ')
    const ordered = await registry.reorder(['dev-3', 'nope', 'dev-1'])
    expect(ordered.map((d) => [d.id, d.label, d.order])).toEqual([
      ['dev-3', 'C', 0],
      ['dev-1', 'A', 1],
      ['dev-2', 'Bee', 2]
    ])
    expect((await openRegistry()).list().map((d) => d.id)).toEqual(['dev-3', 'dev-1', 'dev-2'])
    await expectDeviceError(registry.rename('dev-9', 'X'), 'not_found')
  })

  it('removes a device and erases its vault entry', async () => {
    const registry = await withThree()
    await registry.remove('dev-2')
    expect(await vault.load('dev-2')).toEqual({ kind: 'absent' })
    expect(registry.list().map((d) => d.id)).toEqual(['dev-1', 'dev-3'])
    expect((await openRegistry()).get('dev-2')).toBeUndefined()
    // The next device goes to the end, after the highest order.
    const { device } = await registry.add({
      label: 'D',
      baseUrl: 'https://solo.wablas.com',
      token: `${TOKEN}D`
    })
    expect(device.order).toBe(3)
  })

  it('builds clients from the vault, and none from a locked or absent secret', async () => {
    const registry = await withThree()
    built = []
    const client = await registry.clientFor('dev-1')
    expect(client?.baseUrl).toBe('https://solo.wablas.com')
    expect(built).toEqual([{ baseUrl: 'https://solo.wablas.com', token: `${TOKEN}A` }])
    expect(await registry.clientFor('dev-1')).toBe(client)

    vault.lock('dev-2', 'the keyring is locked')
    expect(await registry.clientFor('dev-2')).toBeUndefined()
    const locked = await registry.openClient('dev-2')
    expect(locked.kind === 'locked' && translateNote('en', locked.reason)).toBe('the keyring is locked')
    await vault.erase('dev-3')
    expect(await registry.openClient('dev-3')).toEqual({ kind: 'absent' })
    expect(await registry.openClient('dev-9')).toEqual({ kind: 'unknown-device' })
  })

  it('replaces a locked token only through updateCredentials after a live check', async () => {
    const registry = await withThree()
    vault.lock('dev-1')
    await registry.updateCredentials('dev-1', { token: OTHER_TOKEN })
    expect(await vault.load('dev-1')).toMatchObject({ kind: 'found', value: { token: OTHER_TOKEN } })
    expect(registry.get('dev-1')?.tokenHint).toBe(`••••${OTHER_TOKEN.slice(-4)}`)
  })

  it('moves an unreadable list aside and starts empty', async () => {
    await writeFile(file, '{"version":1,"devices":[{"id":3}]}')
    const registry = await openRegistry()
    expect(registry.list()).toEqual([])
    expect(registry.recoveredFrom).toMatch(/devices\.json\.corrupt-/)
  })
})

describe("the terminal's ids of a device (QA24 Q24-01)", () => {
  it('are kept from the add, hash the token and never hold it', async () => {
    const registry = await openRegistry()
    const { device } = await registry.add({ label: 'Toko', baseUrl: 'https://solo.wablas.com', token: TOKEN })
    expect(device.terminalIds[0]).toBe(terminalDeviceId({ baseUrl: 'solo.wablas.com/api/', token: TOKEN }))
    const written = await readFile(file, 'utf8')
    expect(written).toContain(device.terminalIds[0])
    expect(written).not.toContain(TOKEN)
    expect(written).not.toContain(TOKEN.slice(0, 12))
  })

  it('a device listed before they were kept gets them once its token is read, and they follow a new token', async () => {
    const first = await openRegistry()
    const { device } = await first.add({ label: 'Toko', baseUrl: 'https://solo.wablas.com', token: TOKEN })
    const stored = JSON.parse(await readFile(file, 'utf8')) as { devices: Record<string, unknown>[] }
    for (const d of stored.devices) delete d['terminalIds']
    await writeFile(file, JSON.stringify(stored))

    const registry = await openRegistry()
    expect(registry.get(device.id)?.terminalIds).toEqual([])
    expect((await registry.openClient(device.id)).kind).toBe('ready')
    expect(registry.get(device.id)?.terminalIds[0]).toBe(
      terminalDeviceId({ baseUrl: 'https://solo.wablas.com', token: TOKEN })
    )
    expect(await readFile(file, 'utf8')).toContain(registry.get(device.id)?.terminalIds[0])

    await registry.updateCredentials(device.id, { token: OTHER_TOKEN })
    expect(registry.get(device.id)?.terminalIds[0]).toBe(
      terminalDeviceId({ baseUrl: 'https://solo.wablas.com', token: OTHER_TOKEN })
    )
  })
})

describe('the devices file another process writes (the terminal, another core on the same folder)', () => {
  /** A registry on the same file (and secrets) with ids of its own, as another process has. */
  async function otherWriter(): Promise<DeviceRegistry> {
    let n = 0
    return DeviceRegistry.open({
      file,
      vault,
      clock: new FakeClock(),
      newId: () => `other-${++n}`,
      clientFactory: (credentials) => new ScriptedGatewayClient(credentials)
    })
  }

  it('is taken in and announced: listed, updated, reordered, a new token listed afresh, removed', async () => {
    const registry = await openRegistry()
    const { device: own } = await registry.add({
      label: 'Own',
      baseUrl: 'https://solo.wablas.com',
      token: TOKEN
    })
    expect((await registry.openClient(own.id)).kind).toBe('ready')
    const heard: RegistryChange[] = []
    registry.onChange((change) => heard.push(change))
    const other = await otherWriter()

    const { device: added } = await other.add({
      label: 'Branch',
      baseUrl: 'https://bdg.wablas.com',
      token: OTHER_TOKEN
    })
    await registry.lookForOtherWriters()
    expect(heard).toEqual([{ kind: 'listed', device: added }])
    expect(registry.list().map((d) => d.label)).toEqual(['Own', 'Branch'])

    heard.length = 0
    await other.rename(own.id, 'Front office')
    await registry.lookForOtherWriters()
    expect(heard).toEqual([{ kind: 'updated', device: { ...own, label: 'Front office' } }])

    heard.length = 0
    await other.reorder([added.id, own.id])
    await registry.lookForOtherWriters()
    expect(heard).toEqual([{ kind: 'reordered' }])
    expect(registry.list().map((d) => d.id)).toEqual([added.id, own.id])

    // A new token given there: the client made here with the old one is not used again.
    heard.length = 0
    built.length = 0
    await other.updateCredentials(own.id, { token: `${TOKEN}X` })
    await registry.lookForOtherWriters()
    expect(heard.map((c) => c.kind)).toEqual(['listed'])
    expect((await registry.openClient(own.id)).kind).toBe('ready')
    expect(built.map((credentials) => credentials.token)).toEqual([`${TOKEN}X`])

    heard.length = 0
    await other.remove(added.id)
    await registry.lookForOtherWriters()
    expect(heard).toEqual([{ kind: 'removed', id: added.id }])
    expect(registry.get(added.id)).toBeUndefined()
    expect((await registry.openClient(added.id)).kind).toBe('unknown-device')
  })

  it("never takes the registry's own writes for another process's, and is quiet while nobody writes", async () => {
    const registry = await openRegistry()
    const heard: RegistryChange[] = []
    registry.onChange((change) => heard.push(change))
    const { device } = await registry.add({ label: 'Own', baseUrl: 'https://solo.wablas.com', token: TOKEN })
    // A look racing the registry's own write waits for it: the file it reads is the one the write left.
    const renamed = registry.rename(device.id, 'Renamed')
    const looked = registry.lookForOtherWriters()
    await Promise.all([renamed, looked])
    await registry.lookForOtherWriters()
    await registry.reorder([device.id])
    await registry.lookForOtherWriters()
    await registry.lookForOtherWriters()
    expect(heard.map((c) => c.kind)).toEqual(['added', 'updated', 'reordered'])
  })

  it('writes over the file as it is now: a change made elsewhere since the last look is kept, and announced', async () => {
    const registry = await openRegistry()
    const { device } = await registry.add({ label: 'Own', baseUrl: 'https://solo.wablas.com', token: TOKEN })
    const other = await otherWriter()
    const { device: added } = await other.add({
      label: 'Branch',
      baseUrl: 'https://bdg.wablas.com',
      token: OTHER_TOKEN
    })
    const heard: RegistryChange[] = []
    registry.onChange((change) => heard.push(change))
    // No look in between: the rename here comes before the registry has seen the other's add.
    await registry.rename(device.id, 'Front office')
    expect(heard.map((c) => c.kind)).toEqual(['listed', 'updated'])
    const stored = JSON.parse(await readFile(file, 'utf8')) as { devices: { label: string }[] }
    expect(stored.devices.map((d) => d.label)).toEqual(['Front office', 'Branch'])
    expect(registry.get(added.id)?.label).toBe('Branch')
  })

  it('leaves the list as it is while the file is unreadable or gone, saying so once per version of the file', async () => {
    const registry = await openRegistry()
    await registry.add({ label: 'Own', baseUrl: 'https://solo.wablas.com', token: TOKEN })
    const heard: RegistryChange[] = []
    registry.onChange((change) => heard.push(change))
    await writeFile(file, '{"version": 1, "devi')
    await expect(registry.lookForOtherWriters()).rejects.toThrow('cut off or garbled')
    await registry.lookForOtherWriters()
    await rm(file)
    await registry.lookForOtherWriters()
    expect(heard).toEqual([])
    expect(registry.list().map((d) => d.label)).toEqual(['Own'])
  })
})
