// A webhook attempt the receiver did not answer, in words: the sandbox records the network's code ("ECONNREFUSED")
// or its own English ("no answer within 10 s"); the inspector said "no answer: ECONNREFUSED", in Indonesian too
// (QA58). The codes Node's fetch gives for a receiver that is not there, named for what they mean at its address;
// anything else as recorded.
import type { Translate } from '../../../../shared/i18n'
import type { MessageKey } from '../../i18n'

const BY_CODE: Readonly<Record<string, MessageKey>> = {
  ECONNREFUSED: 'webhooks.attempt.connectionRefused',
  ENOTFOUND: 'webhooks.attempt.noSuchHost',
  EAI_AGAIN: 'webhooks.attempt.noSuchHost',
  ECONNRESET: 'webhooks.attempt.connectionCut',
  EPIPE: 'webhooks.attempt.connectionCut',
  UND_ERR_SOCKET: 'webhooks.attempt.connectionCut',
  ETIMEDOUT: 'webhooks.attempt.unreachable',
  EHOSTUNREACH: 'webhooks.attempt.unreachable',
  ENETUNREACH: 'webhooks.attempt.unreachable',
  UND_ERR_CONNECT_TIMEOUT: 'webhooks.attempt.unreachable'
}

/** The sandbox's own words for an attempt it gave up waiting on (webhook-deliveries.ts). */
const WAITED = /^no answer within (\d+(?:\.\d+)?) s$/

/** What an attempt without an HTTP answer says: `error` as recorded, `url` where it went. */
export function noAnswerWords(t: Translate, error: string | null, url: string): string {
  const waited = error === null ? null : WAITED.exec(error)
  if (waited) return t('webhooks.attempt.timeout', { seconds: waited[1] ?? '' })
  const key = error === null ? undefined : BY_CODE[error]
  return key ? t(key, { host: hostOf(url) }) : t('webhooks.attempt.noAnswer', { error: error ?? '' })
}

function hostOf(url: string): string {
  try {
    return new URL(url).host
  } catch {
    return url
  }
}
