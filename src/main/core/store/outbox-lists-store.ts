// The outbox's lists: pages newest first with kept positions and the full-text search (its counts: outbox-counts-store).
import {
  ItemRecord,
  ItemFilter,
  SELECT_ITEM,
  SHOWN_AT,
  ITEM_LIST,
  POSITION_LEVELS,
  POSITION_FINEST_SPAN_MS,
  POSITION_FANOUT,
  FENCED_ROWIDS,
  type ChatPlace,
  KeptFilter,
  keptDimensions,
  OPTED_OUT_COUNTED_NOTE,
  Row,
  ANY_CAMPAIGN_TAG,
  campaignTag,
  toItem
} from './outbox-records'
import { OutboxCountsStore } from './outbox-counts-store'
import { ACCENTS_ASIDE_TOKENIZER, ftsFold } from './fts-fold'
import { recipientByNumbers, recipientNamedTerms, recipientNumberTerms } from './outbox-recipient-named'
import { happenedSince } from './outbox-happened-since'
import { readTextByShownAt, type TextMatch } from './outbox-text-by-shown-at'
import { countSearchMatches, readPicked, readSearchMatches, searchPagePicks } from './outbox-search-matches'
import { textHolds, textPhrase } from './outbox-text-search'
import { statusesOfChoices } from '../../../shared/domain'

export class OutboxListsStore extends OutboxCountsStore {
  /**
   * The matches of `filter` (its paging aside) on each device: what a bulk action over every match touches on each,
   * counted over all of them by the list's own conditions (matchWhere), not the page a window has loaded.
   */
  countByDevice(filter: ItemFilter): { deviceId: string; count: number }[] {
    const { where, params } = this.matchWhere(filter)
    const clause = where.length > 0 ? ` WHERE ${where.join(' AND ')}` : ''
    return this.prepare(
      `SELECT device_id AS deviceId, COUNT(*) AS count FROM outbox_items${clause} GROUP BY device_id ORDER BY device_id`
    ).all(...params) as { deviceId: string; count: number }[]
  }

