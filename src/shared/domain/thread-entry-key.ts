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

/** QA75: what a key names (the core finds the entry a search result opens its thread around), or null when neither. */
export function threadEntryOfKey(key: string): { number: number } | { itemId: string } | null {
  const received = /^in-(\d+)$/.exec(key)
  if (received) return Number.isSafeInteger(Number(received[1])) ? { number: Number(received[1]) } : null
  return key.startsWith('out-') && key.length > 'out-'.length ? { itemId: key.slice('out-'.length) } : null
}
