// One table for webhook and callback addresses (isHttpUrl, httpUrlProblem), run against the domain function, the
// contract's webhooks:update, the gateway client's webhook calls and the relay's webhook addresses. `problem` is what
// the window names (each problem its own words); absent where only `ok` matters.
import { MAX_HTTP_URL_LENGTH, type HttpUrlProblem } from './base-url'

export const HTTP_URL_CASES: readonly { input: string; ok: boolean; problem?: HttpUrlProblem }[] = [
  { input: 'https://hooks.example.com/in', ok: true },
  { input: 'http://127.0.0.1:8080/hook?x=1', ok: true },
  { input: '  https://example.com/x  ', ok: true },
  { input: 'HTTPS://EXAMPLE.COM', ok: true },
  { input: `https://example.com/${'a'.repeat(MAX_HTTP_URL_LENGTH - 20)}`, ok: true },
  { input: `https://example.com/${'a'.repeat(MAX_HTTP_URL_LENGTH)}`, ok: false },
  { input: '', ok: false },
  { input: 'example.com/hook', ok: false },
  { input: 'http:example.com', ok: false },
  { input: 'ftp://example.com', ok: false },
  { input: 'https://exa mple.com', ok: false },
  { input: 'https://[::1', ok: false },
  { input: 'http://example.com:99999/', ok: false },
  // QA34 Q34-05: an impossible port is a port problem, not a scheme one.
  { input: 'https://example.com:99999/in', ok: false, problem: 'port' },
  { input: 'https://contoh.example:70000/masuk', ok: false, problem: 'port' },
  { input: 'https://example.com:0/in', ok: false, problem: 'port' },
  { input: 'https://example.com:8443/in', ok: true },
  { input: 'https://[2001:db8::1]:8443/in', ok: true },
  // QA34 Q34-06: host names that cannot exist.
  { input: 'https://example..com/in', ok: false, problem: 'host' },
  { input: 'https://-bad-.example/in', ok: false, problem: 'host' },
  { input: 'https://bad-.example/in', ok: false, problem: 'host' },
  { input: 'https://.example.com/in', ok: false, problem: 'host' },
  { input: `https://${'a'.repeat(64)}.example/in`, ok: false, problem: 'host' },
  { input: 'https://xn--bcher-kva.example/in', ok: true },
  { input: 'https://my-hooks.example.co.id./in', ok: true },
  // Plain http only to this computer, as for the relay's webhook addresses: the address may carry a secret.
  { input: 'http://example.com/in', ok: false, problem: 'insecure_http' },
  { input: 'http://192.168.1.10:8080/in', ok: false, problem: 'insecure_http' },
  { input: 'http://evil.localhost:3000/in', ok: false, problem: 'insecure_http' },
  { input: 'http://localhost:5944/in', ok: true },
  { input: 'http://[::1]:5944/in', ok: true },
  // QA35 Q35-03: a user name or password in the address (the gateway refuses it: put a secret in the path).
  { input: 'https://user:pw@example.com/in', ok: false, problem: 'credentials' },
  { input: 'https://user@example.com/in', ok: false, problem: 'credentials' },
  { input: 'https://:pw@example.com/in', ok: false, problem: 'credentials' },
  // QA35 Q35-07: host problems named for what is wrong.
  { input: 'https://exam_ple.com/in', ok: false, problem: 'host_underscore' },
  { input: 'https://256.1.1.1/in', ok: false, problem: 'ip_part' },
  { input: 'https://10.0.0.300:8443/in', ok: false, problem: 'ip_part' },
  { input: 'https://10.0.0.255/in', ok: true },
  { input: 'ftp://example.com/in', ok: false, problem: 'scheme' },
  { input: 'example.com/in', ok: false, problem: 'scheme' },
  { input: 'https://exa mple.com/in', ok: false, problem: 'not_a_url' },
  { input: `https://example.com/${'a'.repeat(MAX_HTTP_URL_LENGTH)}`, ok: false, problem: 'too_long' }
]
