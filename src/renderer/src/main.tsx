// Renderer entry: starts the app (the API is `api.ts` over the preload's / harness bridge's `window.senderDesk`).
// First, before any other module runs: the core's first answer is asked for while the rest evaluates.
import './early-start'
// The base styles first: each feature's own stylesheet (imported by its components) comes after and builds on it.
import './styles.css'
import { startWindow } from './start'

const root = document.getElementById('root')
if (root) startWindow(root)
