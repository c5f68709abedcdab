/// <reference types="vite/client" />
import type { SenderDeskApi } from '../../shared/contract'

declare global {
  interface Window {
    senderDesk: SenderDeskApi
  }
}
