// A row's actions (a device, a reminder, a rule): a labelled group of buttons, some of which open one inline
// panel under the row (a form or a confirmation). At most one panel is open; its button says so (aria-expanded).
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react'

export function RowActions({ label, children }: { label: string; children: ReactNode }): React.JSX.Element {
  return (
    <div className="actions" role="group" aria-label={label}>
      {children}
    </div>
  )
}

export interface RowPanel<P extends string> {
  /** The open panel, or null. */
  open: P | null
  /** Opens `panel`, or closes it when it is the one open. */
  toggle: (panel: P) => void
  close: () => void
}

/**
 * An inline panel that just opened takes the focus: a form's first field; a confirmation's harmless answer (its last
 * button, Keep), so a stray Enter does not confirm what it asks about. The panel is brought into view with it (the
 * focus alone shows its first field, the rest can stay below the fold: QA48 Q48-04).
 */
export function focusOpenedPanel(panel: HTMLElement | null | undefined): void {
  const controls = panel?.querySelectorAll<HTMLElement>(
    'input:not([disabled]), textarea:not([disabled]), select:not([disabled]), button:not([disabled])'
  )
  const target = panel?.classList.contains('confirm') ? controls?.[controls.length - 1] : controls?.[0]
  target?.focus()
  panel?.scrollIntoView?.({ block: 'nearest' })
}

export function useRowPanel<P extends string>(): RowPanel<P> {
  const [open, setOpen] = useState<P | null>(null)
  // The button that opened the panel: when the panel closes (Cancel, Keep, or done) and takes the focused control
  // with it, focus goes back there instead of falling to the start of the page. Focus the operator moved elsewhere
  // stays where it is.
  const opener = useRef<HTMLElement | null>(null)
  useLayoutEffect(() => {
    if (open !== null) {
      // A panel that opens takes the focus, found in the opener's row (focusOpenedPanel).
      const row = opener.current?.closest('li, [role="listitem"], section, article')
      focusOpenedPanel(row?.querySelector<HTMLElement>('.inline-form'))
      return
    }
    const active = document.activeElement
    const lost = active === null || active === document.body
    if (lost && opener.current?.isConnected) opener.current.focus()
  }, [open])
  return {
    open,
    toggle: (panel) => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
      setOpen((current) => (current === panel ? null : panel))
    },
    close: () => setOpen(null)
  }
}

/**
 * A row's last result line put away as one of its panels opens: another action starts there, and the line would stand
 * beside its new words (a "Rescheduled." beside "This time has passed"; QA69: "At most 1,000 sends a day" under the
 * daily cap's error about the new value; QA70: "Skipped." under the next skip's question). Opened from its button or
 * from elsewhere (a device's row opens its panels when another view asks).
 */
export function useResultGoesOnOpen(open: string | null, putAway: () => void): void {
  const [shownWith, setShownWith] = useState(open)
  if (shownWith !== open) {
    setShownWith(open)
    if (open !== null) putAway()
  }
}

/**
 * A row's last result line put away as an action starts elsewhere in its view: `started` counts those actions (QA70:
 * "Skipped." stayed under a series as the operator made a new reminder above it). Its first value puts nothing away.
 */
export function useResultGoesWhenStarted(started: number, putAway: () => void): void {
  const [shownWith, setShownWith] = useState(started)
  if (shownWith !== started) {
    setShownWith(started)
    putAway()
  }
}

interface PanelToggleProps<P extends string> {
  panels: RowPanel<P>
  panel: P
  className?: string
  disabled?: boolean
  testId?: string
  /** Called before the panel opens (to prefill its form). */
  onOpen?: () => void
  children: ReactNode
}

/** The button that opens (and closes) one panel of the row. */
export function PanelToggle<P extends string>(props: PanelToggleProps<P>): React.JSX.Element {
  const expanded = props.panels.open === props.panel
  return (
    <button
      type="button"
      className={props.className ?? 'button'}
      aria-expanded={expanded}
      disabled={props.disabled}
      data-testid={props.testId}
      onClick={() => {
        if (!expanded) props.onOpen?.()
        props.panels.toggle(props.panel)
      }}
    >
      {props.children}
    </button>
  )
}
