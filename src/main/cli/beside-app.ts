/**
 * A terminal command run while the open app holds the send queue (its dispatcher lease): the app sends only for the
 * devices of its list, so this command sends nothing. One rule for every command that would send or call the gateway
 * (`outbox flush`, `campaign start|resume`, `campaign takeback` and `takeback resume`): what is queued (or to take
 * back) for the command's devices that the app does not send for waits for the command once it is closed, and then
 * the command exits 2, said in one line on stderr; else the app does it all, and it exits 0.
 */
import {
  appSendsFor,
  type AppDeviceState,
  type CommandLineCore,
  type CommandLineDevice
} from '../core/compose-command-line'
import type { TakeBackView } from '../../shared/contract'
import type { CliContext } from './index'
import { intFlag } from './args'
import { counted, EXIT } from './output'
import { adviceLines, cannotGoNowLines, heldBecause } from './device-words'

/** The open app holding the send queue: its process, and every device id it sends for. */
export interface AppBeside {
  pid: number
  sendsFor: ReadonlySet<string>
}

/** The open app, when another process holds this data folder's send queue; null when this command may send. */
export async function appBeside(core: CommandLineCore, dataDir: string): Promise<AppBeside | null> {
  const pid = core.otherDispatcher()
  return pid === null ? null : { pid, sendsFor: await appSendsFor(dataDir) }
}

/**
 * With no app beside: the recorded take-backs carried to their end here (--timeout, 300 s by default), and nothing
 * else. A plain flush would also send what is queued for these credentials, which the operator taking back did not
 * ask to send now (`campaign takeback` of a wrong campaign, `message revoke`).
 */
export function takeBacksHere(context: CliContext): (core: CommandLineCore) => Promise<void> {
  // Read before anything is recorded: a wrong --timeout is refused first.
  const timeoutSec = intFlag(context.args, 'timeout', { min: 1, max: 86_400 }) ?? 300
  return async (core) => {
    await core.outbox.flush({ timeoutMs: timeoutSec * 1000, takeBacksOnly: true })
  }
}

/** Queued or being sent: what a sender still has to do. */
function toSend(core: CommandLineCore, deviceId?: string): number {
  const counts = core.outbox.counts(deviceId)
  return counts.queued + counts.sending
}

/**
 * The rule: whether the app sends for every one of `ids` (a command's device and its aliases, a campaign's devices),
 * and how many items queued for the others wait for a flush once it is closed.
 */
export function besideApp(
  core: CommandLineCore,
  app: AppBeside,
  ids: readonly string[]
): { appSendsAll: boolean; waiting: number } {
  return waitingBeside(app, ids, (id) => toSend(core, id))
}

/** The rule over take-backs: whether the app takes back all they still have to do, and how much waits for it to close. */
export function takeBackBesideApp(
  app: AppBeside,
  views: readonly Pick<TakeBackView, 'pendingByDevice'>[]
): { appSendsAll: boolean; waiting: number } {
  const pending = views.flatMap((view) => view.pendingByDevice)
  return waitingBeside(
    app,
    pending.map((p) => p.deviceId),
    (id) => pending.reduce((sum, p) => sum + (p.deviceId === id ? p.n : 0), 0)
  )
}

function waitingBeside(
  app: AppBeside,
  ids: readonly string[],
  waitingFor: (id: string) => number
): { appSendsAll: boolean; waiting: number } {
  const unsent = [...new Set(ids)].filter((id) => !app.sendsFor.has(id))
  return { appSendsAll: unsent.length === 0, waiting: unsent.reduce((sum, id) => sum + waitingFor(id), 0) }
}

/** What a command beside the app did not do, and what of it waits: sends by default. */
interface BesideAppWords {
  didNothing: string
  one: string
  other: string
}

const SENDS: BesideAppWords = { didNothing: 'sent nothing', one: 'item', other: 'items' }

/** A take-back's calls: the messages it has still to take back. */
export const TAKE_BACK_CALLS: BesideAppWords = {
  didNothing: 'asked the gateway nothing',
  one: 'message to take back',
  other: 'messages to take back'
}

/**
 * The exit code by the rule: 0 when nothing of `whose` waits for the app to close; else 2 (bad input: these
 * credentials cannot send while the app runs), said on stderr in one line, as every failure of the command line.
 */
export function besideAppExit(
  context: CliContext,
  command: string,
  whose: string,
  waiting: number,
  words: BesideAppWords = SENDS
): number {
  if (waiting === 0) return EXIT.ok
  context.out.progress(
    `sender-desk: ${command} ${words.didNothing} while Sender Desk runs; ${counted(waiting, words.one, words.other)} for ${whose} ${waiting === 1 ? 'waits' : 'wait'} until it is closed`
  )
  return EXIT.badInput
}

/**
 * Of the queue the app sends, what its devices' states hold back now (QA80: "2 items queued for them" of a logged-out
 * device's, as if they would go): each device whose state or used-up quota stops its messages, as the app's monitor
 * last checked it, with how many it holds and why, in the window's words.
 */
function heldByDevice(
  core: CommandLineCore,
  app: AppBeside,
  states: ReadonlyMap<string, AppDeviceState>
): { device: AppDeviceState; items: number; reason: string }[] {
  const held = new Map<string, { device: AppDeviceState; items: number; reason: string }>()
  for (const id of app.sendsFor) {
    const device = states.get(id)
    const reason = device ? heldBecause(device) : null
    const items = toSend(core, id)
    if (!device || !reason || items === 0) continue
    const known = held.get(device.id)
    if (known) known.items += items
    else held.set(device.id, { device, items, reason })
  }
  return [...held.values()]
}

/**
 * `outbox flush` beside the app: says what the app is sending (the queue of the devices of its list) and what waits
 * for a flush once it is closed (messages for devices it does not list), instead of only "stop it first".
 */
export function flushBesideApp(
  context: CliContext,
  core: CommandLineCore,
  app: AppBeside,
  device: Pick<CommandLineDevice, 'id' | 'aliases'>,
  states: ReadonlyMap<string, AppDeviceState> = new Map()
): number {
  const appQueued = [...app.sendsFor].reduce((sum, id) => sum + toSend(core, id), 0)
  const waitingForFlush = toSend(core) - appQueued
  const { waiting } = besideApp(core, app, [device.id, ...(device.aliases ?? [])])
  const lines = [
    `Sender Desk is running (pid ${app.pid}) and sends the queue of its devices: ${counted(appQueued, 'item')} queued for them.`
  ]
  const held = heldByDevice(core, app, states)
  for (const { device: holding, items, reason } of held) {
    const own = holding.id === device.id || (device.aliases ?? []).includes(holding.id)
    lines.push(...cannotGoNowLines(items, reason, adviceLines(holding, own)))
  }
  if (waitingForFlush > 0)
    lines.push(
      `${counted(waitingForFlush, 'item')} ${waitingForFlush === 1 ? 'is' : 'are'} for devices it does not list: they wait for sender-desk outbox flush after it is closed.`
    )
  const cannotGoNow = held.map(({ device: { id, label, state }, items, reason }) => ({
    deviceId: id,
    label,
    state,
    items,
    reason
  }))
  context.out.result(lines.join('\n'), {
    ok: waiting === 0,
    appPid: app.pid,
    appQueued,
    waitingForFlush,
    cannotGoNow
  })
  return besideAppExit(context, 'outbox flush', 'these credentials', waiting)
}
