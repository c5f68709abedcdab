// Which view each Alt+key opens: every tab of the navigation has one (listed in the shortcuts help panel and
// announced on the tab itself).
import { NAV_VIEWS, type View } from '../../stores/navigation'

type NavView = (typeof NAV_VIEWS)[number]

/**
 * The key code of each tab's Alt+key (code, not key: Alt changes the character on some layouts): the first ten tabs
 * by their place (Alt+1 … Alt+9, Alt+0), and Messages in, the eleventh, by I ("inbox"): a letter no Electron default
 * menu (File, Edit, View, Window, Help) nor another shortcut of the window uses.
 */
const VIEW_KEY_CODES = new Map<NavView, string>(
  NAV_VIEWS.map((view, index) => [view, view === 'inbox' ? 'KeyI' : `Digit${(index + 1) % 10}`])
)

/** The view Alt+`code` opens. */
export function viewForAltKey(code: string): View | undefined {
  for (const [view, viewCode] of VIEW_KEY_CODES) if (viewCode === code) return view
  return undefined
}

/** A tab's key as `aria-keyshortcuts` spells it ("Alt+1", "Alt+I"). */
export function altShortcutOf(view: NavView): string {
  return `Alt+${VIEW_KEY_CODES.get(view)!.replace(/^(Digit|Key)/, '')}`
}
