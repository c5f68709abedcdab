// Phone numbers and recipient lists as the gateway wants them: the shared domain rule, failing as GatewayError.
import { GatewayError } from './errors'
import { checkGroupId, checkPhone, splitRecipients, type PhoneProblem } from '../../../shared/domain'

export { normaliseEchoedPhone } from '../../../shared/domain'

function invalidInput(message: string): GatewayError {
  return new GatewayError({ code: 'invalid_input', message, operation: 'normalise-phone' })
}

/**
 * `08…`, `8…`, `+62 8…`, `62…`, `0062…` and spaced/dashed/bracketed forms as `62…` digits (see checkPhone).
 * Throws GatewayError `invalid_input` naming the value, why, and what a valid number looks like.
 */
export function normalisePhone(input: string): string {
  const checked = phoneOrProblem(input)
  if ('problem' in checked) throw invalidInput(checked.problem)
  return checked.phone
}

/**
 * normalisePhone without the throw: the `62…` digits, or the message normalisePhone would throw and the rule's problem
 * (`kind`, which a campaign row keeps to word it). For callers that check many numbers (a campaign's rows): an Error
 * per invalid row captured a stack trace each time.
 */
export function phoneOrProblem(input: string): { phone: string } | { problem: string; kind: PhoneProblem } {
  const checked = checkPhone(input)
  if (checked.problem === null) return { phone: checked.value }
  const raw = typeof input === 'string' ? input.trim() : ''
  const shown = raw.length > 40 ? `${raw.slice(0, 40)}…` : raw
  return {
    problem:
      `"${shown}" is not a valid phone number (${checked.reason}): use a mobile number such as 081234567890, ` +
      '6281234567890 or +6281234567890; spaces, dashes and brackets are fine',
    kind: checked.problem
  }
}

/**
 * Splits one or more lists (commas, semicolons, new lines), normalises each phone (group ids as checkGroupId reads
 * them when `isGroup`), drops duplicates. Throws `invalid_input` when nothing is left or one entry is invalid.
 */
export function normaliseRecipients(list: string | string[], isGroup: boolean): string[] {
  const pieces = (Array.isArray(list) ? list : [list]).flatMap((entry) =>
    typeof entry === 'string' ? splitRecipients(entry) : []
  )
  if (pieces.length === 0) {
    throw invalidInput(
      isGroup
        ? 'no recipient given: pass a WhatsApp group id'
        : 'no recipient given: pass a phone number such as 081234567890'
    )
  }
  if (isGroup) {
    const ids: string[] = []
    for (const id of pieces) {
      const { problem, value } = checkGroupId(id)
      if (problem === 'groupIsPhone') {
        throw invalidInput(
          `"${id.slice(0, 60)}" is a phone number, not a group id: send it as a number, not to a group`
        )
      }
      if (problem === 'groupDigits') {
        throw invalidInput(
          `"${id.slice(0, 60)}" is not a whole group id: a group id of digits alone has 18 of them (120363…); copy it whole from the gateway dashboard`
        )
      }
      if (problem !== null) {
        throw invalidInput(
          `"${id.slice(0, 60)}" is not a valid group id: use the id from the gateway dashboard, without spaces`
        )
      }
      ids.push(value)
    }
    return [...new Set(ids)]
  }
  return [...new Set(pieces.map(normalisePhone))]
}
