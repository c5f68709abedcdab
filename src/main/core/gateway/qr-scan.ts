// device/scan end to end: one request (plus the page's own QR image when it links one), answered as a safe QrCode.
import type { CallContext, Http, HttpResponse } from './http'
import { envelopeStatus, isPlainObject } from './http'
import { imageFromBytes, looksLikeHtml, qrFromHtml, qrFromJson, qrFromString, type QrCandidate } from './qr'
import type { QrCode } from './types'

const OPERATION = 'device/scan'
export const QR_ACCEPT = 'application/json, image/*;q=0.9, text/html;q=0.8'
const IMAGE_KINDS = 'a PNG, JPEG, GIF, WebP or plain SVG image'

function candidateOf(http: Http, response: HttpResponse): QrCandidate {
  const image = imageFromBytes(response.bytes)
  if (image !== null) return image
  if (response.mediaType.startsWith('image/')) {
    throw http.fail({
      code: 'bad_response',
      message: `${OPERATION}: the gateway sent ${response.mediaType} that is not ${IMAGE_KINDS}`,
      httpStatus: response.status,
      operation: OPERATION
    })
  }
  const text = new TextDecoder().decode(response.bytes).trim()
  let found: QrCandidate | null
  if (response.mediaType.includes('json') || /^[{[]/.test(text)) {
    const body = http.parseJson(response, OPERATION)
    if (isPlainObject(body) && envelopeStatus(body.status) === false) {
      throw http.refusal(body, response.status, OPERATION)
    }
    found = qrFromJson(body, response.url, http.origin)
  } else if (response.mediaType === 'text/html' || looksLikeHtml(text)) {
    found = qrFromHtml(text, response.url, http.origin)
  } else {
    found = qrFromString(text, response.url, http.origin, true)
  }
  if (found === null) {
    // The page itself never travels further: only our own description of it.
    throw http.fail({
      code: 'bad_response',
      message: `${OPERATION}: no QR code found in the answer (${response.mediaType || 'no content-type'}, ${response.bytes.byteLength} bytes)`,
      httpStatus: response.status,
      operation: OPERATION
    })
  }
  return found
}

export async function scanQrCode(http: Http, call: CallContext): Promise<QrCode> {
  const response = await http.send(
    { operation: OPERATION, method: 'GET', path: '/api/device/scan', auth: 'bare-query', accept: QR_ACCEPT },
    call
  )
  if (response.status < 200 || response.status > 299) throw http.failForStatus(response, OPERATION)
  const found = candidateOf(http, response)
  if (found.kind !== 'url') return found
  // The page links its QR image on the gateway's own origin (checked in qr.ts); no credentials go with it.
  const linked = await http.send(
    { operation: OPERATION, method: 'GET', path: '', url: found.url, auth: 'none', accept: 'image/*' },
    call
  )
  if (linked.status < 200 || linked.status > 299) throw http.failForStatus(linked, OPERATION)
  const image = imageFromBytes(linked.bytes)
  if (image === null) {
    throw http.fail({
      code: 'bad_response',
      message: `${OPERATION}: the linked QR image is not ${IMAGE_KINDS}`,
      httpStatus: linked.status,
      operation: OPERATION
    })
  }
  return image
}
