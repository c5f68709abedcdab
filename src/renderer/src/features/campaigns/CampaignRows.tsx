// Proof row by row, in the window: each spreadsheet row with its status, the device holding it, the gateway's message
// id, when its status last moved and why it failed. One page at a time (campaigns:rows reads only that page), looked
// at again whenever the progress view does.
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import type { CampaignRowView } from '../../../../shared/contract'
import { decodeNote, translateNote } from '../../../../shared/i18n/notes'
import { campaignRowBucket } from '../../../../shared/domain/campaign-buckets'
import { shownText } from '../../../../shared/domain/shown-text'
import { call, errorInfo } from '../../api'
import { localeOf, useLanguage, useT } from '../../i18n'
import { formatCount, formatDateTimeInZone } from '../../i18n/dates'
import { useOperatorZone } from '../../stores/settings'
import { useDevices } from '../../stores/devices'
import { RecipientLabel, RecipientName } from '../../ui/RecipientName'
import { usableContactName } from '../../../../shared/domain'
import { StatusBadge } from '../outbox/StatusBadge'
import { problemsText } from './problems'
import { rowCancelReasonKey } from '../../../../shared/i18n/row-problems'
import { deviceHold, TAKE_BACK_ROW_KEY } from '../../../../shared/take-back-holds'

export const ROWS_PER_PAGE = 50

/**
 * The name the sheet gives the row, from the campaign's name column; null without one. A duplicate row ("Budi lagi",
 * a number already a contact) is named as the sheet names it, not as the contact book does (QA4 F20).
 */
function sheetName(row: CampaignRowView, nameColumn: string | null): string | null {
  if (!nameColumn) return null
  const cell = row.values.find(([column]) => column === nameColumn)?.[1]
  return cell === undefined ? null : usableContactName(cell)
}

/**
 * `refresh` changes with each of the progress view's page reads (events, outbox counts, its timer: coalesced to one per
 * gap), so the shown page follows the counts; `nameColumn` is the mapping's
 * column of names, if any.
 */
