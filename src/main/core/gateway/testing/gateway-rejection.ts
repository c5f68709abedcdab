// Test helper: awaits a promise that must reject with a GatewayError and returns that error (fails the test otherwise).
import { GatewayError } from '../errors'

export async function gatewayRejection(promise: Promise<unknown>): Promise<GatewayError> {
  let outcome: unknown
  try {
    outcome = await promise
  } catch (error) {
    if (error instanceof GatewayError) return error
    throw new Error(`expected a GatewayError, got ${String(error)}`, { cause: error })
  }
  throw new Error(`expected a rejection, got ${JSON.stringify(outcome)}`)
}
