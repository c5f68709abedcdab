// The contact-name rule's cases: every layer that keeps a name runs them (the domain, the contract's ContactName,
// a campaign's name column).
import { MAX_CONTACT_NAME_LENGTH } from './contact-name'

export const CONTACT_NAME_CASES: readonly { text: string; name: string | null }[] = [
  { text: 'Budi', name: 'Budi' },
  { text: '  Siti Rahayu  ', name: 'Siti Rahayu' },
  { text: '', name: null },
  { text: '   ', name: null },
  { text: 'Budi\nSantoso', name: null },
  { text: 'a'.repeat(MAX_CONTACT_NAME_LENGTH), name: 'a'.repeat(MAX_CONTACT_NAME_LENGTH) },
  { text: 'a'.repeat(MAX_CONTACT_NAME_LENGTH + 1), name: null }
]
