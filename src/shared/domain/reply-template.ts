// Canned replies' variables: `{name}` (the contact's name) and `{number}` (the chat's number as people read it),
// rendered by one rule for the window's preview, the core and the terminal. `{{` and `}}` are literal braces.
import { formatPhoneForReading } from './phone-display'

export const REPLY_VARIABLES = ['name', 'number'] as const
export type ReplyVariable = (typeof REPLY_VARIABLES)[number]

export interface ReplyTemplateValues {
  /** The contact's name; null when none is known (the variable then stays visible and is listed as missing). */
  name: string | null
  /** The chat id: `62…` digits for a person (shown as people read it), a group id as it is. */
  number: string
}

/**
 * The reply a template makes for one chat. A variable that cannot be filled (no name known, or a word that is not a
 * variable) stays as written, so the operator sees it before sending, and is listed in `missing`. Variable names
 * ignore case and spaces inside the braces.
 */
export function renderReplyTemplate(
  template: string,
  values: ReplyTemplateValues
): { text: string; missing: string[] } {
  const missing: string[] = []
  const text = template.replace(/\{\{|\}\}|\{([^{}\n]*)\}/g, (match, inner: string | undefined) => {
    if (match === '{{') return '{'
    if (match === '}}') return '}'
    const variable = (inner ?? '').trim().toLowerCase()
    if (variable === 'number') return formatPhoneForReading(values.number)
    if (variable === 'name' && values.name?.trim()) return values.name.trim()
    if (!missing.includes(variable)) missing.push(variable)
    return match
  })
  return { text, missing }
}
