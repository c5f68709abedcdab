/**
 * zod builds each object schema's fast parser with `new Function`, after probing at the schema's construction whether
 * it may. In the window that probe breaks the window's own CSP (no 'unsafe-eval'): a script-src violation, reported
 * and logged at every start, for a parser the page could never use. jitless skips the probe; it must be set before
 * the first schema is built, so the window's contract client imports this module before the contract.
 */
import { z } from 'zod'

z.config({ jitless: true })
