// How gateway routes are declared and matched, and what a handler gets (the request) and returns (a response).

import type { IncomingHttpHeaders } from 'node:http'
import { authenticate, credentialOf, type AuthOptions } from './auth'
import type { DeviceRecord } from './records'
import type { RequestFields } from './request-fields'
import type { WorldState } from './world'

export interface ApiResponse {
  status: number
  headers: Record<string, string>
  body: string | Buffer
}

export interface ApiContext {
  method: string
  /** Normalised path, e.g. `/api/schedule/abc`. */
  path: string
  params: Record<string, string>
  query: URLSearchParams
  headers: IncomingHttpHeaders
  /** `http://127.0.0.1:PORT` */
  baseUrl: string
  world: WorldState
  /** Body (any encoding) merged over the query; read once. */
  fields(): Promise<RequestFields>
  rawBody(): Promise<Buffer>
}

export type RouteHandler = (ctx: ApiContext) => Promise<ApiResponse> | ApiResponse

export interface Route {
  methods: readonly string[]
  /** `/api/schedule/:id` */
  path: string
  handler: RouteHandler
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): ApiResponse {
  return {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
    body: JSON.stringify(body)
  }
}

/** A JSON text built by hand, for the report quirk of a duplicated `message` key. */
export function rawJson(text: string, status = 200): ApiResponse {
  return { status, headers: { 'content-type': 'application/json; charset=utf-8' }, body: text }
}

export function html(text: string, status = 200): ApiResponse {
  return { status, headers: { 'content-type': 'text/html; charset=utf-8' }, body: text }
}

/** The device the request authenticates as (see auth.ts for the forms accepted). */
export function requestDevice(ctx: ApiContext, options: AuthOptions = {}): DeviceRecord {
  return authenticate(ctx.world, credentialOf(ctx.headers, ctx.query, ctx.params.token), options)
}

interface CompiledRoute extends Route {
  pattern: RegExp
  keys: string[]
}

export type RouteMatch =
  | { kind: 'found'; handler: RouteHandler; params: Record<string, string> }
  | { kind: 'method-not-allowed' }
  | { kind: 'not-found' }

export class RouteTable {
  private readonly routes: CompiledRoute[]

  constructor(routes: readonly Route[]) {
    this.routes = routes.map((route) => {
      const keys: string[] = []
      const source = route.path
        .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
        .replace(/:(\w+)/g, (_match, key: string) => {
          keys.push(key)
          return '([^/]+)'
        })
      return { ...route, pattern: new RegExp(`^${source}$`), keys }
    })
  }

  match(method: string, path: string): RouteMatch {
    let pathKnown = false
    for (const route of this.routes) {
      const found = route.pattern.exec(path)
      if (!found) continue
      pathKnown = true
      if (!route.methods.includes(method.toUpperCase())) continue
      const params: Record<string, string> = {}
      route.keys.forEach((key, i) => {
        params[key] = decodeURIComponent(found[i + 1] ?? '')
      })
      return { kind: 'found', handler: route.handler, params }
    }
    return pathKnown ? { kind: 'method-not-allowed' } : { kind: 'not-found' }
  }
}
