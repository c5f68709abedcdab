// The app shell: bootstrap, event wiring, header with counts, nav, storage warning, theme and language, and the current view.
import { useEffect, useState, type ComponentType } from 'react'
import { coreMessage, errorWords, prefetchContract, type CoreWords } from './api'
import { AttentionStrip } from './features/attention/AttentionStrip'
import { StateAnnouncer } from './features/devices/StateAnnouncer'
import { Shortcuts } from './features/shortcuts/Shortcuts'
import { OverviewView } from './features/overview/OverviewView'
import { WindowDrop } from './features/send/WindowDrop'
import { Navigation } from './features/navigation/Navigation'
import { VIEW_NAME } from './features/navigation/view-names'
import { WelcomeView } from './features/welcome/WelcomeView'
import { formatNumber, useLanguage, useT, type MessageKey } from './i18n'
import { connectEvents, useApp } from './stores/app'
import { useDevices } from './stores/devices'
import { reportViewing, useInboxAlerts } from './stores/inbox-alerts'
import { useNavigation, type View } from './stores/navigation'
import { openOutboxAt, useOutbox } from './stores/outbox'
import type { OutboxStatus } from '../../shared/contract'
import {
  BUCKET_STATUSES,
  bucketCounts,
  HEADER_BUCKETS,
  optedOutOfScheduled,
  pausedOfQueued
} from '../../shared/domain/status-buckets'
import { restoreDraftWords, useSend } from './stores/send'
import { useSettings } from './stores/settings'
import { onDemand, ViewSlot } from './ui/on-demand'

/** Theme and language from settings onto the document (CSS variables follow `data-theme`). */
function useDocumentSettings(): void {
  const theme = useSettings((s) => s.settings?.theme ?? 'system')
  const language = useLanguage()
  useEffect(() => {
    document.documentElement.dataset['theme'] = theme
  }, [theme])
  useEffect(() => {
    document.documentElement.lang = language
  }, [language])
}

/** `started`: the events are connected and the bootstrap asked for already (the window's start); else App does both. */
export function App({ started = false }: { started?: boolean }): React.JSX.Element {
  const t = useT()
  const status = useApp((s) => s.status)
  const error = useApp((s) => s.error)
  useDocumentSettings()

  // Once the shell is on screen, the everyday views' code, the full contract client and the outbox's first page
  // load in the background: opening a view, making its first call or showing the outbox's rows does not wait. The
  // inbox's unread count and the viewing report start here too: before the shell, a call would load the contract
  // client (about 120 kB evaluated) ahead of it.
  useEffect(() => {
    if (status !== 'ready') return
    let stopReporting = (): void => undefined
    const timer = setTimeout(() => {
      void useInboxAlerts.getState().load()
      stopReporting = reportViewing()
      // What the window keeps in local storage is read here, in a task after the shell's (the stores leave it out of
      // the start; an effect can run in the same task as the commit, before the paint): the send draft's words,
      // then its files from the core, and the names of removed devices. Each is done once.
      restoreDraftWords()
      void useSend.getState().restoreDraftFiles()
      useDevices.getState().restoreRemovedLabels()
      prefetchContract()
      for (const view of EVERYDAY_VIEWS) void view.prefetch()
      useOutbox.getState().prefetchFirstPage()
    }, 0)
    return () => {
      clearTimeout(timer)
      stopReporting()
    }
  }, [status])

  useEffect(() => {
    // The window's start (start.tsx) connects the events and asks for the bootstrap before the first render.
    if (started) return
    const disconnect = connectEvents()
    void useApp.getState().bootstrap()
    return disconnect
  }, [started])

  if (status !== 'ready') {
    return (
      <main className="boot" data-testid="app-boot">
        {status === 'error' ? (
          <div className="alert alert--bad" role="alert">
            <p>{t('app.bootError', { message: error?.message ?? '' })}</p>
            <button type="button" className="button" onClick={() => void useApp.getState().bootstrap()}>
              {t('common.tryAgain')}
            </button>
          </div>
        ) : (
          <p role="status">{t('app.loading')}</p>
        )}
      </main>
    )
  }

  return (
    <div className="app" data-testid="app">
      <a className="skip-link" href="#main">
        {t('app.skip')}
      </a>
      <Header />
      <StorageWarning />
      <AttentionStrip />
      <main id="main" className="main" tabIndex={-1}>
        <CurrentView />
      </main>
      <WindowDrop />
      <StateAnnouncer />
    </div>
  )
}

