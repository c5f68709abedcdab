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
}

const LOOK: Record<RelayHealth, { tone: RelayTone; symbol: string; needsAttention: boolean }> = {
  'not-set-up': { tone: 'neutral', symbol: '○', needsAttention: false },
  starting: { tone: 'neutral', symbol: '…', needsAttention: false },
  connected: { tone: 'ok', symbol: '✓', needsAttention: false },
  behind: { tone: 'neutral', symbol: '↓', needsAttention: false },
  'near-full': { tone: 'warn', symbol: '◕', needsAttention: true },
  // A full relay refuses the gateway's posts: messages are being lost until the desktop catches up.
  full: { tone: 'bad', symbol: '●', needsAttention: true },
  unreachable: { tone: 'warn', symbol: '⚠', needsAttention: true },
  'auth-retrying': { tone: 'warn', symbol: '↻', needsAttention: true },
  'auth-refused': { tone: 'bad', symbol: '✕', needsAttention: true },
  locked: { tone: 'bad', symbol: '⊘', needsAttention: true },
  failing: { tone: 'bad', symbol: '⚠', needsAttention: true },
  'cursor-ahead': { tone: 'bad', symbol: '⇤', needsAttention: true }
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
