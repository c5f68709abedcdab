// Translation shared by both processes: the window (through its React hook) and the main process (tray, notices,
// dialogs) look up the same keys in the same tables. This entry has every table; the window's start imports
// translate.ts instead and loads its operator's language on demand.
import { en, type MessageKey } from './en'
import { id } from './id'
import { addStrings, type Language } from './translate'

export * from './translate'
export { pacingProblemMessage } from './pacing'
export { skippedReasons } from './row-problems'

addStrings('id', id)

export const messages: Record<Language, Record<MessageKey, string>> = { en, id }