/** The header's words for its buckets (HEADER_BUCKETS), the words the outbox's summary uses. */
const HEADER_LABEL: Record<(typeof HEADER_BUCKETS)[number], MessageKey> = {
  queued: 'counts.queued',
  scheduled: 'counts.scheduled',
  failed: 'counts.failed'
}

function Header(): React.JSX.Element {
  const t = useT()
  const language = useLanguage()
  const paused = useOutbox((s) => s.sendingPaused)
  const pausedQueued = useOutbox((s) => s.pausedQueued)
  const heldBy = useOutbox((s) => s.sendingHeldBy)
  const optedOutOfScheduledFigure = useOutbox((s) => s.scheduledOptedOut)
  const buckets = bucketCounts(useOutbox((s) => s.counts))
  // Of the queued, those a pause holds are said with them (QA F21: "8 queued" beside a campaign "Paused by you").
  const queuedPaused = pausedOfQueued(buckets, pausedQueued)
  // Of the scheduled, those that will not be sent, their number opted out since (QA76: "3 scheduled" of one that never
  // goes).
  const scheduledOptedOut = optedOutOfScheduled(buckets, optedOutOfScheduledFigure)
  const counts: HeaderCount[] = HEADER_BUCKETS.map((bucket) => ({
    bucket,
    count: buckets[bucket],
    word: t(HEADER_LABEL[bucket]),
    label:
      bucket === 'queued' && queuedPaused > 0
        ? t('counts.queuedPaused', { paused: queuedPaused })
        : bucket === 'scheduled' && scheduledOptedOut > 0
          ? t('counts.scheduledOptedOut', { optedOut: scheduledOptedOut })
          : t(HEADER_LABEL[bucket]),
    // The narrow row's: the full words took it to three lines and more (a 110 px header in Indonesian, over the 80 px
    // and the clearance kept under it), so it says only that they will not be sent, why in its tooltip and its name.
    short:
      bucket === 'scheduled' && scheduledOptedOut > 0
        ? t('counts.scheduledOptedOutShort', { optedOut: scheduledOptedOut })
        : undefined,
    bad: bucket === 'failed' && buckets[bucket] > 0
  }))
  // Kept unworded: the header stays while Settings changes the language, and says it again in the new one.
  const [pauseError, setPauseError] = useState<CoreWords | null>(null)

  async function togglePause(): Promise<void> {
    setPauseError(null)
    try {
      await useOutbox.getState().setPaused(!paused)
    } catch (e) {
      setPauseError(errorWords(e))
    }
  }

  return (
    <header className="header">
      <div className="header-top">
        <h1 className="brand">Sender Desk</h1>
        <ul className="counts" aria-label={t('counts.label')} data-testid="header-counts">
          {/* The counting model's buckets, as the outbox's summary names them (one definition each). */}
          {counts.map(({ bucket, count, label, bad }) => (
            <CountLink
              key={bucket}
              testId={`count-${bucket}`}
              count={count}
              label={label}
              statuses={[...BUCKET_STATUSES[bucket]]}
              bad={bad}
            />
          ))}
        </ul>
        <button
          type="button"
          className={paused ? 'button button--small button--warn' : 'button button--small'}
          aria-pressed={paused}
          data-testid="pause-sending"
          onClick={() => void togglePause()}
        >
          <span className="header-icon header-icon--pause" aria-hidden="true" />
          <span className="header-words">{paused ? t('counts.resume') : t('counts.pause')}</span>
        </button>
        <Shortcuts />
      </div>
      {paused ? (
        <p className="paused-note" role="status" data-testid="paused-note">
          {t('counts.pausedNote')}
        </p>
      ) : null}
      {heldBy !== null ? (
        <p className="paused-note" role="status" data-testid="held-by-terminal-note">
          {t('counts.heldByTerminal', { pid: heldBy })}
        </p>
      ) : null}
      {pauseError ? (
        <p className="alert alert--bad" role="alert">
          {coreMessage(pauseError, language)}
        </p>
      ) : null}
      <Navigation />
      {/* A narrow window shows the counts as one row under the buttons (styles.css): after them, as they are read. */}
      <CountsSummary counts={counts} paused={paused} />
    </header>
  )
}

