// Renderer entry: mounts the app (the API is `api.ts` over the preload's / harness bridge's `window.senderDesk`).
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
// The base styles first: each feature's own stylesheet (imported by its components) comes after and builds on it.
import './styles.css'
import { App } from './App'

const root = document.getElementById('root')
if (root)
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>
  )
