// Reads the gateway's own refusal texts ({status:false, message}) into error codes, and words our error messages.
import type { GatewayErrorCode } from './errors'

/** Checked in order: the first match wins (e.g. "secret key invalid" must not read as a token problem). */
const RULES: ReadonlyArray<readonly [RegExp, GatewayErrorCode]> = [
  [/secret[\s_-]*key|\bsecret\b.*\b(invalid|wrong|required|missing)\b/i, 'secret_invalid'],
  [/device\s+(is\s+)?not\s+found|device\s+doesn'?t\s+exist|unknown\s+device/i, 'device_not_found'],
  [
    /\btoken\b.{0,120}?\b(invalid|expired|wrong|not\s+found)\b|invalid\s+token|device\s+(is\s+)?expired|not\s+authori[sz]ed|unauthori[sz]ed|wrong\s+server/i,
    'token_invalid'
  ],
  [/not\s+connected|disconnected|\bscan\b|not\s+linked|not\s+logged\s+in/i, 'device_not_connected'],
  // Linked but not yet activated by the provider's IT support: the device cannot send until it is.
  [/device\s+(is\s+)?not\s+(yet\s+)?activ(e|ated)|waiting\s+for\s+activation/i, 'device_not_connected'],
  [/quota/i, 'quota_exceeded'],
  [/too\s+(large|big)|file\s+size|\bsize\b|exceeds?\s+(the\s+)?(maximum|limit)/i, 'file_too_large'],
  [/\btype\b|extension|mime|package|(does\s+not|doesn'?t|not)\s+support/i, 'file_type']
]

/** Anything unrecognised is a plain `rejected` (permanent: the gateway said no for a reason we cannot name). */
export function classifyGatewayMessage(message: string): GatewayErrorCode {
  for (const [pattern, code] of RULES) if (pattern.test(message)) return code
  return 'rejected'
}

const DESCRIPTIONS: Record<GatewayErrorCode, string> = {
  network: 'could not reach the gateway',
  timeout: 'the gateway did not answer in time',
  // No status here: an answer with one gets "(HTTP 429)" added where it is worded (it used to read twice).
  rate_limited: 'the gateway asks to slow down',
  server_error: 'the gateway had an internal error',
  bad_response: 'the gateway answered with something we cannot read',
  aborted: 'cancelled',
  token_invalid: 'the gateway rejected the token (invalid, expired, or for another server)',
  secret_invalid: 'the gateway rejected the secret key (missing or wrong)',
  device_not_found: 'the gateway does not know this device',
  device_not_connected: 'the device is not connected to WhatsApp (scan the QR code again)',
  quota_exceeded: 'the device has no quota left',
  file_too_large: 'the file is too large',
  file_type: 'this file type is not allowed (or the plan does not support it)',
  audio_caption: 'audio messages carry no caption',
  invalid_input: 'invalid input',
  rejected: 'the gateway refused the request',
  not_supported: 'this gateway does not offer that endpoint',
  redirect_refused: 'the gateway redirected the request to another server; it was not followed'
}

export function describeCode(code: GatewayErrorCode): string {
  return DESCRIPTIONS[code]
}

/**
 * The gateway's message as text: a string as is; Laravel-style `{field: ["…"]}` or arrays flattened.
 * Undefined when there is nothing textual to show.
 */
export function gatewayMessageText(value: unknown): string | undefined {
  const pieces: string[] = []
  const visit = (node: unknown, depth: number): void => {
    if (pieces.length >= 10 || depth > 3) return
    if (typeof node === 'string') {
      if (node.trim() !== '') pieces.push(node.trim())
    } else if (Array.isArray(node)) {
      for (const item of node) visit(item, depth + 1)
    } else if (node !== null && typeof node === 'object') {
      for (const item of Object.values(node)) visit(item, depth + 1)
    }
  }
  visit(value, 0)
  if (pieces.length === 0) return undefined
  const text = pieces.join('; ')
  return text.length > 500 ? `${text.slice(0, 500)}…` : text
}
