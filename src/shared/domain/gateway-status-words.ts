/**
 * The gateway's status words for a sent message (reports and the tracking webhook: §3.4 of the gateway reference
 * lists pending, sent, delivered, received, read, cancel, reject/rejected; `revoke` for a message deleted for
 * everyone, and `failed` seen only in client code) and for a device (its status webhook), each read as one meaning.
 * The outbox maps the meaning onto its life cycle; the window words it in the operator's language.
 */

export type GatewayMessageWord =
  'pending' | 'sent' | 'delivered' | 'read' | 'cancelled' | 'revoked' | 'rejected' | 'failed'

/** What a message status word means, or null for a word the reference does not name. */
export function gatewayMessageWord(raw: string): GatewayMessageWord | null {
  switch (raw.trim().toLowerCase()) {
    case 'pending':
    case 'queue':
    case 'queued':
    case 'process':
    case 'processing':
      return 'pending'
    case 'sent':
      return 'sent'
    case 'delivered':
    case 'received':
      return 'delivered'
    case 'read':
    case 'played':
      return 'read'
    case 'cancel':
    case 'canceled':
    case 'cancelled':
      return 'cancelled'
    case 'revoke':
    case 'revoked':
      return 'revoked'
    case 'reject':
    case 'rejected':
      return 'rejected'
    case 'failed':
    case 'fail':
    case 'error':
      return 'failed'
    default:
      return null
  }
}

/** What a device status word (the device-status webhook) means, or null for another word. */
export function gatewayDeviceWord(raw: string): 'connected' | 'disconnected' | null {
  const word = raw.trim().toLowerCase()
  return word === 'connected' || word === 'disconnected' ? word : null
}
