/** Electron entry point: hands over to the shell, which composes the core. */
import { startShell } from './shell/app'

startShell()
