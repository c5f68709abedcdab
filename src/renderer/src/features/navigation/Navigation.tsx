// The window's navigation: the tabs on one row, those that do not fit listed under More (fit-tabs.ts); in a narrow
// window, a menu button that lists them all.
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react'
import { flushSync } from 'react-dom'
import { formatNumber, useLanguage, useT, type MessageKey } from '../../i18n'
import { inboxUnreadWords } from '../../../../shared/i18n/inbox-unread'
import { useInboxAlerts } from '../../stores/inbox-alerts'
import { NAV_VIEWS, useNavigation } from '../../stores/navigation'
import { useOutbox } from '../../stores/outbox'
import { useDismiss } from '../../ui/use-dismiss'
import { altShortcutOf } from '../shortcuts/view-keys'
import { tabsInRow } from './fit-tabs'
import { TAB_NAME } from './view-names'

type Tab = (typeof NAV_VIEWS)[number]

export function Navigation(): React.JSX.Element {
  const t = useT()
  const language = useLanguage()
  // The wizard and the new-device form are reached from Devices: its tab stays marked while they are open.
  const view = useNavigation((s) => (s.view === 'linking' || s.view === 'newDevice' ? 'devices' : s.view))
  const navigate = useNavigation((s) => s.navigate)
  // The menu and the list under More are open for the navigation they were opened in: any view change closes them
  // (a tab, Alt+digit, a link in a view), so the narrow window's menu never stays over the view that now has the
  // focus (QA19 Q19-02: after Alt+2 it covered the whole window).
  const seq = useNavigation((s) => s.seq)
  const [menuOpenAt, setMenuOpenAt] = useState<number | null>(null)
  const [moreOpenAt, setMoreOpenAt] = useState<number | null>(null)
  const menuOpen = menuOpenAt === seq
  const moreOpen = moreOpenAt === seq
  const setMenuOpen = (open: boolean): void => setMenuOpenAt(open ? seq : null)
  const setMoreOpen = (open: boolean): void => setMoreOpenAt(open ? seq : null)
  const listRef = useRef<HTMLUListElement>(null)
  const toggleRef = useRef<HTMLButtonElement>(null)
  const moreRef = useRef<HTMLButtonElement>(null)
  // Escape closes the menu wherever the focus is (as the shortcuts list says), and gives the focus to its button; a
  // press outside it closes it too (it covers the view: a tap on the header beside it), and so does the focus leaving
  // it (Q47-01: Tab past its last tab left it open over the focused tile).
  useDismiss(menuOpen, () => setMenuOpen(false), toggleRef, listRef)
  const selected = NAV_VIEWS.findIndex((v) => v === view)
  // What each badged tab counts (TAB_BADGES); a tab whose badge asks for the operator stays in the row with the open
  // one (fit-tabs.ts).
  const inboxUnread = useInboxAlerts((s) => s.unread)
  const inboxMarked = useInboxAlerts((s) => s.markedUnread)
  const counts: Partial<Record<Tab, number>> = {
    inbox: inboxUnread + inboxMarked,
    outbox: useOutbox((s) => s.counts.failed)
  }
  const kept = NAV_VIEWS.flatMap((v, index) => (index === selected || (counts[v] ?? 0) > 0 ? [index] : []))
  const inRow = useTabsInRow(listRef, toggleRef, kept)
  const underMore = inRow ? NAV_VIEWS.filter((_, index) => !inRow[index]) : []
  const tab = selected >= 0 ? NAV_VIEWS[selected] : undefined

  /** What a tab's badge draws and how it is read out; null when it counts nothing now. */
  function badgeWords(v: Tab): { drawn: string; said: string } | null {
    const count = counts[v] ?? 0
    const kind = TAB_BADGES[v]
    if (!kind || count === 0) return null
    // QA72: conversations marked unread with no message counted are said apart, not as messages ("1 unread message"
    // that was not there), in the words the tray and the Overview say them; alone, a mark is drawn, not a number.
    if (v === 'inbox' && inboxMarked > 0)
      return {
        drawn: inboxUnread > 0 ? formatNumber(inboxUnread, language) : MARKED_ONLY_BADGE,
        said: inboxUnreadWords({ unread: inboxUnread, markedUnread: inboxMarked }, t) ?? ''
      }
    return { drawn: formatNumber(count, language), said: t(kind.label, { count }) }
  }

  /** A tab's badge, if it counts something now; `named`: it carries its test id (see tabButton). */
  function badge(v: Tab, named: boolean): React.JSX.Element | null {
    const words = badgeWords(v)
    if (!words) return null
    return (
      <span
        key={v}
        className="nav-badge"
        data-testid={named ? TAB_BADGES[v]?.testId : undefined}
        aria-label={words.said}
      >
        {words.drawn}
      </span>
    )
  }

  /**
   * The name of a button drawn with the badges of `views`, each count said apart ("Messages in, 1 unread message");
   * undefined with none counting, the button named by its words. QA74: named from its content the tab was "Messages in
   * 1 unread message", the count run into the view's name, and so were More and the menu button with theirs.
   */
  function countedName(name: string, views: readonly Tab[]): string | undefined {
    const said = views.flatMap((v) => {
      const words = badgeWords(v)
      return words ? [words.said] : []
    })
    if (said.length === 0) return undefined
    return said.reduce((view, count) => t('nav.tabCounted', { view, count }), name)
  }

  /** A tab's button; `named`: it carries the tab's test id (not the unseen copy of a tab listed under More). */
  function tabButton(v: Tab, named: boolean): React.JSX.Element {
    const words = badgeWords(v)
    return (
      <button
        type="button"
        className="nav-button"
        aria-label={countedName(t(TAB_NAME[v]), [v])}
        aria-current={view === v ? 'page' : undefined}
        aria-keyshortcuts={altShortcutOf(v)}
        data-testid={named ? `nav-${v}` : undefined}
        onClick={() => navigate(v)}
      >
        {t(TAB_NAME[v])}
        {/* A space, not only the badge's margin: the drawn text "Messages in 1" is within the name said above. */}
        {words ? ' ' : null}
        {badge(v, named)}
      </button>
    )
  }

  // The list under More closes as the menu does: Escape (the focus back on More), the pointer or the focus elsewhere.
  const moreItemRef = useRef<HTMLLIElement>(null)
  useDismiss(moreOpen, () => setMoreOpen(false), moreRef, moreItemRef)

  const otherViews = NAV_VIEWS.filter((v) => v !== tab)
  const menuWords = tab ? t('nav.menu', { view: t(TAB_NAME[tab]) }) : t('nav.label')

  return (
    <nav aria-label={t('nav.label')}>
      <button
        ref={toggleRef}
        type="button"
        className="button button--small nav-toggle"
        aria-expanded={menuOpen}
        aria-controls="nav-tabs"
        aria-label={countedName(menuWords, otherViews)}
        data-testid="nav-toggle"
        onClick={() => setMenuOpen(!menuOpen)}
      >
        <span aria-hidden="true">☰</span>
        <span className="header-words">{menuWords}</span>
        {/* Closed, the menu hides every tab's badge: the button carries those of the other views (an operator's probe:
            at 360 px nothing outside Messages in said customers were waiting). */}
        {otherViews.map((v) => badge(v, false))}
      </button>
      <ul ref={listRef} id="nav-tabs" className={menuOpen ? 'nav nav--open' : 'nav'}>
        {NAV_VIEWS.map((v, index) => {
          const shown = inRow?.[index] ?? true
          // A tab listed under More keeps its place here, unseen, so its width is known when the row has room again.
          return (
            <li
              key={v}
              data-view={v}
              className={shown ? undefined : 'nav-measured'}
              aria-hidden={shown ? undefined : true}
              inert={!shown}
            >
              {tabButton(v, shown)}
            </li>
          )
        })}
        <li
          ref={moreItemRef}
          className={underMore.length > 0 ? 'nav-more' : 'nav-more nav-measured'}
          aria-hidden={underMore.length > 0 ? undefined : true}
          inert={underMore.length === 0}
        >
          <button
            ref={moreRef}
            type="button"
            className="nav-button"
            aria-expanded={moreOpen}
            aria-controls="nav-more-list"
            aria-label={countedName(t('nav.more'), underMore)}
            data-testid="nav-more"
            onClick={() => setMoreOpen(!moreOpen)}
          >
            {t('nav.more')} <span aria-hidden="true">▾</span>
            {underMore.map((v) => badge(v, false))}
          </button>
          {moreOpen ? (
            <ul id="nav-more-list" className="nav-more-list" data-testid="nav-more-list">
              {underMore.map((v) => (
                <li key={v}>{tabButton(v, true)}</li>
              ))}
            </ul>
          ) : null}
        </li>
      </ul>
    </nav>
  )
}

