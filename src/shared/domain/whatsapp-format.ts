// WhatsApp's text formatting (*bold*, _italic_, ~strike~, ```monospace```), parsed into a tree a view can render.
// One owner for the rule: the send panel's preview and any other preview (campaigns) read the same parse.

export type FormatStyle = 'bold' | 'italic' | 'strike'

export type FormatNode =
  | { kind: 'text'; text: string }
  | { kind: FormatStyle; children: FormatNode[] }
  /** Monospace keeps its content as typed: no formatting inside, line breaks allowed. */
  | { kind: 'mono'; text: string }

const STYLE_OF: Record<string, FormatStyle> = { '*': 'bold', _: 'italic', '~': 'strike' }
const MONO = '```'
const WORD_CHAR = /[\p{L}\p{N}]/u

/** A marker opens only at the start of a word (like WhatsApp): `2*3*4` and `snake_case_name` stay as typed. */
function opensAt(text: string, at: number, width: number): boolean {
  const before = at > 0 ? text.charAt(at - 1) : ''
  const after = text.charAt(at + width)
  return !WORD_CHAR.test(before) && after !== '' && !/\s/.test(after)
}

function closesAt(text: string, at: number, width: number): boolean {
  const before = text.charAt(at - 1)
  const after = text.charAt(at + width)
  return before !== '' && !/\s/.test(before) && !WORD_CHAR.test(after)
}

/** The closing marker for one opened at `open`, on the same line (bold, italic, strike) and not right after it. */
function findClose(text: string, open: number, marker: string): number {
  for (let at = open + marker.length + 1; at < text.length; at++) {
    const char = text.charAt(at)
    if (char === '\n' && marker !== MONO) return -1
    if (text.startsWith(marker, at) && closesAt(text, at, marker.length)) return at
  }
  return -1
}

export function parseWhatsAppFormatting(text: string): FormatNode[] {
  const nodes: FormatNode[] = []
  let plain = ''
  const flush = (): void => {
    if (plain) nodes.push({ kind: 'text', text: plain })
    plain = ''
  }
  let at = 0
  while (at < text.length) {
    if (text.startsWith(MONO, at) && opensAt(text, at, MONO.length)) {
      const close = findClose(text, at, MONO)
      if (close > 0) {
        flush()
        nodes.push({ kind: 'mono', text: text.slice(at + MONO.length, close) })
        at = close + MONO.length
        continue
      }
    }
    const char = text.charAt(at)
    const style = STYLE_OF[char]
    if (style && opensAt(text, at, 1)) {
      const close = findClose(text, at, char)
      if (close > 0) {
        flush()
        nodes.push({ kind: style, children: parseWhatsAppFormatting(text.slice(at + 1, close)) })
        at = close + 1
        continue
      }
    }
    plain += char
    at++
  }
  flush()
  return nodes
}

/** Whether the text has any formatting WhatsApp would show (a preview is worth showing). */
export function hasWhatsAppFormatting(text: string): boolean {
  return parseWhatsAppFormatting(text).some((node) => node.kind !== 'text')
}

const MARKER_OF: Record<FormatStyle, string> = { bold: '*', italic: '_', strike: '~' }

function formattedText(nodes: readonly FormatNode[], lineBreak: string, open: readonly string[]): string {
  let text = ''
  for (const node of nodes) {
    if (node.kind === 'text') {
      // Each run of breaks closes the spans open here and opens them again after it: WhatsApp formats one line at a
      // time, so a span across a line break would show its markers instead.
      const parts = node.text.split(lineBreak)
      let breaks = 0
      parts.forEach((part, index) => {
        if (index > 0) breaks++
        // An empty line between two breaks joins the run: one close, the breaks, one reopen.
        if (part === '' && index < parts.length - 1) return
        if (breaks > 0)
          text +=
            open.length === 0
              ? '\n'.repeat(breaks)
              : `${[...open].reverse().join('')}${'\n'.repeat(breaks)}${open.join('')}`
        breaks = 0
        text += part
      })
    } else if (node.kind === 'mono') text += `\`\`\`${node.text.split(lineBreak).join('\n')}\`\`\``
    else {
      const marker = MARKER_OF[node.kind]
      text += `${marker}${formattedText(node.children, lineBreak, [...open, marker])}${marker}`
    }
  }
  return text
}

/**
 * A message in which `lineBreak` (a character no message holds) marks where an inserted value broke its line: the
 * text with real line breaks, each one closing and reopening the spans around it, so `*{Name}*` with a two-line name
 * stays bold on both lines instead of showing two stray asterisks.
 */
export function keepFormattingAcrossLines(text: string, lineBreak: string): string {
  if (!text.includes(lineBreak)) return text
  return formattedText(parseWhatsAppFormatting(text), lineBreak, [])
}