/** One of the header's counts: its bucket, number and words. */
interface HeaderCount {
  bucket: (typeof HEADER_BUCKETS)[number]
  count: number
  /** The bucket's word, as the outbox's summary names it. */
  word: string
  /** The word with what it holds back said too ("queued (2 paused)"). */
  label: string
  /** The label as the narrow row draws it when that is shorter ("scheduled (1 will not be sent)"); else the label. */
  short?: string | undefined
  bad: boolean
}

/** Opens the outbox filtered to these statuses, as a header count does. */
function showInOutbox(statuses: OutboxStatus[]): void {
  openOutboxAt({ statuses })
}

/**
 * The counts in a narrow window, one button opening the outbox at what they count: each number with its bucket's word
 * (QA: "0 · 1 · 0" named its buckets only to a screen reader), what a pause holds back drawn, said and in the tooltip.
 */
function CountsSummary({
  counts,
  paused
}: {
  counts: HeaderCount[]
  /** All sending paused: said first on the row, the narrow window's only sign of it besides an icon (QA63). */
  paused: boolean
}): React.JSX.Element {
  const t = useT()
  const language = useLanguage()
  const words = counts.map(({ count, label }) => `${formatNumber(count, language)} ${label}`).join(', ')
  return (
    <button
      type="button"
      className="counts-summary"
      title={paused ? `${t('counts.pausedShort')}: ${words}` : words}
      data-testid="counts-summary"
      onClick={() => showInOutbox(counts.flatMap(({ bucket }) => BUCKET_STATUSES[bucket]))}
    >
      {/* Drawn only: the header's note says it (role=status), and "(N paused)" is in the queued count's name. */}
      {paused ? (
        <span className="counts-summary-paused" aria-hidden="true" data-testid="counts-summary-paused">
          {t('counts.pausedShort')}
          <span className="counts-summary-dot">·</span>
        </span>
      ) : null}
      {counts.map(({ bucket, count, word, label, short, bad }, index) => (
        <span key={bucket} className={bad ? 'count--bad' : undefined}>
          {/* The row wraps only here, between counts, the dot ending the line before (QA77: "0 g…" in Indonesian). */}
          {paused || index > 0 ? ' ' : null}
          <span className="counts-summary-count">
            <span className="count-number">{formatNumber(count, language)}</span>{' '}
            {/* With what a pause holds of it ("9 queued (8 paused)"), as the wide header and the Outbox say it (QA72:
                a device's or a campaign's pause showed nowhere on the row); all sending paused, "Paused" leads it.
                The opted out of the scheduled in fewer words: the name below and the tooltip say why. */}
            <span aria-hidden="true">{paused ? word : (short ?? label)}</span>
            <span className="visually-hidden">
              {label}
              {index < counts.length - 1 ? ', ' : ''}
            </span>
            {index < counts.length - 1 ? (
              <span className="counts-summary-dot" aria-hidden="true">
                ·
              </span>
            ) : null}
          </span>
        </span>
      ))}
    </button>
  )
}

/** A header count that opens the outbox filtered to what it counts. */
function CountLink(props: {
  testId: string
  count: number
  label: string
  statuses: OutboxStatus[]
  bad?: boolean
}): React.JSX.Element {
  const t = useT()
  // Grouped by hand as Intl groups it (no Intl.NumberFormat in the shell's first render: docs/perf-status.md).
  const language = useLanguage()
  return (
    <li data-testid={props.testId} className={props.bad ? 'count--bad' : undefined}>
      <button
        type="button"
        className="count-link"
        title={t('counts.show')}
        onClick={() => showInOutbox(props.statuses)}
      >
        <span className="count-number">{formatNumber(props.count, language)}</span> {props.label}
      </button>
    </li>
  )
}

