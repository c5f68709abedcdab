// The sandbox-control feature's public surface: the embedded sandbox the app drives, access to its devices, commands.
export { EmbeddedSandbox, portOf } from './embedded-sandbox'
export type { EmbeddedSandboxOptions, RunningSandbox } from './embedded-sandbox'
export { sandboxLookup } from './access'
export type { SandboxAccess, SandboxAccessDeps, SandboxLookup } from './access'
export { createSandboxCommands, startSandboxFresh, toSandboxMessageView } from './commands'
export type { SandboxChannel, SandboxCommandsDeps } from './commands'
