// Chats' names for every list that shows a recipient: one lookup for the window, asked in batches (the rows drawn in
// one turn become one `contacts:names` call, never one call a row), cached here and refetched on `contacts:changed`.
import { useEffect } from 'react'
import { create } from 'zustand'
import { useShallow } from 'zustand/react/shallow'
import { call } from '../api'

/** The most chats one `contacts:names` call asks about (the contract's limit). */
const BATCH = 1000
/** The cache keeps the names of this many chats, the oldest asked dropped first (never one on screen). */
const KEPT = 5000

interface ContactNamesState {
  /**
   * A chat's name, null when the core knows none; a chat not in the map has not been asked about yet. Changed in
   * place (a fling asks about rows every frame: copying the map each time would cost more than the lookups).
   */
  names: Map<string, string | null>
  /** Moves with every change of `names`, so that the selectors run again. */
  version: number
}

export const useContactNames = create<ContactNamesState>()(() => ({ names: new Map(), version: 0 }))

/** Chats to ask about at the end of this turn. */
let wanted = new Set<string>()
/** Chats on screen, with how many places show each: kept in the cache, asked about again when contacts change. */
const shown = new Map<string, number>()
/** Chats asked about and not answered yet. */
const asking = new Set<string>()
let scheduled = false
/** Moves on each invalidation, so an answer that left before it does not put stale names back. */
let generation = 0

/** Ask for a chat's name unless it is known or being asked: the turn's chats go in one call. */
export function wantName(chatId: string): void {
  if (useContactNames.getState().names.has(chatId) || asking.has(chatId)) return
  askThisTurn(chatId)
}

function askThisTurn(chatId: string): void {
  wanted.add(chatId)
  if (scheduled) return
  scheduled = true
  queueMicrotask(askWanted)
}

function askWanted(): void {
  scheduled = false
  const chats = [...wanted]
  wanted = new Set()
  for (let at = 0; at < chats.length; at += BATCH) void ask(chats.slice(at, at + BATCH))
}

async function ask(chats: string[]): Promise<void> {
  const asked = generation
  for (const chat of chats) asking.add(chat)
  try {
    const { names } = await call('contacts:names', { chats })
    if (asked !== generation) return
    const state = useContactNames.getState()
    const known = state.names
    for (const chat of chats) known.set(chat, null)
    for (const { chatId, name } of names) known.set(chatId, name)
    for (const oldest of known.keys()) {
      if (known.size <= KEPT) break
      if (!shown.has(oldest)) known.delete(oldest)
    }
    useContactNames.setState({ version: state.version + 1 })
  } catch {
    // Without an answer the numbers stand alone; the next contacts:changed asks again.
  } finally {
    for (const chat of chats) asking.delete(chat)
  }
}

/**
 * Contacts changed in the core: the chats on screen are asked about again (their names shown as they were until the
 * answer), the others forgotten, to be asked about when they are drawn again.
 */
export function contactNamesChanged(): void {
  generation++
  asking.clear()
  const known = useContactNames.getState().names
  for (const chat of known.keys()) if (!shown.has(chat)) known.delete(chat)
  for (const chat of shown.keys()) askThisTurn(chat)
}

/** A place starts showing a chat: its name is asked for (once for all places); the returned function ends it. */
function show(chatId: string): () => void {
  shown.set(chatId, (shown.get(chatId) ?? 0) + 1)
  wantName(chatId)
  return () => {
    const places = (shown.get(chatId) ?? 1) - 1
    if (places > 0) shown.set(chatId, places)
    else shown.delete(chatId)
  }
}

/**
 * A chat's name (null: none known, or not answered yet); asks for it in the turn's batch. A row draws again only when
 * its name itself changes: an answer of "no name" leaves it as it was.
 */
export function useChatName(chatId: string | null | undefined): string | null {
  const name = useContactNames((s) => (chatId ? (s.names.get(chatId) ?? null) : null))
  useEffect(() => (chatId ? show(chatId) : undefined), [chatId])
  return name
}

/** Several chats' names at once (a series sent to many), in their order. */
export function useChatNames(chats: readonly string[]): (string | null)[] {
  const names = useContactNames(useShallow((s) => chats.map((chat) => s.names.get(chat) ?? null)))
  const key = chats.join('\n')
  useEffect(() => {
    const ends = key
      .split('\n')
      .filter(Boolean)
      .map((chat) => show(chat))
    return () => {
      for (const end of ends) end()
    }
  }, [key])
  return names
}

export function resetContactNamesStore(): void {
  generation++
  wanted = new Set()
  asking.clear()
  shown.clear()
  useContactNames.setState({ names: new Map(), version: 0 })
}