  /** The conditions of a list filter: all of them, and those of status, device and the open-batch fence alone. */
  protected matchWhere(filter: ItemFilter): {
    fence: string[]
    kept: ReturnType<typeof keptDimensions>
    where: string[]
    params: unknown[]
    /** For a page newest first: `where` but for how it reads the contacts a Recipient name finds. */
    pageWhere: string[]
    pageParams: unknown[]
    keptWhere: string[]
    keptParams: unknown[]
    searched: ('recipient' | 'text')[]
    /** How many items match, when a search is the one condition: as read, or (more than are read once) a count. */
    matches: number | (() => number) | undefined
    pagePicks?: (through: number) => ReturnType<typeof searchPagePicks>
  } {
    // Items of a batch still being written are not there yet (the kept counts leave them out too). Asked only while
    // a batch is open, so a deep page walks its index entries without a set lookup for each.
    const fence = this.anyBatchOpen() ? [`rowid NOT IN ${FENCED_ROWIDS}`] : []
    const where: string[] = [...fence]
    const params: unknown[] = []
    const { statuses, cancelledPart } = statusesOfChoices(filter.status ?? [])
    const kept = keptDimensions(statuses, filter.deviceId)
    where.push(...kept.where)
    params.push(...kept.params)
    // Carried finding: a part of the cancelled (the opted-out, or all but them) by the note the kept opted-out count
    // counts, so a choice lists what its summary number says. The kept positions know no part: see listItems.
    if (cancelledPart !== 'all') {
      where.push(
        `(status <> 'cancelled' OR failure_message ${cancelledPart === 'optedOutOnly' ? '=' : 'IS NOT'} ?)`
      )
      params.push(OPTED_OUT_COUNTED_NOTE)
    }
    // Status, device and the open-batch fence only: what the kept counts and positions count.
    const keptWhere = [...where]
    const keptParams = [...params]
    // QA73: one campaign's items, by its producer tag (the kept counts know no campaign: see listItems). Its page is
    // read newest first from outbox_items_producer_newest, its total from outbox_items_by_producer.
    if (filter.campaignId !== undefined) {
      where.push('producer_tag = ?')
      params.push(campaignTag(filter.campaignId))
    }
    // QA73: "Direct sends only", the items of no campaign (read by their conditions, as a campaign's).
    if (filter.directOnly) where.push(`(producer_tag IS NULL OR NOT ${ANY_CAMPAIGN_TAG})`)
    const prepare = this.prepare.bind(this)
    // The Recipient filter, asked of the numbers items went to (outbox-recipient-named.ts: recipientByNumbers).
    const items = () => this.countOf(filter.status, filter.deviceId)
    const byNumbers = recipientByNumbers(prepare, filter, this.namedWalkFrom, { where, params, items })
    if (byNumbers) return { fence, kept, keptWhere, keptParams, searched: ['recipient'], ...byNumbers }
    // What the operator typed in the Recipient filter (outbox-recipient-named.ts: recipientNumberTerms).
    const recipient = recipientNumberTerms(filter.recipient ?? '')
    const searched = (['recipient', 'text'] as const).filter((column) =>
      column === 'recipient' ? recipient !== null : filter.text
    )
    // The text as its index folds it (case and accents aside, as the inbox's messages: fts-fold.ts), so a text of
    // fewer than three characters once folded is tested as the index would answer, and marks alone hold nothing.
    const text = filter.text ? ftsFold(filter.text, ACCENTS_ASIDE_TOKENIZER) : ''
    const phrases = {
      recipient: recipient?.match ?? null,
      text: textPhrase(text)
    }
    // A recipient named by contacts too (the name holds what was typed): its own condition, the number's or one of
    // those numbers, rather than a part of the text search's one match; added last, as the page reads those
    // contacts its own way. (Named only by three characters or more.)
    const named =
      recipient && filter.recipient && filter.recipientByName
        ? recipientNamedTerms(prepare, filter.recipient, recipient.holds, this.countOf(), this.namedWalkFrom)
        : null
    const indexed = searched.filter(
      (column) => !(named && column === 'recipient') && phrases[column] !== null
    )
    let matchesRead: number | undefined
    const query = indexed.length > 0 ? indexed.map((column) => phrases[column]).join(' AND ') : undefined
    if (query !== undefined) {
      const matches = readSearchMatches(prepare, query, this.matchesReadOnce)
      matchesRead = matches.read
      where.push(matches.sql)
      params.push(matches.param)
      // The index was asked for the number's keys (indexKey): of what they found, those holding a whole term.
      if (indexed.includes('recipient') && recipient?.exact) {
        where.push(recipient.exact.sql)
        params.push(...recipient.exact.params)
      }
    }
    for (const column of searched.filter((c) => !indexed.includes(c) && !(named && c === 'recipient'))) {
      if (column === 'recipient') {
        where.push(recipient?.holds.sql ?? '0')
        params.push(...(recipient?.holds.params ?? []))
      } else if (text === '') where.push('0')
      else {
        const holds = textHolds(text)
        where.push(holds.sql)
        params.push(...holds.params)
      }
    }
    if (filter.from !== undefined) {
      where.push('created_at >= ?')
      params.push(filter.from)
    }
    if (filter.to !== undefined) {
      where.push('created_at <= ?')
      params.push(filter.to)
    }
    if (filter.happenedSince !== undefined) {
      const { event, since, optedOutReason } = filter.happenedSince
      const happened = happenedSince(event, since, optedOutReason)
      where.push(happened.where)
      params.push(...happened.params)
    }
    const pageWhere = named ? [...where, named.page.sql] : where
    const pageParams = named ? [...params, ...named.page.params] : params
    where.push(...(named ? [named.whole.sql] : []))
    params.push(...(named?.whole.params ?? []))
    // The index's rowids are the items' own (its triggers keep it with the table): with no other condition, the
    // matches are the total, not counted by looking up each item (29 ms of 10,600 at 1M items; countSearchMatches).
    const searchAlone = where.length === 1 && !named ? query : undefined
    const matches =
      searchAlone === undefined
        ? undefined
        : (matchesRead ?? (() => countSearchMatches(prepare, searchAlone)))
    return { fence, kept, where, params, pageWhere, pageParams, keptWhere, keptParams, searched, matches }
  }

