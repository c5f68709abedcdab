// The schema's history: forward-only migrations keyed on SQLite's user_version, applied together in one transaction.
import type Database from 'better-sqlite3'
import { contactNameKey } from '../../../shared/domain'
import { StoreError } from './errors'
import { ACCENTS_ASIDE_TOKENIZER } from './fts-fold'

export interface Migration {
  /** What the step adds, for logs and tests. */
  name: string
  sql: string
  /** What SQL alone cannot do (a value only the app computes), run after `sql` in the same transaction. */
  run?: (db: Database.Database) => void
}

/**
 * Never edit a shipped step: append a new one. Version N is the database after step N (user_version = N).
 * Times are integer milliseconds since the epoch (UTC); booleans are 0/1.
 */
// The list positions' trigger steps (migration "outbox list positions"): an item leaves the spans of its old
// created_at, device and status (a span that reaches zero is deleted), and enters those of its new ones.
const POSITIONS_LEAVE = `UPDATE outbox_positions SET n = n - 1 WHERE device_id = OLD.device_id AND status = OLD.status
          AND ((level = 0 AND bucket = OLD.created_at >> 13) OR (level = 1 AND bucket = OLD.created_at >> 21)
            OR (level = 2 AND bucket = OLD.created_at >> 29));
        DELETE FROM outbox_positions WHERE n = 0 AND device_id = OLD.device_id AND status = OLD.status
          AND ((level = 0 AND bucket = OLD.created_at >> 13) OR (level = 1 AND bucket = OLD.created_at >> 21)
            OR (level = 2 AND bucket = OLD.created_at >> 29));`
const POSITIONS_ENTER = `INSERT INTO outbox_positions (level, bucket, device_id, status, n) VALUES
          (0, NEW.created_at >> 13, NEW.device_id, NEW.status, 1),
          (1, NEW.created_at >> 21, NEW.device_id, NEW.status, 1),
          (2, NEW.created_at >> 29, NEW.device_id, NEW.status, 1)
          ON CONFLICT DO UPDATE SET n = n + 1;`

// The contacts' search key (migration "contacts: the trigram index in name order"): the name's first four characters,
// 7 bits each (a character from U+007F on counts as U+007F and ends the key, so the key never disagrees with the
// names' order), then the contact's rowid in the low 35 bits. ContactsStore (contacts-store.ts) reads it back.
const nameOrderChar = (name: string, at: number): string =>
  `min(coalesce(unicode(substr(${name}, ${at}, 1)), 0), 127)`
const nameOrderBucket = (name: string, at = 1): string =>
  at === 4
    ? nameOrderChar(name, at)
    : `CASE WHEN ${nameOrderChar(name, at)} = 127 THEN ${127 * 128 ** (4 - at)}
        ELSE ${nameOrderChar(name, at)} * ${128 ** (4 - at)} + ${nameOrderBucket(name, at + 1)} END`
const contactSearchKey = (row: 'NEW' | 'OLD'): string =>
  `((${nameOrderBucket(`${row}.name`)}) << 35) + ${row}.rowid`

// The time of the changed item's first history entry (in the order written) whose status is one of `statuses`, as
// step 54's trigger finds it for an item moved to another producer: a shipped step's text, never to change.
const firstReachedAt54 = (statuses: string): string =>
  `(SELECT h.at FROM outbox_history h WHERE h.item_id = NEW.id AND h.status IN ${statuses} ORDER BY h.id LIMIT 1)`

// The opt-out's note as step 43 counts it (OPTED_OUT_NOTE of outbox/policies.ts then; the store's copy for closing a
// batch is OPTED_OUT_COUNTED_NOTE, outbox-records.ts): a shipped step's literal, never to change.
const OPTED_OUT_AT_43 = '\u241edesktop.note.optedOut\u241e{}'
const optedOutAt43 = (row: 'NEW' | 'OLD'): string =>
  `(${row}.status = 'cancelled' AND ${row}.failure_message = '${OPTED_OUT_AT_43}')`

// What the sent ledger's step keeps (GATEWAY_REPORTED_SENT when it shipped) and how its triggers write a row: a
// shipped step's text, never to change.
const SENT_LEDGER_STATUSES_68 = `('sent', 'delivered', 'read', 'revoked')`
const SENT_LEDGER_WRITE_68 = `INSERT INTO outbox_sent_ledger (item_id, accepted_at, status)
          VALUES (NEW.id, NEW.accepted_at, NEW.status)
          ON CONFLICT (item_id) DO UPDATE SET accepted_at = excluded.accepted_at, status = excluded.status;`

// The statuses of a message not gone out when step 70 shipped (NOT_YET_TRAFFIC_STATUSES then): a shipped step's text,
// never to change.
const NOT_YET_TRAFFIC_70 = `('queued', 'sending', 'scheduled')`

// A take-back request's count of messages on its way, `by` fewer (the key gone at none), as step 73 writes it: its JSON
// changed only where it reads as counts, so a damaged one stays as it was (it reads as damaged, and says so) and never
// fails a delete. A shipped step's text, never to change.
const onItsWayFewer73 = (
  requestId: string,
  by: string
): string => `UPDATE outbox_takeback_requests SET left_alone =
    CASE WHEN (left_alone ->> '$.fate_unknown') > ${by}
      THEN json_set(left_alone, '$.fate_unknown', (left_alone ->> '$.fate_unknown') - ${by})
      ELSE json_remove(left_alone, '$.fate_unknown') END
  WHERE id = ${requestId}
    AND CASE WHEN json_valid(left_alone) THEN json_type(left_alone, '$.fate_unknown') = 'integer' ELSE 0 END`

