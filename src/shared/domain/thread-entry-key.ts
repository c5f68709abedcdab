// A thread entry's key: the window keys its drawn entries by it, a search result names the entry it opens the thread
// at by it, and the core reads a thread down to the entry it names (QA71).

/** The key of a customer's message in its thread, by the message's number. */
export function inEntryKey(number: number): string {
  return `in-${number}`
}

/** The key of a message sent to the chat, by its outbox item's id. */
export function sentEntryKey(itemId: string): string {
  return `out-${itemId}`
}
