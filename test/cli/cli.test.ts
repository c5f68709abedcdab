// The real `sender-desk` binary in child processes against sandboxes: the newcomer journey, exit codes, output rules, outbox.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SandboxControl, startSandbox, type Sandbox } from '@sender-desk/sandbox-gateway'

const root = join(import.meta.dirname, '..', '..')
const BIN = join(root, 'bin/sender-desk.js')
const BUILT_CLI = join(root, 'out/main/cli.js')
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g

/**
 * A real baseline JPEG (8×8 grey, one component, DC-only Huffman tables), small enough to read: SOI, JFIF, a
 * quantisation table, frame, one-code DC and AC tables, scan, the entropy byte (DC 0, EOB, padding) and EOI.
 */
const TINY_JPEG = Buffer.from([
  ...[0xff, 0xd8],
  ...[
    0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00
  ],
  ...[0xff, 0xdb, 0x00, 0x43, 0x00, ...new Array<number>(64).fill(1)],
  ...[0xff, 0xc0, 0x00, 0x0b, 0x08, 0x00, 0x08, 0x00, 0x08, 0x01, 0x01, 0x11, 0x00],
  ...[0xff, 0xc4, 0x00, 0x14, 0x00, 0x01, ...new Array<number>(15).fill(0), 0x00],
  ...[0xff, 0xc4, 0x00, 0x14, 0x10, 0x01, ...new Array<number>(15).fill(0), 0x00],
  ...[0xff, 0xda, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3f, 0x00],
  0x3f,
  ...[0xff, 0xd9]
])

interface Run {
  code: number | null
  stdout: string
  stderr: string
}

let work: string
let sandbox: Sandbox
let sandboxControl: SandboxControl
/** Every long-running child, so a failing test never leaves one behind. */
const children = new Set<ChildProcess>()

/** The environment of every run: no SENDER_DESK_* from the developer's shell, HOME in the scratch folder. */
function baseEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  for (const [key, value] of Object.entries(process.env))
    if (!key.startsWith('SENDER_DESK_')) env[key] = value
  return { ...env, HOME: work, SENDER_DESK_DATA_DIR: join(work, 'default-data') }
}

function spawnCli(args: string[], env: NodeJS.ProcessEnv = {}): ChildProcess {
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: work,
    env: { ...baseEnv(), ...env },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  children.add(child)
  child.once('exit', () => children.delete(child))
  return child
}

/** Runs the binary to completion (asynchronously: the sandbox it talks to lives in this process). */
function run(args: string[], env: NodeJS.ProcessEnv = {}): Promise<Run> {
  const child = spawnCli(args, env)
  let stdout = ''
  let stderr = ''
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
  const guard = setTimeout(() => child.kill('SIGKILL'), 45_000)
  return new Promise((resolve, reject) => {
    child.once('error', reject)
    child.once('close', (code) => {
      clearTimeout(guard)
      resolve({ code, stdout, stderr })
    })
  })
}

/** stdout is exactly one JSON line; its value. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function jsonOf(result: Run): any {
  const lines = result.stdout.split('\n').filter((line) => line !== '')
  expect(lines, result.stdout).toHaveLength(1)
  return JSON.parse(lines[0] ?? '')
}

/** A failure: the exit code, one `sender-desk:` line on stderr, and none of the given secrets anywhere. */
function expectFailure(result: Run, code: number, secrets: string[] = []): string {
  expect({ code: result.code, stderr: result.stderr }).toMatchObject({ code })
  const errorLines = result.stderr.split('\n').filter((line) => line.startsWith('sender-desk:'))
  expect(errorLines, result.stderr).toHaveLength(1)
  // Only `send file` writes a progress line before its request; everything else has the error line alone.
  expect(result.stderr.endsWith(`${errorLines[0]}\n`)).toBe(true)
  for (const secret of secrets) expect(result.stdout + result.stderr).not.toContain(secret)
  return errorLines[0] ?? ''
}

function newestChange(dir: string): number {
  return readdirSync(dir, { withFileTypes: true }).reduce((newest, entry) => {
    const path = join(dir, entry.name)
    return Math.max(newest, entry.isDirectory() ? newestChange(path) : statSync(path).mtimeMs)
  }, 0)
}

