// The gateway client's public face: the factory, phone helpers, the error type and every shape other modules code against.
export { createGatewayClient, MAX_CONTACTS_PER_CALL } from './client'
export { normalisePhone, normaliseRecipients, phoneOrProblem } from './phone'
export { ALLOWED_EXTENSIONS, extensionOf } from './input-rules'
export { GatewayError, isGatewayError, mayHaveReachedGateway } from './errors'
export { capRetryAfter, MAX_RETRY_AFTER_MS } from './http'
export type { GatewayErrorCode, GatewayErrorInit, GatewayErrorKind } from './errors'
export type * from './types'
export { decodeWebhookBody, parseWebhook, webhookTime } from './webhook-payloads'
export { addressPlace, unreachableBy, urlHost, type AddressPlace } from './webhook-reach'
export type {
  DeviceStatusEvent,
  IncomingMedia,
  IncomingMessageEvent,
  TrackingEvent,
  WebhookEvent,
  WebhookKind,
  WebhookParse,
  WebhookRefusal,
  WebhookRefusalCode
} from './webhook-payloads'
