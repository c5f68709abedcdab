/// <reference types="vite/client" />
import type { ContractPipe } from '../../shared/contract-pipe'

declare global {
  interface Window {
    /** The preload's raw pipe; `api.ts` checks it against the contract. */
    senderDesk: ContractPipe
  }
}
