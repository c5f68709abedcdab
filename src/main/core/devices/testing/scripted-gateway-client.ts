// A GatewayClient for tests whose device endpoints answer from a script; every other operation is unsupported.
import { GatewayError } from '../../gateway/errors'
import type {
  ReportPage,
  DeviceInfo,
  GatewayClient,
  GatewayCredentials,
  QrCode,
  RestartResult
} from '../../gateway/types'

type Answer<T> = T | GatewayError | (() => Promise<T>)

export function deviceInfoFixture(overrides: Partial<DeviceInfo> = {}): DeviceInfo {
  return {
    name: 'Shop front',
    serial: 'SERIAL-1',
    sender: '6281234567890',
    quota: 100,
    expiresAt: '2026-12-31',
    active: true,
    connection: 'connected',
    statusText: 'connected',
    note: 'ready to use',
    shape: 'current',
    ...overrides
  }
}

function unsupported(operation: string): Promise<never> {
  return Promise.reject(
    new GatewayError({ code: 'not_supported', message: `${operation} is not scripted`, operation })
  )
}

async function answer<T>(value: Answer<T>): Promise<T> {
  if (value instanceof GatewayError) throw value
  if (typeof value === 'function') return (value as () => Promise<T>)()
  return value
}

export class ScriptedGatewayClient implements GatewayClient {
  info: Answer<DeviceInfo> = deviceInfoFixture()
  qrCode: Answer<QrCode> = { kind: 'text', text: '2@scripted-qr' }
  restartResult: Answer<RestartResult> = {
    via: 'restart',
    message: 'restart device 1 successfully',
    deviceId: '1'
  }
  changeNumberResult: Answer<{ message: string }> = { message: 'number successfully changed' }
  /** What report-realtime answers (the registry's secret-key check); an empty page by default. */
  realtimeReport: Answer<ReportPage> = { page: 1, totalPage: 0, totalData: 0, items: [] }
  readonly calls: string[] = []
  readonly timeouts: Array<number | undefined> = []

  constructor(
    readonly credentials: GatewayCredentials = {
      baseUrl: 'https://solo.example.test',
      token: 'scripted-token'
    }
  ) {}

  get baseUrl(): string {
    return this.credentials.baseUrl
  }

  count(operation: string): number {
    return this.calls.filter((call) => call === operation).length
  }

  deviceInfo(opts?: { timeoutMs?: number }): Promise<DeviceInfo> {
    this.calls.push('deviceInfo')
    this.timeouts.push(opts?.timeoutMs)
    return answer(this.info)
  }
  scanQr(): Promise<QrCode> {
    this.calls.push('scanQr')
    return answer(this.qrCode)
  }
  restart(): Promise<RestartResult> {
    this.calls.push('restart')
    return answer(this.restartResult)
  }
  changeNumber(phone: string): Promise<{ message: string }> {
    this.calls.push(`changeNumber:${phone}`)
    return answer(this.changeNumberResult)
  }
  createDevice = (): Promise<never> => unsupported('createDevice')
  generateToken = (): Promise<never> => unsupported('generateToken')
  disconnect = (): Promise<never> => unsupported('disconnect')
  changeWebhookUrl = (): Promise<never> => unsupported('changeWebhookUrl')
  changeTrackingUrl = (): Promise<never> => unsupported('changeTrackingUrl')
  setIncoming = (): Promise<never> => unsupported('setIncoming')
  sendText = (): Promise<never> => unsupported('sendText')
  sendTextSimple = (): Promise<never> => unsupported('sendTextSimple')
  sendTextBulk = (): Promise<never> => unsupported('sendTextBulk')
  sendMediaUrl = (): Promise<never> => unsupported('sendMediaUrl')
  sendLocalFile = (): Promise<never> => unsupported('sendLocalFile')
  createSchedule = (): Promise<never> => unsupported('createSchedule')
  updateSchedule = (): Promise<never> => unsupported('updateSchedule')
  cancelSchedule = (): Promise<never> => unsupported('cancelSchedule')
  deleteSchedule = (): Promise<never> => unsupported('deleteSchedule')
  createScheduleV2 = (): Promise<never> => unsupported('createScheduleV2')
  updateScheduleV2 = (): Promise<never> => unsupported('updateScheduleV2')
  deleteSchedulesV2 = (): Promise<never> => unsupported('deleteSchedulesV2')
  reportRealtime(): Promise<ReportPage> {
    this.calls.push('reportRealtime')
    return answer(this.realtimeReport)
  }
  reportMessages = (): Promise<never> => unsupported('reportMessages')
  createAutoReply = (): Promise<never> => unsupported('createAutoReply')
  updateAutoReply = (): Promise<never> => unsupported('updateAutoReply')
  deleteAutoReply = (): Promise<never> => unsupported('deleteAutoReply')
  blacklist = (): Promise<never> => unsupported('blacklist')
  unblacklist = (): Promise<never> => unsupported('unblacklist')
  addContacts = (): Promise<never> => unsupported('addContacts')
  updateContacts = (): Promise<never> => unsupported('updateContacts')
  deleteContacts = (): Promise<never> => unsupported('deleteContacts')
  listContacts = (): Promise<never> => unsupported('listContacts')
  listAutoReplies = (): Promise<never> => unsupported('listAutoReplies')
  createReminder = (): Promise<never> => unsupported('createReminder')
  updateReminder = (): Promise<never> => unsupported('updateReminder')
  reminderInfo = (): Promise<never> => unsupported('reminderInfo')
  deleteReminder = (): Promise<never> => unsupported('deleteReminder')
  revokeMessages = (): Promise<never> => unsupported('revokeMessages')
  cancelMessages = (): Promise<never> => unsupported('cancelMessages')
  cancelAllMessages = (): Promise<never> => unsupported('cancelAllMessages')
  resendMessages = (): Promise<never> => unsupported('resendMessages')
}

export const gatewayFailure = (
  code: GatewayError['code'],
  extra: { gatewayMessage?: string; httpStatus?: number; retryAfterMs?: number } = {}
): GatewayError =>
  new GatewayError({ code, message: `device/info failed: ${code}`, operation: 'device/info', ...extra })
