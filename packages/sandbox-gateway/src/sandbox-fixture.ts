// Test fixture: a sandbox on a TestClock plus a plain-fetch caller; imported by the *.test.ts files here only.

import { TestClock } from './test-clock'
import {
  startSandboxInProcess as startSandbox,
  type InProcessSandbox as Sandbox,
  type SandboxOptions
} from './in-process'
import { CONTROL_TOKEN_HEADER } from './http-server'

// Tests index response bodies freely and assert their shapes with expect().
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type JsonBody = any

export interface CallResult {
  status: number
  headers: Headers
  body: JsonBody
  text: string
}

export interface TestSandbox {
  sandbox: Sandbox
  clock: TestClock
  /** fetch against the sandbox; `token` goes into the Authorization header; objects are sent as JSON. */
  call(
    path: string,
    init?: Omit<RequestInit, 'body'> & { token?: string; body?: RequestInit['body'] | object }
  ): Promise<CallResult>
  close(): Promise<void>
}

export async function openSandbox(
  options: Omit<SandboxOptions, 'clock'> & { clock?: TestClock } = {}
): Promise<TestSandbox> {
  const clock = options.clock ?? new TestClock('2026-01-15T03:00:00Z')
  // The package's tests ask for reproducible ids; the sandbox itself draws from the CSPRNG without a seed.
  // Their webhook receivers listen on 127.0.0.1, which a sandbox refuses unless the run opts in.
  const sandbox = await startSandbox({ seed: 0x5eed, allowPrivateWebhookTargets: true, ...options, clock })
  return {
    sandbox,
    clock,
    async call(path, init = {}) {
      const { token, body, headers, ...rest } = init
      const finalHeaders = new Headers(headers)
      if (token !== undefined) finalHeaders.set('authorization', token)
      if (path.startsWith('/__sandbox') && !finalHeaders.has(CONTROL_TOKEN_HEADER)) {
        finalHeaders.set(CONTROL_TOKEN_HEADER, sandbox.controlToken)
      }
      let finalBody: RequestInit['body'] | undefined
      const isPlainObject =
        body !== null &&
        typeof body === 'object' &&
        !(body instanceof URLSearchParams) &&
        !(body instanceof FormData) &&
        !(body instanceof Uint8Array) &&
        !(body instanceof Blob)
      if (isPlainObject) {
        finalHeaders.set('content-type', 'application/json')
        finalBody = JSON.stringify(body)
      } else {
        finalBody = body as RequestInit['body'] | undefined
      }
      const res = await fetch(`${sandbox.baseUrl}${path}`, {
        ...rest,
        headers: finalHeaders,
        body: finalBody
      })
      const text = await res.text()
      return { status: res.status, headers: res.headers, body: parseOrUndefined(text), text }
    },
    close: () => sandbox.close()
  }
}

/** Form-urlencoded body, as PHP clients post it. */
export function form(fields: Record<string, string>): URLSearchParams {
  return new URLSearchParams(fields)
}

/** Waits (real event-loop turns, no timers) until `condition` holds, e.g. a request reached the server. */
export async function waitUntil(condition: () => boolean, turns = 500): Promise<void> {
  for (let i = 0; i < turns; i++) {
    if (condition()) return
    await new Promise<void>((resolve) => setImmediate(resolve))
  }
  throw new Error('condition not reached')
}

function parseOrUndefined(text: string): JsonBody {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
