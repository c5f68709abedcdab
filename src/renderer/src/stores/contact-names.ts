// Chats' names for every list that shows a recipient: one lookup for the window, asked in batches (the rows drawn in
// one turn become one `contacts:names` call, never one call a row), cached here and refetched on `contacts:changed`.
import { useEffect } from 'react'
import { create } from 'zustand'
import { useShallow } from 'zustand/react/shallow'
import { call } from '../api'

/** The most chats one `contacts:names` call asks about (the contract's limit). */
const BATCH = 1000
/** The cache keeps the names of this many chats, the oldest asked dropped first. */
const KEPT = 5000

interface ContactNamesState {
  /** A chat's name, null when the core knows none; a chat not in the map has not been asked about yet. */
  names: ReadonlyMap<string, string | null>
}

export const useContactNames = create<ContactNamesState>()(() => ({ names: new Map() }))

/** Chats to ask about at the end of this turn. */
let wanted = new Set<string>()
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
    const next = new Map(useContactNames.getState().names)
    for (const chat of chats) next.set(chat, null)
    for (const { chatId, name } of names) next.set(chatId, name)
    for (const oldest of next.keys()) {
      if (next.size <= KEPT) break
      next.delete(oldest)
    }
    useContactNames.setState({ names: next })
  } catch {
    // Without an answer the numbers stand alone; the next contacts:changed asks again.
  } finally {
    for (const chat of chats) asking.delete(chat)
  }
}

/** Contacts changed in the core: every cached chat is asked about again, its name shown as it was until the answer. */
export function contactNamesChanged(): void {
  generation++
  asking.clear()
  for (const chat of useContactNames.getState().names.keys()) askThisTurn(chat)
}

/** A chat's name (null: none known, or not answered yet); asks for it in the turn's batch. */
export function useChatName(chatId: string | null | undefined): string | null {
  const name = useContactNames((s) => (chatId ? s.names.get(chatId) : undefined))
  useEffect(() => {
    if (chatId && name === undefined) wantName(chatId)
  }, [chatId, name])
  return name ?? null
}

/** Several chats' names at once (a series sent to many), in their order. */
export function useChatNames(chats: readonly string[]): (string | null)[] {
  const names = useContactNames(useShallow((s) => chats.map((chat) => s.names.get(chat) ?? null)))
  const key = chats.join('\n')
  useEffect(() => {
    for (const chat of key.split('\n')) if (chat) wantName(chat)
  }, [key])
  return names
}

export function resetContactNamesStore(): void {
  generation++
  wanted = new Set()
  asking.clear()
  useContactNames.setState({ names: new Map() })
}