/** The Messages in badge when only conversations marked unread wait (QA72): a mark, as WhatsApp's, not a count. */
const MARKED_ONLY_BADGE = '•'

/** The tabs that count something for the operator's attention, and how their badge is read out. */
const TAB_BADGES: Partial<Record<Tab, { label: MessageKey; testId?: string }>> = {
  inbox: { label: 'inbox.unreadCount', testId: 'nav-inbox-unread' },
  outbox: { label: 'counts.failedBadge' }
}

/** The width a page scrollbar takes (0 where scrollbars lie over the page), measured once. */
let scrollbarWidth: number | null = null

/**
 * The width the page's scrollbar would take were it shown, when it is not: the row is fitted as if it were, so what it
 * shows does not change between a short view and one that scrolls (QA74: "Messages in" on the Overview, "More" on the
 * Outbox at one window width). Measured on a probe rather than kept as a gutter: a gutter took 15 px from every view.
 */
function scrollbarNotShown(): number {
  const root = document.documentElement
  if (window.innerWidth - root.clientWidth > 0) return 0
  if (scrollbarWidth === null) {
    const probe = document.createElement('div')
    probe.style.cssText = 'position:absolute;top:-9999px;width:100px;height:100px;overflow:scroll'
    document.body.append(probe)
    scrollbarWidth = probe.offsetWidth - probe.clientWidth
    probe.remove()
  }
  return scrollbarWidth
}

