/**
 * One invoke over the raw pipe, checked against its channel's schemas: the request before it leaves the page, the
 * result envelope and the reply as they arrive, error results turned into ApiError. Used by the contract client for
 * every channel. Imports only the bootstrap part of the contract.
 */
import type { z } from 'zod'
import { ApiError, InvokeResult } from './contract-bootstrap'
import type { ContractPipe } from './contract-pipe'

export interface ChannelSchemas {
  request: z.ZodType
  reply: z.ZodType
}

/** The pipe's answer; its refusals (plain data once they have crossed contextBridge) become ApiError. */
export async function fromPipe(call: () => Promise<unknown>): Promise<unknown> {
  try {
    return await call()
  } catch (error) {
    const shape = (typeof error === 'object' && error !== null ? error : {}) as {
      code?: unknown
      message?: unknown
    }
    if (error instanceof ApiError || typeof shape.code !== 'string' || typeof shape.message !== 'string')
      throw error
    throw new ApiError({ code: shape.code, message: shape.message })
  }
}

/** The request as its schema parses it, or an `invalid_request` ApiError naming the first wrong field. */
export function checkedRequest(channel: string, schemas: ChannelSchemas, request: unknown): unknown {
  const checked = schemas.request.safeParse(request)
  if (checked.success) return checked.data
  const issue = checked.error.issues[0]
  throw new ApiError({
    code: 'invalid_request',
    message: issue ? `${issue.path.join('.') || 'request'}: ${issue.message}` : 'Invalid request',
    field: issue?.path.join('.')
  })
}

/** The reply inside a raw result, checked; an error result or a malformed one becomes ApiError. */
export function checkedReply(channel: string, schemas: ChannelSchemas, raw: unknown): unknown {
  const result = InvokeResult.safeParse(raw)
  if (!result.success) throw new ApiError({ code: 'bad_reply', message: `Malformed reply on ${channel}` })
  if (!result.data.ok) throw new ApiError(result.data.error)
  const reply = schemas.reply.safeParse(result.data.value)
  if (!reply.success)
    throw new ApiError({ code: 'bad_reply', message: `Reply on ${channel} does not match the contract` })
  return reply.data
}

/** `channel` over the pipe, request and reply checked against `schemas`. */
export async function checkedInvoke(
  pipe: ContractPipe,
  channel: string,
  schemas: ChannelSchemas,
  request: unknown
): Promise<unknown> {
  const checked = checkedRequest(channel, schemas, request)
  return checkedReply(channel, schemas, await fromPipe(() => pipe.invoke(channel, checked)))
}
