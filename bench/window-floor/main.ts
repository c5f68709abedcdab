// The window bench's floor: the smallest React + zustand app that draws a shell from a store, built like the window.
import { createElement as h, type ReactElement } from 'react'
import { createRoot } from 'react-dom/client'
import { create } from 'zustand'

interface ShellState {
  views: string[]
  current: string
  open(view: string): void
}

const useShell = create<ShellState>()((set) => ({
  views: ['home', 'devices', 'send', 'outbox', 'settings'],
  current: 'home',
  open: (view) => set({ current: view })
}))

function Shell(): ReactElement {
  const views = useShell((s) => s.views)
  const current = useShell((s) => s.current)
  const open = useShell((s) => s.open)
  return h(
    'div',
    { 'data-testid': 'app' },
    h('h1', null, 'Sender Desk'),
    h(
      'nav',
      null,
      views.map((view) =>
        h(
          'button',
          { key: view, 'aria-current': view === current ? 'page' : undefined, onClick: () => open(view) },
          view
        )
      )
    ),
    h('main', null, current)
  )
}

const root = document.getElementById('root')
if (root) createRoot(root).render(h(Shell))