async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return typeof address === 'object' && address ? address.port : 9
}

async function control(path: string, init: RequestInit = {}): Promise<unknown> {
  const headers = new Headers(init.headers)
  headers.set('x-sandbox-control', sandbox.controlToken)
  if (init.body !== undefined) headers.set('content-type', 'application/json')
  const response = await fetch(`${sandbox.baseUrl}${path}`, { ...init, headers })
  expect(response.status).toBe(200)
  return response.json()
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

beforeAll(async () => {
  // `npm test` builds first; a bare `vitest run` builds only when the sources the CLI is built from (its own, the
  // core's and the shared rules) changed since the last build.
  const sources = ['src/main/cli', 'src/main/core', 'src/shared'].map((dir) => newestChange(join(root, dir)))
  if (!existsSync(BUILT_CLI) || statSync(BUILT_CLI).mtimeMs < Math.max(...sources)) {
    execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'ignore', timeout: 180_000 })
  }
  work = mkdtempSync(join(tmpdir(), 'sender-desk-cli-'))
  writeFileSync(join(work, 'photo.jpg'), TINY_JPEG)
  sandbox = await startSandbox({
    seed: 3,
    timings: { sentAfterMs: 50, deliveredAfterMs: 50, readAfterMs: 50 }
  })
  sandboxControl = new SandboxControl(sandbox.baseUrl, sandbox.controlToken)
}, 200_000)

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL')
  await sandbox?.close()
  if (work) rmSync(work, { recursive: true, force: true })
})

describe('the newcomer journey, on a sandbox started by `sender-desk sandbox start`', () => {
  it('QR, scan, activation, connected, a photo accepted and later read; SIGTERM stops the sandbox with 0', async () => {
    const server = spawnCli(['sandbox', 'start', '--fast'])
    const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)))
    const firstLine = await new Promise<string>((resolve, reject) => {
      const lines = createInterface({ input: server.stdout! })
      lines.once('line', (line) => {
        lines.close()
        resolve(line)
      })
      server.once('exit', (code) => reject(new Error(`sandbox start exited with ${code}`)))
    })
    const started = JSON.parse(firstLine) as { baseUrl: string; token: string; controlToken: string }
    expect(Object.keys(started).sort()).toEqual(['baseUrl', 'controlToken', 'token'])
    expect(started.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    const env = {
      SENDER_DESK_BASE_URL: started.baseUrl,
      SENDER_DESK_TOKEN: started.token,
      SENDER_DESK_SANDBOX_CONTROL: started.controlToken
    }

    // `device qr` draws the QR with block characters; --json gives its text, the one the sandbox shows.
    const drawn = await run(['device', 'qr'], env)
    expect(drawn.code).toBe(0)
    expect(drawn.stdout).toMatch(/[▀▄█]/)
    const qr = jsonOf(await run(['device', 'qr', '--json'], env))
    const shown = (await (
      await fetch(`${started.baseUrl}/__sandbox/device`, {
        headers: { authorization: started.token, 'x-sandbox-control': started.controlToken }
      })
    ).json()) as { device: { qr: { text: string } } }
    expect(qr).toEqual({ ok: true, kind: 'text', text: shown.device.qr.text })

    // The phone scans, IT support activates.
    const scanned = await run(['sandbox', 'scan'], env)
    expect([scanned.code, scanned.stdout]).toEqual([0, 'sandbox: scan done\n'])
    const waiting = jsonOf(await run(['device', 'info', '--json'], env))
    expect(waiting.device).toMatchObject({ active: false, note: 'waiting for activation by IT support' })
    const activated = await run(['sandbox', 'activate', '--json'], env)
    expect(activated.code).toBe(0)
    expect(jsonOf(activated)).toMatchObject({ ok: true, action: 'activate', device: { state: 'connected' } })
    expect(activated.stdout).not.toContain(started.token)

    // `device info` reports connected, for people (in the window's words for the state) and for scripts.
    const info = await run(['device', 'info'], env)
    expect(info.code).toBe(0)
    expect(info.stdout).toMatch(/^Device \S+ — Sandbox device: Connected$/m)
    expect(info.stdout).not.toContain('not active')
    expect(jsonOf(await run(['device', 'info', '--json'], env)).device).toMatchObject({
      connection: 'connected',
      active: true
    })

    // `send file photo.jpg --to 0812…` is accepted.
    const sent = await run(['send', 'file', 'photo.jpg', '--to', '0812-3456-7890', '--json'], env)
    expect(sent.code).toBe(0)
    const accepted = jsonOf(sent)
    expect(accepted).toMatchObject({
      ok: true,
      message: 'Message is pending and waiting to be processed',
      messages: [{ phone: '6281234567890', status: 'pending' }]
    })
    const refId = accepted.refId as string
    expect(accepted.messages[0].refId).toBe(refId)

    // `report --ref` later shows read (the sandbox's --fast clock: sent, delivered, read within seconds).
    let status: string | undefined
    for (let attempt = 0; attempt < 60 && status !== 'read'; attempt++) {
      if (attempt > 0) await sleep(250)
      const report = jsonOf(await run(['report', '--ref', refId, '--json'], env))
      expect(report.items).toHaveLength(1)
      status = report.items[0].status
    }
    expect(status).toBe('read')
    const human = await run(['report', '--ref', refId], env)
    expect(human.stdout).toContain(`to 6281234567890  read  ref ${refId}`)

    server.kill('SIGTERM')
    expect(await exited).toBe(0)
  }, 60_000)
})

