// Renderer entry: mounts the app (the API is `api.ts` over the preload's / harness bridge's `window.senderDesk`).
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App'
import './styles.css'

const root = document.getElementById('root')
if (root)
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>
  )