export const migrations: readonly Migration[] = [
  {
    name: 'durable queue: items, status history, attachments, settings',
    sql: `
      CREATE TABLE outbox_items (
        id TEXT PRIMARY KEY,                 -- also the ref_id the gateway stores, so reports can find it
        seq INTEGER NOT NULL,                -- place in line; sends to one recipient go out in seq order
        device_id TEXT NOT NULL,
        recipient TEXT NOT NULL,
        is_group INTEGER NOT NULL DEFAULT 0,
        kind TEXT NOT NULL,                  -- text | image | document | video | audio
        text TEXT,                           -- message, or the caption of a file
        attachment_sha256 TEXT REFERENCES attachments(sha256),
        file_name TEXT,
        file_mime TEXT,
        file_size INTEGER,
        status TEXT NOT NULL,
        failure_code TEXT,
        failure_message TEXT,
        failure_gateway_message TEXT,
        gateway_id TEXT,
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at INTEGER,             -- queued: retry time; sending: next report check
        last_attempt_at INTEGER,
        queued_at INTEGER,                   -- start of the retry age bound
        reconcile_until INTEGER,             -- sending: end of the visibility window before a resend
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        closed_at INTEGER                    -- nothing left to do; retention counts from here
      ) STRICT;
      CREATE INDEX outbox_items_line ON outbox_items(device_id, status, recipient, seq);
      CREATE INDEX outbox_items_by_status ON outbox_items(status, device_id);
      CREATE INDEX outbox_items_by_created ON outbox_items(created_at);
      CREATE INDEX outbox_items_by_closed ON outbox_items(closed_at) WHERE closed_at IS NOT NULL;
      CREATE INDEX outbox_items_by_attachment ON outbox_items(attachment_sha256) WHERE attachment_sha256 IS NOT NULL;

      CREATE TABLE outbox_history (
        id INTEGER PRIMARY KEY,
        item_id TEXT NOT NULL REFERENCES outbox_items(id) ON DELETE CASCADE,
        at INTEGER NOT NULL,
        status TEXT NOT NULL,
        note TEXT
      ) STRICT;
      CREATE INDEX outbox_history_by_item ON outbox_history(item_id, id);

      CREATE TABLE attachments (
        sha256 TEXT PRIMARY KEY,             -- file name under <dataDir>/attachments/
        size INTEGER NOT NULL,
        created_at INTEGER NOT NULL
      ) STRICT;

      CREATE TABLE settings (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL                  -- JSON
      ) STRICT;
    `
  },
  {
    name: 'scheduling: local due times with timezone and overdue policy, gateway schedules',
    sql: `
      ALTER TABLE outbox_items ADD COLUMN not_before INTEGER;
      ALTER TABLE outbox_items ADD COLUMN scheduled_local TEXT;
      ALTER TABLE outbox_items ADD COLUMN timezone TEXT;
      ALTER TABLE outbox_items ADD COLUMN schedule_mode TEXT;
      ALTER TABLE outbox_items ADD COLUMN overdue_policy TEXT;
      ALTER TABLE outbox_items ADD COLUMN held INTEGER NOT NULL DEFAULT 0;
      CREATE INDEX outbox_items_due ON outbox_items(status, not_before);

      CREATE TABLE gateway_schedules (
        id INTEGER PRIMARY KEY,
        item_id TEXT,                        -- NULL once the item is deleted but the remote delete is pending
        device_id TEXT NOT NULL,
        schedule_id TEXT,                    -- the gateway's id once created
        message_id TEXT,                     -- the message id the gateway announced for it
        pending_op TEXT,                     -- create | update | cancel | delete, NULL when in sync
        attempts INTEGER NOT NULL DEFAULT 0,
        next_sync_at INTEGER,
        last_error TEXT,
        updated_at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX gateway_schedules_by_item ON gateway_schedules(item_id);
      CREATE INDEX gateway_schedules_pending ON gateway_schedules(next_sync_at) WHERE pending_op IS NOT NULL;
    `
  },
  {
    name: 'delivery tracking, recent recipients, dispatcher lease',
    sql: `
      ALTER TABLE outbox_items ADD COLUMN accepted_at INTEGER;
      ALTER TABLE outbox_items ADD COLUMN track_next_at INTEGER;
      ALTER TABLE outbox_items ADD COLUMN track_attempts INTEGER NOT NULL DEFAULT 0;
      -- Items accepted under the previous version start being tracked right away.
      UPDATE outbox_items SET accepted_at = updated_at, track_next_at = updated_at
        WHERE status IN ('accepted', 'sent', 'delivered') AND closed_at IS NULL;
      CREATE INDEX outbox_items_tracking ON outbox_items(device_id, track_next_at) WHERE track_next_at IS NOT NULL;

      CREATE TABLE recent_recipients (
        recipient TEXT PRIMARY KEY,
        is_group INTEGER NOT NULL DEFAULT 0,
        last_used_at INTEGER NOT NULL,
        use_count INTEGER NOT NULL DEFAULT 1
      ) STRICT;
      CREATE INDEX recent_recipients_by_use ON recent_recipients(last_used_at);

      CREATE TABLE leases (
        name TEXT PRIMARY KEY,               -- e.g. 'dispatcher': one process sends from a data folder
        pid INTEGER NOT NULL,
        acquired_at INTEGER NOT NULL
      ) STRICT;
    `
  },
  {
    name: 'recurring series kept locally, and the gateway reminders Sender Desk created',
    sql: `
      CREATE TABLE outbox_series (
        id TEXT PRIMARY KEY,
        device_id TEXT NOT NULL,
        recipients TEXT NOT NULL,            -- JSON array of normalised recipients
        is_group INTEGER NOT NULL DEFAULT 0,
        start_local TEXT NOT NULL,           -- YYYY-MM-DDTHH:mm:ss in time_zone: occurrence 0, anchor of the rest
        time_zone TEXT NOT NULL,
        rule_kind TEXT NOT NULL,             -- daily | weekly | monthly | yearly | every-n-days
        rule_days INTEGER,                   -- every-n-days only
        overdue_policy TEXT NOT NULL,        -- send | hold, for each occurrence's item
        status TEXT NOT NULL,                -- active | stopped
        next_index INTEGER NOT NULL,         -- the occurrence still to be made
        next_at INTEGER,                     -- its instant; NULL once stopped
        occurrences INTEGER NOT NULL DEFAULT 0,
        last_occurrence_at INTEGER,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX outbox_series_due ON outbox_series(status, next_at);

      CREATE TABLE outbox_series_entries (
        series_id TEXT NOT NULL REFERENCES outbox_series(id) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        kind TEXT NOT NULL,                  -- text | image | document | video | audio
        text TEXT,                           -- message, or the caption of a file
        attachment_sha256 TEXT REFERENCES attachments(sha256),
        file_name TEXT,
        file_mime TEXT,
        file_size INTEGER,
        PRIMARY KEY (series_id, position)
      ) STRICT;
      CREATE INDEX outbox_series_entries_by_attachment ON outbox_series_entries(attachment_sha256)
        WHERE attachment_sha256 IS NOT NULL;

      CREATE TABLE outbox_series_items (
        item_id TEXT PRIMARY KEY,            -- an outbox item one occurrence made (kept after the item is purged)
        series_id TEXT NOT NULL,
        occurrence INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX outbox_series_items_by_series ON outbox_series_items(series_id, occurrence);

      CREATE TABLE gateway_reminders (
        id TEXT PRIMARY KEY,                 -- Sender Desk's id
        device_id TEXT NOT NULL,
        reminder_id TEXT NOT NULL,           -- the gateway's id
        phone TEXT NOT NULL,
        title TEXT,
        message TEXT NOT NULL,
        start_local TEXT NOT NULL,           -- Y-m-d H:i:s in the gateway's zone for the device
        periode TEXT NOT NULL,               -- daily | monthly | yearly | custom
        custom_day INTEGER,
        time_zone TEXT,                      -- as the gateway answered
        reminder_type TEXT,                  -- the gateway's description, e.g. 'custom: send every 5 days'
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX gateway_reminders_by_device ON gateway_reminders(device_id, created_at);
    `
  },
  // ---- campaigns (issue 16): one block, appended after the steps above
  {
    name: 'campaigns: spreadsheet rows, pacing, per-device state, remembered mappings, opt-outs',
    sql: `
      ALTER TABLE outbox_items ADD COLUMN campaign_id TEXT;
      ALTER TABLE outbox_items ADD COLUMN campaign_row INTEGER;
      CREATE INDEX outbox_items_by_campaign ON outbox_items(campaign_id, device_id, status) WHERE campaign_id IS NOT NULL;

      CREATE TABLE campaigns (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        file_name TEXT NOT NULL,
        headers TEXT NOT NULL,               -- JSON array, the file's header row
        mapping TEXT NOT NULL,               -- JSON ColumnMapping
        template TEXT NOT NULL,
        pacing TEXT NOT NULL,                -- JSON PacingPolicy, editable while running
        devices TEXT NOT NULL,               -- JSON array of device ids, in rotation order
        seed INTEGER NOT NULL,               -- spintax and gap seeds derive from it
        status TEXT NOT NULL,                -- draft | running | paused | cancelled | finished
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        started_at INTEGER
      ) STRICT;

      CREATE TABLE campaign_rows (
        campaign_id TEXT NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
        row_number INTEGER NOT NULL,         -- as the operator's spreadsheet numbers it (header = 1)
        phone TEXT,                          -- normalised, NULL when invalid
        phone_cell TEXT NOT NULL,
        vars TEXT NOT NULL,                  -- JSON object column -> value
        message TEXT NOT NULL,               -- rendered with the row's seed: exactly what is sent
        problems TEXT NOT NULL,              -- JSON array of RowProblem; [] = ready
        item_id TEXT,                        -- the outbox item once queued (kept after the item is purged)
        device_id TEXT,
        PRIMARY KEY (campaign_id, row_number)
      ) STRICT;
      CREATE INDEX campaign_rows_by_item ON campaign_rows(item_id) WHERE item_id IS NOT NULL;

      CREATE TABLE campaign_devices (
        campaign_id TEXT NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
        device_id TEXT NOT NULL,
        wait_code TEXT,                      -- why its next row waits (pacing or an auto-pause)
        wait_until INTEGER,
        paused_reason TEXT,                  -- auto-pause: disconnected | failure_rate | quota; NULL = running
        outcomes_from INTEGER NOT NULL DEFAULT 0, -- the failure rate counts sends from here (the last resume)
        PRIMARY KEY (campaign_id, device_id)
      ) STRICT;

      CREATE TABLE campaign_layouts (
        layout_key TEXT PRIMARY KEY,         -- the header row, normalised
        mapping TEXT NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;

      CREATE TABLE opt_outs (
        phone TEXT PRIMARY KEY,              -- normalised 62… digits
        source TEXT NOT NULL,                -- import | operator | outbox | gateway
        added_at INTEGER NOT NULL
      ) STRICT;
    `
  },
  // ---- end of campaigns
  // ---- performance (issue 18): one block, appended after the steps above
  {
    name: 'outbox counts kept by triggers; sendable items and place in line found by index',
    // Counting by status on every change scanned the whole table (73 ms at 1M rows); triggers keep the counts in
    // the same transaction as the change, so they can never drift from the rows, whoever writes them.
    sql: `
      CREATE TABLE outbox_status_counts (
        status TEXT PRIMARY KEY,
        n INTEGER NOT NULL
      ) STRICT, WITHOUT ROWID;
      INSERT INTO outbox_status_counts (status, n) SELECT status, COUNT(*) FROM outbox_items GROUP BY status;
      CREATE TRIGGER outbox_counts_on_insert AFTER INSERT ON outbox_items BEGIN
        INSERT OR IGNORE INTO outbox_status_counts (status, n) VALUES (NEW.status, 0);
        UPDATE outbox_status_counts SET n = n + 1 WHERE status = NEW.status;
      END;
      CREATE TRIGGER outbox_counts_on_delete AFTER DELETE ON outbox_items BEGIN
        UPDATE outbox_status_counts SET n = n - 1 WHERE status = OLD.status;
      END;
      CREATE TRIGGER outbox_counts_on_status AFTER UPDATE OF status ON outbox_items
      WHEN OLD.status IS NOT NEW.status BEGIN
        UPDATE outbox_status_counts SET n = n - 1 WHERE status = OLD.status;
        INSERT OR IGNORE INTO outbox_status_counts (status, n) VALUES (NEW.status, 0);
        UPDATE outbox_status_counts SET n = n + 1 WHERE status = NEW.status;
      END;
      -- The next sendable item is the first of this index that heads its recipient's line: no sort of the queue.
      CREATE INDEX outbox_items_sendable ON outbox_items(device_id, seq) WHERE status = 'queued' AND held = 0;
      CREATE INDEX outbox_items_by_seq ON outbox_items(seq);
    `
  },
  {
    name: 'outbox lists read in their display order from an index',
    // Lists show newest first (created_at DESC, seq DESC): with these a page is read from the index instead of
    // sorting every matching row (170 ms for the 'read' filter at 1M rows).
    sql: `
      CREATE INDEX outbox_items_newest ON outbox_items(created_at, seq);
      CREATE INDEX outbox_items_status_newest ON outbox_items(status, created_at, seq);
      CREATE INDEX outbox_items_device_newest ON outbox_items(device_id, created_at, seq);
      DROP INDEX outbox_items_by_created;
    `
  },
  {
    name: 'outbox counts kept per device and status',
    // A device filter's total counted a million index entries (225 ms at 1M rows); kept per (device, status) by
    // the same kind of triggers, a total is a sum over a few rows whatever the filter by device and status.
    sql: `
      DROP TRIGGER outbox_counts_on_insert;
      DROP TRIGGER outbox_counts_on_delete;
      DROP TRIGGER outbox_counts_on_status;
      DROP TABLE outbox_status_counts;
      CREATE TABLE outbox_counts (
        device_id TEXT NOT NULL,
        status TEXT NOT NULL,
        n INTEGER NOT NULL,
        PRIMARY KEY (device_id, status)
      ) STRICT, WITHOUT ROWID;
      INSERT INTO outbox_counts (device_id, status, n)
        SELECT device_id, status, COUNT(*) FROM outbox_items GROUP BY device_id, status;
      CREATE TRIGGER outbox_counts_on_insert AFTER INSERT ON outbox_items BEGIN
        INSERT OR IGNORE INTO outbox_counts (device_id, status, n) VALUES (NEW.device_id, NEW.status, 0);
        UPDATE outbox_counts SET n = n + 1 WHERE device_id = NEW.device_id AND status = NEW.status;
      END;
      CREATE TRIGGER outbox_counts_on_delete AFTER DELETE ON outbox_items BEGIN
        UPDATE outbox_counts SET n = n - 1 WHERE device_id = OLD.device_id AND status = OLD.status;
      END;
      CREATE TRIGGER outbox_counts_on_change AFTER UPDATE OF status, device_id ON outbox_items
      WHEN OLD.status IS NOT NEW.status OR OLD.device_id IS NOT NEW.device_id BEGIN
        UPDATE outbox_counts SET n = n - 1 WHERE device_id = OLD.device_id AND status = OLD.status;
        INSERT OR IGNORE INTO outbox_counts (device_id, status, n) VALUES (NEW.device_id, NEW.status, 0);
        UPDATE outbox_counts SET n = n + 1 WHERE device_id = NEW.device_id AND status = NEW.status;
      END;
    `
  },
  {
    name: 'outbox search: recipients and text by substring, from a full-text index',
    // A recipient search was LIKE '%…%' over every row (1.2 s at 1M rows). With FTS5's trigram tokenizer a quoted
    // phrase is a substring match answered from the index (three characters or more; shorter ones still scan).
    // External content: the index keeps no copy of the rows (VACUUM INTO keeps the rowids it refers to). Token
    // positions (detail=full) make a phrase of common trigrams (digits of phone numbers) cheap to match.
    // The outbox store is its one owner: anything else that searches items goes through OutboxStore.listItems.
    sql: `
      CREATE VIRTUAL TABLE outbox_items_search USING fts5(
        recipient, text, content='outbox_items', content_rowid='rowid', tokenize='trigram'
      );
      INSERT INTO outbox_items_search (outbox_items_search) VALUES ('rebuild');
      CREATE TRIGGER outbox_search_on_insert AFTER INSERT ON outbox_items BEGIN
        INSERT INTO outbox_items_search (rowid, recipient, text) VALUES (NEW.rowid, NEW.recipient, NEW.text);
      END;
      CREATE TRIGGER outbox_search_on_delete AFTER DELETE ON outbox_items BEGIN
        INSERT INTO outbox_items_search (outbox_items_search, rowid, recipient, text)
          VALUES ('delete', OLD.rowid, OLD.recipient, OLD.text);
      END;
      CREATE TRIGGER outbox_search_on_change AFTER UPDATE OF recipient, text ON outbox_items
      WHEN OLD.recipient IS NOT NEW.recipient OR OLD.text IS NOT NEW.text BEGIN
        INSERT INTO outbox_items_search (outbox_items_search, rowid, recipient, text)
          VALUES ('delete', OLD.rowid, OLD.recipient, OLD.text);
        INSERT INTO outbox_items_search (rowid, recipient, text) VALUES (NEW.rowid, NEW.recipient, NEW.text);
      END;
    `
  },
  // ---- end of performance
  // ---- campaign attachments (issue 16 point 3): one block, appended after the steps above
  {
    name: 'campaigns: the name of the one file sent with every row',
    // NULL = text only. The file itself is a handle until start copies it; the name tells a restarted app to ask again.
    sql: `ALTER TABLE campaigns ADD COLUMN attachment_name TEXT;`
  },
  // ---- end of campaign attachments
  // ---- fenced enqueue (issue 18 point 5): one block, appended after the steps above
  {
    name: 'outbox batches: a large enqueue written in chunks stays out of sight until its last chunk commits',
    // A large enqueue in one transaction blocked the main process for up to a second; in chunks that yield it would
    // no longer be all-or-nothing. Its items carry the batch's id, and while the batch row exists (open) nothing
    // that sends, counts or lists sees them; the last chunk deletes the row in its own transaction (the commit
    // point). A batch left open by a dead process is deleted with its items at start-up. Counts skip open batches'
    // items (their rows are added when the batch closes), so the triggers of step 9 are made again with that guard.
    sql: `
      CREATE TABLE outbox_batches (
        id TEXT PRIMARY KEY,
        pid INTEGER NOT NULL,                -- the process writing it; a dead process's batch is rolled back
        last_seq INTEGER NOT NULL,           -- its items take the places in line up to here; later items go after
        opened_at INTEGER NOT NULL
      ) STRICT;
      ALTER TABLE outbox_items ADD COLUMN batch_id TEXT;
      CREATE INDEX outbox_items_by_batch ON outbox_items(batch_id, device_id, status) WHERE batch_id IS NOT NULL;
      DROP TRIGGER outbox_counts_on_insert;
      DROP TRIGGER outbox_counts_on_delete;
      DROP TRIGGER outbox_counts_on_change;
      CREATE TRIGGER outbox_counts_on_insert AFTER INSERT ON outbox_items
      WHEN NOT EXISTS (SELECT 1 FROM outbox_batches WHERE id = NEW.batch_id) BEGIN
        INSERT OR IGNORE INTO outbox_counts (device_id, status, n) VALUES (NEW.device_id, NEW.status, 0);
        UPDATE outbox_counts SET n = n + 1 WHERE device_id = NEW.device_id AND status = NEW.status;
      END;
      CREATE TRIGGER outbox_counts_on_delete AFTER DELETE ON outbox_items
      WHEN NOT EXISTS (SELECT 1 FROM outbox_batches WHERE id = OLD.batch_id) BEGIN
        UPDATE outbox_counts SET n = n - 1 WHERE device_id = OLD.device_id AND status = OLD.status;
      END;
      CREATE TRIGGER outbox_counts_on_change AFTER UPDATE OF status, device_id ON outbox_items
      WHEN (OLD.status IS NOT NEW.status OR OLD.device_id IS NOT NEW.device_id)
        AND NOT EXISTS (SELECT 1 FROM outbox_batches WHERE id = NEW.batch_id) BEGIN
        UPDATE outbox_counts SET n = n - 1 WHERE device_id = OLD.device_id AND status = OLD.status;
        INSERT OR IGNORE INTO outbox_counts (device_id, status, n) VALUES (NEW.device_id, NEW.status, 0);
        UPDATE outbox_counts SET n = n + 1 WHERE device_id = NEW.device_id AND status = NEW.status;
      END;
    `
  },
  // ---- end of fenced enqueue
  // ---- chunked campaign create (issue 18 point 5): one block, appended after the steps above
  {
    name: 'campaigns: a campaign being created stays hidden until its last rows are written',
    // Writing 50,000 rows in one transaction blocked the main process; written in chunks that yield, a campaign is
    // 'importing' (a status value; the column has no CHECK) until the last chunk makes it a draft. The writer's pid
    // tells a crashed create (deleted at the next open) from one another live process is still writing.
    sql: `ALTER TABLE campaigns ADD COLUMN importing_pid INTEGER;`
  },
  // ---- end of chunked campaign create
  // ---- list positions (issue 18 point 4): one block, appended after the steps above
  {
    name: 'outbox list positions: item counts per span of creation time, kept by triggers',
    // A jump to the middle of a list walked half a million index entries (13 ms at 1M rows). Counts per span of
    // created_at (the list's order key; seq only breaks ties inside a span, and changes on retry) per device and
    // status, at three sizes (level 0: 2^13 ms ≈ 8 s, level 1: 2^21 ms ≈ 35 min, level 2: 2^29 ms ≈ 6 days; each
    // span holds 256 of the level below), find the span holding position N in a few hundred rows; the list then
    // skips index entries inside that span only. Kept like outbox_counts (step 12's guard: an open batch's items are
    // added when it closes); rows that reach zero are deleted so that a walk never reads empty spans.
    sql: `
      CREATE TABLE outbox_positions (
        level INTEGER NOT NULL,
        bucket INTEGER NOT NULL,             -- created_at >> (13 + 8 * level)
        device_id TEXT NOT NULL,
        status TEXT NOT NULL,
        n INTEGER NOT NULL,
        PRIMARY KEY (level, bucket, device_id, status)
      ) STRICT, WITHOUT ROWID;
      INSERT INTO outbox_positions (level, bucket, device_id, status, n)
        SELECT 0, created_at >> 13, device_id, status, COUNT(*) FROM outbox_items
        WHERE NOT EXISTS (SELECT 1 FROM outbox_batches WHERE id = outbox_items.batch_id)
        GROUP BY created_at >> 13, device_id, status;
      INSERT INTO outbox_positions (level, bucket, device_id, status, n)
        SELECT 1, bucket >> 8, device_id, status, SUM(n) FROM outbox_positions WHERE level = 0
        GROUP BY bucket >> 8, device_id, status;
      INSERT INTO outbox_positions (level, bucket, device_id, status, n)
        SELECT 2, bucket >> 8, device_id, status, SUM(n) FROM outbox_positions WHERE level = 1
        GROUP BY bucket >> 8, device_id, status;
      CREATE TRIGGER outbox_positions_on_insert AFTER INSERT ON outbox_items
      WHEN NOT EXISTS (SELECT 1 FROM outbox_batches WHERE id = NEW.batch_id) BEGIN
        ${POSITIONS_ENTER}
      END;
      CREATE TRIGGER outbox_positions_on_delete AFTER DELETE ON outbox_items
      WHEN NOT EXISTS (SELECT 1 FROM outbox_batches WHERE id = OLD.batch_id) BEGIN
        ${POSITIONS_LEAVE}
      END;
      CREATE TRIGGER outbox_positions_on_change AFTER UPDATE OF status, device_id, created_at ON outbox_items
      WHEN (OLD.status IS NOT NEW.status OR OLD.device_id IS NOT NEW.device_id OR OLD.created_at IS NOT NEW.created_at)
        AND NOT EXISTS (SELECT 1 FROM outbox_batches WHERE id = NEW.batch_id) BEGIN
        ${POSITIONS_LEAVE}
        ${POSITIONS_ENTER}
      END;
    `
  },
  // ---- end of list positions
  // ---- indexes of live items (issue 18 point 2): one block, appended after the steps above
  {
    name: 'outbox: the indexes the pump reads hold live items only',
    // Every index with the status in it takes a delete and an insert on every transition; in a full index those land
    // next to finished items' entries (a send's 'accepted' entry just before the first 'failed' one), where a leaf
    // splits among full neighbours, so each commit wrote more pages: 25 WAL frames per send with 100,000 finished
    // items against 20 with none (bench/outbox.ts prints them per tree).
    // The pump asks only about items in line (queued, sending) and scheduled ones: those indexes now hold only them,
    // and the all-status index by (status, device) goes (the counts are kept by triggers; a query by one status
    // alone reads outbox_items_status_newest, which the lists need whole). The line's condition is written as ORs
    // so that a query naming one of its statuses ("status = 'queued'") can use it: SQLite takes a partial index only
    // when a term of the query implies its WHERE, and "status = 'queued'" implies an OR holding it, not an IN list.
    // A search for one or two characters (too short for the trigram index) counts its matches by reading every
    // recipient: from the dropped line index before, from this narrower one now, which no transition touches.
    sql: `
      DROP INDEX outbox_items_line;
      DROP INDEX outbox_items_by_status;
      DROP INDEX outbox_items_due;
      CREATE INDEX outbox_items_in_line ON outbox_items(device_id, status, recipient, seq)
        WHERE status = 'queued' OR status = 'sending';
      CREATE INDEX outbox_items_scheduled ON outbox_items(status, not_before) WHERE status = 'scheduled';
      CREATE INDEX outbox_items_by_recipient ON outbox_items(recipient);
    `
  },
  {
    name: 'outbox: the batch index keyed by the batch alone',
    // outbox_items_by_batch held (batch_id, device_id, status) for every item a chunked enqueue wrote, and an item
    // keeps its batch id after the batch closes: every transition of such an item (each item of a campaign or of a
    // large send) moved its entry, about 2 of the 15 WAL pages of a send. Keyed by the batch alone, the entry is
    // written once. Closing a batch counts its items by device and status from their rows, which the same close
    // reads already to count their list positions.
    sql: `
      DROP INDEX outbox_items_by_batch;
      CREATE INDEX outbox_items_by_batch ON outbox_items(batch_id) WHERE batch_id IS NOT NULL;
    `
  },
  // ---- end of indexes of live items
  {
    name: 'outbox: items carry their producer, and the reason they wait',
    // The send queue is a kernel that producers plug into (one-off sends, series, campaigns, replies): an item names
    // the producer that made it by an opaque tag ('<producer>:<id>') and a reference of the producer's (a campaign's
    // row number), and the kernel keeps why a policy deferred it (an encoded note the window words). RENAME COLUMN
    // rewrites no row and carries the index along; only campaign rows are retagged.
    sql: `
      ALTER TABLE outbox_items RENAME COLUMN campaign_id TO producer_tag;
      ALTER TABLE outbox_items RENAME COLUMN campaign_row TO producer_ref;
      ALTER TABLE outbox_items ADD COLUMN wait_reason TEXT;
      UPDATE outbox_items SET producer_tag = 'campaign:' || producer_tag WHERE producer_tag IS NOT NULL;
      DROP INDEX outbox_items_by_campaign;
      CREATE INDEX outbox_items_by_producer ON outbox_items(producer_tag, device_id, status)
        WHERE producer_tag IS NOT NULL;
    `
  },
  {
    name: 'outbox: items found by the id the gateway gave them',
    // A status pushed by the gateway (its tracking webhook, through the inbox relay) names the message by the id
    // the send call returned, not by our ref_id: one entry per accepted item, written once when it is accepted.
    sql: `
      CREATE INDEX outbox_items_by_gateway_id ON outbox_items(gateway_id) WHERE gateway_id IS NOT NULL;
    `
  },
  {
    name: 'outbox: sends per device and day, across every producer',
    // A device's daily cap counts every send through it (direct, series, every campaign): one row a device and day,
    // bumped in the transaction that marks a first attempt `sending`, so the count can never miss or double a send.
    sql: `
      CREATE TABLE device_send_days (
        device_id TEXT NOT NULL,
        day TEXT NOT NULL,                   -- YYYY-MM-DD in the device's zone
        sends INTEGER NOT NULL,
        PRIMARY KEY (device_id, day)
      ) STRICT, WITHOUT ROWID;
    `
  },
  {
    name: 'inbox: events pulled from the relay once each, the messages received, a cursor per mailbox',
    // The sync inserts a page of relay events and moves its mailbox's cursor in one transaction; the UNIQUE identity
    // (incoming: device + WhatsApp message id, tracking: id + status, device: device + status + time) drops the same
    // webhook posted twice. Tracking and device events wait with applied = 0 until the kernel or the monitor took
    // them; refusals (bodies that do not parse or open) are kept for diagnostics under their relay sequence.
    sql: `
      CREATE TABLE inbox_cursors (
        mailbox TEXT PRIMARY KEY,
        after_seq INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE TABLE inbox_events (
        id INTEGER PRIMARY KEY,
        identity TEXT NOT NULL UNIQUE,
        kind TEXT NOT NULL CHECK (kind IN ('incoming', 'tracking', 'device', 'refused')),
        mailbox TEXT NOT NULL,
        seq INTEGER NOT NULL,
        received_at INTEGER NOT NULL,
        stored_at INTEGER NOT NULL,
        payload TEXT NOT NULL,
        applied INTEGER NOT NULL DEFAULT 1,
        apply_outcome TEXT,
        duplicates INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX inbox_events_to_apply ON inbox_events(id) WHERE applied = 0;
      CREATE TABLE inbox_messages (
        number INTEGER PRIMARY KEY,
        event_id INTEGER NOT NULL UNIQUE REFERENCES inbox_events(id),
        message_id TEXT NOT NULL,
        device_serial TEXT,
        device_phone TEXT,
        chat_id TEXT NOT NULL,
        is_group INTEGER NOT NULL,
        group_subject TEXT,
        group_member TEXT,
        push_name TEXT,
        text TEXT NOT NULL,
        message_type TEXT NOT NULL,
        media_url TEXT,
        media_file TEXT,
        media_mime TEXT,
        sent_at INTEGER,
        received_at INTEGER NOT NULL,
        from_me INTEGER NOT NULL,
        read INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX inbox_messages_by_chat ON inbox_messages(chat_id, number);
      CREATE INDEX inbox_messages_unread ON inbox_messages(number) WHERE read = 0;
    `
  },
  {
    name: 'outbox: a gateway cancel is its own status',
    // Until `cancelled_at_gateway` existed, a report saying `cancel` made the item `failed` with the code
    // gateway_cancelled. The fact is the same (the gateway cancelled it while it held it), so such items move to the
    // new status: otherwise one fact would count under two statuses in the outbox, the campaign counts and the
    // proof export, and the take-back would treat them apart. The history keeps its `failed` row and gains the
    // status it now has; the failure fields go, as the tracker no longer writes them for a cancel. The counts and
    // list positions follow by their triggers.
    sql: `
      INSERT INTO outbox_history (item_id, at, status, note)
        SELECT id, updated_at, 'cancelled_at_gateway', failure_gateway_message FROM outbox_items
        WHERE status = 'failed' AND failure_code = 'gateway_cancelled';
      UPDATE outbox_items SET status = 'cancelled_at_gateway', failure_code = NULL, failure_message = NULL
        WHERE status = 'failed' AND failure_code = 'gateway_cancelled';
    `
  },
  {
    name: 'outbox: take-back requests and their calls, recorded before each gateway call',
    // Revoking, cancelling or resending many messages at the gateway is durable work like sending: the request and
    // one op per message are written first; the pump marks a batch of ops `calling` before the call and records each
    // message's answer after it. An op is unique per item and action, so no message is asked twice for the same
    // thing, by one request or two.
    sql: `
      CREATE TABLE outbox_takeback_requests (
        id TEXT PRIMARY KEY,
        producer_tag TEXT,                   -- 'campaign:<id>' for a producer's take-back; NULL for a selection
        state TEXT NOT NULL,                 -- running | paused | done
        revoke_delivered INTEGER NOT NULL DEFAULT 0, -- a message the gateway will not cancel (sent meanwhile) is revoked
        stopped_locally INTEGER NOT NULL DEFAULT 0,
        left_alone TEXT NOT NULL DEFAULT '{}', -- JSON: messages left as they are, by reason
        created_at INTEGER NOT NULL,
        finished_at INTEGER
      );
      CREATE TABLE outbox_takeback_ops (
        seq INTEGER PRIMARY KEY,
        request_id TEXT NOT NULL,
        item_id TEXT NOT NULL,
        action TEXT NOT NULL,                -- revoke | cancel | resend
        device_id TEXT NOT NULL,
        gateway_id TEXT NOT NULL,
        state TEXT NOT NULL,                 -- waiting | calling | in_doubt | done | refused | unknown
        gateway_message TEXT,                -- a refusal in the gateway's own words, or why the fate is unknown
        called_at INTEGER,
        check_at INTEGER,
        settled_at INTEGER,
        UNIQUE (item_id, action)
      );
      CREATE INDEX outbox_takeback_ops_open ON outbox_takeback_ops(device_id, state, seq)
        WHERE state IN ('waiting', 'calling', 'in_doubt');
      CREATE INDEX outbox_takeback_ops_by_request ON outbox_takeback_ops(request_id, action, state);
    `
  },
  {
    name: 'invoices the gateway answered, kept for their history and last prices',
    // The gateway cannot list an account's invoices nor publishes a price list: what it answered to device/create is
    // the only record the operator has, so it is kept as it came (the due date as the gateway's wall clock text).
    sql: `
      CREATE TABLE gateway_invoices (
        id TEXT PRIMARY KEY,
        base_url TEXT NOT NULL,              -- the account's gateway
        device_id TEXT,                      -- the device Sender Desk added for it, if any (kept after it is removed)
        number TEXT,
        device_name TEXT,
        device_serial TEXT,
        product TEXT,
        periode TEXT,
        bank_name TEXT,
        account_number TEXT,
        account_name TEXT,
        discount REAL,
        total REAL,
        due_date TEXT,                       -- 'Y-m-d H:i:s' on the gateway's clock, as it came
        gateway_message TEXT NOT NULL,
        created_at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX gateway_invoices_by_time ON gateway_invoices(created_at);
    `
  },
  // ---- inbox conversations (issue 26 points 1-3): one block, appended after the steps above
  {
    name: 'inbox: conversations kept as messages arrive, contacts, canned replies, and a full-text search of messages',
    // Opening the inbox must not group 100,000 messages: a conversation row per gateway device and chat is written in
    // the transaction that inserts each message (its newest message, the unread count of the customer's messages),
    // so the list is an index walk. Its order key is the newest message's number (arrival order, unique: a message
    // is in one conversation), which makes the keyset one integer. The device is kept as the gateway named it
    // (serial, else phone): which of our devices that is, is answered when read (see inbox/devices.ts).
    // Contacts: one name a number, with where it came from; a push name never overwrites a name from elsewhere.
    // Search: FTS5 trigram over the message texts, external content like the outbox's (a quoted phrase is a
    // substring match of three characters or more).
    sql: `
      CREATE TABLE inbox_conversations (
        id INTEGER PRIMARY KEY,
        device_key TEXT NOT NULL,            -- lower(serial), else the device's phone, else ''
        device_serial TEXT,
        device_phone TEXT,
        chat_id TEXT NOT NULL,
        is_group INTEGER NOT NULL,
        group_subject TEXT,
        push_name TEXT,                      -- the customer's newest push name (not a group's members')
        last_number INTEGER NOT NULL,        -- the newest message's number: the list's order and keyset
        last_at INTEGER NOT NULL,            -- when the newest message was written (or received)
        last_text TEXT NOT NULL,
        last_type TEXT NOT NULL,
        last_from_me INTEGER NOT NULL,
        unread INTEGER NOT NULL DEFAULT 0,   -- the customer's messages not read yet
        archived INTEGER NOT NULL DEFAULT 0,
        UNIQUE (device_key, chat_id)
      ) STRICT;
      CREATE INDEX inbox_conversations_newest ON inbox_conversations(archived, last_number);
      ALTER TABLE inbox_messages ADD COLUMN conversation_id INTEGER REFERENCES inbox_conversations(id);
      INSERT INTO inbox_conversations (device_key, device_serial, device_phone, chat_id, is_group, group_subject,
          push_name, last_number, last_at, last_text, last_type, last_from_me, unread)
        SELECT COALESCE(lower(device_serial), device_phone, ''), device_serial, device_phone, chat_id, is_group,
          group_subject, CASE WHEN is_group = 0 AND from_me = 0 THEN push_name END, number,
          COALESCE(sent_at, received_at), text, message_type, from_me,
          (SELECT COUNT(*) FROM inbox_messages o WHERE o.chat_id = m.chat_id
             AND COALESCE(lower(o.device_serial), o.device_phone, '') = COALESCE(lower(m.device_serial), m.device_phone, '')
             AND o.read = 0 AND o.from_me = 0)
        FROM inbox_messages m
        WHERE number = (SELECT MAX(number) FROM inbox_messages o WHERE o.chat_id = m.chat_id
          AND COALESCE(lower(o.device_serial), o.device_phone, '') = COALESCE(lower(m.device_serial), m.device_phone, ''));
      UPDATE inbox_messages SET conversation_id = (SELECT id FROM inbox_conversations c
        WHERE c.chat_id = inbox_messages.chat_id
          AND c.device_key = COALESCE(lower(inbox_messages.device_serial), inbox_messages.device_phone, ''));
      CREATE INDEX inbox_messages_by_conversation ON inbox_messages(conversation_id, received_at, number);
      CREATE TABLE contacts (
        phone TEXT PRIMARY KEY,              -- 62… digits, as the gateway's chat ids and our recipients have them
        name TEXT NOT NULL,
        source TEXT NOT NULL,                -- operator | campaign | gateway | push
        updated_at INTEGER NOT NULL
      ) STRICT;
      INSERT OR IGNORE INTO contacts (phone, name, source, updated_at)
        SELECT chat_id, push_name, 'push', received_at FROM inbox_messages
        WHERE is_group = 0 AND from_me = 0 AND push_name IS NOT NULL AND trim(push_name) <> ''
        ORDER BY number DESC;
      CREATE TABLE canned_replies (
        id INTEGER PRIMARY KEY,
        device_id TEXT NOT NULL,             -- kept per device: each number speaks for its own business
        title TEXT NOT NULL,
        text TEXT NOT NULL,                  -- may hold {name} and {number} (shared/domain/reply-template.ts)
        updated_at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX canned_replies_by_device ON canned_replies(device_id, title);
      CREATE VIRTUAL TABLE inbox_messages_search USING fts5(
        text, content='inbox_messages', content_rowid='number', tokenize='trigram'
      );
      INSERT INTO inbox_messages_search (inbox_messages_search) VALUES ('rebuild');
      CREATE TRIGGER inbox_search_on_insert AFTER INSERT ON inbox_messages BEGIN
        INSERT INTO inbox_messages_search (rowid, text) VALUES (NEW.number, NEW.text);
      END;
      CREATE TRIGGER inbox_search_on_delete AFTER DELETE ON inbox_messages BEGIN
        INSERT INTO inbox_messages_search (inbox_messages_search, rowid, text) VALUES ('delete', OLD.number, OLD.text);
      END;
    `
  },
  // ---- end of inbox conversations
  // ---- inbox media (issue 26 point 1's media): appended after the steps above
  {
    name: 'inbox: media fetched once into private storage, with its state',
    // A customer's file is downloaded by the main process after its message is committed, never by the window. Its
    // state lives on the message so a restart resumes what was pending: NULL (no file), pending (to fetch, at
    // media_retry_at), fetched (media_bytes on disk, media_type told from the bytes for images), too_large (above
    // the cap), failed (after the retries, or a 4xx), refused (a URL off the receiving device's gateway).
    sql: `
      ALTER TABLE inbox_messages ADD COLUMN media_state TEXT;
      ALTER TABLE inbox_messages ADD COLUMN media_bytes INTEGER;
      ALTER TABLE inbox_messages ADD COLUMN media_type TEXT;
      ALTER TABLE inbox_messages ADD COLUMN media_attempts INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE inbox_messages ADD COLUMN media_retry_at INTEGER;
      ALTER TABLE inbox_messages ADD COLUMN media_note TEXT;
      UPDATE inbox_messages SET media_state = 'pending', media_retry_at = 0
        WHERE media_url IS NOT NULL AND media_url <> '';
      CREATE INDEX inbox_messages_media_due ON inbox_messages(media_retry_at, number) WHERE media_state = 'pending';
    `
  },
  // ---- end of inbox media
  // ---- the chatbot view (issue 26 point 6)
  {
    name: "autoreplies: each device's keyword rules, kept to show which message a rule answered",
    // The inbox shows which auto-reply answered a message and counts what each keyword answered: asking the gateway
    // per thread would be a call per click, so the rules are kept here, replaced whole at each refresh (the list,
    // a change made through the app, or a copy older than the feature's staleness).
    sql: `
      CREATE TABLE autoreply_rules (
        device_id TEXT NOT NULL,
        rule_id TEXT NOT NULL,               -- the gateway's id
        keyword TEXT NOT NULL,
        response TEXT NOT NULL,
        position INTEGER NOT NULL,           -- the gateway's order: the first matching rule answers
        PRIMARY KEY (device_id, rule_id)
      ) STRICT;
      CREATE TABLE autoreply_refreshes (
        device_id TEXT PRIMARY KEY,
        refreshed_at INTEGER NOT NULL        -- when the gateway's list was last read whole
      ) STRICT;
      -- The customers' text messages by arrival: the chatbot counts read the last days without walking them all.
      CREATE INDEX inbox_messages_customer_texts ON inbox_messages(received_at)
        WHERE from_me = 0 AND message_type = 'text';
    `
  },
  // ---- end of the chatbot view
  // ---- the inbox's counts (issue 26's window bench)
  {
    name: 'inbox: the few refused and duplicated events indexed, so the inbox counts read no table whole',
    // counts() runs on every read mark and inbox:status (the tray's and the tab's unread counts); its sums over every
    // event took 7 ms of the core's thread at 100,000 events, and held up the inbox's first conversations (issue 26).
    sql: `
      CREATE INDEX inbox_events_refused ON inbox_events(id) WHERE kind = 'refused';
      CREATE INDEX inbox_events_duplicated ON inbox_events(duplicates) WHERE duplicates > 0;
    `
  },
  // ---- end of the inbox's counts
  // ---- deleting a conversation
  {
    name: 'inbox: a deleted conversation leaves no text, and its numbers are never given again',
    // A deleted conversation's messages go (the search index by its trigger), its events stay as identities only
    // (a webhook posted again is a duplicate, not the message back). Message numbers name media files and the
    // window's rows and mark where notifications start: a rowid table gives the highest deleted number again, so the
    // highest number ever given is kept. What was sent to the chat before it was cleared stays in the outbox and
    // out of the chat's thread.
    sql: `
      CREATE TABLE inbox_message_numbers (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        highest INTEGER NOT NULL
      ) STRICT;
      CREATE TABLE inbox_cleared_chats (
        device_key TEXT NOT NULL,
        chat_id TEXT NOT NULL,
        cleared_at INTEGER NOT NULL,
        PRIMARY KEY (device_key, chat_id)
      ) STRICT;
    `
  },
  {
    name: "inbox: the search index drops a deleted message's text for good",
    // FTS5 otherwise records a delete as a marker and keeps the text's trigrams in its segments until they merge:
    // a deleted conversation's words would stay readable in the file.
    sql: `
      INSERT INTO inbox_messages_search (inbox_messages_search, rank) VALUES ('secure-delete', 1);
    `
  },
  {
    name: 'autoreplies: when each rule, as it reads now, was first seen',
    // The gateway's list has no dates: without this the thread claimed a rule made today answered last month's
    // message. Rules kept before this version were there at an earlier read: unknown (NULL), as at a first read.
    sql: `
      ALTER TABLE autoreply_rules ADD COLUMN known_since INTEGER;
    `
  },
  {
    name: "inbox: when each mailbox's relay last answered a pull",
    // Kept in memory only, a start with the relay down said "no successful pull yet" after months of pulls. NULL for
    // mailboxes kept before this version: unknown until the next successful pull.
    sql: `
      ALTER TABLE inbox_cursors ADD COLUMN last_contact_at INTEGER;
    `
  },
  // ---- contact suggestions
  {
    name: 'contacts: suggestions by substring from a full-text index, in order from an index by name',
    // The picker's suggestions (asked at each keystroke) were LIKE '%…%' over every contact, sorted by name: 90–130 ms
    // at 1,000,000 contacts. A trigram index over names and numbers, external content like the outbox's, finds the
    // contacts holding three characters or more; the index by name and number gives contacts in the picker's order,
    // so a walk of it stops at the limit. ContactsStore.suggest says which it reads when.
    sql: `
      CREATE INDEX contacts_by_name ON contacts(name, phone);
      CREATE VIRTUAL TABLE contacts_search USING fts5(
        name, phone, content='contacts', content_rowid='rowid', tokenize='trigram'
      );
      INSERT INTO contacts_search (contacts_search) VALUES ('rebuild');
      -- As the inbox's: a removed contact's name does not stay readable in the index's segments.
      INSERT INTO contacts_search (contacts_search, rank) VALUES ('secure-delete', 1);
      CREATE TRIGGER contacts_search_on_insert AFTER INSERT ON contacts BEGIN
        INSERT INTO contacts_search (rowid, name, phone) VALUES (NEW.rowid, NEW.name, NEW.phone);
      END;
      CREATE TRIGGER contacts_search_on_delete AFTER DELETE ON contacts BEGIN
        INSERT INTO contacts_search (contacts_search, rowid, name, phone)
          VALUES ('delete', OLD.rowid, OLD.name, OLD.phone);
      END;
      CREATE TRIGGER contacts_search_on_change AFTER UPDATE OF name, phone ON contacts
      WHEN OLD.name IS NOT NEW.name OR OLD.phone IS NOT NEW.phone BEGIN
        INSERT INTO contacts_search (contacts_search, rowid, name, phone)
          VALUES ('delete', OLD.rowid, OLD.name, OLD.phone);
        INSERT INTO contacts_search (rowid, name, phone) VALUES (NEW.rowid, NEW.name, NEW.phone);
      END;
    `
  },
  // ---- opt-outs by keyword
  {
    name: 'opt-outs: the word a customer opted out with',
    // The list said "replied with a stop word" but not which: the customer's message (trimmed) is kept with the entry
    // it made. NULL for every other source, and for keyword entries kept before this version (worded as before).
    sql: `
      ALTER TABLE opt_outs ADD COLUMN keyword TEXT;
    `
  },
  // ---- conversations by chat
  {
    name: 'inbox: conversations by chat',
    // The search asks, for each chat its sent matches went to, whether it has a conversation (withChat, by chat alone):
    // the unique index leads with the device, so each was a walk of every conversation. A page of 2,000 campaign
    // messages to customers who never wrote took about a second at 5,000 conversations.
    sql: `
      CREATE INDEX inbox_conversations_by_chat ON inbox_conversations(chat_id);
    `
  },
  // ---- the customer list
  {
    name: 'contacts: an index by name whatever its case, for the customer list',
    // The window's customer list reads contacts alphabetically ("budi" beside "Budi") a page at a time, and a typed
    // name's start finds them: both walk this index from a point and stop at the page's end (ContactsStore.page),
    // never a read of every contact (100,000 and more after a few campaigns).
    sql: `
      CREATE INDEX contacts_by_folded_name ON contacts(name COLLATE NOCASE, phone);
    `
  },
  {
    name: 'inbox: a thread in the order its customer wrote (the gateway timestamp, never after the arrival)',
    // Messages the gateway retried after a relay outage arrive after later ones (QA14 Q14-05): the thread reads by
    // when they were written. The expression is inbox-records.ts' WRITTEN_AT, word for word, so the index serves it.
    sql: `
      DROP INDEX inbox_messages_by_conversation;
      CREATE INDEX inbox_messages_by_conversation ON inbox_messages(
        conversation_id, min(COALESCE(sent_at, received_at), received_at), number);
    `
  },
  {
    name: "campaigns: the device state that paused a campaign's part, and what its check met",
    // paused_reason kept only `disconnected` or `unreachable`: once the device was back, the part read "the gateway
    // could not be reached" whatever the cause was (logged out, 429, 5xx…). NULL for parts paused before this version
    // (worded by their reason, as before) and for pauses no device state made (failures, quota).
    sql: `
      ALTER TABLE campaign_devices ADD COLUMN paused_state TEXT;
      ALTER TABLE campaign_devices ADD COLUMN paused_state_note TEXT;
    `
  },
  {
    name: 'campaigns: a hold for the take-back question, kept before it pauses the campaign',
    // The hold lived in memory (QA14 Q14-02): the app closed with "Take back this campaign?" open left the campaign
    // paused after the restart, though the operator never paused it. The status it goes back to and the process that
    // holds it (a CLI opening the store beside the app leaves a live holder's hold alone); NULL: not held.
    sql: `
      ALTER TABLE campaigns ADD COLUMN take_back_hold_from TEXT;
      ALTER TABLE campaigns ADD COLUMN take_back_hold_pid INTEGER;
    `
  },
  {
    name: 'contacts: names folded for the customer list, accented letters as their letters',
    // NOCASE folds ASCII only (QA17 Q17-08): "çağ" did not find "Çağrı", and accented names sorted after "Z". SQLite
    // cannot fold the rest without ICU, so the key is the app's (contactNameKey), written with every name
    // (inbox-conversations-store's learnContactName[s]) and filled here for the names kept before. The list walks this
    // index from a point as it walked the NOCASE one, which nothing else reads.
    sql: `
      ALTER TABLE contacts ADD COLUMN name_key TEXT;
      DROP INDEX contacts_by_folded_name;
      CREATE INDEX contacts_by_name_key ON contacts(name_key, phone);
    `,
    run: (db) => {
      const rows = db.prepare('SELECT rowid AS id, name FROM contacts').all() as {
        id: number
        name: string
      }[]
      const keep = db.prepare('UPDATE contacts SET name_key = ? WHERE rowid = ?')
      for (const row of rows) keep.run(contactNameKey(row.name), row.id)
    }
  },
  {
    name: 'opt-outs: what each gateway blacklist was given, a row per number, and pushes waiting for a confirmation',
    // The record lived in one settings entry ('optouts.gatewayBlacklists') that the app and the terminal both
    // rewrote whole, so one could undo what the other wrote; and a STOP's push waiting for its confirmation lived in
    // memory, lost with the app. A device's rows are the numbers its gateway was given; the record kept before is
    // carried over (a device that had the whole list has a row for every listed number, and one for each number it
    // still had to take off), so no device is sent the whole list again.
    sql: `
      CREATE TABLE gateway_blacklist_entries (
        device_id TEXT NOT NULL,
        phone TEXT NOT NULL,                 -- normalised 62… digits
        PRIMARY KEY (device_id, phone)
      ) STRICT, WITHOUT ROWID;
      CREATE TABLE opt_out_confirmation_waits (
        item_id TEXT PRIMARY KEY,            -- the confirmation's outbox item (its reply request id)
        phone TEXT NOT NULL,
        device_id TEXT NOT NULL,             -- the device the customer wrote to, which sends the confirmation
        created_at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX opt_out_confirmation_waits_by_phone ON opt_out_confirmation_waits(phone);
    `,
    run: (db) => {
      const row = db.prepare("SELECT value FROM settings WHERE key = 'optouts.gatewayBlacklists'").get() as
        { value: string } | undefined
      db.prepare("DELETE FROM settings WHERE key = 'optouts.gatewayBlacklists'").run()
      let kept: unknown
      try {
        kept = row ? JSON.parse(row.value) : null
      } catch {
        return
      }
      if (typeof kept !== 'object' || kept === null) return
      const listed = db.prepare('SELECT phone FROM opt_outs').pluck().all() as string[]
      const insert = db.prepare(
        'INSERT OR IGNORE INTO gateway_blacklist_entries (device_id, phone) VALUES (?, ?)'
      )
      for (const [deviceId, record] of Object.entries(kept as Record<string, unknown>)) {
        const device = record as { listPushed?: unknown; toRemove?: unknown }
        const toRemove = Array.isArray(device.toRemove)
          ? device.toRemove.filter((phone): phone is string => typeof phone === 'string')
          : []
        const given = device.listPushed === true ? listed : []
        for (const phone of [...given, ...toRemove]) insert.run(deviceId, phone)
      }
    }
  },
  {
    name: 'contacts: the trigram index in name order, for suggestions of names that sort late',
    // Suggestions are the first few matches by name, and the trigram index gave its matches by rowid: a name many
    // contacts have that sorts late ("zainal" at 1,000,000 contacts: 20,000 matches, the first near the 170,000th
    // name) cost a sort of every match or a walk of the index by name up to them (25 ms a keystroke). This index
    // keys each contact by its name's first four characters, then its rowid (contactSearchKey), so its matches come
    // a stretch of names at a time, in order. It replaces contacts_search (the Recipient filter reads it too), and
    // is contentless: the names stay in contacts alone. Written in key order (FTS5 flushes at every step back).
    sql: `
      DROP TRIGGER contacts_search_on_insert;
      DROP TRIGGER contacts_search_on_delete;
      DROP TRIGGER contacts_search_on_change;
      DROP TABLE contacts_search;
      CREATE VIRTUAL TABLE contacts_search_by_name USING fts5(name, phone, content='', tokenize='trigram');
      -- As before: a removed contact's name does not stay readable in the index's segments.
      INSERT INTO contacts_search_by_name (contacts_search_by_name, rank) VALUES ('secure-delete', 1);
      INSERT INTO contacts_search_by_name (rowid, name, phone)
        SELECT ${contactSearchKey('NEW')} AS key, NEW.name, NEW.phone FROM contacts AS NEW ORDER BY key;
      -- Merged as contacts_search was after months of use: the suggestions read one segment, not a bulk write's many.
      INSERT INTO contacts_search_by_name (contacts_search_by_name) VALUES ('optimize');
      CREATE TRIGGER contacts_search_by_name_on_insert AFTER INSERT ON contacts BEGIN
        INSERT INTO contacts_search_by_name (rowid, name, phone) VALUES (${contactSearchKey('NEW')}, NEW.name, NEW.phone);
      END;
      CREATE TRIGGER contacts_search_by_name_on_delete AFTER DELETE ON contacts BEGIN
        INSERT INTO contacts_search_by_name (contacts_search_by_name, rowid, name, phone)
          VALUES ('delete', ${contactSearchKey('OLD')}, OLD.name, OLD.phone);
      END;
      CREATE TRIGGER contacts_search_by_name_on_change AFTER UPDATE OF name, phone ON contacts
      WHEN OLD.name IS NOT NEW.name OR OLD.phone IS NOT NEW.phone BEGIN
        INSERT INTO contacts_search_by_name (contacts_search_by_name, rowid, name, phone)
          VALUES ('delete', ${contactSearchKey('OLD')}, OLD.name, OLD.phone);
        INSERT INTO contacts_search_by_name (rowid, name, phone) VALUES (${contactSearchKey('NEW')}, NEW.name, NEW.phone);
      END;
    `
  },
  {
    name: "inbox: a deleted conversation's id is never given again",
    // inbox_conversations' id is a plain rowid: SQLite gave the highest deleted id to the next new conversation, and
    // what is keyed by it outlives a delete (the window's reply drafts and open thread, the kept reply files, a
    // notification's click): the old customer's draft appeared in the new customer's reply box. The highest id ever
    // given is kept as inbox_message_numbers keeps messages' (AUTOINCREMENT would mean rebuilding a table that
    // inbox_messages references, with foreign keys on in this transaction): the trigger writes it in the deleting
    // transaction, whatever deletes, and fileInConversation gives past it. Seeded with the highest kept now: ids
    // deleted before this version are not known.
    sql: `
      CREATE TABLE inbox_conversation_ids (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        highest INTEGER NOT NULL
      ) STRICT;
      INSERT INTO inbox_conversation_ids (id, highest) SELECT 1, COALESCE(MAX(id), 0) FROM inbox_conversations;
      CREATE TRIGGER inbox_conversation_ids_on_delete AFTER DELETE ON inbox_conversations BEGIN
        INSERT INTO inbox_conversation_ids (id, highest) VALUES (1, OLD.id)
          ON CONFLICT (id) DO UPDATE SET highest = max(highest, excluded.highest);
      END;
    `
  },
  {
    name: "campaign rows: a campaign's numbers indexed, for the customer list's campaign filter",
    // The customer list narrowed to a campaign reads its numbers, each once, and asks of a contact whether the campaign
    // held its number (ContactsStore.pageOfCampaign): the primary key leads with the campaign but then goes by row, so
    // each was a read of every row the campaign has (and of the rows' messages, for their numbers).
    sql: `
      CREATE INDEX campaign_rows_by_campaign_phone ON campaign_rows(campaign_id, phone);
    `
  },
  {
    name: 'outbox counts: of the cancelled, those cancelled because their number opted out, kept by triggers',
    // The counts say how many of the cancelled were cancelled because their number opted out (OPTED_OUT_NOTE,
    // outbox/policies.ts, as it is written below: a new note would need a step of its own). Counted through the
    // status index at every read, that was 17-35 ms at 100,000 cancelled items, read on every change while a campaign
    // sends; kept per device like outbox_counts (the same guard: an open batch's items are added when it closes,
    // OutboxItemsStore.closeBatch), a read is a few rows. The update trigger's WHEN lets every other transition by.
    sql: `
      CREATE TABLE outbox_opted_out_counts (
        device_id TEXT PRIMARY KEY,
        n INTEGER NOT NULL
      ) STRICT, WITHOUT ROWID;
      INSERT INTO outbox_opted_out_counts (device_id, n)
        SELECT device_id, COUNT(*) FROM outbox_items
        WHERE status = 'cancelled' AND failure_message = '${OPTED_OUT_AT_43}'
          AND NOT EXISTS (SELECT 1 FROM outbox_batches WHERE id = outbox_items.batch_id)
        GROUP BY device_id;
      CREATE TRIGGER outbox_opted_out_on_insert AFTER INSERT ON outbox_items
      WHEN ${optedOutAt43('NEW')} AND NOT EXISTS (SELECT 1 FROM outbox_batches WHERE id = NEW.batch_id) BEGIN
        INSERT INTO outbox_opted_out_counts (device_id, n) VALUES (NEW.device_id, 1)
          ON CONFLICT (device_id) DO UPDATE SET n = n + 1;
      END;
      CREATE TRIGGER outbox_opted_out_on_delete AFTER DELETE ON outbox_items
      WHEN ${optedOutAt43('OLD')} AND NOT EXISTS (SELECT 1 FROM outbox_batches WHERE id = OLD.batch_id) BEGIN
        UPDATE outbox_opted_out_counts SET n = n - 1 WHERE device_id = OLD.device_id;
      END;
      CREATE TRIGGER outbox_opted_out_on_change AFTER UPDATE OF status, device_id, failure_message ON outbox_items
      WHEN (${optedOutAt43('OLD')} OR ${optedOutAt43('NEW')})
        AND NOT EXISTS (SELECT 1 FROM outbox_batches WHERE id = NEW.batch_id) BEGIN
        UPDATE outbox_opted_out_counts SET n = n - 1 WHERE device_id = OLD.device_id AND ${optedOutAt43('OLD')};
        INSERT INTO outbox_opted_out_counts (device_id, n) SELECT NEW.device_id, 1 WHERE ${optedOutAt43('NEW')}
          ON CONFLICT (device_id) DO UPDATE SET n = n + 1;
      END;
    `
  },
  {
    name: 'outbox: the scheduled items indexed by due time and id, for the Schedules view',
    // The Schedules view reads the schedules soonest due first, a page after the (due time, id) of the last one read
    // (OutboxScheduledStore.scheduledByDue). outbox_items_scheduled ends with the rowid, so schedules due at the same
    // instant (a campaign's, often thousands) were sorted again at every page; this one hands them out in page order.
    sql: `
      CREATE INDEX outbox_items_scheduled_by_due ON outbox_items(not_before, id) WHERE status = 'scheduled';
    `
  },
  {
    name: 'series: how many occurrences were skipped while the app was closed',
    // Of several occurrences due while the app was closed only the latest is made (series.ts); the series says how
    // many it skipped so (QA33 Q33-04: it said "Sent so far: 1" and nothing of the 3 missed). Not known for the
    // occurrences skipped before this version: 0.
    sql: `
      ALTER TABLE outbox_series ADD COLUMN skipped INTEGER NOT NULL DEFAULT 0;
    `
  },
  {
    name: 'series: an optional end, a last day or a number of times',
    // A daily series "for 30 days" ran until the operator pressed Stop (QA33 Q33-05). The end is kept as asked
    // (end_date YYYY-MM-DD in the series' zone, or end_times) for the window, and as the number of the series' last
    // occurrence (last_index) for the due step and Skip next. Series made before have no end: all three NULL.
    sql: `
      ALTER TABLE outbox_series ADD COLUMN end_date TEXT;
      ALTER TABLE outbox_series ADD COLUMN end_times INTEGER;
      ALTER TABLE outbox_series ADD COLUMN last_index INTEGER;
    `
  },
  {
    name: 'campaigns: the blank rows of their sheet, left out at the import',
    // The sheet's wholly blank rows between its header and its last row are no rows of the campaign; counted at the
    // read, they were named on the form and before a new campaign's start only, so a saved draft reopened and the
    // results export left an operator comparing with the sheet's row count 20 rows short, unexplained (QA39 Q39-04).
    // Not known for campaigns imported before this version: NULL, named nowhere.
    sql: `
      ALTER TABLE campaigns ADD COLUMN blank_rows INTEGER;
    `
  },
  {
    name: "outbox: the items indexed by when each shows in its chat, for the inbox search's replies",
    // The inbox search lists the operator's replies by when each shows in its thread (outbox-records.ts' SHOWN_AT)
    // and pages them by it; without an index every read sorted every match (260-390 ms at 100,000 items holding the
    // word). The expression is SHOWN_AT word for word, so the planner matches it and a read walks from its cursor.
    sql: `
      CREATE INDEX outbox_items_by_shown_at ON outbox_items(COALESCE(accepted_at,
        CASE WHEN status IN ('scheduled', 'queued', 'sending') AND not_before > created_at THEN not_before END,
        created_at), id);
    `
  },
  {
    name: 'series: the messages a series made that its stop or delete withdrew',
    // Stop and Delete left what a series had already made in line, and it went (an operator stopping a wrong daily
    // message saw one more go). The operator's choice to cancel it is written with the stop or delete: withdrawn says
    // which ('stopped' | 'deleted') on each link, kept after a delete, so the series producer's send policy cancels
    // such an item at its turn whatever left it in line (a crash before the cancel, a send in flight that comes
    // back). Links before this version: NULL, nothing withdrawn.
    sql: `
      ALTER TABLE outbox_series_items ADD COLUMN withdrawn TEXT;
    `
  },
  {
    name: "inbox: conversations' push names and group subjects folded for the search, accented letters as their letters",
    // The inbox search matched names with LIKE, which folds ASCII only (QA46 Q46-03): "dede" did not find "Pak Dédé".
    // The keys are contactNameKey's, as the contacts' name_key (the same rule for the typed words), written with
    // every name (inbox-conversations-store's fileInConversation) and filled here for the names kept before, in one
    // UPDATE. The search scans the conversations (one row per chat), so no index.
    sql: `
      ALTER TABLE inbox_conversations ADD COLUMN push_name_key TEXT;
      ALTER TABLE inbox_conversations ADD COLUMN group_subject_key TEXT;
    `,
    run: (db) => {
      // One UPDATE through the app's key on this connection (a loop of reads and writes took about twice as long at 100,000 conversations).
      db.function('contact_name_key', { deterministic: true }, (name: unknown) =>
        typeof name === 'string' ? contactNameKey(name) : null
      )
      db.exec(`UPDATE inbox_conversations
        SET push_name_key = contact_name_key(push_name), group_subject_key = contact_name_key(group_subject)
        WHERE push_name IS NOT NULL OR group_subject IS NOT NULL`)
    }
  },
  {
    name: 'inbox: the messages\' search index folds accents, so "dede" finds a message holding "Dédé"',
    // The index folded case only: "dede" found the name "Dédé" (the step before) and not a message holding it. FTS5's
    // trigram tokenizer drops accents from SQLite 3.45 (remove_diacritics: every mark off a Latin letter, "ố" as "o",
    // and combining marks; fts-fold.cases.ts). The index is made again with it, filled from every message and merged
    // (1.2 s CPU at 200,000 messages of 39 characters, 5 s on a busy 2-core machine's clock; the start's window says
    // the data is being updated), secure-delete as before; the triggers on inbox_messages name the index by name, so
    // they write the new one. The reads that test messages one by one fold as this tokenizer does (fts-fold.ts,
    // ACCENTS_ASIDE_TOKENIZER: the same words).
    sql: `
      DROP TABLE inbox_messages_search;
      CREATE VIRTUAL TABLE inbox_messages_search USING fts5(
        text, content='inbox_messages', content_rowid='number', tokenize='trigram remove_diacritics 1'
      );
      INSERT INTO inbox_messages_search (inbox_messages_search, rank) VALUES ('secure-delete', 1);
      INSERT INTO inbox_messages_search (inbox_messages_search) VALUES ('rebuild');
      -- Merged as the index was after months of use: a search reads one segment, not a rebuild's many.
      INSERT INTO inbox_messages_search (inbox_messages_search) VALUES ('optimize');
    `
  },
  {
    name: 'contacts: the names\' search index folds accents, so "dede" suggests "Dédé"',
    // The recipient picker's suggestions and the Outbox's Recipient filter found a name through its trigram index,
    // which folded case only, then kept the rows LIKE kept: "dede" did not find "Dédé". The index is made again with
    // the tokenizer the inbox's messages have (the step before; fts-fold.ts, ACCENTS_ASIDE_TOKENIZER) and written in
    // key order and merged as step "contacts: the trigram index in name order" wrote it (7.8 s CPU at 1,000,000
    // contacts, 31 s on a busy 2-core machine's clock; the start's window says the data is being updated); its three
    // triggers name it, so they write the new one. The reads test a name as it folds (holdsAccentsAside).
    sql: `
      DROP TABLE contacts_search_by_name;
      CREATE VIRTUAL TABLE contacts_search_by_name USING fts5(
        name, phone, content='', tokenize='trigram remove_diacritics 1'
      );
      INSERT INTO contacts_search_by_name (contacts_search_by_name, rank) VALUES ('secure-delete', 1);
      INSERT INTO contacts_search_by_name (rowid, name, phone)
        SELECT ${contactSearchKey('NEW')} AS key, NEW.name, NEW.phone FROM contacts AS NEW ORDER BY key;
      INSERT INTO contacts_search_by_name (contacts_search_by_name) VALUES ('optimize');
    `
  },
  {
    name: 'outbox: the items\' search index folds accents, so "cafe" finds a reply holding "café"',
    // The operator's own replies in an inbox search, and the Outbox's text filter, read outbox_items_search, which
    // folded case only: "cafe" found a customer's "café" (the inbox's index, step "inbox: the messages' search index
    // folds accents") and not the operator's own. The index is made again with the same tokenizer (fts-fold.ts'
    // ACCENTS_ASIDE_TOKENIZER, the one owner of it: the reads fold the typed words by it), filled from every item and
    // merged as a long-used one is; its three triggers name it, so they write the new one. Recipients are digits and
    // group ids: folded alike. Its automerge is FTS5's default again (SEARCH_AUTOMERGE), as the retention sweep leaves it.
    sql: `
      DROP TABLE outbox_items_search;
      CREATE VIRTUAL TABLE outbox_items_search USING fts5(
        recipient, text, content='outbox_items', content_rowid='rowid', tokenize='${ACCENTS_ASIDE_TOKENIZER}'
      );
      INSERT INTO outbox_items_search (outbox_items_search) VALUES ('rebuild');
      INSERT INTO outbox_items_search (outbox_items_search) VALUES ('optimize');
    `
  },
  {
    name: "outbox: when each of a producer's items first reached sent, delivered, read or failed, kept as it happens",
    // A campaign's chart (outbox-progress.ts) found each item's first entry on each line by reading every history row
    // of the campaign's items and grouping them: 413–533 ms at 50,000 rows, read every 2.5–3 s while its page is open,
    // on the core's thread. The first times are kept per producer's item as its history is written (a trigger on
    // outbox_history, so every writer keeps them: the first entry written wins, as the chart counted), one narrow row
    // in the producer's order, and leave with their item. Only items a producer tagged have one (the chart's only
    // reader); filled here from the history kept before.
    sql: `
      CREATE TABLE outbox_producer_reach (
        producer_tag TEXT NOT NULL,
        item_id TEXT NOT NULL,
        sent_at INTEGER,                     -- first sent, delivered or read (each is at least sent)
        delivered_at INTEGER,                -- first delivered or read (a read with no delivered report before it)
        read_at INTEGER,
        failed_at INTEGER,
        PRIMARY KEY (producer_tag, item_id)
      ) STRICT, WITHOUT ROWID;
      -- Filled from one walk of the history in item order (each line's first entry is its least id; its time read by
      -- that id), in key order: 4–6 s at 1,000,000 campaign items where asking each item's history per line took 12–20.
      INSERT INTO outbox_producer_reach (producer_tag, item_id, sent_at, delivered_at, read_at, failed_at)
        WITH firsts AS (
          SELECT item_id, min(iif(status IN ('sent', 'delivered', 'read'), id, NULL)) AS sent,
            min(iif(status IN ('delivered', 'read'), id, NULL)) AS delivered, min(iif(status = 'read', id, NULL)) AS read,
            min(iif(status = 'failed', id, NULL)) AS failed
          FROM outbox_history WHERE status IN ('sent', 'delivered', 'read', 'failed') GROUP BY item_id)
        SELECT i.producer_tag, i.id, (SELECT at FROM outbox_history WHERE id = sent),
          (SELECT at FROM outbox_history WHERE id = delivered), (SELECT at FROM outbox_history WHERE id = read),
          (SELECT at FROM outbox_history WHERE id = failed)
        FROM firsts JOIN outbox_items i ON i.id = firsts.item_id WHERE i.producer_tag IS NOT NULL ORDER BY 1, 2;
      CREATE TRIGGER outbox_producer_reach_on_history AFTER INSERT ON outbox_history
      WHEN NEW.status IN ('sent', 'delivered', 'read', 'failed') BEGIN
        INSERT INTO outbox_producer_reach (producer_tag, item_id, sent_at, delivered_at, read_at, failed_at)
          SELECT i.producer_tag, i.id,
            iif(NEW.status IN ('sent', 'delivered', 'read'), NEW.at, NULL),
            iif(NEW.status IN ('delivered', 'read'), NEW.at, NULL),
            iif(NEW.status = 'read', NEW.at, NULL),
            iif(NEW.status = 'failed', NEW.at, NULL)
          FROM outbox_items i WHERE i.id = NEW.item_id AND i.producer_tag IS NOT NULL
        ON CONFLICT DO UPDATE SET sent_at = coalesce(sent_at, excluded.sent_at),
          delivered_at = coalesce(delivered_at, excluded.delivered_at), read_at = coalesce(read_at, excluded.read_at),
          failed_at = coalesce(failed_at, excluded.failed_at);
      END;
      CREATE TRIGGER outbox_producer_reach_on_delete AFTER DELETE ON outbox_items
      WHEN OLD.producer_tag IS NOT NULL BEGIN
        DELETE FROM outbox_producer_reach WHERE producer_tag = OLD.producer_tag AND item_id = OLD.id;
      END;
      -- No operation of the app moves an item to another producer, but any writer may.
      CREATE TRIGGER outbox_producer_reach_on_tag AFTER UPDATE OF producer_tag ON outbox_items
      WHEN OLD.producer_tag IS NOT NEW.producer_tag BEGIN
        DELETE FROM outbox_producer_reach WHERE producer_tag = OLD.producer_tag AND item_id = OLD.id;
        INSERT INTO outbox_producer_reach (producer_tag, item_id, sent_at, delivered_at, read_at, failed_at)
          SELECT * FROM (
            SELECT NEW.producer_tag, NEW.id,
              ${firstReachedAt54("('sent', 'delivered', 'read')")} AS sent_at,
              ${firstReachedAt54("('delivered', 'read')")} AS delivered_at,
              ${firstReachedAt54("('read')")} AS read_at,
              ${firstReachedAt54("('failed')")} AS failed_at)
          WHERE NEW.producer_tag IS NOT NULL AND coalesce(sent_at, failed_at) IS NOT NULL;
      END;
    `
  },
  {
    name: 'outbox: the search index holds file names, so "invoice" finds the invoice.pdf sent without a caption',
    // The Outbox's text filter read the items' recipient and text only: a file sent without a caption was found by
    // nothing the operator remembered of it (an operator's probe). The index is made again with the file's name as a
    // third column, the same tokenizer (fts-fold.ts' ACCENTS_ASIDE_TOKENIZER), filled from every item and merged as
    // the accents step's was; the triggers name their columns, so they are made again with it. The filter asks for its
    // phrase in {text file_name} (outbox-lists-store.ts); the recipient's and the inbox's searches name their column.
    sql: `
      DROP TRIGGER outbox_search_on_insert;
      DROP TRIGGER outbox_search_on_delete;
      DROP TRIGGER outbox_search_on_change;
      DROP TABLE outbox_items_search;
      CREATE VIRTUAL TABLE outbox_items_search USING fts5(
        recipient, text, file_name, content='outbox_items', content_rowid='rowid', tokenize='${ACCENTS_ASIDE_TOKENIZER}'
      );
      INSERT INTO outbox_items_search (outbox_items_search) VALUES ('rebuild');
      INSERT INTO outbox_items_search (outbox_items_search) VALUES ('optimize');
      CREATE TRIGGER outbox_search_on_insert AFTER INSERT ON outbox_items BEGIN
        INSERT INTO outbox_items_search (rowid, recipient, text, file_name)
          VALUES (NEW.rowid, NEW.recipient, NEW.text, NEW.file_name);
      END;
      CREATE TRIGGER outbox_search_on_delete AFTER DELETE ON outbox_items BEGIN
        INSERT INTO outbox_items_search (outbox_items_search, rowid, recipient, text, file_name)
          VALUES ('delete', OLD.rowid, OLD.recipient, OLD.text, OLD.file_name);
      END;
      CREATE TRIGGER outbox_search_on_change AFTER UPDATE OF recipient, text, file_name ON outbox_items
      WHEN OLD.recipient IS NOT NEW.recipient OR OLD.text IS NOT NEW.text OR OLD.file_name IS NOT NEW.file_name BEGIN
        INSERT INTO outbox_items_search (outbox_items_search, rowid, recipient, text, file_name)
          VALUES ('delete', OLD.rowid, OLD.recipient, OLD.text, OLD.file_name);
        INSERT INTO outbox_items_search (rowid, recipient, text, file_name)
          VALUES (NEW.rowid, NEW.recipient, NEW.text, NEW.file_name);
      END;
    `
  },
  {
    name: 'outbox: schedules due at the same instant in the order they were made',
    // One send to three numbers listed its cards by their random ids: 7002, 7003, 7001, another order each time (probe
    // 4 P12). In line order (seq: the order the recipients were entered) instead; the keyset follows the index.
    sql: `
      DROP INDEX outbox_items_scheduled_by_due;
      CREATE INDEX outbox_items_scheduled_by_due ON outbox_items(not_before, seq) WHERE status = 'scheduled';
    `
  },
  {
    name: 'outbox: each number messages went to, once, with how many there are, and its own search index',
    // The Recipient filter asked the items' index, where every item's number shares its first trigrams (628…): the
    // digits on the way to a number ("084") read a list naming every item, twice (the total and the page), 40 ms at
    // 1,000,000 items to 50,000 numbers (bench "recipient search at…"). An outbox holds many messages to each number:
    // the numbers are asked instead (a twentieth of the rows there) when they narrow the list most: alone, the page
    // walks the items testing each one's number and the total is the sum of the numbers' counts; with a status or a
    // device, when their items are few, read by number (outbox-recipient-named.ts: recipientByNumbers). A number
    // leaves with its last item (its messages' retention is its own). Same tokenizer as the items' index.
    sql: `
      CREATE TABLE outbox_recipients (
        id INTEGER PRIMARY KEY,
        recipient TEXT NOT NULL UNIQUE,
        items INTEGER NOT NULL
      );
      CREATE VIRTUAL TABLE outbox_recipients_search USING fts5(
        recipient, content='outbox_recipients', content_rowid='id', tokenize='${ACCENTS_ASIDE_TOKENIZER}'
      );
      INSERT INTO outbox_recipients (recipient, items)
        SELECT recipient, COUNT(*) FROM outbox_items GROUP BY recipient ORDER BY recipient;
      INSERT INTO outbox_recipients_search (outbox_recipients_search) VALUES ('rebuild');
      INSERT INTO outbox_recipients_search (outbox_recipients_search) VALUES ('optimize');
      CREATE TRIGGER outbox_recipients_search_on_insert AFTER INSERT ON outbox_recipients BEGIN
        INSERT INTO outbox_recipients_search (rowid, recipient) VALUES (NEW.id, NEW.recipient);
      END;
      CREATE TRIGGER outbox_recipients_search_on_delete AFTER DELETE ON outbox_recipients BEGIN
        INSERT INTO outbox_recipients_search (outbox_recipients_search, rowid, recipient)
          VALUES ('delete', OLD.id, OLD.recipient);
      END;
      CREATE TRIGGER outbox_recipients_on_item_insert AFTER INSERT ON outbox_items BEGIN
        INSERT INTO outbox_recipients (recipient, items) VALUES (NEW.recipient, 1)
          ON CONFLICT (recipient) DO UPDATE SET items = items + 1;
      END;
      CREATE TRIGGER outbox_recipients_on_item_delete AFTER DELETE ON outbox_items BEGIN
        UPDATE outbox_recipients SET items = items - 1 WHERE recipient = OLD.recipient;
        DELETE FROM outbox_recipients WHERE recipient = OLD.recipient AND items <= 0;
      END;
      CREATE TRIGGER outbox_recipients_on_item_change AFTER UPDATE OF recipient ON outbox_items
      WHEN OLD.recipient IS NOT NEW.recipient BEGIN
        UPDATE outbox_recipients SET items = items - 1 WHERE recipient = OLD.recipient;
        DELETE FROM outbox_recipients WHERE recipient = OLD.recipient AND items <= 0;
        INSERT INTO outbox_recipients (recipient, items) VALUES (NEW.recipient, 1)
          ON CONFLICT (recipient) DO UPDATE SET items = items + 1;
      END;
    `
  },
  {
    name: "outbox: the index by number holds each message's status and device, so the Recipient filter counts from it",
    // With a status or a device chosen, the Recipient filter read each item of the numbers typed for its status and
    // device, or walked the items' index: "084" with "read" 250 ms at 1,000,000 items, a first "0" 180 ms. Held in
    // the index by number, they are counted from it without an item read (outbox-recipient-named.ts: keptByNumbers).
    // One more index entry moved at a status change: the status index's is already.
    sql: `
      DROP INDEX outbox_items_by_recipient;
      CREATE INDEX outbox_items_by_recipient ON outbox_items(recipient, status, device_id);
    `
  },
  {
    name: "inbox: conversations ordered by their last message, the operator's replies too",
    // Issue 26 asks for the conversations "newest first" by their last message; they were ordered by the customer's
    // newest message while a row shows the operator's newer reply, so a row answered a minute ago sat below one that
    // wrote an hour ago. `activity` is the row's place: the number of its newest message, or a number taken from the
    // messages' own sequence (inbox_message_numbers) when a message to its chat joins the outbox
    // (InboxConversationsStore.bumpActivity). It only grows, as the window's refresh needs (it reads down to the
    // oldest row it has). Until a conversation's next message or reply its place is its newest message's, as before.
    sql: `
      ALTER TABLE inbox_conversations ADD COLUMN activity INTEGER NOT NULL DEFAULT 0;
      UPDATE inbox_conversations SET activity = last_number;
      -- The sequence goes on past every place, whatever messages are kept.
      INSERT INTO inbox_message_numbers (id, highest)
        SELECT 1, COALESCE(MAX(activity), 0) FROM inbox_conversations WHERE true
        ON CONFLICT (id) DO UPDATE SET highest = max(highest, excluded.highest);
      DROP INDEX inbox_conversations_newest;
      CREATE INDEX inbox_conversations_newest ON inbox_conversations(archived, activity);
    `
  },
  {
    name: 'campaigns: when each finished or was cancelled',
    // A finished campaign said neither when it ran nor when it ended: a list of "camp — finished" told a week's
    // campaigns apart by name alone, and the proof of a send had no end. updated_at is no end: a rename or a removed
    // device moves it later. Not known for campaigns that ended before this version: NULL, named nowhere.
    sql: `
      ALTER TABLE campaigns ADD COLUMN ended_at INTEGER;
    `
  },
  {
    name: 'outbox: sends per device counted by the quarter hour they went in',
    // device_send_days counted each send under the day string of the zone set when it went: once the operator's zone
    // changed, a device's "sent today" read another day's row (39 of 202 sent), or carried the last day's past its
    // midnight (QA59). Every zone's midnight falls on a quarter hour (UTC), so a day's sends are the sum of its
    // quarters, whichever zone says the day now. The day rows stay for the sends before this version (still read).
    sql: `
      CREATE TABLE device_send_quarters (
        device_id TEXT NOT NULL,
        quarter INTEGER NOT NULL,            -- floor(ms since 1970 UTC / 15 minutes)
        sends INTEGER NOT NULL,
        PRIMARY KEY (device_id, quarter)
      ) STRICT, WITHOUT ROWID;
    `
  },
  {
    name: 'inbox: the messages\' search index holds file names, so "invoice" finds the invoice.pdf a customer sent',
    // The inbox's search read the messages' text only: a customer's document without a caption, and a reply's, were
    // found by nothing the operator remembered of them (QA61). The index is made again with the file's name as a second
    // column, the same tokenizer, secure-delete, filled and merged as the accents step's was; its triggers named the
    // text column alone (an external-content index is told every column of a row it deletes), so they are made again.
    // The search asks for its phrases in {text media_file} (inbox-conversations-store.ts); the replies' search asks the
    // outbox's index, which holds file names since the outbox's step, in {text file_name}.
    sql: `
      DROP TRIGGER inbox_search_on_insert;
      DROP TRIGGER inbox_search_on_delete;
      DROP TABLE inbox_messages_search;
      CREATE VIRTUAL TABLE inbox_messages_search USING fts5(
        text, media_file, content='inbox_messages', content_rowid='number', tokenize='${ACCENTS_ASIDE_TOKENIZER}'
      );
      INSERT INTO inbox_messages_search (inbox_messages_search, rank) VALUES ('secure-delete', 1);
      INSERT INTO inbox_messages_search (inbox_messages_search) VALUES ('rebuild');
      INSERT INTO inbox_messages_search (inbox_messages_search) VALUES ('optimize');
      CREATE TRIGGER inbox_search_on_insert AFTER INSERT ON inbox_messages BEGIN
        INSERT INTO inbox_messages_search (rowid, text, media_file) VALUES (NEW.number, NEW.text, NEW.media_file);
      END;
      CREATE TRIGGER inbox_search_on_delete AFTER DELETE ON inbox_messages BEGIN
        INSERT INTO inbox_messages_search (inbox_messages_search, rowid, text, media_file)
          VALUES ('delete', OLD.number, OLD.text, OLD.media_file);
      END;
    `
  },
  {
    name: 'campaigns: a row keeps where its message ended when the message leaves the outbox',
    // A campaign read its rows' outcomes from their outbox items only: once an item left the outbox (the operator's
    // Delete, or retention after 30 days) its row read as waiting again: a finished campaign said "queued 9", its rows
    // and results file "Queued", and its proof of what was sent changed (QA62). Every writer deletes through this
    // trigger, so each row keeps its item's last status (a message deleted before it left: cancelled), whether its
    // number had opted out, its gateway id and times. A row linked to another item (a start's or a move's link) is
    // settled no more. Rows whose items were purged before this version kept nothing: they read as before.
    sql: `
      ALTER TABLE campaign_rows ADD COLUMN settled_status TEXT;
      ALTER TABLE campaign_rows ADD COLUMN settled_opted_out INTEGER;
      ALTER TABLE campaign_rows ADD COLUMN settled_gateway_id TEXT;
      ALTER TABLE campaign_rows ADD COLUMN settled_sent_at INTEGER;
      ALTER TABLE campaign_rows ADD COLUMN settled_accepted_at INTEGER;
      ALTER TABLE campaign_rows ADD COLUMN settled_closed_at INTEGER;
      CREATE INDEX campaign_rows_settled ON campaign_rows(campaign_id, settled_status, settled_opted_out)
        WHERE settled_status IS NOT NULL;
      CREATE TRIGGER campaign_rows_settle_on_item_delete AFTER DELETE ON outbox_items
      WHEN OLD.producer_tag GLOB 'campaign:*' BEGIN
        UPDATE campaign_rows SET
          settled_status = CASE WHEN OLD.status IN ('queued', 'sending', 'scheduled') THEN 'cancelled' ELSE OLD.status END,
          settled_opted_out = ${optedOutAt43('OLD')},
          settled_gateway_id = OLD.gateway_id,
          settled_sent_at = OLD.last_attempt_at,
          settled_accepted_at = OLD.accepted_at,
          settled_closed_at = coalesce(OLD.closed_at, OLD.updated_at)
        WHERE item_id = OLD.id AND campaign_id = substr(OLD.producer_tag, 10);
      END;
      CREATE TRIGGER campaign_rows_unsettle_on_link AFTER UPDATE OF item_id ON campaign_rows
      WHEN NEW.item_id IS NOT OLD.item_id AND NEW.settled_status IS NOT NULL BEGIN
        UPDATE campaign_rows SET settled_status = NULL, settled_opted_out = NULL, settled_gateway_id = NULL,
          settled_sent_at = NULL, settled_accepted_at = NULL, settled_closed_at = NULL
        WHERE campaign_id = NEW.campaign_id AND row_number = NEW.row_number;
      END;
    `
  },
  {
    name: "campaigns: a campaign's chart keeps the sends of messages that left the outbox",
    // Its lines (and "ever sent") fell as the operator deleted finished messages or retention purged them (QA62),
    // while its rows kept their outcomes (the step before). A campaign is kept with its rows, never deleted once
    // started: its items' first times stay with it. Other producers' leave with their item, as before, and so do an
    // open batch's (a start rolled back: they never were).
    sql: `
      DROP TRIGGER outbox_producer_reach_on_delete;
      CREATE TRIGGER outbox_producer_reach_on_delete AFTER DELETE ON outbox_items
      WHEN OLD.producer_tag IS NOT NULL
        AND (OLD.producer_tag NOT GLOB 'campaign:*' OR OLD.batch_id IN (SELECT id FROM outbox_batches)) BEGIN
        DELETE FROM outbox_producer_reach WHERE producer_tag = OLD.producer_tag AND item_id = OLD.id;
      END;
    `
  },
  {
    name: 'series: how many times the operator skipped',
    // A 3-times series skipped by Skip next three times read "3 of 3 times" beside "Made 0 times", nothing saying they
    // were skipped (QA70): Skip next moved the series on and kept no count. A series with a number of times stored
    // before this version finds its count from its end's: the times come less those made and those skipped while the
    // app was closed. Any other's is not known: 0.
    sql: `
      ALTER TABLE outbox_series ADD COLUMN skipped_by_operator INTEGER NOT NULL DEFAULT 0;
      UPDATE outbox_series
        SET skipped_by_operator = max(0,
          min(next_index, last_index + 1) - (last_index - end_times + 1) - occurrences - skipped)
        WHERE end_times IS NOT NULL AND last_index IS NOT NULL;
    `
  },
  {
    name: "outbox: one campaign's messages listed newest first from an index",
    // QA73: the Outbox's Campaign filter. outbox_items_by_producer (tag, device, status) finds a campaign's items but
    // not in the list's order: a page of a 100,000-row campaign sorted all of them. Partial, as that one: a one-off
    // send has no tag.
    sql: `
      CREATE INDEX outbox_items_producer_newest ON outbox_items(producer_tag, created_at, seq)
        WHERE producer_tag IS NOT NULL;
    `
  },
  {
    name: 'campaigns: the separator of the CSV each was imported from',
    // QA73: a campaign imported from a `;` CSV (Indonesian Excel's) wrote its results and skipped rows with commas,
    // which that Excel opened with each row in one cell: they are written with the file's own separator. NULL for an
    // XLSX and for campaigns imported before this version: the window language's separator is written.
    sql: `ALTER TABLE campaigns ADD COLUMN csv_delimiter TEXT;`
  },
  {
    name: 'outbox: a ledger of what was sent, kept when a message leaves the outbox',
    // The Overview's "sent today" counted the outbox's rows: a sent message the operator deleted, or retention purged,
    // left it (QA65: 18 sent today while the gateway's quota had gone down by 19). Each message the gateway took and
    // reported sent (GATEWAY_REPORTED_SENT then) is kept here with when it was taken and its last status, written by
    // the same change that makes it so, and kept when its item is deleted. It serves "today": the retention sweep
    // forgets what was taken more than three days ago (SENDS_KEPT_MS), and the rows before this version are filled in
    // for those days only.
    sql: `
      CREATE TABLE outbox_sent_ledger (
        item_id TEXT PRIMARY KEY,
        accepted_at INTEGER NOT NULL,
        status TEXT NOT NULL
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX outbox_sent_ledger_by_accepted ON outbox_sent_ledger(accepted_at, status);
      INSERT INTO outbox_sent_ledger (item_id, accepted_at, status)
        SELECT id, accepted_at, status FROM outbox_items
        WHERE status IN ${SENT_LEDGER_STATUSES_68}
          AND accepted_at >= (CAST(strftime('%s', 'now') AS INTEGER) - 3 * 86400) * 1000;
      CREATE TRIGGER outbox_sent_ledger_on_insert AFTER INSERT ON outbox_items
      WHEN NEW.status IN ${SENT_LEDGER_STATUSES_68} AND NEW.accepted_at IS NOT NULL BEGIN
        ${SENT_LEDGER_WRITE_68}
      END;
      CREATE TRIGGER outbox_sent_ledger_on_update AFTER UPDATE OF status, accepted_at ON outbox_items
      WHEN NEW.status IN ${SENT_LEDGER_STATUSES_68} AND NEW.accepted_at IS NOT NULL BEGIN
        ${SENT_LEDGER_WRITE_68}
      END;
      CREATE TRIGGER outbox_sent_ledger_on_unsent AFTER UPDATE OF status, accepted_at ON outbox_items
      WHEN OLD.status IN ${SENT_LEDGER_STATUSES_68}
        AND NOT (NEW.status IN ${SENT_LEDGER_STATUSES_68} AND NEW.accepted_at IS NOT NULL) BEGIN
        DELETE FROM outbox_sent_ledger WHERE item_id = OLD.id;
      END;
    `
  },
  {
    name: 'inbox: a conversation marked unread without a message counted',
    // QA72: "Mark unread" on a conversation the operator answered last made the customer's message before the reply
    // unread again ("1 unread message" they had not sent since). It is now a mark of its own, as WhatsApp's "Mark as
    // unread", cleared when the conversation is read.
    sql: `ALTER TABLE inbox_conversations ADD COLUMN marked_unread INTEGER NOT NULL DEFAULT 0;`
  },
  {
    name: 'inbox: conversations ordered by what came in and what went out, not by what waits or never went (QA76)',
    // A message scheduled for tomorrow, queued, or cancelled before it went moved its conversation above customers who
    // wrote later (its place was taken when it joined the outbox). A place is now taken when the gateway takes a
    // message (countsAsConversationTraffic). Every conversation is placed again by its newest traffic: its newest
    // message in, or the newest message to its chat the gateway took (since the chat was cleared), numbers past every
    // one given. Our devices are kept in their own file, not here: a chat's messages from any of them count (with one
    // device a chat, as nearly always, the same). Ties keep their order.
    sql: `
      WITH placed AS (
        SELECT c.id, c.activity, max(c.last_at, COALESCE((
            SELECT max(o.accepted_at) FROM outbox_items o
             WHERE o.recipient = c.chat_id AND o.accepted_at IS NOT NULL AND o.status NOT IN ${NOT_YET_TRAFFIC_70}
               AND o.accepted_at > COALESCE((SELECT k.cleared_at FROM inbox_cleared_chats k
                 WHERE k.device_key = c.device_key AND k.chat_id = c.chat_id), -1)
          ), c.last_at)) AS at
        FROM inbox_conversations c
      ), numbered AS (
        SELECT id, row_number() OVER (ORDER BY at, activity) + max(
            COALESCE((SELECT MAX(number) FROM inbox_messages), 0),
            COALESCE((SELECT highest FROM inbox_message_numbers WHERE id = 1), 0),
            COALESCE((SELECT MAX(activity) FROM inbox_conversations), 0)) AS activity
          FROM placed
      )
      UPDATE inbox_conversations SET activity = numbered.activity
        FROM numbered WHERE inbox_conversations.id = numbered.id;
      INSERT INTO inbox_message_numbers (id, highest)
        SELECT 1, COALESCE(MAX(activity), 0) FROM inbox_conversations WHERE true
        ON CONFLICT (id) DO UPDATE SET highest = max(highest, excluded.highest);
    `
  },
  {
    name: 'campaigns: a campaign whose last device was removed ends then, saying why (QA77)',
    // Removing a campaign's only device cancelled its rows but left it paused (or running) with no device: Resume led
    // to "no chosen device can send now", and it read "finished" once a later campaign settled it. It now ends at the
    // removal as cancelled, and keeps why (end_reason 'device_removed'; NULL for any other end). A campaign already left
    // so ends now, at its last change: the removal (dropping the device was its last write).
    sql: `
      ALTER TABLE campaigns ADD COLUMN end_reason TEXT;
      UPDATE campaigns SET status = 'cancelled', end_reason = 'device_removed', ended_at = updated_at,
          take_back_hold_from = NULL, take_back_hold_pid = NULL
        WHERE status IN ('running', 'paused') AND json_array_length(devices) = 0;
    `
  },
  {
    name: 'outbox: a whole send taken back follows up its messages that were still being sent',
    // The send card's Delete for everyone left a message in flight ("take back again if it went out"), which then
    // went out and stayed. The request now keeps which of its messages it left on their way, written with it, so the
    // one the gateway turns out to have is cancelled or deleted in that request, across a restart too, as a
    // campaign's is (a campaign's rows are found by its tag). A row goes once its message is followed up or settled.
    sql: `
      CREATE TABLE outbox_takeback_on_its_way (
        item_id TEXT PRIMARY KEY,
        request_id TEXT NOT NULL
      );
      CREATE INDEX outbox_takeback_on_its_way_request ON outbox_takeback_on_its_way(request_id);
    `
  },
  {
    name: 'outbox: a message a whole send left on its way takes its row with it when it leaves the outbox',
    // Deleted by the operator or purged by retention before it landed (one unverified is deletable and closed), a
    // message kept its row: its request's tally went on saying "1 was on its way: once the gateway has it, it is taken
    // back too" of a message that was gone. Every writer deletes through this trigger (as campaign rows settle): the
    // row goes, and its request counts it on its way no more. Rows of messages gone before it go as it comes.
    sql: `
      ${onItsWayFewer73(
        'outbox_takeback_requests.id',
        `(SELECT COUNT(*) FROM outbox_takeback_on_its_way w WHERE w.request_id = outbox_takeback_requests.id
          AND NOT EXISTS (SELECT 1 FROM outbox_items i WHERE i.id = w.item_id))`
      )}
      AND id IN (SELECT w.request_id FROM outbox_takeback_on_its_way w
        WHERE NOT EXISTS (SELECT 1 FROM outbox_items i WHERE i.id = w.item_id));
      DELETE FROM outbox_takeback_on_its_way WHERE NOT EXISTS (SELECT 1 FROM outbox_items i WHERE i.id = item_id);
      CREATE TRIGGER outbox_takeback_on_its_way_on_item_delete AFTER DELETE ON outbox_items
      WHEN EXISTS (SELECT 1 FROM outbox_takeback_on_its_way WHERE item_id = OLD.id) BEGIN
        ${onItsWayFewer73('(SELECT request_id FROM outbox_takeback_on_its_way WHERE item_id = OLD.id)', '1')};
        DELETE FROM outbox_takeback_on_its_way WHERE item_id = OLD.id;
      END;
    `
  }
]

