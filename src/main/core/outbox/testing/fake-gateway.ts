// An in-memory gateway for the outbox's unit tests: accepts sends, keeps reports by ref_id, and fails on cue. It
// implements only the outbox's sending port, not the whole gateway client.
import type { Clock } from '../../clock'
import { GatewayError, type GatewayErrorCode } from '../../gateway/errors'
import type { SendingPort } from '../types'
import type {
  ReportItem,
  ReportMessageQuery,
  ReportPage,
  ReportRealtimeQuery,
  ScheduleInput,
  ScheduleResult,
  SendLocalFileInput,
  SendResult,
  SendTextInput,
  TakeBackCall,
  TakeBackOutcome,
  TakeBackResult
} from '../../gateway/types'

export interface FakeMessage {
  id: string
  deviceId: string
  refId: string | null
  phone: string
  kind: string
  text: string | null
  fileName: string | null
  bytes: number
  status: string
  /** The gateway's free-text note beside the status (`number is on the blacklist`). */
  note?: string
  acceptedAt: number
}

export interface FakeSchedule {
  id: string
  messageId: string
  deviceId: string
  input: ScheduleInput
  state: 'active' | 'cancelled' | 'deleted'
}

export type FakeOperation =
  | 'send'
  | 'reportMessages'
  | 'reportRealtime'
  | 'createSchedule'
  | 'updateSchedule'
  | 'cancelSchedule'
  | 'deleteSchedule'
  | TakeBackCall

export interface FakeFault {
  op: FakeOperation
  deviceId?: string
  code: GatewayErrorCode
  /** The gateway handles the request (a send is accepted) and then the answer is lost as this error. */
  afterHandling?: boolean
  retryAfterMs?: number
  gatewayMessage?: string
  /** How many calls it hits; default 1. */
  times?: number
  /** Errno-style code on the cause, e.g. ECONNREFUSED. */
  causeCode?: string
}

export interface FakeCall {
  op: FakeOperation
  deviceId: string
  at: number
  refId?: string | null
  phone?: string
  /** report-realtime: how many message ids were asked for. */
  ids?: number
  /** revoke, cancel, resend: the message ids asked. */
  messageIds?: string[]
}

/** The refusal the reference shows for a message cancel-message cannot cancel. */
export const NOT_PENDING = 'Id Invalid or message is not pending anymore'
/** What the fake answers for a message too old (or already deleted) to revoke. */
export const CANNOT_REVOKE = 'Message is too old or already deleted'

const TAKE_BACK_OPS: ReadonlySet<FakeOperation> = new Set(['revoke', 'cancel', 'resend'])

/** The fake "server": every device's client talks to one of these. */
export class FakeGateway {
  readonly messages: FakeMessage[] = []
  readonly schedules: FakeSchedule[] = []
  readonly calls: FakeCall[] = []
  private readonly faults: FakeFault[] = []
  private readonly loggedOut = new Set<string>()
  private readonly clients = new Map<string, SendingPort>()
  private readonly held: { release: () => void }[] = []
  private nextId = 1
  /** Sends wait until `releaseHeld()` while true (to hold requests "on the wire"). */
  holdSends = false
  /** Sends are handled (accepted) and then their answer waits until `releaseHeld()`. */
  holdAnswers = false
  /** Creating a schedule waits until `releaseHeld()` while true (a schedule being saved at the gateway). */
  holdSchedules = false
  /** Cancelling or deleting a schedule waits until released while true (a delete's cancels on the wire). */
  holdScheduleRemovals = false
  /** Report entries omit ref_id (some gateways never echo it). */
  reportsWithoutRefId = false
  /** report/message ignores the ref_id filter and lists everything. */
  ignoreRefIdFilter = false
  /** report/message does not exist here. */
  reportMessagesMissing = false

  constructor(private readonly clock: Clock) {}

  clientFor = (deviceId: string): SendingPort => {
    let client = this.clients.get(deviceId)
    if (!client) {
      client = this.makeClient(deviceId)
      this.clients.set(deviceId, client)
    }
    return client
  }

  fail(fault: FakeFault): void {
    this.faults.push({ times: 1, ...fault })
  }

  logOut(deviceId: string): void {
    this.loggedOut.add(deviceId)
  }

  logIn(deviceId: string): void {
    this.loggedOut.delete(deviceId)
  }

  setStatus(messageId: string, status: string, note?: string): void {
    const message = this.messages.find((m) => m.id === messageId)
    if (!message) throw new Error(`no message ${messageId}`)
    message.status = status
    if (note !== undefined) message.note = note
  }

  releaseHeld(): void {
    for (const request of this.held.splice(0)) request.release()
  }

  /** Let the oldest held request go on, the others still held. */
  releaseFirst(): void {
    this.held.shift()?.release()
  }

  get heldCount(): number {
    return this.held.length
  }

