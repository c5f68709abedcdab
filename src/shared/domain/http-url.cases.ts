// One table for webhook and callback addresses (isHttpUrl), run against the domain function, the contract's
// webhooks:update and the gateway client's webhook calls.
import { MAX_HTTP_URL_LENGTH } from './base-url'

export const HTTP_URL_CASES: readonly { input: string; ok: boolean }[] = [
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
  { input: 'http://example.com:99999/', ok: false }
]
