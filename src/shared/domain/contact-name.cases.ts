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

/** A name's sorting and search key: marks dropped, lower case (the customer list's order and search). */
export const CONTACT_NAME_KEY_CASES: readonly { name: string; key: string }[] = [
  { name: 'Budi', key: 'budi' },
  { name: 'Çağrı Ünal', key: 'cagrı unal' },
  { name: 'ÁNI accent', key: 'ani accent' },
  { name: 'çağ', key: 'cag' },
  { name: 'Élodie', key: 'elodie' },
  { name: 'Ｂｕｄｉ', key: 'budi' },
  { name: 'محمد علي', key: 'محمد علي' }
]