describe('exit codes and the output contract', () => {
  let token: string
  let env: NodeJS.ProcessEnv

  beforeAll(async () => {
    token = (await sandboxControl.createDevice({ linked: true })).token
    env = {
      SENDER_DESK_BASE_URL: sandbox.baseUrl,
      SENDER_DESK_TOKEN: token,
      SENDER_DESK_SANDBOX_CONTROL: sandbox.controlToken
    }
  })

  // Read-only commands made the default data folder (and an empty database) on a computer that had none.
  it('a read-only command on a computer with no data folder says so, where it looked, and creates none', async () => {
    const home = mkdtempSync(join(work, 'new-home-'))
    const fresh = { ...env, HOME: home, SENDER_DESK_DATA_DIR: undefined }
    const dataDir = join(home, '.sender-desk')
    const said = `No data yet: Sender Desk has no data in ${dataDir}.`
    for (const command of [
      ['optout', 'list'],
      ['optout', 'keywords'],
      ['webhook', 'deliveries'],
      ['outbox', 'list'],
      ['campaign', 'status'],
      ['inbox', 'list'],
      ['contacts', 'list'],
      ['device', 'invoices']
    ]) {
      const listed = await run(command, fresh)
      expect(listed.code, `${command.join(' ')}: ${listed.stderr}`).toBe(0)
      expect(listed.stdout, command.join(' ')).toContain(said)
      expect(existsSync(dataDir), command.join(' ')).toBe(false)
    }
  })

  it('2 for bad input, before anything reaches the gateway', async () => {
    writeFileSync(join(work, 'big.jpg'), Buffer.concat([TINY_JPEG, Buffer.alloc(3 * 1024 * 1024)]))
    writeFileSync(join(work, 'notes.exe'), 'MZ not a media file')
    const cases: [string[], RegExp][] = [
      [['device', 'info', '--bogus'], /unknown option --bogus/],
      [['send', 'text', '--message', 'hi'], /--to is required/],
      [['send', 'text', '--to', '12ab', '--message', 'hi'], /"12ab" is not a valid phone number/],
      [['send', 'file', 'missing.jpg', '--to', '081234567890'], /file not found: missing\.jpg/],
      [
        ['send', 'file', 'big.jpg', '--to', '081234567890'],
        /big\.jpg is 3 MB; the gateway accepts files up to 2 MB/
      ],
      [
        ['send', 'file', 'notes.exe', '--to', '081234567890'],
        /notes\.exe is not an image, document, video or audio/
      ],
      [['report'], /exactly one of --id/],
      [['frobnicate'], /unknown command "frobnicate"/]
    ]
    const results = await Promise.all(cases.map(([args]) => run(args, env)))
    results.forEach((result, i) => {
      expect(expectFailure(result, 2, [token])).toMatch(cases[i]?.[1] ?? /^$/)
    })
    const asJson = await run(['send', 'text', '--to', '12ab', '--message', 'hi', '--json'], env)
    const line = expectFailure(asJson, 2, [token])
    expect(jsonOf(asJson)).toEqual({ ok: false, exitCode: 2, error: line.slice('sender-desk: '.length) })
    expect(await sandboxControl.messages()).toEqual([])
  })

  it('2 for `sandbox start --port` on a port that is taken', async () => {
    const port = Number(new URL(sandbox.baseUrl).port)
    const taken = await run(['sandbox', 'start', '--port', String(port), '--json'])
    expect(expectFailure(taken, 2)).toBe(
      `sender-desk: port ${port} is already in use: give another --port, or leave it out for a free one`
    )
    expect(jsonOf(taken)).toMatchObject({ ok: false, exitCode: 2 })
  })

  it('3 for a gateway or auth rejection: wrong token, device not connected', async () => {
    const wrongToken = 'WrongToken0123456789abcdef'
    const refused = await run(['device', 'info', '--token', wrongToken], env)
    expect(expectFailure(refused, 3, [token, wrongToken])).toMatch(
      /rejected the token.*token invalid or device expired/
    )
    const refusedJson = await run(['send', 'text', '--to', '081234567890', '--message', 'x', '--json'], {
      ...env,
      SENDER_DESK_TOKEN: wrongToken
    })
    expectFailure(refusedJson, 3, [token, wrongToken])
    expect(jsonOf(refusedJson)).toMatchObject({ ok: false, exitCode: 3 })

    const unlinked = (await sandboxControl.createDevice()).token
    const notConnected = await run(['send', 'text', '--to', '081234567890', '--message', 'x'], {
      ...env,
      SENDER_DESK_TOKEN: unlinked
    })
    expect(expectFailure(notConnected, 3, [unlinked])).toMatch(/not connected/)
    const photo = await run(['send', 'file', 'photo.jpg', '--to', '081234567890'], {
      ...env,
      SENDER_DESK_TOKEN: unlinked
    })
    expect(expectFailure(photo, 3, [unlinked])).toMatch(/not connected/)
    expect(await sandboxControl.messages()).toEqual([])
  })

  it('4 for a network failure: a closed port, a connection reset', async () => {
    const port = await closedPort()
    const closed = await run(['device', 'info', '--base-url', `http://127.0.0.1:${port}`, '--json'], env)
    expect(expectFailure(closed, 4, [token])).toMatch(/could not reach the gateway/)
    expect(jsonOf(closed)).toMatchObject({ ok: false, exitCode: 4 })

    await control('/__sandbox/faults', {
      method: 'POST',
      body: JSON.stringify({ path: '/api/send-message', kind: 'reset' })
    })
    try {
      const reset = await run(['send', 'text', '--to', '081234567890', '--message', 'x'], env)
      expect(expectFailure(reset, 4, [token])).toMatch(/could not reach the gateway/)
    } finally {
      await control('/__sandbox/faults', { method: 'DELETE' })
    }
    expect(await sandboxControl.messages()).toEqual([])
  })

  it('--json prints exactly one JSON line on success', async () => {
    const info = await run(['device', 'info', '--json'], env)
    expect(info.code).toBe(0)
    expect(info.stderr).toBe('')
    expect(jsonOf(info)).toMatchObject({
      ok: true,
      device: { serial: (await sandboxControl.device(token)).serial }
    })
    const sent = await run(['send', 'text', '--to', '081234567890', '--message', 'json', '--json'], env)
    const body = jsonOf(sent)
    expect(body.messages.map((m: { id: string }) => m.id)).toEqual(
      (await sandboxControl.messages({ refId: body.refId })).map((m) => m.id)
    )
  })

  // QA10 Q10-01: Node's recursive mkdir never returned for a folder under /proc (the run's guard kills it at 45 s).
  // A command that writes makes the folder (one that only reads says there is no data yet there).
  it.skipIf(process.platform !== 'linux' /* /proc is Linux's */)(
    'a data folder that cannot be made is bad input in words, not a hang',
    async () => {
      const line = expectFailure(
        await run(['outbox', 'delete', 'a1', '--data-dir', '/proc/sender-desk-nope/data']),
        2
      )
      expect(line).toBe('sender-desk: cannot make the folder /proc/sender-desk-nope')
    }
  )

  it('--token-file gives the token; an empty file or no token at all is bad input', async () => {
    const noToken = { SENDER_DESK_BASE_URL: sandbox.baseUrl }
    const file = join(work, 'token.txt')
    writeFileSync(file, `${token}\n`, { mode: 0o600 })
    const info = await run(['device', 'info', '--token-file', file, '--json'], noToken)
    expect(info.code).toBe(0)
    expect(jsonOf(info).device.serial).toBe((await sandboxControl.device(token)).serial)
    writeFileSync(join(work, 'empty.txt'), '\n')
    expect(expectFailure(await run(['device', 'info', '--token-file', 'empty.txt'], noToken), 2)).toMatch(
      /is empty/
    )
    expect(expectFailure(await run(['device', 'info'], noToken), 2)).toMatch(/the token is not set/)
    // A folder by mistake: bad input naming the flag's path, not Node's "EISDIR: illegal operation" and exit 1.
    expect(expectFailure(await run(['device', 'info', '--token-file', work], noToken), 2)).toBe(
      `sender-desk: the token file ${work} is a folder, not a file`
    )
  })

  it('a device with a secret key: sends refused without it, served with SENDER_DESK_SECRET or --secret', async () => {
    const secret = 'Sk-7f3a.9c'
    const secured = (await sandboxControl.createDevice({ secret })).token
    const secEnv = { ...env, SENDER_DESK_TOKEN: secured }
    const send = ['send', 'text', '--to', '081200000009', '--message', 'hi']
    const missing = await run(send, secEnv)
    expect(expectFailure(missing, 3, [secured, secret])).toMatch(/secret key.*need secret key/)
    const wrong = await run([...send, '--secret', 'nope'], secEnv)
    expect(expectFailure(wrong, 3, [secured, secret])).toMatch(/secret key invalid/)
    // device/info takes the bare token, as the gateway documents: no secret needed to read the device's state.
    expect((await run(['device', 'info', '--json'], secEnv)).code).toBe(0)

    const qr = await run(['device', 'qr', '--json'], { ...secEnv, SENDER_DESK_SECRET: secret })
    expect(jsonOf(qr)).toMatchObject({ ok: true, kind: 'text' })
    expect((await run(['sandbox', 'scan', '--secret', secret], secEnv)).code).toBe(0)
    const scanned = await run(['sandbox', 'activate', '--json'], { ...secEnv, SENDER_DESK_SECRET: secret })
    expect(scanned.stdout).not.toContain(secret)
    const info = await run(['device', 'info', '--json'], { ...secEnv, SENDER_DESK_SECRET: secret })
    expect(jsonOf(info).device).toMatchObject({ connection: 'connected', active: true })
  })
})

