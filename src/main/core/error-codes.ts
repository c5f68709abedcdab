// The system's codes an error carries (`ECONNREFUSED`, `ENOTFOUND`…): Node's fetch puts them on a cause, sometimes
// several levels down, and a connection tried on several addresses gathers them in an AggregateError's `errors`.

/** Every string `code` on the error, its causes and its gathered errors, nearest first (each error read once). */
export function errorCodes(error: unknown): string[] {
  const codes: string[] = []
  const seen = new Set<unknown>()
  const queue: unknown[] = [error]
  while (queue.length > 0) {
    const current = queue.shift()
    if (current === null || typeof current !== 'object' || seen.has(current)) continue
    seen.add(current)
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string') codes.push(code)
    queue.push((current as { cause?: unknown }).cause)
    const errors = (current as { errors?: unknown }).errors
    if (Array.isArray(errors)) queue.push(...(errors as unknown[]))
  }
  return codes
}
