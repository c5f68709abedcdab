// A customer's "STOP" honoured (issue 26, point 4): the operator's keyword lists, kept in the settings table, and the
// inbox's keyword target built on the opt-out list. The inbox decides which received texts are keywords (the domain
// rule) inside the transaction that marks each event applied; the list and the number's waiting campaign rows change
// in it too, and the gateways' blacklists are told once it committed.
import {
  DEFAULT_OPT_OUT_KEYWORDS,
  keywordCase,
  keywordsProblem,
  type KeywordAction,
  type KeywordsProblem,
  type OptOutKeywords
} from '../../../shared/domain'
import { normalisePhone } from '../gateway'
import { GatewayBlacklistStore, SettingsStore, type SqliteDatabase } from '../store'
import { createCampaigns, type Campaigns } from './campaigns'
import { gatewaysMissed } from './gateway-blacklist'
import type { Clock } from '../clock'

const KEYWORDS_KEY = 'optouts.keywords'

export class KeywordsRefused extends Error {
  constructor(readonly problem: KeywordsProblem) {
    super(`The keyword lists cannot be kept: ${problem.code}`)
    this.name = 'KeywordsRefused'
  }
}

/** The operator's lists; the defaults until they are edited (or when the stored ones cannot be read). */
export function readKeywords(db: SqliteDatabase): OptOutKeywords {
  let stored: unknown
  try {
    stored = new SettingsStore(db).get(KEYWORDS_KEY)
  } catch {
    return DEFAULT_OPT_OUT_KEYWORDS
  }
  if (!isKeywords(stored) || keywordsProblem(stored) !== null) return DEFAULT_OPT_OUT_KEYWORDS
  return stored
}

/** Kept in the case the match compares in, whoever edits them (the window's editor, the terminal's `optout keywords`). */
export function saveKeywords(db: SqliteDatabase, keywords: OptOutKeywords): OptOutKeywords {
  const kept = {
    optOut: keywords.optOut.map((k) => keywordCase(k.trim())),
    optIn: keywords.optIn.map((k) => keywordCase(k.trim()))
  }
  const problem = keywordsProblem(kept)
  if (problem) throw new KeywordsRefused(problem)
  new SettingsStore(db).set(KEYWORDS_KEY, kept)
  return kept
}

function isKeywords(value: unknown): value is OptOutKeywords {
  const lists = value as Partial<Record<keyof OptOutKeywords, unknown>> | null
  const strings = (list: unknown): boolean => Array.isArray(list) && list.every((k) => typeof k === 'string')
  return typeof value === 'object' && value !== null && strings(lists?.optOut) && strings(lists?.optIn)
}

/** What the inbox's keyword target asks of the opt-out list (its port, structurally). */
export interface KeywordOptOuts {
  keywords(): OptOutKeywords
  /**
   * Inside the inbox's transaction; answers what changed ('unchanged' when the number already was so). `text`: the
   * customer's message, kept with the entry it makes (the list says which word opted the number out).
   */
  apply(
    chatNumber: string,
    action: KeywordAction,
    text: string
  ): 'opted-out' | 'opted-in' | 'unchanged' | 'not-a-number'
  /**
   * After the transaction committed: each number whose state changed, for the gateways' blacklists. A number whose
   * confirmation waits in the queue (a wait the transaction kept, which the blacklist would refuse) is not pushed
   * here: it goes when the confirmation left (gateway-blacklist.ts' catch-up).
   */
  committed(changes: readonly { phone: string; action: KeywordAction }[]): void
}

export function keywordOptOuts(deps: {
  db: SqliteDatabase
  campaigns: Pick<Campaigns, 'optOuts'>
  /** The gateways' blacklists (campaign commands' push), told after the commit; failures are the push's to report. */
  pushToGateways: (phones: readonly string[], add: boolean) => Promise<unknown>
  /** After a commit that changed the list (the app tells its window). */
  onCommitted?: () => void
}): KeywordOptOuts {
  return {
    keywords: () => readKeywords(deps.db),
    apply(chatNumber, action, text) {
      let phone: string
      try {
        phone = normalisePhone(chatNumber)
      } catch {
        return 'not-a-number'
      }
      if (action === 'opt-out') {
        if (deps.campaigns.optOuts.has(phone)) return 'unchanged'
        // Cancels the number's waiting campaign rows in the same transaction.
        deps.campaigns.optOuts.add([phone], 'keyword', text.trim().replace(/\s+/g, ' '))
        return 'opted-out'
      }
      return deps.campaigns.optOuts.remove(phone) ? 'opted-in' : 'unchanged'
    },
    committed(changes) {
      const waiting = new GatewayBlacklistStore(deps.db).waitingPhones()
      const opted = changes.filter((c) => c.action === 'opt-out').map((c) => normalisePhone(c.phone))
      const added = opted.filter((phone) => !waiting.has(phone))
      const removed = changes.filter((c) => c.action === 'opt-in').map((c) => normalisePhone(c.phone))
      if (added.length > 0) void deps.pushToGateways(added, true).catch(() => undefined)
      if (removed.length > 0) void deps.pushToGateways(removed, false).catch(() => undefined)
      if (opted.length + removed.length > 0) deps.onCommitted?.()
    }
  }
}

/**
 * The keyword target of a process that opens no device's gateway (the terminal's inbox commands, the crash suite's
 * child): the opt-out list and the campaign rows change here; no device's gateway took the change, which the app finds
 * missing from each device's rows and brings there when it next opens the device (gateway-blacklist.ts).
 */
export function localKeywordOptOuts(deps: {
  db: SqliteDatabase
  queue: Parameters<typeof createCampaigns>[0]['queue']
  clock: Clock
}): KeywordOptOuts {
  return keywordOptOuts({
    db: deps.db,
    campaigns: createCampaigns({ db: deps.db, queue: deps.queue, clock: deps.clock }),
    pushToGateways: async (phones, add) => gatewaysMissed(deps.db, phones, add)
  })
}