export function CampaignRows({
  id,
  refresh,
  nameColumn,
  failed,
  waitOf,
  campaign
}: {
  id: string
  /** Its status and end: which of its rows were cancelled with it (rowCancelReasonKey). */
  campaign: { status: string; endedAt?: number | null | undefined }
  refresh: number
  nameColumn: string | null
  /** Its failed rows now (its counts): offered alone when there are any. */
  failed: number
  /** Why its rows not sent yet on a device wait longer than a gap between sends, when they do (rowsWaitText). */
  waitOf?(deviceId: string | null): string | null
}): React.JSX.Element {
  const t = useT()
  const cancelReason = (row: CampaignRowView): string => {
    const key = rowCancelReasonKey(row, campaign)
    return key ? t(key) : ''
  }
  const language = useLanguage()
  const locale = localeOf(language)
  // The operator's clock, as the campaign's export (its proof) and the Outbox date a row.
  const zone = useOperatorZone()
  const devices = useDevices((s) => s.devices)
  const [open, setOpen] = useState(false)
  const [offset, setOffset] = useState(0)
  // The failed rows alone: after a send of thousands, the few to look at, not pages of read ones between them.
  const [failedOnly, setFailedOnly] = useState(false)
  const only = failedOnly && failed > 0 ? ('failed' as const) : undefined
  const [page, setPage] = useState<{ rows: CampaignRowView[]; total: number } | null>(null)
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    // Closed, the table asks for nothing: the counts above already say where the campaign is.
    if (!open) return
    let on = true
    call('campaigns:rows', { id, offset, limit: ROWS_PER_PAGE, ...(only ? { only } : {}) })
      .then((reply) => {
        if (!on) return
        setPage(reply)
        setError(null)
      })
      .catch((e: unknown) => on && setError(errorInfo(e).message))
    return () => {
      on = false
    }
  }, [open, id, offset, refresh, only])

  const deviceName = (deviceId: string | null): string =>
    deviceId ? (devices.find((d) => d.id === deviceId)?.label ?? deviceId) : ''
  /** Why a row's deletion waits, by the take-back's rule: its device and what it needs, else its turn. */
  const takeBackWait = (row: CampaignRowView): string => {
    const device = devices.find((d) => d.id === row.deviceId)
    const hold = device ? deviceHold(device.state) : null
    return device && hold
      ? t(TAKE_BACK_ROW_KEY[hold], { device: device.label })
      : t('campaigns.takeBack.row.pending')
  }
  const total = page?.total ?? 0
  const last = Math.min(offset + ROWS_PER_PAGE, total)
  const previousButton = useRef<HTMLButtonElement>(null)
  const nextButton = useRef<HTMLButtonElement>(null)
  // The button that turned a page, when it was pressed: on the first or the last page it is disabled, and Chromium
  // drops a disabled button's focus to the page; the focus goes to the other one instead.
  const pagedWith = useRef<HTMLButtonElement | null>(null)
  useLayoutEffect(() => {
    const pressed = pagedWith.current
    if (pressed === null || !pressed.disabled) return
    pagedWith.current = null
    const active = document.activeElement
    if (active !== null && active !== document.body && active !== pressed) return
    const other = pressed === previousButton.current ? nextButton.current : previousButton.current
    if (other && !other.disabled) other.focus()
  })
  const turnPage = (to: number, button: HTMLButtonElement): void => {
    pagedWith.current = button
    setOffset(to)
  }
  // Said in the sheet's row numbers, as the Sheet row column shows them: "Rows 1–20" above rows 2…21 contradicted it.
  const rangeText = (rows: readonly CampaignRowView[], all: number): string => {
    if (rows.length === 0) return t(only ? 'campaigns.rows.noneFailed' : 'campaigns.rows.none')
    const numbers = rows.map((row) => row.rowNumber)
    const first = Math.min(...numbers)
    const lastRow = Math.max(...numbers)
    return first === lastRow
      ? t(only ? 'campaigns.rows.rangeOneFailed' : 'campaigns.rows.rangeOne', {
          row: formatCount(first, locale),
          total: all
        })
      : t(only ? 'campaigns.rows.rangeFailed' : 'campaigns.rows.range', {
          first: formatCount(first, locale),
          last: formatCount(lastRow, locale),
          shown: formatCount(rows.length, locale),
          total: all
        })
  }
  return (
    <details
      className="campaign-rows"
      data-testid="campaign-rows"
      onToggle={(e) => setOpen(e.currentTarget.open)}
    >
      <summary>{t('campaigns.rows.title')}</summary>
      {failed > 0 ? (
        <label className="campaign-check">
          <input
            type="checkbox"
            data-testid="campaign-rows-failed-only"
            checked={failedOnly}
            onChange={(event) => {
              setFailedOnly(event.target.checked)
              setOffset(0)
            }}
          />
          {t('campaigns.rows.failedOnly', { count: formatCount(failed, locale) })}
        </label>
      ) : null}
      {error ? (
        <p className="alert alert--bad" role="alert">
          {error}
        </p>
      ) : null}
      {page ? (
        <>
          <p role="status" data-testid="campaign-rows-range">
            {rangeText(page.rows, total)}
          </p>
          {/* A wide table scrolls inside its box, never the window (360 px). */}
          <div
            className="campaign-rows-scroll"
            role="region"
            aria-label={t('campaigns.rows.title')}
            // Reachable by keyboard so a table wider than the window can be scrolled without a mouse.
            tabIndex={0}
          >
            <table className="campaign-rows-table">
              <thead>
                <tr>
                  <th scope="col">{t('campaigns.rows.row')}</th>
                  <th scope="col">{t('campaigns.rows.phone')}</th>
                  <th scope="col">{t('campaigns.rows.status')}</th>
                  <th scope="col">{t('campaigns.rows.device')}</th>
                  <th scope="col">{t('campaigns.rows.gatewayId')}</th>
                  <th scope="col">{t('campaigns.rows.changedAt')}</th>
                  <th scope="col">{t('campaigns.rows.note')}</th>
                </tr>
              </thead>
              <tbody>
                {page.rows.map((row) => {
                  const changed = row.history.at(-1)?.at ?? null
                  const named = sheetName(row, nameColumn)
                  return (
                    // A J / K stop; a table row is named by its cells.
                    <tr key={row.rowNumber} data-testid="campaign-row" data-row-focus tabIndex={-1}>
                      {/* Its heading beside the number when the row is drawn as a card (a narrow window: QA67). */}
                      <td className="campaign-row-number" data-label={t('campaigns.rows.row')}>
                        {row.rowNumber}
                      </td>
                      <td className="campaign-row-recipient">
                        {row.phone && named ? (
                          <RecipientLabel name={named} chatId={row.phone} testId="campaign-row-recipient" />
                        ) : row.phone ? (
                          <RecipientName chatId={row.phone} testId="campaign-row-recipient" />
                        ) : named ? (
                          // No number to send to (blank or wrong): the row is found by its name, its cell as written.
                          <RecipientLabel
                            name={named}
                            chatId=""
                            asWritten={row.phoneCell}
                            testId="campaign-row-recipient"
                          />
                        ) : (
                          shownText(row.phoneCell)
                        )}
                      </td>
                      <td className="campaign-row-status">
                        {/* In the buckets the campaign's summary counts (the domain's campaign-buckets): opted out
                            during the campaign (its note says so), else the item's status, else skipped by the check,
                            else queued (a ready row not handed over yet). */}
                        {campaignRowBucket(
                          {
                            status: row.status,
                            skippedByCheck: row.problems.length > 0,
                            optedOut: decodeNote(row.failureMessage)?.key === 'desktop.note.optedOut'
                          },
                          false
                        ) === 'optedOut' ? (
                          t('campaigns.rows.optedOut')
                        ) : row.status ? (
                          <StatusBadge status={row.status} />
                        ) : row.problems.length > 0 ? (
                          t('campaigns.rows.skipped')
                        ) : (
                          <StatusBadge status="queued" />
                        )}
                      </td>
                      <td className="campaign-row-device">{deviceName(row.deviceId)}</td>
                      <td className="campaign-row-gateway-id">
                        <code>{row.gatewayId ?? ''}</code>
                      </td>
                      <td className="campaign-row-changed">
                        {changed ? formatDateTimeInZone(new Date(changed).toISOString(), locale, zone) : ''}
                      </td>
                      <td className="campaign-row-note">
                        {row.takeBackWaiting
                          ? takeBackWait(row)
                          : row.checking
                            ? // In doubt after a 5xx or a time-out (QA12-05: "Sending" with no reason): the outbox's words.
                              t('outbox.waiting.label', { reason: t('outbox.waiting.checking') })
                            : (translateNote(language, row.failureMessage) ??
                                problemsText(row.problems, t)) ||
                              cancelReason(row) ||
                              // Not sent yet: why its device's part waits, when it waits longer than a gap.
                              (row.problems.length === 0 && (row.status === null || row.status === 'queued')
                                ? (waitOf?.(row.deviceId) ?? '')
                                : '')}
                      </td>
                    </tr>
                  )
                })}
              </tbody>
            </table>
          </div>
          <div className="form-actions">
            <button
              ref={previousButton}
              type="button"
              className="button"
              disabled={offset === 0}
              onClick={(event) => turnPage(Math.max(0, offset - ROWS_PER_PAGE), event.currentTarget)}
            >
              {t('campaigns.rows.previous')}
            </button>
            <button
              ref={nextButton}
              type="button"
              className="button"
              disabled={last >= total}
              onClick={(event) => turnPage(offset + ROWS_PER_PAGE, event.currentTarget)}
            >
              {t('campaigns.rows.next')}
            </button>
          </div>
        </>
      ) : null}
    </details>
  )
}
