// QA sentdeleted (issue 29 point 2): the Overview's "12 sent today" opened a list of 10, with no word why: 2 had been
// deleted from this computer since. They still count (the core keeps a ledger of what was sent) but no list here can
// show them, so under the list of what was sent since an instant a line says how many more there were, and why.
import { useEffect, useState } from 'react'
import { sentTodayParts } from '../../../../shared/domain/status-buckets'
import { call } from '../../api'
import { localeOf, useLanguage, useT } from '../../i18n'
import { formatDateTimeInZone, todayIn } from '../../i18n/dates'
import { NO_FILTERS, useOutbox, type OutboxFilters } from '../../stores/outbox'
import { useOperatorZone } from '../../stores/settings'

/**
 * Whether the list holds every message sent since an instant that is still here: the Overview's "sent today" alone,
 * no other filter narrowing it (then "N more" would not be more than what is listed).
 */
function listsAllSentSince(filters: OutboxFilters): filters is OutboxFilters & {
  happened: NonNullable<OutboxFilters['happened']>
} {
  if (filters.happened?.event !== 'sent' || filters.statuses.length > 0) return false
  return (['deviceId', 'campaignId', 'recipient', 'text', 'from', 'to'] as const).every(
    (key) => filters[key] === NO_FILTERS[key]
  )
}

export function SentDeletedNote(): React.JSX.Element | null {
  const t = useT()
  const locale = localeOf(useLanguage())
  const zone = useOperatorZone()
  const filters = useOutbox((s) => s.filters)
  // Asked again as the counts move: a delete here is one more.
  const counts = useOutbox((s) => s.counts)
  const since = listsAllSentSince(filters) ? filters.happened.since : null
  const [deleted, setDeleted] = useState<{ since: string; count: number } | null>(null)
  useEffect(() => {
    if (since === null) return
    let on = true
    call('outbox:since', { since })
      .then((reply) => {
        if (on) setDeleted({ since, count: sentTodayParts(reply.sent, reply.sentDeleted).deleted })
      })
      .catch(() => {
        if (on) setDeleted(null)
      })
    return () => {
      on = false
    }
  }, [since, counts])
  if (since === null || deleted?.since !== since || deleted.count === 0) return null
  return (
    <p className="muted small" data-testid="outbox-sent-deleted">
      {since === todayIn(zone).since
        ? t('outbox.happened.sentDeleted', { count: deleted.count })
        : t('outbox.happened.sentDeletedSince', {
            count: deleted.count,
            since: formatDateTimeInZone(since, locale, zone)
          })}
    </p>
  )
}
