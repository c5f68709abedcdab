// Which view each Alt+key opens: every tab of the navigation has one (listed in the shortcuts help panel).
import { NAV_VIEWS, type View } from '../../stores/navigation'

/**
 * The view Alt+`code` opens (code, not key: Alt changes the character on some layouts): the first ten tabs by their
 * place (Alt+1 … Alt+9, Alt+0), and Messages in, the eleventh, by I ("inbox"): a letter no Electron default menu
 * (File, Edit, View, Window, Help) nor another shortcut of the window uses.
 */
export function viewForAltKey(code: string): View | undefined {
  if (code === 'KeyI') return 'inbox'
  const digit = /^Digit(\d)$/.exec(code)?.[1]
  if (digit === undefined) return undefined
  return NAV_VIEWS[digit === '0' ? 9 : Number(digit) - 1]
}