export const LATEST_SCHEMA_VERSION = migrations.length

export function schemaVersion(db: Database.Database): number {
  return db.pragma('user_version', { simple: true }) as number
}

/** A step about to run: its number among those this update runs, and what it adds. */
export interface MigrationStep {
  step: number
  steps: number
  name: string
}

/**
 * Bring the database to the newest version in one IMMEDIATE transaction (a second process waits, then
 * finds nothing to do); any failure leaves it exactly as it was. `onStep` hears each step before it runs, inside
 * the transaction. Returns how many steps ran.
 */
export function migrate(
  db: Database.Database,
  list: readonly Migration[] = migrations,
  onStep?: (step: MigrationStep) => void
): number {
  const latest = list.length
  // Up to date: nothing to write, so no write lock to wait for. Another process writing hard (the terminal's flush, a
  // stress test's writer) kept the lock past the busy timeout and the open failed as "locked". A version only rises,
  // so one read outside the transaction settles it; a pending migration still takes the lock and checks again.
  if (schemaVersion(db) === latest) return 0
  return db
    .transaction(() => {
      const current = schemaVersion(db)
      if (current > latest) {
        throw new StoreError(
          'newer-version',
          `This database was written by a newer Sender Desk (schema ${current}; this build knows up to ${latest}). ` +
            'Update Sender Desk, or point it at another data folder.',
          { foundVersion: current, supportedVersion: latest }
        )
      }
      for (let version = current + 1; version <= latest; version++) {
        const step = list[version - 1]
        if (!step) continue
        onStep?.({ step: version - current, steps: latest - current, name: step.name })
        try {
          db.exec(step.sql)
          step.run?.(db)
        } catch (error) {
          throw new StoreError(
            'migration-failed',
            `Migration ${version} (${step.name}) failed: ${String(error)}`,
            {
              cause: error
            }
          )
        }
      }
      if (current !== latest) db.pragma(`user_version = ${latest}`)
      return Math.max(latest - current, 0)
    })
    .immediate()
}
