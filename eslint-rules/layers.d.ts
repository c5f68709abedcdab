// Types for the layer table (eslint-rules/layers.js), which the tests and the docs' generator read.
export interface Layer {
  name: string
  modules: string[]
  entries?: string[]
  imports: string[]
  modulesToo?: string[]
  node?: boolean
  electron?: boolean
  npm?: boolean
  notNpm?: string[]
  tests?: boolean
  byName?: boolean
  why: string
}
export const root: string
export const LAYERED: string[]
export const LAYERS: Layer[]
export function ownerOf(path: string): { layer: Layer; module: string } | undefined
export function isTestCode(path: string): boolean
export function workspacePackages(): Map<string, { module: string; doors: string[] }>
export function markdownTable(): string
export const LAYERS_TABLE_START: string
export const LAYERS_TABLE_END: string
