// The sandbox's endpoint list against the gateway reference itself: every endpoint the reference names is served
// (the contract test then calls each one), or listed as not served with the reason.

import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { DOCUMENTED_ENDPOINTS, endpointsNamedIn } from './documented-endpoints'

// The reference lives next to the repository (`../shared/gateway-api.md` from its root, or one level further up from
// a worktree); GATEWAY_API_REFERENCE names it elsewhere.
const REPOSITORY_ROOT = resolve(import.meta.dirname, '../../..')
const referencePath = [
  process.env.GATEWAY_API_REFERENCE,
  resolve(REPOSITORY_ROOT, '../shared/gateway-api.md'),
  resolve(REPOSITORY_ROOT, '../../shared/gateway-api.md')
].find((candidate): candidate is string => candidate !== undefined && existsSync(candidate))

describe('the endpoint list follows the gateway reference', () => {
  it('finds the endpoints in a reference text, host, query and placeholders dropped', () => {
    const text = [
      '| `GET /api/device/info?token=` | …',
      '`POST /api/upload/{image\\|video}` and `DELETE /api/v2/media/delete/{id}`',
      '`GET https://phone.wablas.com/check-phone-number?phones=a,b`, also `/api/v2/send-schedule`',
      '`/api/<name>` `/api/send-*` `https://{server}.wablas.com/{image|video}/{filename}` `GET /api/report?from=Y[&limit=]`'
    ].join('\n')
    expect(endpointsNamedIn(text)).toEqual([
      { method: 'GET', path: '/api/device/info' },
      { method: 'POST', path: '/api/upload/image' },
      { method: 'POST', path: '/api/upload/video' },
      { method: 'DELETE', path: '/api/v2/media/delete/x' },
      { method: 'GET', path: '/check-phone-number' },
      { method: null, path: '/api/v2/send-schedule' },
      { method: 'GET', path: '/api/report' }
    ])
  })

  it.skipIf(referencePath === undefined)(
    'serves every endpoint the reference names (skipped when shared/gateway-api.md is not beside the checkout)',
    () => {
      const named = endpointsNamedIn(readFileSync(referencePath ?? '', 'utf8'))
      expect(named.length).toBeGreaterThan(80)
      const served = (method: string | null, path: string): boolean =>
        DOCUMENTED_ENDPOINTS.some(
          (endpoint) => endpoint.path === path && (method === null || endpoint.method === method)
        )
      const forgotten = named.filter(({ method, path }) => !served(method, path))
      expect(forgotten).toEqual([])
    }
  )
})
