// The relay's webhook addresses are refused by the one rule for webhook addresses (shared/domain httpUrlProblem): the
// same table the window, the contract and the gateway client answer.
import { describe, expect, it } from 'vitest'
import { HTTP_URL_CASES } from '../../../shared/domain/http-url.cases'
import { insecureWebhookUrls } from './relay-client'

const good = 'https://relay.example.com/in/m1/secret'

describe("the relay's webhook addresses answer the shared table", () => {
  it.each(HTTP_URL_CASES.map((c) => [c.input, c.ok] as const))('%j → %s', (input, ok) => {
    for (const urls of [
      { incoming: input, tracking: good, device: good },
      { incoming: good, tracking: input, device: good },
      { incoming: good, tracking: good, device: input }
    ])
      expect(insecureWebhookUrls(urls) === null).toBe(ok)
  })
})