  /**
   * Newest first. Totals come from the trigger-kept counts when only status, device and creation time filter; a
   * recipient or text search of three characters or more reads the full-text index; what happened since an instant
   * (`happenedSince`, the Overview's "today") reads the closed_at index; a page past the middle is read
   * from the oldest end, so the last page costs what the first does. A deep page of a list without a search finds
   * its span of creation time from the kept list positions and skips index entries inside it only; with a search it
   * still skips index entries from the nearer end (search matches have no kept positions).
   */
  listItems(filter: ItemFilter): { items: ItemRecord[]; total: number } {
    const match = this.matchWhere(filter)
    const { where, params, pageWhere, pageParams, keptWhere, keptParams, searched, matches } = match
    const matched = typeof matches === 'function' ? matches() : matches
    const clause = where.length > 0 ? ` WHERE ${where.join(' AND ')}` : ''
    // The kept counts and positions know statuses, devices and creation times only: a search or what happened since
    // an instant is counted (and its page picked) from the rows it reads through its own index.
    // So is one campaign's, or the direct sends' (QA73): the kept counts and positions know no producer.
    const unsearched =
      searched.length === 0 &&
      filter.happenedSince === undefined &&
      filter.campaignId === undefined &&
      !filter.directOnly
    // A part of the cancelled has a kept count (countOf) but no kept positions: without a time range its total is
    // the count, and its page is read by its conditions.
    const parted = statusesOfChoices(filter.status ?? []).cancelledPart !== 'all'
    const countsAnswer = unsearched && !parted
    const partedTotal =
      unsearched && parted && filter.from === undefined && filter.to === undefined
        ? this.countOf(filter.status, filter.deviceId)
        : undefined
    const keptFilter = { ...match.kept, itemsWhere: keptWhere, itemsParams: keptParams }
    // Without a search, from the kept counts: every item of these statuses and device, less those created before
    // `from` and after `to` (their places among all of them are where the time range starts, at either end).
    const all = countsAnswer ? this.countOf(filter.status, filter.deviceId) : 0
    const before =
      countsAnswer && filter.from !== undefined ? this.countCreatedBefore(keptFilter, filter.from, false) : 0
    const after =
      countsAnswer && filter.to !== undefined ? all - this.countCreatedBefore(keptFilter, filter.to, true) : 0
    const total = countsAnswer
      ? Math.max(0, all - before - after)
      : (partedTotal ??
        matched ??
        (this.prepare(`SELECT COUNT(*) AS n FROM outbox_items${clause}`).get(...params) as { n: number }).n)
    const limit = filter.limit ?? 200
    const offset = filter.offset ?? 0
    const fromOldest = offset > total / 2
    const order = fromOldest ? 'created_at, seq' : 'created_at DESC, seq DESC'
    // From the oldest end: the rows of [offset, offset + limit) are those of [total - offset - limit, total - offset).
    const pageLimit = fromOldest ? Math.max(0, Math.min(limit, total - offset)) : limit
    const pageOffset = fromOldest ? Math.max(0, total - offset - limit) : offset
    const span =
      countsAnswer && pageLimit > 0 && pageOffset >= this.positionWalkFrom
        ? this.pageSpans(keptFilter, pageOffset + (fromOldest ? before : after), pageLimit, fromOldest)
        : undefined
    if (span) {
      // The walk placed the page among all the items of these statuses and device, so it starts `skip` items from
      // the span's edge whatever the time range; the range only bounds the far side (from the oldest end the page
      // limit already stops at `to`). Closed on both sides, so what SQLite sorts (two statuses and a device) stays
      // a span or so of rows.
      const from = fromOldest ? span.from : Math.max(span.from, filter.from ?? span.from)
      const to = fromOldest ? Math.min(span.to, filter.to ?? span.to) : span.to
      const { statuses } = statusesOfChoices(filter.status ?? [])
      if (statuses.length < 2 || filter.deviceId !== undefined) {
        const rows = this.prepare(
          `${SELECT_ITEM} WHERE rowid IN (SELECT rowid FROM outbox_items
           WHERE ${[...keptWhere, 'created_at BETWEEN ? AND ?'].join(' AND ')}
           ORDER BY ${order} LIMIT ? OFFSET ?) ORDER BY created_at DESC, seq DESC`
        ).all(...keptParams, from, to, pageLimit, span.skip) as Row[]
        return { items: rows.map(toItem), total }
      }
      // Two statuses or more (on every device): for `status IN (…)` SQLite sorts every row of the range (9-16 ms for
      // an 8 s span of a busy outbox here); one arm per status, each read in order from the status index, merged
      // instead (1-3 ms). With a device too the status index would read each row for its device: the sort stays.
      const arm = `SELECT rowid, created_at, seq FROM outbox_items
        WHERE ${[...match.fence, 'status = ?', 'created_at BETWEEN ? AND ?'].join(' AND ')}`
      const rows = this.prepare(
        `${SELECT_ITEM} WHERE rowid IN (SELECT rowid FROM (${statuses.map(() => arm).join(' UNION ALL ')}
         ORDER BY ${order} LIMIT ? OFFSET ?)) ORDER BY created_at DESC, seq DESC`
      ).all(...statuses.flatMap((status) => [status, from, to]), pageLimit, span.skip) as Row[]
      return { items: rows.map(toItem), total }
    }
    const picks =
      match.pagePicks?.(pageOffset + pageLimit) ??
      searchPagePicks(pageWhere, pageParams, matched, pageOffset + pageLimit, order, () => this.countOf())
    const rows = readPicked(this.prepare.bind(this), picks, order, pageLimit, pageOffset, total)
    return { items: rows.map(toItem), total }
  }

