// The service commands (webhook, autoreply, reminder, device create) through `main(argv, env)` against a sandbox:
// exit codes, the one-line JSON result, and what the sandbox ended up with.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { SandboxControl, startSandbox, type Sandbox } from '@sender-desk/sandbox-gateway'
import { startWireServer, type WireServer } from '../core/gateway/testing/wire-server'
import { jsonLineOf, runCli, type CliRun } from './testing/in-process'
import { openDatabase } from '../core/store'

let sandbox: Sandbox
let control: SandboxControl
let receiver: WireServer
let token: string
/** The terminal's data folder (device create keeps its invoices there), never the user's ~/.sender-desk. */
let dataDir: string

const run = (...argv: string[]): Promise<CliRun> =>
  runCli(argv, {
    SENDER_DESK_BASE_URL: sandbox.baseUrl,
    SENDER_DESK_TOKEN: token,
    SENDER_DESK_SANDBOX_CONTROL: sandbox.controlToken,
    SENDER_DESK_DATA_DIR: dataDir
  })
const jsonOf = jsonLineOf

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'sender-desk-cli-service-'))
  receiver = await startWireServer()
  // The receiver is on 127.0.0.1, which the sandbox refuses as a webhook target unless the run opts in.
  sandbox = await startSandbox({ seed: 9, allowPrivateWebhookTargets: true })
  control = new SandboxControl(sandbox.baseUrl, sandbox.controlToken)
})
afterAll(async () => {
  await sandbox.close()
  await receiver.close()
  rmSync(dataDir, { recursive: true, force: true })
})
beforeEach(async () => {
  token = (await control.createDevice({ linked: true, quota: 100 })).token
})

describe('sender-desk webhook', () => {
  it('sets the URLs and incoming switch at the gateway, then lists the sandbox deliveries', async () => {
    receiver.route('POST /in', { body: 'OK', headers: { 'content-type': 'text/plain' } })
    const set = await run(
      'webhook',
      'set',
      '--url',
      `${receiver.url}/in`,
      '--tracking-url',
      `${receiver.url}/track`,
      '--incoming',
      'on',
      '--json'
    )
    expect(set.code).toBe(0)
    expect(jsonOf(set)).toEqual({
      ok: true,
      webhookUrl: `${receiver.url}/in`,
      trackingUrl: `${receiver.url}/track`,
      incoming: true
    })
    expect(await control.device(token)).toMatchObject({
      webhookUrl: `${receiver.url}/in`,
      incomingWebhook: true
    })

    await control.receive(token, { from: '0812777888', message: 'halo' })
    await vi.waitFor(async () => expect((await control.webhookDeliveries(token))[0]?.state).toBe('delivered'))
    const listed = await run('webhook', 'deliveries')
    expect(listed.code).toBe(0)
    expect(listed.stdout).toContain(`incoming → ${receiver.url}/in: delivered after 1 attempt, last HTTP 200`)
    expect(listed.stdout).toContain('"message":"halo"')
    // The answer "OK" did not go back to the chat: the device's reply switch is off by default.
    expect(listed.stdout).toContain('not replied in the chat: the device\'s "auto reply from webhook" is off')
  })

  it('refuses a command without settings and an unknown switch value as bad input (exit 2)', async () => {
    const bare = await run('webhook', 'set')
    expect(bare.code).toBe(2)
    expect(bare.stderr).toContain('webhook set needs --url')
    expect((await run('webhook', 'set', '--incoming', 'maybe')).code).toBe(2)
    expect((await run('webhook', 'set', '--url', 'not a url')).code).toBe(2)
  })

  it('refuses, before any request, an address a gateway on the internet cannot reach (exit 2)', async () => {
    const onTheInternet = (...argv: string[]): Promise<CliRun> =>
      runCli(argv, {
        SENDER_DESK_BASE_URL: 'https://solo.wablas.com',
        SENDER_DESK_TOKEN: token,
        SENDER_DESK_DATA_DIR: dataDir
      })
    const local = await onTheInternet('webhook', 'set', '--url', 'http://localhost:9999/hook')
    expect(local.code).toBe(2)
    expect(local.stderr).toContain(
      '--url http://localhost:9999/hook: the gateway at solo.wablas.com cannot reach localhost (this computer)'
    )
    const office = await onTheInternet('webhook', 'set', '--tracking-url', 'https://192.168.1.10/status')
    expect(office.code).toBe(2)
    expect(office.stderr).toContain('cannot reach 192.168.1.10 (a private network)')
    // Both named at once, as the window's form does.
    const both = await onTheInternet(
      'webhook',
      'set',
      '--url',
      'http://localhost:9999/hook',
      '--tracking-url',
      'https://192.168.1.10/status'
    )
    expect(both.code).toBe(2)
    expect(both.stderr).toContain('cannot reach localhost (this computer)')
    expect(both.stderr).toContain('cannot reach 192.168.1.10 (a private network)')
    // The sandbox on this computer reaches this computer: its own policy answers (it refuses loopback unless allowed).
    expect((await run('webhook', 'set', '--url', `${receiver.url}/in`)).code).toBe(0)
  })
})

