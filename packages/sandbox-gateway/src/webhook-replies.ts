// "Get Auto Reply From Webhook" (§5.3): what a receiver's answer sends back to the chat — a text/plain body as one
// text, JSON `{data:[…]}` as several replies, and (as the hosted gateway does) any other body echoed as text.

import { isMediaKind, MAX_TEXT_CHARS, type MediaKind } from './media-rules'

export type WebhookReply =
  { kind: 'text'; text: string } | { kind: MediaKind; url: string; caption: string | null }

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}

const clip = (text: string): string => [...text].slice(0, MAX_TEXT_CHARS).join('')

function textReply(text: string): WebhookReply[] {
  const trimmed = text.trim()
  return trimmed === '' || trimmed === 'null' ? [] : [{ kind: 'text', text: clip(trimmed) }]
}

function itemReply(item: unknown): WebhookReply | null {
  if (!isObject(item)) return null
  const category = typeof item.category === 'string' ? item.category.trim().toLowerCase() : 'text'
  const message = typeof item.message === 'string' ? item.message : null
  if (isMediaKind(category)) {
    const url = typeof item.urlFile === 'string' ? item.urlFile.trim() : ''
    if (!/^https?:\/\//i.test(url)) return null
    const caption = typeof item.caption === 'string' && item.caption.trim() !== '' ? clip(item.caption) : null
    return { kind: category, url, caption }
  }
  // text, and button/template/list whose `message` is a JSON string: the sandbox shows it as text.
  return message === null || message.trim() === '' ? null : { kind: 'text', text: clip(message) }
}

/** The replies an answer asks for; empty when it asks for none. */
export function repliesFromAnswer(contentType: string, body: string): WebhookReply[] {
  if (contentType === 'application/json' || contentType.endsWith('+json')) {
    let parsed: unknown
    try {
      parsed = JSON.parse(body)
    } catch {
      return textReply(body)
    }
    if (parsed === null) return []
    if (isObject(parsed) && Array.isArray(parsed.data)) {
      return parsed.data.map(itemReply).filter((reply): reply is WebhookReply => reply !== null)
    }
    // The documented pitfall: `{"success":true}` and the like end up in the chat verbatim.
    return textReply(body)
  }
  return textReply(body)
}