  /**
   * What one device sent (or is sending) to one recipient, each with when it shows in the chat (SHOWN_AT), newest
   * first from `place` (oldest first when after it), shown after `shownAfter` if given (cleared then): an inbox
   * thread's outgoing half. Read by recipient (a chat's few, sorted); an open batch's are not there.
   */
  itemsToRecipient(
    deviceId: string,
    recipient: string,
    limit: number,
    place?: ChatPlace,
    shownAfter?: number
  ): { shownAt: number; item: ItemRecord }[] {
    const fence = this.anyBatchOpen() ? ` AND rowid NOT IN ${FENCED_ROWIDS}` : ''
    const [keyset, keys] = !place
      ? ['', []]
      : 'before' in place
        ? [` AND (${SHOWN_AT}, id) < (?, ?)`, [place.before.at, place.before.id]]
        : 'after' in place
          ? [` AND (${SHOWN_AT}, id) > (?, ?)`, [place.after.at, place.after.id]]
          : [' AND id = ?', [place.item]]
    const order = place && 'after' in place ? 'ASC' : 'DESC'
    const since = shownAfter === undefined ? '' : ` AND ${SHOWN_AT} > ?`
    const rows = this.prepare(
      `SELECT ${ITEM_LIST}, ${SHOWN_AT} AS shownAt FROM outbox_items INDEXED BY outbox_items_by_recipient
       WHERE recipient = ? AND device_id = ?${keyset}${since}${fence}
       ORDER BY shownAt ${order}, id ${order} LIMIT ?`
    ).all(recipient, deviceId, ...keys, ...(shownAfter === undefined ? [] : [shownAfter]), limit) as (Row & {
      shownAt: number
    })[]
    return rows.map(({ shownAt, ...row }) => ({ shownAt, item: toItem(row) }))
  }

  /**
   * Where the items whose text holds every word of `text` went, newest first by when each shows in its chat (SHOWN_AT,
   * then id: the order the inbox search lists them in), `before` the (shown at, id) of the previous read's last: the
   * inbox search reads many of the operator's own messages to keep those sent to a chat it has, so it reads only where
   * each went (the full items of those it keeps come from itemsAt). Up to `limit`, or until `goOn` says stop (asked
   * after each match and after each stretch of the index read past); `readTo` is the last item read, where the next
   * read goes on from. How it reads: readTextByShownAt. An open batch's items are not there yet.
   */
  matchesWithText(
    text: string,
    limit: number,
    before?: { at: number; id: string },
    goOn: (read?: number) => boolean = () => true
  ): { matches: TextMatch[]; readTo: { at: number; id: string } | null } {
    const fence = this.anyBatchOpen() ? ` AND o.rowid NOT IN ${FENCED_ROWIDS}` : ''
    return readTextByShownAt((sql) => this.prepare(sql), text, limit, before, fence, goOn)
  }

  /** The items at these positions (rowids), newest first, with SHOWN_AT; gone since (or in an open batch): left out. */
  itemsAt(positions: readonly number[]): { position: number; shownAt: number; item: ItemRecord }[] {
    if (positions.length === 0) return []
    const fence = this.anyBatchOpen() ? ` AND rowid NOT IN ${FENCED_ROWIDS}` : ''
    const rows = this.prepare(
      `SELECT rowid AS position, ${SHOWN_AT} AS shownAt, ${ITEM_LIST} FROM outbox_items
       WHERE rowid IN (SELECT value FROM json_each(?))${fence} ORDER BY rowid DESC`
    ).all(JSON.stringify(positions)) as (Row & { position: number; shownAt: number })[]
    return rows.map(({ position, shownAt, ...row }) => ({ position, shownAt, item: toItem(row) }))
  }