describe('sender-desk autoreply', () => {
  it('creates, lists, updates and deletes rules; try shows the reply the sandbox sent', async () => {
    const created = await run(
      'autoreply',
      'create',
      '--keyword',
      'jam buka',
      '--response',
      'Buka 08.00',
      '--json'
    )
    expect(created.code).toBe(0)
    const rule = jsonOf(created).autoReply
    expect(rule).toMatchObject({ keyword: 'jam buka', response: 'Buka 08.00' })

    const listed = await run('autoreply', 'list')
    expect(listed.stdout).toBe(`${rule.id}: "jam buka" → Buka 08.00\n`)
    const tried = await run('autoreply', 'try', '--from', '0812777888', '--message', 'JAM BUKA')
    expect(tried.stdout).toBe('Replied to 62812777888: Buka 08.00\n')
    expect((await control.messages()).filter((m) => m.endpoint === 'autoreply')).toHaveLength(1)

    const updated = await run(
      'autoreply',
      'update',
      rule.id,
      '--keyword',
      'buka',
      '--response',
      'Setiap hari',
      '--json'
    )
    expect(jsonOf(updated).autoReply).toMatchObject({ id: rule.id, keyword: 'buka' })
    expect((await run('autoreply', 'try', '--from', '0812777888', '--message', 'jam buka')).stdout).toBe(
      'No auto-reply matched.\n'
    )
    // A file arrives too: the sandbox names it in the incoming message and serves it at its URL.
    const photo = jsonOf(
      await run('autoreply', 'try', '--from', '0812777888', '--message', 'Foto', '--media', 'image', '--json')
    ).incoming
    expect(photo.media).toMatchObject({ kind: 'image', mimeType: 'image/png' })
    expect((await fetch(photo.media.url)).status).toBe(200)
    expect(
      (await run('autoreply', 'try', '--from', '0812777888', '--message', 'x', '--media', 'gif')).code
    ).toBe(2)
    const deleted = await run('autoreply', 'delete', rule.id)
    expect(deleted.stdout).toBe('remove autoreply keyword: buka successfully\n')
    expect(jsonOf(await run('autoreply', 'list', '--json')).autoReplies).toEqual([])
  })

  it('bad input is exit 2 and a gateway refusal exit 3', async () => {
    expect((await run('autoreply', 'create', '--keyword', 'x')).code).toBe(2)
    expect((await run('autoreply', 'delete')).code).toBe(2)
    expect((await run('autoreply', 'frobnicate')).code).toBe(2)
    const missing = await run('autoreply', 'delete', '424242')
    expect(missing.code).toBe(3)
    expect(missing.stderr).toContain('autoreply 424242 not found')
  })
})

describe('sender-desk reminder', () => {
  it('create, info, update and delete against the sandbox', async () => {
    const created = await run(
      'reminder',
      'create',
      '--to',
      '0812-3456-7890',
      '--message',
      'Bayar tagihan',
      '--start',
      '2099-01-31T08:00',
      '--periode',
      'custom',
      '--custom-day',
      '5',
      '--title',
      'Tagihan',
      '--json'
    )
    expect(created.code).toBe(0)
    const reminder = jsonOf(created).reminder
    expect(reminder).toMatchObject({
      phone: '6281234567890',
      title: 'Tagihan',
      startAt: '2099-01-31 08:00:00',
      reminderType: 'custom: send every 5 days'
    })
    const info = await run('reminder', 'info', reminder.id)
    expect(info.stdout).toBe(
      [
        `Reminder ${reminder.id} — Tagihan: custom: send every 5 days`,
        'To: 6281234567890',
        'Starts: 2099-01-31 08:00:00 (Asia/Jakarta)',
        'Message: Bayar tagihan',
        ''
      ].join('\n')
    )
    const updated = await run(
      'reminder',
      'update',
      reminder.id,
      '--to',
      '0812-3456-7890',
      '--message',
      'Bayar!',
      '--start',
      '2099-02-01 09:30'
    )
    expect(updated.code).toBe(0)
    expect(updated.stdout).toContain('Reminder Messages is succesfully updated')
    expect(await control.reminders(token)).toMatchObject([
      { message: 'Bayar!', startAt: '2099-02-01 09:30:00' }
    ])
    const deleted = await run('reminder', 'delete', reminder.id)
    expect(deleted.stdout).toBe(`Reminder ${reminder.id} is succesfully deleted\n`)
    expect((await run('reminder', 'info', reminder.id)).code).toBe(3)
  })

  it('checks the period and custom day as bad input (exit 2) before asking the gateway', async () => {
    const base = ['reminder', 'create', '--to', '0812345678', '--message', 'x', '--start', '2099-01-01 08:00']
    expect((await run(...base, '--periode', 'weekly')).code).toBe(2)
    expect((await run(...base, '--periode', 'custom')).stderr).toContain('--custom-day N')
    expect((await run(...base, '--periode', 'daily', '--custom-day', '3')).code).toBe(2)
    expect((await run(...base, '--periode', 'custom', '--custom-day', '1001')).code).toBe(2)
    expect((await run('reminder', 'create', '--to', '0812345678', '--periode', 'daily')).code).toBe(2)
    expect((await run('reminder', 'info')).code).toBe(2)
    expect(await control.reminders(token)).toEqual([])
  })
})