describe('the outbox from the terminal', () => {
  let token: string
  let env: NodeJS.ProcessEnv

  beforeAll(async () => {
    token = (await sandboxControl.createDevice({ linked: true })).token
    env = {
      SENDER_DESK_BASE_URL: sandbox.baseUrl,
      SENDER_DESK_TOKEN: token,
      SENDER_DESK_SANDBOX_CONTROL: sandbox.controlToken
    }
  })

  it('queues, lists, cancels, retries and flushes: each item reaches the gateway once', async () => {
    const dir = join(work, 'outbox-ok')
    const queued = await run(
      [
        'send',
        'text',
        '--to',
        '081200000001,081200000002',
        '--message',
        'later',
        '--queue',
        '--data-dir',
        dir
      ],
      env
    )
    expect(queued.code).toBe(0)
    const textIds = queued.stdout.match(UUID) ?? []
    expect(textIds).toHaveLength(2)
    const file = jsonOf(
      await run(
        ['send', 'file', 'photo.jpg', '--to', '081200000003', '--queue', '--json', '--data-dir', dir],
        env
      )
    )
    const photoId = String(file.itemIds[0])
    const ids = [...textIds, photoId]

    const listed = jsonOf(await run(['outbox', 'list', '--json', '--data-dir', dir], env))
    expect(listed.items.map((i: { id: string }) => i.id).sort()).toEqual([...ids].sort())
    expect(listed.items.every((i: { status: string }) => i.status === 'queued')).toBe(true)

    // Cancel one, then bring it back: it is queued again.
    const cancelled = jsonOf(await run(['outbox', 'cancel', photoId, '--json', '--data-dir', dir], env))
    expect(cancelled.item).toMatchObject({ id: photoId, status: 'cancelled' })
    const retried = jsonOf(await run(['outbox', 'retry', photoId, '--json', '--data-dir', dir], env))
    expect(retried.item).toMatchObject({ id: photoId, status: 'queued' })
    expectFailure(await run(['outbox', 'cancel', 'no-such-item', '--data-dir', dir], env), 2, [token])

    const flushed = await run(['outbox', 'flush', '--data-dir', dir, '--timeout', '30', '--json'], env)
    expect(flushed.code).toBe(0)
    expect(jsonOf(flushed)).toMatchObject({ ok: true, accepted: 3, failed: 0, timedOut: false })
    // The outbox sends its item id as ref_id: each one is at the gateway exactly once.
    for (const id of ids) expect(await sandboxControl.messages({ refId: id })).toHaveLength(1)
    expect((await sandboxControl.messages({ refId: photoId }))[0]).toMatchObject({
      kind: 'image',
      fileName: 'photo.jpg'
    })
    const after = jsonOf(
      await run(['outbox', 'list', '--json', '--status', 'queued', '--data-dir', dir], env)
    )
    expect(after.items).toEqual([])
  }, 40_000)

  it('a flush while the gateway resets connections exits 4, nothing sent: at once when its device cannot be checked, else after its timeout', async () => {
    const dir = join(work, 'outbox-reset')
    const queued = jsonOf(
      await run(
        [
          'send',
          'text',
          '--to',
          '081200000009',
          '--message',
          'stuck',
          '--queue',
          '--json',
          '--data-dir',
          dir
        ],
        env
      )
    )
    const id = String(queued.itemIds[0])
    await control('/__sandbox/faults', {
      method: 'POST',
      body: JSON.stringify({ path: '/api/*', kind: 'reset' })
    })
    try {
      // Every connection: the device's state cannot be asked, so nothing is sent to it and nothing waits the timeout.
      const unchecked = await run(['outbox', 'flush', '--data-dir', dir, '--timeout', '2', '--json'], env)
      expect(expectFailure(unchecked, 4, [token])).toBe(
        'sender-desk: outbox flush could not check the device of these credentials at its gateway; 1 item for it waits'
      )
      expect(jsonOf(unchecked)).toMatchObject({
        ok: false,
        accepted: 0,
        failed: 0,
        timedOut: false,
        cannotGoNow: [{ state: 'unreachable', items: 1, checkFailed: 'Cannot reach the gateway (network).' }]
      })
      // Only its sends: the device answers connected, and each send is cut until the timeout.
      await control('/__sandbox/faults', { method: 'DELETE' })
      await control('/__sandbox/faults', {
        method: 'POST',
        body: JSON.stringify({ path: '/api/send-message', kind: 'reset' })
      })
      const flushed = await run(['outbox', 'flush', '--data-dir', dir, '--timeout', '2', '--json'], env)
      expect(expectFailure(flushed, 4, [token])).toMatch(/stopped after 2 s with 1 item still to send/)
      expect(jsonOf(flushed)).toMatchObject({ ok: false, accepted: 0, timedOut: true, cannotGoNow: [] })
    } finally {
      await control('/__sandbox/faults', { method: 'DELETE' })
    }
    const listed = jsonOf(await run(['outbox', 'list', '--json', '--data-dir', dir], env))
    // Still to send: queued, or "sending" while the outbox cannot yet tell whether the gateway took it.
    expect(listed.items).toEqual([
      expect.objectContaining({ id, status: expect.stringMatching(/^(queued|sending)$/) })
    ])
    expect(await sandboxControl.messages({ refId: id })).toEqual([])
  }, 30_000)
})

describe('start-up', () => {
  it('keeps Node’s compile cache in the user’s cache folder, so the next command does not compile the CLI again', async () => {
    const cache = mkdtempSync(join(work, 'cache-'))
    expect((await run(['--help'], { XDG_CACHE_HOME: cache })).code).toBe(0)
    const kept = join(cache, 'sender-desk', 'node-compile-cache')
    expect(readdirSync(kept, { recursive: true }).length).toBeGreaterThan(0)
  })
})
