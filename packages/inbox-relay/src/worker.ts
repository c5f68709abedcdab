// The Cloudflare Worker entry: sends `/h/{mailbox}/…` and `/m/{mailbox}/…` to that mailbox's Durable Object
// (`idFromName(mailbox)`), and gives `POST /m` a fresh random mailbox name first. Deploy with wrangler.toml.

import { randomToken } from './encoding'
import { empty, isMailboxName, json, problem } from './handler'
import { limitsFromEnv, RelayMailboxObject, type RelayWorkerEnv } from './durable-object'

export { RelayMailboxObject }

interface DurableObjectStubLike {
  fetch(request: Request): Promise<Response>
}

interface DurableObjectNamespaceLike {
  idFromName(name: string): unknown
  get(id: unknown): DurableObjectStubLike
}

export interface RelayWorkerBindings extends RelayWorkerEnv {
  MAILBOX: DurableObjectNamespaceLike
}

export async function routeToMailbox(request: Request, env: RelayWorkerBindings): Promise<Response> {
  const namespace = env.MAILBOX
  const url = new URL(request.url)
  const parts = url.pathname.split('/').filter((part) => part !== '')
  const [area, name] = parts
  if (area === 'healthz' && parts.length === 1) {
    return json(200, { ok: true })
  }
  if (area === 'm' && parts.length === 1 && request.method === 'POST') {
    // The object is found by name, so the name is chosen here; the object then creates it as a PUT would.
    const fresh = randomToken(16)
    url.pathname = `/m/${fresh}`
    const body = await request.arrayBuffer()
    return namespace
      .get(namespace.idFromName(fresh))
      .fetch(new Request(url, { method: 'PUT', headers: request.headers, body }))
  }
  if ((area === 'h' || area === 'm') && name !== undefined && isMailboxName(name)) {
    // Refused here, before waking an object, when the declared size is already too large.
    const declared = Number(request.headers.get('content-length') ?? '0')
    const cap = limitsFromEnv(env).maxBodyBytes ?? Infinity
    if (area === 'h' && declared > cap) {
      return empty(413)
    }
    return namespace.get(namespace.idFromName(name)).fetch(request)
  }
  // No object is woken (nor created) for a path that cannot name a mailbox; the answers are the handler's own.
  if (area === 'h') return empty(404)
  if (area === 'm' && parts.length === 2 && request.method === 'PUT') {
    return problem(400, 'bad_mailbox_name', 'A mailbox name is 8-64 of A-Z a-z 0-9 _ -.')
  }
  if (area === 'm' && parts.length > 1) {
    return problem(401, 'unauthorised', 'Missing or wrong pull token.', { 'www-authenticate': 'Bearer' })
  }
  return problem(404, 'not_found', 'No such route.')
}

export default {
  fetch(request: Request, env: RelayWorkerBindings): Promise<Response> {
    return routeToMailbox(request, env)
  }
}
