// A campaign's "{nama}" typed into a direct send: Send fills nothing in, so it would reach every recipient as written.

/** The first `{…}` in the text (a variable or `{a|b}` wording), or null; `{{` and `}}` are literal braces. */
export function firstTypedVariable(text: string): string | null {
  for (const match of text.matchAll(/\{\{|\}\}|\{[^{}\n]+\}/g)) {
    if (match[0] !== '{{' && match[0] !== '}}') return match[0]
  }
  return null
}
