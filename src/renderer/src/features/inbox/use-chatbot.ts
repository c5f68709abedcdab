// The chatbot view's data: every device's auto-reply rules as the core keeps them, each with the conversations it
// answered lately (`autoReplies:chatbot`), asked again when the inbox changes (a new message may be a keyword).
import { useEffect, useState } from 'react'
import type { ChatbotDeviceView } from '../../../../shared/contract'
import { call, errorInfo, getApi } from '../../api'

export interface Chatbot {
  devices: ChatbotDeviceView[] | null
  error: string | null
}

export function useChatbot(): Chatbot {
  const [devices, setDevices] = useState<ChatbotDeviceView[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    // The newest ask wins: an older answer arriving late, or one after the view closed, is dropped.
    let generation = 0
    let live = true
    const load = (): void => {
      const mine = ++generation
      call('autoReplies:chatbot', {})
        .then((reply) => {
          if (!live || mine !== generation) return
          setDevices(reply.devices)
          setError(null)
        })
        .catch((e: unknown) => {
          if (live && mine === generation) setError(errorInfo(e).message)
        })
    }
    load()
    const off = getApi().on('inbox:changed', load)
    return () => {
      live = false
      off()
    }
  }, [])
  return { devices, error }
}
