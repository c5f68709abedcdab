// Keeps credentials out of every text the client builds (error messages, gateway echoes, causes from undici).
import { redactWith, secretFragments } from '../logging'

export type Redact = (text: string) => string

export { REDACTED } from '../logging'

/** Masks each secret (raw, URL-encoded, base64) and any token-shaped field, with the core's one redaction rule. */
export function createRedactor(secrets: ReadonlyArray<string | undefined>): Redact {
  // A client's secrets are fixed: their fragments are worked out once, not for every answer it reads.
  const fragments = secretFragments(secrets)
  return (text) => redactWith(text, fragments)
}

/** A safe stand-in for a thrown value: same name, code and flattened cause chain, credentials removed. */
export function redactedCause(error: unknown, redact: Redact): Error {
  const parts: string[] = []
  let code: string | undefined
  let name = 'Error'
  let current: unknown = error
  for (let depth = 0; depth < 4 && current !== undefined && current !== null; depth++) {
    if (current instanceof Error) {
      if (depth === 0) name = current.name
      if (current.message) parts.push(current.message)
      const maybeCode = (current as { code?: unknown }).code
      if (code === undefined && typeof maybeCode === 'string') code = maybeCode
      current = (current as { cause?: unknown }).cause
    } else {
      parts.push(String(current))
      break
    }
  }
  const safe = new Error(redact(parts.join(': ') || 'unknown failure'))
  safe.name = name
  if (code !== undefined) (safe as Error & { code?: string }).code = code
  return safe
}