/**
 * Which tabs the row shows, measured after layout (null: all of them). A ResizeObserver follows the row and every
 * tab (the window's width, the language, a badge, the open tab's bold label) and answers before the frame is painted,
 * so the row never shows two lines or a clipped tab. Not measured before the shell is drawn: the first layout is the
 * browser's own, after the window's first task.
 */
function useTabsInRow(
  listRef: RefObject<HTMLUListElement | null>,
  toggleRef: RefObject<HTMLButtonElement | null>,
  kept: readonly number[]
): boolean[] | null {
  const [inRow, setInRow] = useState<boolean[] | null>(null)
  const current = useRef({ kept })
  const keptKey = kept.join(' ')
  useLayoutEffect(() => {
    current.current.kept = kept
  })

  /** Measures the row and answers which tabs it shows; the same answer keeps the state (no render). */
  const measure = useRef((apply: (update: (before: boolean[] | null) => boolean[] | null) => void): void => {
    const list = listRef.current
    const toggle = toggleRef.current
    if (!list) return
    // A narrow window shows the menu button instead, and the menu lists every tab.
    const narrow = toggle !== null && getComputedStyle(toggle).display !== 'none'
    let next: boolean[] | null = null
    if (!narrow) {
      const items = [...list.children] as HTMLElement[]
      const more = items.pop()
      const fits = tabsInRow({
        widths: items.map((item) => item.getBoundingClientRect().width),
        gap: Number.parseFloat(getComputedStyle(list).columnGap) || 0,
        available: list.clientWidth - scrollbarNotShown(),
        moreWidth: more?.getBoundingClientRect().width ?? 0,
        kept: current.current.kept
      })
      next = fits.every(Boolean) ? null : fits
    }
    apply((before) => (sameFlags(before, next) ? before : next))
  })

  useEffect(() => {
    const list = listRef.current
    if (!list || typeof ResizeObserver === 'undefined') return
    // flushSync: drawn in the same frame as the change that made it needed. Observed from the first frame's own
    // callbacks (before its layout and paint), not in the shell's task, which an effect of its render would lengthen.
    const observer = new ResizeObserver(() => measure.current((next) => flushSync(() => setInRow(next))))
    const frame = requestAnimationFrame(() => {
      observer.observe(list)
      for (const item of list.children) observer.observe(item)
    })
    return () => {
      cancelAnimationFrame(frame)
      observer.disconnect()
    }
  }, [listRef])

  // A newly opened tab under More, or one whose badge now asks for the operator, comes into the row. Not on mount:
  // the observer's first answer does that, after the shell's task rather than in it.
  const mounted = useRef(false)
  useEffect(() => {
    if (!mounted.current) {
      mounted.current = true
      return
    }
    if (typeof ResizeObserver !== 'undefined') measure.current(setInRow)
  }, [keptKey])

  return inRow
}

function sameFlags(a: boolean[] | null, b: boolean[] | null): boolean {
  return a === b || (a !== null && b !== null && a.every((flag, index) => flag === b[index]))
}
