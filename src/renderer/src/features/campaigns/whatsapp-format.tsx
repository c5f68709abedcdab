// WhatsApp's text formatting for previews: *bold*, _italic_, ~strike~ and ```monospace``` as the phone shows them.
import type { ReactNode } from 'react'

const MARKS: { mark: string; wrap: (children: ReactNode, key: number) => ReactNode }[] = [
  { mark: '```', wrap: (c, key) => <code key={key}>{c}</code> },
  { mark: '*', wrap: (c, key) => <strong key={key}>{c}</strong> },
  { mark: '_', wrap: (c, key) => <em key={key}>{c}</em> },
  { mark: '~', wrap: (c, key) => <s key={key}>{c}</s> }
]

/** A mark formats only when it hugs non-space text on one line, as on the phone (`2 * 3` stays plain). */
export function formatWhatsApp(text: string): ReactNode[] {
  const out: ReactNode[] = []
  let plain = ''
  let key = 0
  let at = 0
  while (at < text.length) {
    const found = MARKS.find(({ mark }) => text.startsWith(mark, at))
    if (found) {
      const close = text.indexOf(found.mark, at + found.mark.length)
      const inner = close > 0 ? text.slice(at + found.mark.length, close) : ''
      if (close > 0 && inner.trim() === inner && inner !== '' && !inner.includes('\n')) {
        if (plain) out.push(plain)
        plain = ''
        out.push(found.wrap(formatWhatsApp(inner), key++))
        at = close + found.mark.length
        continue
      }
    }
    plain += text[at]
    at++
  }
  if (plain) out.push(plain)
  return out
}
