/** Calls the sandbox gateway's `/__sandbox/` control routes for the CLI (only a sandbox answers them). */
import { GatewayError } from '../core/compose'
import type { GatewayCredentials } from '../core/compose'

/** The `{ok:true, …}` body of a control route; a refusal or an unreachable sandbox is a GatewayError. */
export async function callSandboxControl(
  credentials: GatewayCredentials,
  method: 'GET' | 'POST',
  path: string,
  body?: object
): Promise<Record<string, unknown>> {
  const url = `${credentials.baseUrl.replace(/\/+$/, '')}/__sandbox/${path}`
  const headers: Record<string, string> = {
    authorization: credentials.secret ? `${credentials.token}.${credentials.secret}` : credentials.token
  }
  if (body !== undefined) headers['content-type'] = 'application/json'
  let response: Response
  try {
    response = await fetch(url, {
      method,
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(10_000)
    })
  } catch (cause) {
    throw new GatewayError({
      code: 'network',
      message: `the sandbox at ${credentials.baseUrl} is not reachable`,
      cause: String(cause).split('?')[0]
    })
  }
  const answer = (await response.json().catch(() => null)) as Record<string, unknown> | null
  if (!response.ok || !answer || answer.ok !== true) {
    const why = typeof answer?.error === 'string' ? answer.error : `HTTP ${response.status}`
    throw new GatewayError({
      code: response.status === 404 && !answer ? 'not_supported' : 'rejected',
      message: `sandbox ${path} refused: ${why} (is --base-url a Sender Desk sandbox?)`,
      httpStatus: response.status
    })
  }
  return answer
}
