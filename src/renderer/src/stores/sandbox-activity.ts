// Sandbox activity store: a counter bumped by `sandbox:changed`, so sandbox panels (inspector, sent list) refetch.
import { create } from 'zustand'

interface SandboxActivityState {
  changeSeq: number
  changed(): void
}

export const useSandboxActivity = create<SandboxActivityState>()((set) => ({
  changeSeq: 0,
  changed: () => set((state) => ({ changeSeq: state.changeSeq + 1 }))
}))

export function resetSandboxActivityStore(): void {
  useSandboxActivity.setState({ changeSeq: 0 })
}
