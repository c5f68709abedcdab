/**
 * What every feature's commands module is built from, free of any transport: the contract's handler shape and
 * the failure whose message the operator sees as is. Transports (ipcMain, the harness's WebSocket) only dispatch.
 */
import type { InvokeChannel, InvokeReply, ParsedRequest } from '../../shared/contract'
import { isGatewayError, normaliseRecipients } from './gateway'

export type ApiHandlers = {
  [C in InvokeChannel]: (request: ParsedRequest<C>) => Promise<InvokeReply<C>>
}

/** The handlers one feature owns. */
export type Commands<C extends InvokeChannel> = Pick<ApiHandlers, C>

/** An error meant for the operator: its message is shown as is. */
export class ApiFailure extends Error {
  readonly code: string
  readonly field?: string
  constructor(code: string, message: string, field?: string) {
    super(message)
    this.name = 'ApiFailure'
    this.code = code
    this.field = field
  }
}

/** Recipients in the gateway's form, or an operator-facing refusal naming the form field. */
export function normalisedRecipients(phones: string[], isGroup: boolean, field: string): string[] {
  try {
    return normaliseRecipients(phones, isGroup)
  } catch (error) {
    if (isGatewayError(error)) throw new ApiFailure('invalid_recipient', error.message, field)
    throw error
  }
}