  /** Messages the gateway no longer lets be deleted for everyone (too old). */
  readonly tooOldToRevoke = new Set<string>()
  /** Take-back calls wait until `releaseHeld()` while true. */
  holdTakeBacks = false

  /** How many times each message id was named in a take-back call of this action. */
  takeBackAsks(action: TakeBackCall): Map<string, number> {
    const asks = new Map<string, number>()
    for (const call of this.calls)
      if (call.op === action) for (const id of call.messageIds ?? []) asks.set(id, (asks.get(id) ?? 0) + 1)
    return asks
  }

  sends(deviceId?: string): FakeCall[] {
    return this.calls.filter((c) => c.op === 'send' && (deviceId === undefined || c.deviceId === deviceId))
  }

  accepted(refId: string): FakeMessage[] {
    return this.messages.filter((m) => m.refId === refId)
  }

  private takeFault(op: FakeOperation, deviceId: string): FakeFault | undefined {
    const fault = this.faults.find(
      (f) => f.op === op && (f.deviceId === undefined || f.deviceId === deviceId)
    )
    if (!fault) return undefined
    fault.times = (fault.times ?? 1) - 1
    if (fault.times <= 0) this.faults.splice(this.faults.indexOf(fault), 1)
    return fault
  }

  private error(fault: FakeFault, op: string): GatewayError {
    const cause = fault.causeCode
      ? Object.assign(new Error(fault.causeCode), { code: fault.causeCode })
      : undefined
    return new GatewayError({
      code: fault.code,
      message: `fake ${fault.code}`,
      gatewayMessage: fault.gatewayMessage,
      retryAfterMs: fault.retryAfterMs,
      operation: op,
      cause
    })
  }

  private async handle<T>(
    op: FakeOperation,
    deviceId: string,
    extra: Partial<FakeCall>,
    work: () => T
  ): Promise<T> {
    this.calls.push({ op, deviceId, at: this.clock.now(), ...extra })
    const holding =
      op === 'send'
        ? this.holdSends
        : op === 'createSchedule'
          ? this.holdSchedules
          : op === 'cancelSchedule' || op === 'deleteSchedule'
            ? this.holdScheduleRemovals
            : TAKE_BACK_OPS.has(op) && this.holdTakeBacks
    if (holding) await new Promise<void>((release) => this.held.push({ release }))
    const fault = this.takeFault(op, deviceId)
    if (fault && !fault.afterHandling) throw this.error(fault, op)
    if (op === 'send' && this.loggedOut.has(deviceId)) {
      throw new GatewayError({
        code: 'device_not_connected',
        message: 'device not connected',
        gatewayMessage: 'device not connected',
        operation: op
      })
    }
    const result = work()
    if (op === 'send' && this.holdAnswers) await new Promise<void>((release) => this.held.push({ release }))
    if (fault) throw this.error(fault, op)
    return result
  }

  private accept(
    deviceId: string,
    phone: string,
    refId: string | undefined,
    kind: string,
    text: string | null,
    fileName: string | null,
    bytes: number
  ): SendResult {
    const message: FakeMessage = {
      id: `msg-${this.nextId++}`,
      deviceId,
      refId: refId ?? null,
      phone,
      kind,
      text,
      fileName,
      bytes,
      status: 'pending',
      acceptedAt: this.clock.now()
    }
    this.messages.push(message)
    return {
      deviceId,
      quota: 'unlimited',
      message: 'Message is pending and waiting to be processed',
      messages: [{ id: message.id, phone, status: 'pending', refId: message.refId }]
    }
  }

  private toReport(message: FakeMessage): ReportItem {
    return {
      id: message.id,
      from: message.deviceId,
      to: message.phone,
      status: message.status,
      note: message.note ?? null,
      refId: this.reportsWithoutRefId ? null : message.refId,
      category: message.kind,
      text: message.text,
      createdAt: null,
      updatedAt: null
    }
  }

  private page(items: ReportItem[], page: number, perPage: number): ReportPage {
    const totalPage = Math.max(1, Math.ceil(items.length / perPage))
    return {
      page,
      totalPage,
      totalData: items.length,
      items: items.slice((page - 1) * perPage, page * perPage)
    }
  }

  /** revoke, cancel or resend as the reference answers them: per message done, or refused in the gateway's words. */
  private takeBack(deviceId: string, action: TakeBackCall, ids: string[]): Promise<TakeBackResult> {
    return this.handle(action, deviceId, { messageIds: [...ids] }, (): TakeBackResult => {
      const outcomes = ids.map((id): TakeBackOutcome => {
        const message = this.messages.find((m) => m.id === id && m.deviceId === deviceId)
        const refused = (gatewayMessage: string): TakeBackOutcome => ({
          id,
          result: 'refused',
          gatewayMessage
        })
        if (!message) return refused(NOT_PENDING)
        if (action === 'revoke') {
          if (!['sent', 'delivered', 'read'].includes(message.status) || this.tooOldToRevoke.has(id))
            return refused(CANNOT_REVOKE)
          message.status = 'revoke'
          return { id, result: 'revoked', gatewayStatus: 'revoke', phone: message.phone }
        }
        if (action === 'cancel') {
          if (message.status !== 'pending') return refused(NOT_PENDING)
          message.status = 'cancel'
          return { id, result: 'cancelled', gatewayStatus: 'cancel', phone: message.phone }
        }
        if (!['failed', 'reject', 'rejected'].includes(message.status))
          return refused('Message is not failed')
        message.status = 'pending'
        return { id, result: 'resent', gatewayStatus: 'pending', phone: message.phone }
      })
      return { action, outcomes, messages: ['ok'], quota: null, stoppedBy: null }
    })
  }

