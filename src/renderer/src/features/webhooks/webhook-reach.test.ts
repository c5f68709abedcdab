// Where a device's gateway posts a webhook, for the form's address hint.
import { describe, expect, it } from 'vitest'
import { gatewayPostsToThisComputer } from './webhook-reach'

/** A device on a real gateway, said so (`DeviceView.sandbox` set to no), as device-status.test.ts names it. */
const ON_SANDBOX_GATEWAY = false

// QA75: the sandbox's address is this computer's, yet it plays a hosted gateway and posts to none of this computer's.
describe('gatewayPostsToThisComputer', () => {
  it.each([
    [{ baseUrl: 'http://127.0.0.1:5000' }, true],
    [{ baseUrl: 'http://localhost:5000', sandbox: ON_SANDBOX_GATEWAY }, true],
    [{ baseUrl: 'http://127.0.0.1:5000', sandbox: true }, false],
    [{ baseUrl: 'https://solo.wablas.com' }, false],
    [{ baseUrl: 'http://192.168.1.10:8080' }, false],
    [{ baseUrl: 'not an address' }, false]
  ])('%j: %s', (device, posts) => {
    expect(gatewayPostsToThisComputer(device)).toBe(posts)
  })
})
