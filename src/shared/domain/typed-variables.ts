// A campaign's "{nama}" typed into a direct send: Send fills nothing in, so it would reach every recipient as written.
// One rule for the window's Send view and the CLI's `send`, which both warn of it.

/** The first `{…}` in the text (a variable or `{a|b}` wording), or null; `{{` and `}}` are literal braces. */
export function firstTypedVariable(text: string): string | null {
  return typedVariables(text)[0] ?? null
}

/** Every distinct `{…}` in the text, in the order written (firstTypedVariable's rule). */
export function typedVariables(text: string): string[] {
  const found = new Set<string>()
  for (const match of text.matchAll(/\{\{|\}\}|\{[^{}\n]+\}/g)) {
    if (match[0] !== '{{' && match[0] !== '}}') found.add(match[0])
  }
  return [...found]
}
