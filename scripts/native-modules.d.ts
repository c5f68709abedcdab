// Types for scripts/native-modules.js, so the TypeScript tests in test/packaging can call its functions.

export type NativeMode = 'postinstall' | 'manual' | 'package'
export type NodeBindingState = 'ok' | 'abi-mismatch' | 'missing' | 'broken' | 'not-checked'

export interface ElectronBuildTarget {
  runtime: 'electron'
  electronVersion: string
  abi: string | null
  platform: string
  arch: string
  betterSqlite3: string
}

export interface NativeFacts {
  mode: NativeMode
  force?: boolean
  electronBinary: { present: boolean; reason?: string }
  skipBinaryDownload?: boolean
  wanted: ElectronBuildTarget
  nodeBinding: NodeBindingState
  electronBinding: { exists: boolean; buildInfo: unknown }
  host: { platform: string; arch: string }
}

export interface NativePlan {
  binary: { action: 'keep' | 'download' | 'skip'; reason: string }
  node: { action: 'keep' | 'rebuild'; reason: string }
  electron: { action: 'skip' | 'keep' | 'build'; reason: string }
  verify: boolean
  target: string
}

export type ElectronRebuild = (options: {
  buildPath: string
  projectRootPath: string
  onlyModules: string[]
  electronVersion: string
  platform: string
  arch: string
  force: boolean
  mode: 'sequential'
}) => Promise<unknown>

export const SQLITE_PACKAGE: 'better-sqlite3'
export const BINDING_FILE: 'better_sqlite3.node'
export const ELECTRON_BINDING_DIR: string
export const BUILD_INFO_FILE: string
export const ELECTRON_BINDING_PATH: string
export const FIX_COMMAND: string
export const NODE_GYP_OVERRIDES: readonly string[]

export function electronBuildTarget(facts: {
  electronVersion: string
  electronAbi: string | null
  platform: string
  arch: string
  sqliteVersion: string
}): ElectronBuildTarget
export function buildInfoMatches(recorded: unknown, wanted: ElectronBuildTarget): boolean
export function classifyNodeBinding(probe: {
  ok: boolean
  message?: string
}): Exclude<NodeBindingState, 'not-checked'>
export function skipBinaryDownloadRequested(env: Record<string, string | undefined>): boolean
export function planNativeModules(facts: NativeFacts): NativePlan
export function parseArguments(argv: string[]): {
  mode: 'manual' | 'postinstall'
  force: boolean
  arch: string | undefined
  platform: string | undefined
}
export function failureAdvice(mode: NativeMode, error: unknown): string
export function readElectronPackage(projectDir: string): { version: string; abi: string | null }
export function sqlitePackageDir(projectDir: string): string
export function probeNodeBinding(projectDir: string): { ok: boolean; message: string }
export function downloadElectronBinary(projectDir: string): void
export function rebuildNodeBinding(projectDir: string): void
export function buildElectronBinding(options: {
  projectDir: string
  target: ElectronBuildTarget
  rebuild?: ElectronRebuild
  log?: (line: string) => void
}): Promise<string>
export function verifyElectronBinding(options: {
  projectDir: string
  electronPath: string
  bindingPath: string
}): void
export function ensureNativeModules(options?: {
  mode?: NativeMode
  force?: boolean
  projectDir?: string
  platform?: string
  arch?: string
  log?: (line: string) => void
}): Promise<NativePlan | null>