function StorageWarning(): React.JSX.Element | null {
  const t = useT()
  const storage = useApp((s) => s.secretStorage)
  const note = useApp((s) => s.secretStorageNote)
  const [hidden, setHidden] = useState(false)
  if (storage === 'keychain' || hidden) return null
  return (
    <div
      className="alert alert--warn banner"
      role="status"
      data-testid="secret-storage-warning"
      data-storage={storage}
    >
      <p>
        <strong>{storage === 'session-only' ? t('storage.sessionOnly') : t('storage.weak')}</strong>
        {note ? ` ${note}` : ''}
      </p>
      <button type="button" className="button button--small" onClick={() => setHidden(true)}>
        {t('common.dismiss')}
      </button>
    </div>
  )
}

// Every view but the first one (home, or welcome on a first run) is a separate chunk: the window's first load parses
// only the shell (issue #18). The everyday views are prefetched once the shell is up; the rarely used ones load the
// first time they are opened.
const DevicesView = onDemand(async () => (await import('./features/devices/DevicesView')).DevicesView)
const LinkingWizard = onDemand(async () => (await import('./features/linking/LinkingWizard')).LinkingWizard)
const SendView = onDemand(async () => (await import('./features/send/SendView')).SendView)
// Its first rows' formatters are made at idle once the first page is in: made at the click, a fresh window's first
// open took ~60 ms more than a reopen on a slow machine (issue #29).
const OutboxView = onDemand(async () => {
  const outbox = await import('./features/outbox/OutboxView')
  // The filters kept before a reload are back before the view is drawn (QA19 Q19-05).
  outbox.restoreOutboxPlace()
  outbox.prepareFirstRows()
  return outbox.OutboxView
})
// The inbox an operator works from (issue 26): opened from the click without "Opening…" (React holds a revealed
// fallback at least 300 ms, which alone put opening the inbox over its 50 ms), its first conversations already in.
const InboxView = onDemand(async () => {
  const inbox = await import('./features/inbox/InboxView')
  inbox.prefetchFirstConversations()
  return inbox.InboxView
})
const EVERYDAY_VIEWS = [DevicesView, LinkingWizard, SendView, OutboxView, InboxView]

const CampaignsView = onDemand(async () => (await import('./features/campaigns/CampaignsView')).CampaignsView)
const SchedulesView = onDemand(async () => (await import('./features/schedules/SchedulesView')).SchedulesView)
const RemindersView = onDemand(async () => (await import('./features/reminders/RemindersView')).RemindersView)
const AutoRepliesView = onDemand(
  async () => (await import('./features/autoreplies/AutoRepliesView')).AutoRepliesView
)
const WebhooksView = onDemand(async () => (await import('./features/webhooks/WebhooksView')).WebhooksView)
const NewDeviceView = onDemand(async () => (await import('./features/devices/NewDeviceView')).NewDeviceView)
const SettingsView = onDemand(async () => (await import('./features/settings/SettingsView')).SettingsView)

const VIEWS: Record<View, ComponentType> = {
  welcome: WelcomeView,
  home: OverviewView,
  devices: DevicesView,
  linking: LinkingWizard,
  send: SendView,
  outbox: OutboxView,
  campaigns: CampaignsView,
  schedules: SchedulesView,
  reminders: RemindersView,
  autoReplies: AutoRepliesView,
  webhooks: WebhooksView,
  inbox: InboxView,
  newDevice: NewDeviceView,
  settings: SettingsView
}

function CurrentView(): React.JSX.Element {
  const t = useT()
  const view = useNavigation((s) => s.view)
  const Component = VIEWS[view]
  return (
    // Keyed by view: a view that failed to load is tried again when the operator comes back to it.
    <ViewSlot key={view} name={t(VIEW_NAME[view])}>
      <Component />
    </ViewSlot>
  )
}