describe('sender-desk device create', () => {
  it('prints the invoice and (sandbox) the new device token, which works at once', async () => {
    const created = await run(
      'device',
      'create',
      '--name',
      'Cabang 2',
      '--phone',
      '0812-9990-000',
      '--product',
      'lite',
      '--bank',
      'dana'
    )
    expect(created.code).toBe(0)
    const lines = created.stdout.split('\n')
    expect(lines[0]).toBe('create device & invoice successfully')
    expect(lines[1]).toMatch(/^Invoice INV\/\d{8}\/\d{6} for device [A-Z0-9]{6} \(Cabang 2\): lite monthly$/)
    expect(lines[2]).toBe('Total: Rp 75.000')
    expect(lines[4]).toBe('Pay to: DANA 0812 2000 1101 (PT Sandbox Gateway Nusantara)')
    const newToken = /New device token \(sandbox\): (\S+)/.exec(created.stdout)?.[1]
    expect(await control.device(newToken!)).toMatchObject({
      name: 'Cabang 2',
      state: 'needs-scan',
      quota: 1000
    })

    const json = jsonOf(
      await run(
        'device',
        'create',
        '--name',
        'B3',
        '--phone',
        '08129990001',
        '--product',
        'pro',
        '--bank',
        'BCA',
        '--periode',
        'yearly',
        '--json'
      )
    )
    expect(json.invoice).toMatchObject({
      deviceName: 'B3',
      periode: 'yearly',
      total: 1_500_000,
      discount: 300_000
    })
    expect(json.kept).toBe(true)

    // Both invoices are kept in the data folder (the gateway cannot list them later), newest first.
    expect(created.stdout).toContain(`Kept in ${dataDir}: sender-desk device invoices lists it.`)
    const firstNumber = /Invoice (\S+) for device/.exec(created.stdout)?.[1]
    const kept = jsonOf(await run('device', 'invoices', '--json'))
    const invoices = kept.invoices as Array<Record<string, unknown>>
    expect(invoices.map((invoice) => invoice.deviceName)).toEqual(['B3', 'Cabang 2'])
    expect(invoices[0]).toMatchObject({ number: (json.invoice as { numberInvoice: string }).numberInvoice })
    expect(invoices[1]).toMatchObject({
      number: firstNumber,
      total: 75_000,
      bankName: 'DANA',
      baseUrl: sandbox.baseUrl
    })
    const listed = await run('device', 'invoices')
    expect(listed.code).toBe(0)
    expect(listed.stdout.trim().split('\n')).toHaveLength(2)
    expect(listed.stdout).toContain(`${firstNumber}  Cabang 2`)
    expect(listed.stdout).toContain('Rp 75.000  pay by ')
  })

  it('prints the invoice and exits 0 when it cannot be kept: it is owed, and a retry would order again', async () => {
    const blocked = join(dataDir, 'not-a-folder')
    writeFileSync(blocked, 'a file where the data folder should be')
    const created = await runCli(
      [
        'device',
        'create',
        '--name',
        'C4',
        '--phone',
        '08129990002',
        '--product',
        'lite',
        '--bank',
        'BCA',
        '--json'
      ],
      {
        SENDER_DESK_BASE_URL: sandbox.baseUrl,
        SENDER_DESK_TOKEN: token,
        SENDER_DESK_SANDBOX_CONTROL: sandbox.controlToken,
        SENDER_DESK_DATA_DIR: blocked
      }
    )
    expect(created.code).toBe(0)
    expect(jsonOf(created)).toMatchObject({ ok: true, kept: false, invoice: { deviceName: 'C4' } })
    expect(created.stderr).toContain(`the invoice could not be kept in ${blocked}`)
  })

  it('says so when no invoice is kept yet', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'sender-desk-cli-empty-'))
    // A data folder with Sender Desk's data, none of it an invoice (without any, it says there is no data yet).
    openDatabase({ dataDir: empty }).close()
    try {
      const listed = await runCli(['device', 'invoices'], { SENDER_DESK_DATA_DIR: empty })
      expect(listed.code).toBe(0)
      expect(listed.stdout.trim()).toBe('No invoice kept yet.')
    } finally {
      rmSync(empty, { recursive: true, force: true })
    }
  })

  it('bad choices are exit 2', async () => {
    const base = ['device', 'create', '--name', 'x', '--phone', '0812345678']
    expect((await run(...base, '--product', 'gold', '--bank', 'BCA')).code).toBe(2)
    expect((await run(...base, '--product', 'lite', '--bank', 'PAYPAL')).stderr).toContain(
      '--bank must be one of'
    )
    expect((await run(...base, '--product', 'lite', '--bank', 'BCA', '--periode', 'weekly')).code).toBe(2)
    expect((await run('device', 'create', '--name', 'x')).code).toBe(2)
  })
})
