// One table of gateway base-URL cases, run against every layer that checks an address (domain, registry, gateway client).
import type { BaseUrlProblem } from './base-url'

export interface BaseUrlCase {
  input: string
  allowInsecureHttp?: boolean
  expected: { value: string } | { problem: BaseUrlProblem; message: RegExp }
}

export const BASE_URL_CASES: readonly BaseUrlCase[] = [
  { input: 'https://solo.wablas.com', expected: { value: 'https://solo.wablas.com' } },
  { input: 'https://solo.wablas.com/', expected: { value: 'https://solo.wablas.com' } },
  { input: 'https://solo.wablas.com/api', expected: { value: 'https://solo.wablas.com' } },
  { input: ' https://solo.wablas.com/api// ', expected: { value: 'https://solo.wablas.com' } },
  { input: 'https://Solo.Wablas.com//api/', expected: { value: 'https://solo.wablas.com' } },
  { input: 'solo.wablas.com', expected: { value: 'https://solo.wablas.com' } },
  { input: 'https://proxy.example.com/wablas/api', expected: { value: 'https://proxy.example.com/wablas' } },
  { input: 'http://127.0.0.1:8080/api', expected: { value: 'http://127.0.0.1:8080' } },
  { input: 'http://127.0.0.1:8080/gw', expected: { value: 'http://127.0.0.1:8080/gw' } },
  { input: 'http://127.3.4.5:1', expected: { value: 'http://127.3.4.5:1' } },
  { input: 'http://localhost:3000', expected: { value: 'http://localhost:3000' } },
  { input: 'http://[::1]:3000/', expected: { value: 'http://[::1]:3000' } },
  {
    input: 'http://192.168.1.10:8080/api',
    allowInsecureHttp: true,
    expected: { value: 'http://192.168.1.10:8080' }
  },
  { input: 'http://solo.wablas.com', expected: { problem: 'insecure_http', message: /unencrypted/ } },
  { input: 'http://192.168.1.10:8080', expected: { problem: 'insecure_http', message: /unencrypted/ } },
  { input: 'http://128.0.0.1', expected: { problem: 'insecure_http', message: /unencrypted/ } },
  // A name under .localhost is not this computer by rule (DNS decides), so it is not loopback.
  { input: 'http://evil.localhost:3000', expected: { problem: 'insecure_http', message: /unencrypted/ } },
  { input: 'http://localhost.evil.example', expected: { problem: 'insecure_http', message: /unencrypted/ } },
  // A mistyped scheme is refused, never read as a host named "http" (it became https://http/evil.example).
  { input: 'http:/evil.example', expected: { problem: 'not_a_url', message: /not a web address/ } },
  { input: 'https:solo.wablas.com', expected: { problem: 'not_a_url', message: /not a web address/ } },
  { input: 'HTTP:\\evil.example', expected: { problem: 'not_a_url', message: /not a web address/ } },
  { input: 'ftp://solo.wablas.com', expected: { problem: 'scheme', message: /https/ } },
  {
    input: 'https://user:pw@solo.wablas.com',
    expected: { problem: 'credentials', message: /user name and password/ }
  },
  {
    input: 'https://solo.wablas.com/api/device/info?token=abcdef123456',
    expected: { problem: 'query', message: /server address only/ }
  },
  { input: '', expected: { problem: 'empty', message: /Enter the gateway address/ } },
  { input: 'https://', expected: { problem: 'not_a_url', message: /not a web address/ } }
]
