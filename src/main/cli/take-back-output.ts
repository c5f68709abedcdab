/**
 * A take-back's tally for the terminal ("4,812 deleted for everyone, 188 refused: …"): what was stopped here, what the
 * gateway did per action, its refusals in its own words, what is still to do and what was left as it was.
 */
import type { DeviceState, TakeBackView } from '../../shared/contract'
import type { TakeBackLeftReason } from '../../shared/domain'
import { translate } from '../../shared/i18n'
import { heldByDevice, TAKE_BACK_WAITS_KEY } from '../../shared/take-back-holds'

const DONE_WORDS = {
  revoke: 'deleted for everyone',
  cancel: 'cancelled at the gateway',
  resend: 'resent at the gateway'
} as const

/** "it" for one message, "them" or "they" for more. */
const them = (n: number): string => (n === 1 ? 'it' : 'them')
const they = (n: number): string => (n === 1 ? 'it' : 'they')

/**
 * Why a take-back left messages as they were, each worded: a campaign's, and a selection's own (`message revoke|cancel|
 * resend` of the outbox's messages: each needs another action than the one asked); the compiler holds the table to
 * the domain's list.
 */
const LEFT_WORDS: Record<TakeBackLeftReason, (n: number) => string> = {
  revoke_not_asked: (n) => `on WhatsApp already (add --revoke-delivered to delete ${them(n)} for everyone)`,
  failed_at_gateway: () => 'failed at the gateway (nothing reached anyone)',
  fate_unknown: (n) => `fate unknown (being sent, or unverified): the outbox settles ${them(n)} first`,
  never_reached_gateway: () => 'failed before reaching the gateway',
  cancelled: () => 'cancelled here already',
  opted_out: (n) => `opted out before ${they(n)} ${n === 1 ? 'was' : 'were'} sent`,
  cancelled_at_gateway: () => 'cancelled at the gateway already',
  revoked: () => 'deleted for everyone already',
  already_asked: () => 'asked by an earlier take-back',
  not_found: () => 'not in the outbox',
  stop_locally: (n) => `not sent yet (sender-desk outbox cancel stops ${them(n)} here)`,
  cancel_at_gateway: (n) => `still held by the gateway (sender-desk message cancel takes ${them(n)} back)`,
  revoke: (n) => `on WhatsApp already (sender-desk message revoke deletes ${them(n)} for everyone)`,
  resend_at_gateway: () => 'failed at the gateway (nothing reached anyone)'
}

const count = (n: number): string => n.toLocaleString('en-US')

/** What was stopped here, then what the gateway did per action: the tally's first lines. */
function actionLines(view: TakeBackView): string[] {
  const lines: string[] = []
  if (view.stoppedLocally > 0)
    lines.push(`${count(view.stoppedLocally)} cancelled before ${they(view.stoppedLocally)} left`)
  for (const action of ['revoke', 'cancel', 'resend'] as const) {
    const tally = view[action]
    if (tally.done + tally.refused + tally.unknown + tally.pending === 0) continue
    const parts = [`${count(tally.done)} ${DONE_WORDS[action]}`]
    if (tally.refused > 0) parts.push(`${count(tally.refused)} refused by the gateway`)
    if (tally.unknown > 0) parts.push(`${count(tally.unknown)} unknown`)
    if (tally.pending > 0) parts.push(`${count(tally.pending)} still to do`)
    lines.push(parts.join(', '))
  }
  return lines
}

/**
 * A take-back of messages named one by one (`message revoke|cancel|resend` of the outbox's): what was stopped here,
 * the gateway's refusals and unknowns in its words, and what was left as it was, under the command's own tally.
 */
export function describeSelectionTakeBack(view: TakeBackView): string[] {
  const lines: string[] = []
  if (view.stoppedLocally > 0)
    lines.push(`${count(view.stoppedLocally)} cancelled before ${they(view.stoppedLocally)} left`)
  lines.push(...explainedLines(view), ...leftLines(view))
  return lines
}

/** The gateway's refusals and unknowns, counted by its words. */
function explainedLines(view: TakeBackView): string[] {
  return view.explained.map((e) => {
    const why = e.message ?? (e.state === 'refused' ? 'the gateway gave no reason' : '')
    return `  ${count(e.n)} ${e.state === 'refused' ? 'refused' : 'unknown'} (${e.action}): ${why}`
  })
}

/** What was left as it was, counted by why. */
function leftLines(view: TakeBackView): string[] {
  const left = Object.entries(view.leftAlone).filter(([, n]) => n > 0)
  if (left.length === 0) return []
  return [
    'Left as they were:',
    ...left.map(
      ([reason, n]) =>
        `  ${count(n)} ${reason in LEFT_WORDS ? LEFT_WORDS[reason as keyof typeof LEFT_WORDS](n) : reason.replaceAll('_', ' ')}`
    )
  ]
}

/** What is left to do about one not finished: resume the operator's pause, or carry it on; null once done. */
function stateLine(view: TakeBackView, campaignId: string): string | null {
  // The window's words: one table, so the two cannot drift apart.
  if (view.state === 'paused') return translate('en', 'outbox.takeBack.outcome.paused')
  if (view.state === 'running')
    return `Not finished: carry it on with sender-desk campaign takeback resume ${campaignId} (or leave the app running).`
  return null
}

const STATE_WORDS = { running: 'under way', paused: 'paused', done: 'done' } as const

/**
 * A campaign's take-back in one line for `campaign status` (the one its view names): under way, paused or done, with
 * the tally's parts and what is left to do, in the same words as the tally.
 */
export function describeTakeBackState(view: TakeBackView, campaignId: string): string {
  const parts = actionLines(view)
  const next = stateLine(view, campaignId)
  return [
    `Take-back ${STATE_WORDS[view.state]}: ${parts.length > 0 ? parts.join('; ') : 'nothing taken back'}.`,
    next
  ]
    .filter((part) => part !== null)
    .join(' ')
}

/**
 * The line `campaign status` says in place of a take-back it could not read (its record damaged, the disk failing):
 * `why` in the words the failure gives (failure.ts), so the rest of the campaign is still said.
 */
export function describeUnreadTakeBack(why: string): string {
  return `Take-back could not be read: ${/[.!?]$/.test(why) ? why : `${why}.`}`
}

/**
 * A campaign's take-back (`campaignId`, named in the command that carries it on). `devices`: to name the device whose
 * calls wait and what for, in the window's words (its English); a null state is a device this command was not given,
 * whose calls wait for the app (or a command with that device).
 */
export function describeTakeBackView(
  view: TakeBackView,
  campaignId: string,
  devices: readonly { id: string; label: string; state: DeviceState | null }[] = []
): string {
  const lines = actionLines(view)
  const known = devices.flatMap((d) => (d.state === null ? [] : [{ ...d, state: d.state }]))
  for (const w of heldByDevice(view.pendingByDevice, known))
    lines.push(`  ${translate('en', TAKE_BACK_WAITS_KEY[w.hold], { n: w.n, device: w.device })}`)
  for (const { deviceId, n } of view.pendingByDevice) {
    const device = devices.find((d) => d.id === deviceId && d.state === null)
    if (device && n > 0)
      lines.push(
        `  ${count(n)} ${n === 1 ? 'waits' : 'wait'} for ${device.label}, which this command was not given: the app takes them back, or run it with that device`
      )
  }
  lines.push(...explainedLines(view), ...leftLines(view))
  const next = stateLine(view, campaignId)
  if (next !== null) lines.push(next)
  if (lines.length === 0) lines.push('Nothing to take back.')
  return lines.join('\n')
}