  /**
   * How many items of the kept dimensions were created before `at` (or at it, when `inclusive`): the kept position
   * counts of the whole spans before it (widest first), and the index entries of the finest span holding `at`.
   */
  private countCreatedBefore(kept: KeptFilter, at: number, inclusive: boolean): number {
    const finest = Math.floor(at / POSITION_FINEST_SPAN_MS)
    const middle = Math.floor(finest / POSITION_FANOUT)
    const widest = Math.floor(middle / POSITION_FANOUT)
    const spans = this.prepare(
      `SELECT COALESCE(SUM(n), 0) AS n FROM outbox_positions
       WHERE ((level = 2 AND bucket < ?) OR (level = 1 AND bucket >= ? AND bucket < ?)
         OR (level = 0 AND bucket >= ? AND bucket < ?))${kept.positionsWhere}`
    ).get(widest, widest * POSITION_FANOUT, middle, middle * POSITION_FANOUT, finest, ...kept.params) as {
      n: number
    }
    const inSpan = this.prepare(
      `SELECT COUNT(*) AS n FROM outbox_items
       WHERE ${[...kept.itemsWhere, `created_at >= ? AND created_at ${inclusive ? '<=' : '<'} ?`].join(' AND ')}`
    ).get(...kept.itemsParams, finest * POSITION_FINEST_SPAN_MS, at) as { n: number }
    return spans.n + inSpan.n
  }

  /**
   * Where the `limit` items from `position` on (0-based; newest first, or oldest first when `oldestFirst`) among all
   * the items of the kept dimensions lie: the created_at range of the finest spans holding them, and how many of
   * those items in that range come before them (in that order). Walks the kept position counts from the widest
   * spans down (a few hundred rows); undefined when there is no item at `position`.
   */
  private pageSpans(
    kept: KeptFilter,
    position: number,
    limit: number,
    oldestFirst: boolean
  ): { from: number; to: number; skip: number } | undefined {
    const direction = oldestFirst ? 'ASC' : 'DESC'
    let skip = position
    let bucket: number | undefined
    for (let level = POSITION_LEVELS - 1; level >= 0; level--) {
      // Inside the span found at the level above (all spans at the widest level).
      const within = bucket === undefined ? '' : ' AND bucket BETWEEN ? AND ?'
      const withinParams =
        bucket === undefined ? [] : [bucket * POSITION_FANOUT, bucket * POSITION_FANOUT + POSITION_FANOUT - 1]
      const spans = this.prepare(
        `SELECT bucket, SUM(n) FROM outbox_positions WHERE level = ?${within}${kept.positionsWhere}
         GROUP BY bucket ORDER BY bucket ${direction}`
      )
        .raw()
        .all(level, ...withinParams, ...kept.params) as [number, number][]
      let holding: number | undefined
      for (const [span, n] of spans) {
        if (skip < n) {
          holding = span
          break
        }
        skip -= n
      }
      if (holding === undefined) return undefined
      bucket = holding
    }
    if (bucket === undefined) return undefined
    // The page may run on into the next spans: up to the one where `limit` items are reached, or the list ends.
    let last = bucket
    let counted = 0
    const onward = this.prepare(
      `SELECT bucket, SUM(n) FROM outbox_positions WHERE level = 0 AND bucket ${oldestFirst ? '>=' : '<='} ?${kept.positionsWhere}
       GROUP BY bucket ORDER BY bucket ${direction}`
    ).raw()
    for (const [span, n] of onward.iterate(bucket, ...kept.params) as IterableIterator<[number, number]>) {
      last = span
      counted += n
      if (counted >= skip + limit) break
    }
    const [low, high] = oldestFirst ? [bucket, last] : [last, bucket]
    return {
      from: low * POSITION_FINEST_SPAN_MS,
      to: high * POSITION_FINEST_SPAN_MS + POSITION_FINEST_SPAN_MS - 1,
      skip
    }
  }
}
