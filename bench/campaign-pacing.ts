// Campaign pacing accuracy: a campaign sent through the composed core to the embedded sandbox, its gaps measured on
// the sandbox's own accepted-log timestamps (not the app's), as ratios of the policy's bounds in the same run.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { composeCore } from '../src/main/core/compose'
import { MemoryVault } from '../src/main/core/vault'
import type { BenchLine } from './lines'

const ROWS = 16
const POLICY = {
  minDelaySeconds: 0.5,
  maxDelaySeconds: 1.5,
  batchSize: 5,
  // 3 s: long enough to tell from a gap, short enough for a bench.
  batchPauseMinutes: 0.05,
  workingHours: null,
  dailyCapPerDevice: 1000,
  warmUp: null
}

const fmt = (n: number, digits = 2): string => n.toLocaleString('en-US', { maximumFractionDigits: digits })

export async function runCampaignPacingBench(): Promise<BenchLine[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'sd-bench-pacing-'))
  const core = await composeCore({
    dataDir,
    vault: new MemoryVault(),
    appInfo: { version: 'bench', platform: 'bench' },
    sandbox: { timings: { sentAfterMs: 50, deliveredAfterMs: 100, readAfterMs: 150 } },
    outbox: { pacingMs: 0, trackingIntervalMs: 500, trackingCapMs: 1000 },
    pollIntervals: { idleMs: 1_000, linkingMs: 200, settlingMs: 200 }
  })
  try {
    await core.start()
    const { device } = await core.handlers['sandbox:start']({})
    await core.handlers['devices:qr']({ id: device.id })
    await core.handlers['sandbox:control']({ deviceId: device.id, action: 'scan' })
    await core.handlers['devices:refresh']({ id: device.id })
    await core.handlers['sandbox:control']({ deviceId: device.id, action: 'activate' })
    const csv = ['Name,Phone', ...Array.from({ length: ROWS }, (_, i) => `C${i},08123456${7100 + i}`)].join(
      '\n'
    )
    const sheetFile = await core.handlers['files:register']({
      sources: [{ kind: 'bytes', name: 'bench.csv', dataBase64: Buffer.from(csv).toString('base64') }],
      purpose: 'spreadsheet'
    })
    const sheet = await core.handlers['campaigns:read']({ handle: sheetFile.files[0]?.handle ?? '' })
    const campaign = await core.handlers['campaigns:create']({
      sheetId: sheet.sheetId,
      name: 'pacing bench',
      mapping: { phone: 'Phone', variables: ['Name'] },
      template: 'Hi {Name}',
      pacing: POLICY,
      devices: [device.id]
    })
    await core.handlers['campaigns:start']({ id: campaign.id })
    const sandbox = await core.sandbox.current()
    const deadline = Date.now() + 120_000
    let log = (await sandbox?.control.acceptedLog()) ?? []
    while (log.length < ROWS && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250))
      log = (await sandbox?.control.acceptedLog()) ?? []
    }
    const times = log.map((entry) => Date.parse(entry.at)).sort((a, b) => a - b)
    const gaps = times.slice(1).map((t, i) => (t - (times[i] ?? t)) / 1000)
    // After every batchSize-th send the batch pause applies instead of a gap.
    const pauses = gaps.filter((_, i) => (i + 1) % POLICY.batchSize === 0)
    const plain = gaps.filter((_, i) => (i + 1) % POLICY.batchSize !== 0)
    const inBounds = plain.filter((g) => g >= POLICY.minDelaySeconds && g <= POLICY.maxDelaySeconds).length
    const pauseSeconds = POLICY.batchPauseMinutes * 60
    const shortestGap = Math.min(...plain) / POLICY.minDelaySeconds
    const gapsDetail =
      `${times.length} sends, gaps from the sandbox's accepted log: ${inBounds}/${plain.length} within ` +
      `${POLICY.minDelaySeconds}–${POLICY.maxDelaySeconds} s; shortest/min ${fmt(shortestGap)} ` +
      `(≥ 1 is safe), longest/max ${fmt(Math.max(...plain) / POLICY.maxDelaySeconds)} (late, never early)`
    console.log(gapsDetail)
    const shortestPause = Math.min(...pauses) / pauseSeconds
    const pausesDetail =
      `batch pauses: shortest/policy ${fmt(shortestPause)}, ` +
      `longest/policy ${fmt(Math.max(...pauses) / pauseSeconds)} over ${pauses.length} pauses`
    console.log(pausesDetail)
    // Never early: the shortest gap and pause at least what the policy asks (a late one is only slower).
    return [
      {
        name: "campaign pacing: shortest gap against the policy's minimum",
        ratio: shortestGap,
        goal: '≥ 1',
        within: times.length === ROWS && shortestGap >= 1,
        measured: `${inBounds}/${plain.length} gaps within ${POLICY.minDelaySeconds}–${POLICY.maxDelaySeconds} s`,
        detail: gapsDetail
      },
      {
        name: "campaign pacing: shortest batch pause against the policy's",
        ratio: shortestPause,
        goal: '≥ 1',
        within: pauses.length > 0 && shortestPause >= 1,
        measured: `${fmt(Math.min(...pauses))} s vs ${fmt(pauseSeconds)} s`,
        detail: pausesDetail
      }
    ]
  } finally {
    await core.stop()
    await rm(dataDir, { recursive: true, force: true })
  }
}
