/**
 * The app's own sandbox's control token, kept for the terminal while that sandbox runs (QA80): `sender-desk webhook
 * deliveries` and the sandbox's actions need it, and the app never prints it. It lives in the data folder in a file
 * only this user can read (0600, in the 0700 folder), named with the sandbox's address, and goes when the sandbox
 * closes. It gives nothing the data folder does not already: whoever reads the folder reads the sandbox's world
 * (device tokens included) and the app's secrets file. The token is new each run, so a file a crash left behind opens
 * nothing. The terminal sends it only to the address it was kept with (`appSandboxControl`).
 */
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { readJsonFile, writeJsonAtomic } from '../private-files'

export const SANDBOX_CONTROL_FILE = 'sandbox-control.json'

/** What the file holds: the running sandbox's address and the control token it requires. */
export interface KeptSandboxControl {
  baseUrl: string
  controlToken: string
}

const fileIn = (dataDir: string): string => join(dataDir, SANDBOX_CONTROL_FILE)

async function keptIn(dataDir: string): Promise<KeptSandboxControl | null> {
  // A file that cannot be read (damaged, a folder in its place) is as good as none: the terminal asks for the token.
  const value = (await readJsonFile(fileIn(dataDir)).catch(() => undefined)) as
    Record<string, unknown> | undefined
  if (!value || typeof value.baseUrl !== 'string' || typeof value.controlToken !== 'string') return null
  return { baseUrl: value.baseUrl, controlToken: value.controlToken }
}

/** Keeps a running sandbox's control token for the terminal (written whole, 0600). */
export function keepSandboxControl(dataDir: string, kept: KeptSandboxControl): Promise<void> {
  return writeJsonAtomic(fileIn(dataDir), kept)
}

/** Lets go of the kept token when the sandbox that uses it closes (not one a later run has kept since). */
export async function forgetSandboxControl(dataDir: string, controlToken: string): Promise<void> {
  if ((await keptIn(dataDir))?.controlToken === controlToken) await rm(fileIn(dataDir), { force: true })
}

/** One sandbox address however it is spelled: the sandbox answers to `127.0.0.1:PORT` and `localhost:PORT` alike. */
function sandboxOrigin(baseUrl: string): string | null {
  if (!URL.canParse(baseUrl)) return null
  const url = new URL(baseUrl)
  if (url.hostname === 'localhost') url.hostname = '127.0.0.1'
  return url.origin
}

/**
 * The app's sandbox as kept in `dataDir`, or null when it keeps none (no sandbox running, or another data folder).
 * `token` is its control token when it is the sandbox at `baseUrl`, else null: never sent to another address.
 */
export async function appSandboxControl(
  dataDir: string,
  baseUrl: string
): Promise<{ baseUrl: string; token: string | null } | null> {
  const kept = await keptIn(dataDir)
  if (!kept) return null
  const same = sandboxOrigin(baseUrl) !== null && sandboxOrigin(baseUrl) === sandboxOrigin(kept.baseUrl)
  return { baseUrl: kept.baseUrl, token: same ? kept.controlToken : null }
}
