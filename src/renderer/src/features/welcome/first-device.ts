// The two ways to a first device, offered by the welcome view and wherever the window finds no device (the Overview
// reached by its shortcut): add a real gateway device, or try the built-in sandbox (which lands in the linking wizard).
import { useState } from 'react'
import { errorInfo } from '../../api'
import { useApp } from '../../stores/app'
import { useNavigation } from '../../stores/navigation'

export const addFirstDevice = (): void => useNavigation.getState().navigate('devices', { addDevice: true })

export function useTrySandbox(): {
  busy: boolean
  error: string | null
  setError(error: string | null): void
  trySandbox(): Promise<void>
} {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  async function trySandbox(): Promise<void> {
    setBusy(true)
    setError(null)
    try {
      await useApp.getState().startSandbox()
    } catch (e) {
      setError(errorInfo(e).message)
    } finally {
      setBusy(false)
    }
  }
  return { busy, error, setError, trySandbox }
}
