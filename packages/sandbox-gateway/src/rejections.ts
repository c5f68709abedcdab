// The gateway's `{status:false, message}` answers, thrown by route handlers and turned into responses by the server.

export class GatewayRejection extends Error {
  constructor(
    message: string,
    readonly httpStatus = 400
  ) {
    super(message)
    this.name = 'GatewayRejection'
  }
}

/** The wording clients match on; one place so every route says the same thing. */
export const GATEWAY_MESSAGES = {
  tokenInvalid: 'token invalid or device expired',
  needSecret: 'need secret key',
  secretInvalid: 'secret key invalid',
  notConnected: 'whatsapp sender not connected, need scan qr code again',
  notActivated: 'device not active, waiting for activation by IT support',
  alreadyConnected: 'device already connected',
  quotaExhausted: 'quota not enough, your quota has run out, please renew your package',
  messagePending: 'Message is pending and waiting to be processed',
  sendingTooFast: 'sending too fast: slow down or whatsapp will ban this number',
  /** The note of a message to a number on the device's blacklist (send-message, a schedule or reminder due). */
  blacklisted: 'number is on the blacklist'
} as const

export const tokenInvalid = (): GatewayRejection => new GatewayRejection(GATEWAY_MESSAGES.tokenInvalid, 401)
