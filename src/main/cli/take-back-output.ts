/**
 * A take-back's tally for the terminal ("4,812 deleted for everyone, 188 refused: …"): what was stopped here, what the
 * gateway did per action, its refusals in its own words, what is still to do and what was left as it was.
 */
import type { DeviceState, TakeBackView } from '../../shared/contract'
import type { LeftAloneReason } from '../../shared/domain'
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
 * Why a campaign's take-back left messages as they were (the terminal takes back campaigns only: a selection's other
 * reasons never reach it), each worded; the compiler holds the table to the domain's list.
 */
const LEFT_WORDS: Record<LeftAloneReason | 'already_asked' | 'not_found', (n: number) => string> = {
  revoke_not_asked: (n) => `on WhatsApp already (add --revoke-delivered to delete ${them(n)} for everyone)`,
  failed_at_gateway: () => 'failed at the gateway (nothing reached anyone)',
  fate_unknown: (n) => `fate unknown (being sent, or unverified): the outbox settles ${them(n)} first`,
  never_reached_gateway: () => 'failed before reaching the gateway',
  cancelled: () => 'cancelled here already',
  opted_out: (n) => `opted out before ${they(n)} ${n === 1 ? 'was' : 'were'} sent`,
  cancelled_at_gateway: () => 'cancelled at the gateway already',
  revoked: () => 'deleted for everyone already',
  already_asked: () => 'asked by an earlier take-back',
  not_found: () => 'not in the outbox'
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
  for (const e of view.explained) {
    const why = e.message ?? (e.state === 'refused' ? 'the gateway gave no reason' : '')
    lines.push(`  ${count(e.n)} ${e.state === 'refused' ? 'refused' : 'unknown'} (${e.action}): ${why}`)
  }
  const left = Object.entries(view.leftAlone).filter(([, n]) => n > 0)
  if (left.length > 0) {
    lines.push('Left as they were:')
    for (const [reason, n] of left)
      lines.push(
        `  ${count(n)} ${reason in LEFT_WORDS ? LEFT_WORDS[reason as keyof typeof LEFT_WORDS](n) : reason.replaceAll('_', ' ')}`
      )
  }
  const next = stateLine(view, campaignId)
  if (next !== null) lines.push(next)
  if (lines.length === 0) lines.push('Nothing to take back.')
  return lines.join('\n')
}