  private makeClient(deviceId: string): SendingPort {
    const phoneOf = (phone: string | string[]): string => (Array.isArray(phone) ? phone.join(',') : phone)
    return {
      revokeMessages: (ids: string[]) => this.takeBack(deviceId, 'revoke', ids),
      cancelMessages: (ids: string[]) => this.takeBack(deviceId, 'cancel', ids),
      resendMessages: (ids: string[]) => this.takeBack(deviceId, 'resend', ids),
      sendText: (input: SendTextInput) =>
        this.handle('send', deviceId, { refId: input.refId ?? null, phone: phoneOf(input.phone) }, () =>
          this.accept(deviceId, phoneOf(input.phone), input.refId, 'text', input.message, null, 0)
        ),
      sendLocalFile: (input: SendLocalFileInput) =>
        this.handle('send', deviceId, { refId: input.refId ?? null, phone: phoneOf(input.phone) }, () =>
          this.accept(
            deviceId,
            phoneOf(input.phone),
            input.refId,
            input.kind,
            input.caption ?? null,
            input.file.name,
            input.file.bytes.length
          )
        ),
      reportMessages: (query: ReportMessageQuery) =>
        this.handle('reportMessages', deviceId, { refId: query.refId ?? null }, () => {
          if (this.reportMessagesMissing)
            throw new GatewayError({ code: 'not_supported', message: 'not in the fake' })
          const mine = this.messages.filter((m) => m.deviceId === deviceId)
          const matching = mine.filter(
            (m) =>
              this.ignoreRefIdFilter ||
              ((query.refId === undefined || m.refId === query.refId) &&
                (query.messageId === undefined || m.id === query.messageId))
          )
          return this.page(
            matching.map((m) => this.toReport(m)),
            query.page ?? 1,
            query.perPage ?? 10
          )
        }),
      reportRealtime: (query: ReportRealtimeQuery) =>
        this.handle('reportRealtime', deviceId, { ids: query.messageIds?.length }, () => {
          const ids = query.messageIds ? new Set(query.messageIds) : null
          const matching = this.messages.filter(
            (m) => m.deviceId === deviceId && (ids === null || ids.has(m.id))
          )
          return this.page(
            matching.map((m) => this.toReport(m)),
            query.page ?? 1,
            query.limit ?? 100
          )
        }),
      createSchedule: (input: ScheduleInput) =>
        this.handle('createSchedule', deviceId, {}, (): ScheduleResult => {
          const schedule: FakeSchedule = {
            id: `sch-${this.nextId++}`,
            messageId: `msg-${this.nextId++}`,
            deviceId,
            input,
            state: 'active'
          }
          this.schedules.push(schedule)
          return {
            message: 'Scheduled Messages is succesfully saved',
            scheduleId: schedule.id,
            messages: [
              {
                id: schedule.messageId,
                phone: phoneOf(input.phone),
                scheduleAt: `${input.date} ${input.time}`,
                timezone: input.timezone
              }
            ]
          }
        }),
      updateSchedule: (scheduleId: string, input: ScheduleInput) =>
        this.handle('updateSchedule', deviceId, {}, (): ScheduleResult => {
          const schedule = this.schedules.find((s) => s.id === scheduleId && s.state === 'active')
          if (!schedule)
            throw new GatewayError({
              code: 'rejected',
              message: 'schedule not found',
              gatewayMessage: 'schedule not found'
            })
          schedule.input = input
          return { message: 'updated', scheduleId, messages: [] }
        }),
      cancelSchedule: (scheduleId: string) =>
        this.handle('cancelSchedule', deviceId, {}, () => {
          const schedule = this.schedules.find((s) => s.id === scheduleId)
          if (!schedule)
            throw new GatewayError({
              code: 'rejected',
              message: 'schedule not found',
              gatewayMessage: 'schedule not found'
            })
          schedule.state = 'cancelled'
          return { message: 'schedule canceled successfully' }
        }),
      deleteSchedule: (scheduleId: string) =>
        this.handle('deleteSchedule', deviceId, {}, () => {
          const schedule = this.schedules.find((s) => s.id === scheduleId)
          if (schedule) schedule.state = 'deleted'
          return { message: 'schedule deleted successfully' }
        })
    }
  }
}
