// The outbox as the app's commands and the CLI use it: the send-queue kernel with its two built-in producers (one-off
// sends and local series) plugged in. Campaigns and other producers get the kernel's narrow port instead.
import { createSendQueue, type KernelInput, type SendQueue } from '../outbox'
import { createOneOffSends } from './one-off-sends'
import { createSeriesProducer } from './series-producer'

export type CreateOutboxInput = KernelInput

export type Outbox = SendQueue & {
  /** Queue (or schedule) every entry for every recipient in one write; files are copied first. */
  enqueue: ReturnType<typeof createOneOffSends>['enqueue']
  createSeries: ReturnType<typeof createSeriesProducer>['create']
  listSeries: ReturnType<typeof createSeriesProducer>['list']
  stopSeries: ReturnType<typeof createSeriesProducer>['stop']
  skipNextSeries: ReturnType<typeof createSeriesProducer>['skipNext']
  setSeriesEnd: ReturnType<typeof createSeriesProducer>['setEnd']
  deleteSeries: ReturnType<typeof createSeriesProducer>['delete']
  damagedSeries: ReturnType<typeof createSeriesProducer>['damaged']
  removeDamagedSeries: ReturnType<typeof createSeriesProducer>['removeDamaged']
  /** The kernel itself, for producers built elsewhere (campaigns) and for the composition. */
  queue: SendQueue
}

export function createOutbox(input: CreateOutboxInput): Outbox {
  const queue = createSendQueue(input)
  const sends = createOneOffSends(queue)
  const series = createSeriesProducer(queue)
  return {
    ...queue,
    enqueue: sends.enqueue,
    createSeries: series.create,
    listSeries: series.list,
    stopSeries: series.stop,
    skipNextSeries: series.skipNext,
    setSeriesEnd: series.setEnd,
    deleteSeries: series.delete,
    damagedSeries: series.damaged,
    removeDamagedSeries: series.removeDamaged,
    queue
  }
}
