// One table for whether a gateway can reach a webhook address (webhook-reach.ts), run against the rule and against
// webhooks:update on a hosted device. `unreachable` is the place named in the refusal, or null when it is taken.
import type { AddressPlace } from './webhook-reach'

export const PUBLIC_GATEWAY = 'https://solo.wablas.com'
const OFFICE_GATEWAY = 'https://192.168.1.20'
const GATEWAY_ON_THIS_COMPUTER = 'http://127.0.0.1:8080'

export const WEBHOOK_REACH_CASES: readonly {
  gateway: string
  target: string
  unreachable: Exclude<AddressPlace, 'internet'> | null
}[] = [
  { gateway: PUBLIC_GATEWAY, target: 'https://hooks.example.com/in', unreachable: null },
  { gateway: PUBLIC_GATEWAY, target: 'https://203.0.113.7/in', unreachable: null },
  // The address the harness probe typed: the hosted gateway would have taken it and posted nowhere.
  { gateway: PUBLIC_GATEWAY, target: 'http://localhost:9999/hook', unreachable: 'this-computer' },
  { gateway: PUBLIC_GATEWAY, target: 'http://LOCALHOST./hook', unreachable: 'this-computer' },
  { gateway: PUBLIC_GATEWAY, target: 'http://127.0.0.1:8787/in', unreachable: 'this-computer' },
  { gateway: PUBLIC_GATEWAY, target: 'http://127.9.9.9/in', unreachable: 'this-computer' },
  { gateway: PUBLIC_GATEWAY, target: 'http://[::1]:5944/in', unreachable: 'this-computer' },
  { gateway: PUBLIC_GATEWAY, target: 'https://[::ffff:127.0.0.1]/in', unreachable: 'this-computer' },
  { gateway: PUBLIC_GATEWAY, target: 'https://0.0.0.0/in', unreachable: 'this-computer' },
  { gateway: PUBLIC_GATEWAY, target: 'https://relay.localhost/in', unreachable: 'this-computer' },
  { gateway: PUBLIC_GATEWAY, target: 'https://192.168.1.10:8443/in', unreachable: 'private-network' },
  { gateway: PUBLIC_GATEWAY, target: 'https://10.0.0.5/in', unreachable: 'private-network' },
  { gateway: PUBLIC_GATEWAY, target: 'https://172.20.1.1/in', unreachable: 'private-network' },
  { gateway: PUBLIC_GATEWAY, target: 'https://172.32.1.1/in', unreachable: null },
  { gateway: PUBLIC_GATEWAY, target: 'https://169.254.169.254/latest', unreachable: 'private-network' },
  { gateway: PUBLIC_GATEWAY, target: 'https://[fd00::1]/in', unreachable: 'private-network' },
  { gateway: PUBLIC_GATEWAY, target: 'https://printer.local/in', unreachable: 'private-network' },
  { gateway: PUBLIC_GATEWAY, target: 'https://crm.home.arpa/in', unreachable: 'private-network' },
  { gateway: PUBLIC_GATEWAY, target: 'https://intranet/in', unreachable: 'private-network' },
  { gateway: PUBLIC_GATEWAY, target: 'https://local.example.com/in', unreachable: null },
  // A gateway on the office network reaches that network, not the computer the app runs on.
  { gateway: OFFICE_GATEWAY, target: 'https://192.168.1.30/in', unreachable: null },
  { gateway: OFFICE_GATEWAY, target: 'https://crm.lan/in', unreachable: null },
  { gateway: OFFICE_GATEWAY, target: 'https://hooks.example.com/in', unreachable: null },
  { gateway: OFFICE_GATEWAY, target: 'http://localhost:9999/hook', unreachable: 'this-computer' },
  { gateway: 'https://gateway.office.internal', target: 'https://10.1.2.3/in', unreachable: null },
  // A gateway on this computer (a compatible one run here, or a test's) reaches everything.
  { gateway: GATEWAY_ON_THIS_COMPUTER, target: 'http://localhost:9999/hook', unreachable: null },
  { gateway: GATEWAY_ON_THIS_COMPUTER, target: 'https://192.168.1.10/in', unreachable: null },
  { gateway: 'http://localhost:3000', target: 'http://127.0.0.1:8787/in', unreachable: null }
]
