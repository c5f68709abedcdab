// What the operator can do to a device: restart it, change its number, fetch its QR code, and relink it.
import { translate, type MessageKey } from '../../../shared/i18n'
import { encodeNote } from '../../../shared/i18n/notes'
import type { DeviceView, QrView } from '../../../shared/contract'
import type { Clock } from '../clock'
import { isGatewayError } from '../gateway'
import { normalisePhone } from '../gateway'
import type { GatewayClient, QrCode } from '../gateway'
import { silentLogger, type Logger } from '../logging'
import { DeviceError, deviceErrorFromGateway } from './errors'
import type { DeviceMonitor } from './monitor'
import type { DeviceRegistry } from './registry'

export interface DeviceActionsOptions {
  registry: DeviceRegistry
  monitor: DeviceMonitor
  clock: Clock
  /** How soon the wizard should fetch a new QR when the gateway does not say (it rotates about every 20 s). */
  qrRefreshMs?: number
  logger?: Logger
}

export interface RestartOutcome {
  message: string
  via: 'restart' | 'reconnect'
  device: DeviceView
}

/** What the linking wizard needs to open at the QR step for a device. */
export interface RelinkTarget {
  view: 'linking'
  deviceId: string
  device: DeviceView
}

const DEFAULT_QR_REFRESH_MS = 20_000
const MIN_QR_REFRESH_MS = 3_000
const MAX_QR_REFRESH_MS = 120_000

/** The gateway's own hint when the client passes one through (seconds or ms until the code rotates). */
function gatewayRefreshHint(qr: QrCode): number | null {
  const record = qr as unknown as Record<string, unknown>
  const ms = record['expiresInMs'] ?? record['refreshAfterMs']
  if (typeof ms === 'number' && Number.isFinite(ms)) return ms
  const sec = record['expiresInSec']
  if (typeof sec === 'number' && Number.isFinite(sec)) return sec * 1000
  return null
}

export function toQrView(qr: QrCode, fetchedAt: number, defaultRefreshMs = DEFAULT_QR_REFRESH_MS): QrView {
  const hint = gatewayRefreshHint(qr)
  const refreshAfterMs = Math.min(MAX_QR_REFRESH_MS, Math.max(MIN_QR_REFRESH_MS, hint ?? defaultRefreshMs))
  const at = new Date(fetchedAt).toISOString()
  if (qr.kind === 'text') return { kind: 'text', text: qr.text, fetchedAt: at, refreshAfterMs }
  const dataUrl = `data:${qr.mime};base64,${Buffer.from(qr.bytes).toString('base64')}`
  return { kind: 'image', dataUrl, fetchedAt: at, refreshAfterMs }
}

export class DeviceActions {
  private readonly logger: Logger

  constructor(private readonly options: DeviceActionsOptions) {
    this.logger = options.logger ?? silentLogger
  }

  /** The client's restart (newer `device/restart`, or the seed's `device/reconnect?token=`), then fast polling. */
  async restart(deviceId: string): Promise<RestartOutcome> {
    const client = await this.client(deviceId)
    const result = await this.call(deviceId, 'desktop.action.restart', () => client.restart())
    this.logger.info(`devices: ${deviceId} restarted via ${result.via}`)
    this.options.monitor.beginSettling(deviceId)
    return { message: result.message, via: result.via, device: this.options.monitor.view(deviceId) }
  }

  /** A new number needs the new phone to scan: the device is needs-scan until a poll proves otherwise. */
  async changeNumber(deviceId: string, phone: string): Promise<DeviceView> {
    let normalised: string
    try {
      normalised = normalisePhone(phone)
    } catch (error) {
      throw new DeviceError(
        'invalid_phone',
        isGatewayError(error) ? error.message : { key: 'desktop.error.notAPhone' },
        'phone'
      )
    }
    // The number it sends from already: changing to it would only unlink a working device (an operator's probe).
    if (this.options.monitor.view(deviceId).sender === normalised)
      throw new DeviceError('invalid_phone', { key: 'desktop.error.sameNumber' }, 'phone')
    const client = await this.client(deviceId)
    await this.call(deviceId, 'desktop.action.changeNumber', () => client.changeNumber(normalised))
    // Keyed, so the window tells a changed number from a logout and says it in the operator's language.
    this.options.monitor.markNeedsScan(
      deviceId,
      encodeNote('desktop.device.numberChanged', { phone: normalised }),
      normalised
    )
    return this.options.monitor.view(deviceId)
  }

  async qr(deviceId: string): Promise<QrView> {
    const client = await this.client(deviceId)
    const code = await this.call(deviceId, 'desktop.action.qr', () => client.scanQr())
    return toQrView(code, this.options.clock.now(), this.options.qrRefreshMs)
  }

  /** Opens the wizard's QR step for the device: fast polling starts now and ends once it is connected. */
  async relink(deviceId: string): Promise<RelinkTarget> {
    this.options.registry.require(deviceId)
    this.options.monitor.beginLinking(deviceId)
    return { view: 'linking', deviceId, device: this.options.monitor.view(deviceId) }
  }

  private async client(deviceId: string): Promise<GatewayClient> {
    const access = await this.options.registry.openClient(deviceId)
    switch (access.kind) {
      case 'ready':
        return access.client
      case 'locked':
        throw new DeviceError('token_locked', {
          key: 'desktop.device.tokenLocked',
          params: { reason: access.reason }
        })
      case 'absent':
        throw new DeviceError('token_locked', { key: 'desktop.error.tokenGone' })
      case 'unknown-device':
        throw new DeviceError('not_found', { key: 'desktop.error.deviceNotListed' })
    }
  }

  private async call<T>(deviceId: string, action: MessageKey, run: () => Promise<T>): Promise<T> {
    try {
      return await run()
    } catch (error) {
      const device = this.options.registry.get(deviceId)
      const baseUrl = device?.baseUrl ?? 'the gateway'
      this.logger.warn(`devices: ${translate('en', action)} for ${deviceId} failed`, error)
      throw deviceErrorFromGateway(error, { baseUrl, action, device })
    }
  }
}
