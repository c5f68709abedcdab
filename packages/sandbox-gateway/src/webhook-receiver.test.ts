// The test receiver itself: a sender that gives up mid-body (a timed-out delivery aborts) must not leave a
// rejection nobody handles, which fails whichever test happens to be running, and the receiver keeps answering.
import { connect } from 'node:net'
import { once } from 'node:events'
import { afterEach, expect, it } from 'vitest'
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver'

let receiver: WebhookReceiver | undefined
afterEach(async () => {
  await receiver?.close()
})

it('shrugs off a POST abandoned mid-body and answers the next one', async () => {
  const unhandled: unknown[] = []
  const onUnhandled = (reason: unknown): number => unhandled.push(reason)
  process.on('unhandledRejection', onUnhandled)
  try {
    receiver = await startWebhookReceiver()
    const { hostname, port } = new URL(receiver.url)
    const socket = connect(Number(port), hostname)
    await once(socket, 'connect')
    socket.write(
      'POST /hook HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":'
    )
    socket.destroy()
    await once(socket, 'close')
    // The receiver has seen the abort once a later request on a new connection is answered and recorded.
    receiver.route('POST /next', { status: 200, body: { ok: true } })
    const answer = await fetch(`${receiver.url}/next`, { method: 'POST', body: '{}' })
    expect(answer.status).toBe(200)
    // Unhandled rejections are reported after the microtask queue drains: give it one macrotask turn.
    await new Promise((resolve) => setImmediate(resolve))
    expect(unhandled).toEqual([])
    expect(receiver.requests.map((request) => request.path)).toEqual(['/next'])
  } finally {
    process.off('unhandledRejection', onUnhandled)
  }
})
