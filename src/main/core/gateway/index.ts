// The gateway client's public face: the factory, phone helpers, the error type and every shape other modules code against.
export { createGatewayClient } from './client'
export { normalisePhone, normaliseRecipients } from './phone'
export { ALLOWED_EXTENSIONS, extensionOf } from './input-rules'
export { GatewayError, isGatewayError } from './errors'
export type { GatewayErrorCode, GatewayErrorInit, GatewayErrorKind } from './errors'
export type * from './types'
