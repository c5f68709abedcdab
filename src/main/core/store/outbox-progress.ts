// A producer's progress over time, counted in SQL from its items' status history: how many of its items had first
// reached sent, delivered, read or failed by each instant, at most `maxPoints` instants (a campaign's chart).
import type Database from 'better-sqlite3'
import { unfenced } from './outbox-records'
import { preparedOnce } from './prepared'

export interface ProgressPoints {
  /** Instants (ms since the epoch), ascending; each line has one cumulative count per instant. */
  at: number[]
  sent: number[]
  delivered: number[]
  read: number[]
  failed: number[]
}

/**
 * Each item counts once per line, at the first entry of its history (in the order written) whose status reaches the
 * line: a read that came without a delivered report counts as delivered then too. The instants are every distinct
 * such time; when there are more than `maxPoints`, `maxPoints` evenly spaced ones from the first to the last, each
 * round(first + span × i / (maxPoints − 1)), with what happened up to it (an event between two points counts at the
 * later one). Written in integers: first + ⌊(2·span·i + m) / 2m⌋ with m = maxPoints − 1 is that rounding (half up), and
 * ⌈m·(2d − 1) / 2·span⌉ the first point at or after an event d ms after the first.
 */
export function producerProgress(db: Database.Database, tag: string, maxPoints: number): ProgressPoints {
  const rows = preparedOnce(
    db,
    `WITH RECURSIVE
       reach(status, line) AS (VALUES ('sent', 0), ('delivered', 0), ('read', 0), ('delivered', 1), ('read', 1),
         ('read', 2), ('failed', 3)),
       firsts AS MATERIALIZED (
         -- min(h.id) makes h.at the time of the item's first entry reaching the line (SQLite's bare column).
         SELECT min(h.id), h.at AS at, reach.line AS line
           FROM outbox_items i JOIN outbox_history h ON h.item_id = i.id JOIN reach ON reach.status = h.status
          WHERE i.producer_tag = :tag AND ${unfenced('i')}
          GROUP BY h.item_id, reach.line),
       -- The count as an integer (a bound number is a REAL), so that every division below is an integer one.
       bounds AS MATERIALIZED (
         SELECT min(at) AS first, max(at) - min(at) AS span, CAST(:points AS INTEGER) - 1 AS m,
           count(DISTINCT at) > CAST(:points AS INTEGER) AS sampled FROM firsts),
       steps(i) AS (SELECT 0 FROM bounds WHERE sampled UNION ALL SELECT i + 1 FROM steps, bounds WHERE i < m),
       instants(at) AS (
         SELECT DISTINCT at FROM firsts, bounds WHERE NOT sampled
         UNION ALL
         SELECT first + (2 * span * i + m) / (2 * m) FROM steps, bounds),
       counted AS MATERIALIZED (
         SELECT iif(sampled,
             first + (2 * span * ((m * (2 * (at - first) - 1) + 2 * span - 1) / (2 * span)) + m) / (2 * m),
             at) AS point,
           sum(line = 0) AS sent, sum(line = 1) AS delivered, sum(line = 2) AS read, sum(line = 3) AS failed
           FROM firsts, bounds GROUP BY point)
     SELECT instants.at AS at,
       sum(coalesce(counted.sent, 0)) OVER running AS sent,
       sum(coalesce(counted.delivered, 0)) OVER running AS delivered,
       sum(coalesce(counted.read, 0)) OVER running AS read,
       sum(coalesce(counted.failed, 0)) OVER running AS failed
       FROM instants LEFT JOIN counted ON counted.point = instants.at
     WINDOW running AS (ORDER BY instants.at ROWS UNBOUNDED PRECEDING)
     ORDER BY instants.at`
  ).all({ tag, points: maxPoints }) as {
    at: number
    sent: number
    delivered: number
    read: number
    failed: number
  }[]
  return {
    at: rows.map((r) => r.at),
    sent: rows.map((r) => r.sent),
    delivered: rows.map((r) => r.delivered),
    read: rows.map((r) => r.read),
    failed: rows.map((r) => r.failed)
  }
}
