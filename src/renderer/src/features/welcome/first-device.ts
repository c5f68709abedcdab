// The two ways to a first device, offered by the welcome view and wherever the window finds no device (the Overview
// reached by its shortcut): add a real gateway device, or try the built-in sandbox (which lands in the linking wizard).
import { useState } from 'react'
import { coreMessage, errorWords, type CoreWords } from '../../api'
import { useLanguage } from '../../i18n'
import { useApp } from '../../stores/app'
import { useNavigation } from '../../stores/navigation'

export const addFirstDevice = (): void => useNavigation.getState().navigate('devices', { addDevice: true })

/**
 * Trying the sandbox, and what went wrong: `error` is said in the language drawn in, as the welcome view's language
 * may be chosen after it (issue 29 point 6); `setError` keeps another failure's words there.
 */
export function useTrySandbox(): {
  busy: boolean
  error: string | null
  setError(error: CoreWords | null): void
  trySandbox(): Promise<void>
} {
  const language = useLanguage()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<CoreWords | null>(null)
  async function trySandbox(): Promise<void> {
    setBusy(true)
    setError(null)
    try {
      await useApp.getState().startSandbox()
    } catch (e) {
      setError(errorWords(e))
    } finally {
      setBusy(false)
    }
  }
  return { busy, error: error && coreMessage(error, language), setError, trySandbox }
}
