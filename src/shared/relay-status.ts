/**
 * The one mapping from the inbox sync's state to what the operator is told about the relay: which of the plain states
 * (not set up, connected, behind by N, unreachable, auth refused, full…) and its tone. Pure, so the window, the tray
 * and the tests all read the same answer.
 */
import type { InboxStatusView } from './contract'

export type RelayHealth =
  | 'not-set-up'
  | 'starting'
  | 'connected'
  | 'behind'
  | 'near-full'
  | 'full'
  | 'unreachable'
  /** The relay refused the pull token and is being tried again (the sync's state is still `unreachable`). */
  | 'auth-retrying'
  | 'auth-refused'
  | 'locked'
  | 'failing'
  | 'cursor-ahead'

export type RelayTone = 'ok' | 'warn' | 'bad' | 'neutral'

/**
 * What a relay that needs the operator means for the customers' messages, said outside Messages in (the attention
 * strip, the Overview, QA82): new ones are not reaching this computer, those sent now are lost (full), or the relay
 * will soon refuse them (near full).
 */
export type RelayEffect = 'notArriving' | 'lost' | 'nearFull'

export interface RelayStatus {
  health: RelayHealth
  tone: RelayTone
  /** Shown next to the words, so the state never rests on colour alone. */
  symbol: string
  /** Events still waiting on the relay (behind), else 0. */
  behind: number
  /** The values the state's words take (`relay.state.<health>`): the count behind, or which try of how many. */
  wordParams: Record<string, number>
  /** The operator should act: shown in the tray's tooltip and as a warning in the window. */
  needsAttention: boolean
  /** What it means for the customers' messages while it needs the operator; null when it does not. */
  effect: RelayEffect | null
}

type Look = Pick<RelayStatus, 'tone' | 'symbol' | 'needsAttention' | 'effect'>
const WELL = { needsAttention: false, effect: null } as const
/** Needs the operator: new messages stop on the relay (or before it) and do not reach this computer. */
const STOPPED = { needsAttention: true, effect: 'notArriving' } as const

const LOOK: Record<RelayHealth, Look> = {
  'not-set-up': { tone: 'neutral', symbol: '○', ...WELL },
  starting: { tone: 'neutral', symbol: '…', ...WELL },
  connected: { tone: 'ok', symbol: '✓', ...WELL },
  behind: { tone: 'neutral', symbol: '↓', ...WELL },
  'near-full': { tone: 'warn', symbol: '◕', needsAttention: true, effect: 'nearFull' },
  // A full relay refuses the gateway's posts: messages are being lost until the desktop catches up.
  full: { tone: 'bad', symbol: '●', needsAttention: true, effect: 'lost' },
  unreachable: { tone: 'warn', symbol: '⚠', ...STOPPED },
  'auth-retrying': { tone: 'warn', symbol: '↻', ...STOPPED },
  'auth-refused': { tone: 'bad', symbol: '✕', ...STOPPED },
  locked: { tone: 'bad', symbol: '⊘', ...STOPPED },
  failing: { tone: 'bad', symbol: '⚠', ...STOPPED },
  'cursor-ahead': { tone: 'bad', symbol: '⇤', ...STOPPED }
}

function healthOf(status: InboxStatusView): RelayHealth {
  switch (status.state) {
    case 'not-connected':
      return 'not-set-up'
    case 'credentials-locked':
      return 'locked'
    case 'idle':
      return 'starting'
    case 'unreachable':
      return tokenTry(status) ? 'auth-retrying' : 'unreachable'
    case 'failing':
      return 'failing'
    case 'auth-refused':
      return 'auth-refused'
    case 'cursor-ahead':
      return 'cursor-ahead'
    case 'connected':
      if (status.storage?.full) return 'full'
      if ((status.behind ?? 0) > 0) return 'behind'
      if (status.storage?.nearFull) return 'near-full'
      return 'connected'
  }
}

/** The sync's note for a refused pull token being tried again (src/main/core/inbox/sync.ts). */
const TOKEN_RETRY_NOTE = 'inbox.fault.pullTokenRefusedRetrying'

/** The refusal's try as the sync's note carries it (inbox.fault.pullTokenRefusedRetrying), else null. */
function tokenTry(status: InboxStatusView): { attempt: number; tries: number } | null {
  if (status.detailKey !== TOKEN_RETRY_NOTE) return null
  const attempt = Number(status.detailParams?.['attempt'])
  const tries = Number(status.detailParams?.['tries'])
  return Number.isFinite(attempt) && Number.isFinite(tries) ? { attempt, tries } : null
}

export function relayStatus(status: InboxStatusView): RelayStatus {
  const health = healthOf(status)
  const behind = health === 'behind' ? (status.behind ?? 0) : 0
  const wordParams: Record<string, number> = (health === 'auth-retrying' && tokenTry(status)) || {
    count: behind
  }
  return { health, ...LOOK[health], behind, wordParams }
}
