// Renderer entry: starts the app (the API is `api.ts` over the preload's / harness bridge's `window.senderDesk`).
// The base styles first: each feature's own stylesheet (imported by its components) comes after and builds on it.
import './styles.css'
import { startWindow } from './start'

const root = document.getElementById('root')
if (root) startWindow(root)
