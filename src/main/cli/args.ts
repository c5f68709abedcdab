/** A small, strict argv parser: positionals, `--flag value`, `--flag=value`, boolean flags; unknown flags are errors. */

export class UsageError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'UsageError'
  }
}

/** A server of ours other than the gateway (the inbox relay) could not be reached: exit 4, as for the gateway. */
export class UnreachableError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'UnreachableError'
  }
}

/**
 * A command that ran and ended in a state the operator must fix (`inbox sync` with no mailbox): an error like any
 * other, its one line on stderr, with the exit code that state has.
 */
export class CommandFailure extends Error {
  constructor(
    message: string,
    readonly exitCode: number
  ) {
    super(message)
    this.name = 'CommandFailure'
  }
}

export interface FlagSpec {
  /** Takes a value (string) or is a switch (boolean). */
  type: 'string' | 'boolean'
}

export interface ParsedArgs {
  positionals: string[]
  flags: Record<string, string | boolean | undefined>
}

export function parseArgs(argv: string[], spec: Record<string, FlagSpec>): ParsedArgs {
  const positionals: string[] = []
  const flags: Record<string, string | boolean | undefined> = {}
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    if (arg === '--') {
      positionals.push(...argv.slice(i + 1))
      break
    }
    if (!arg.startsWith('--')) {
      positionals.push(arg)
      continue
    }
    const eq = arg.indexOf('=')
    const name = arg.slice(2, eq < 0 ? undefined : eq)
    const flag = spec[name]
    if (!flag) throw new UsageError(`unknown option --${name}`)
    if (flag.type === 'boolean') {
      if (eq >= 0) throw new UsageError(`--${name} takes no value`)
      flags[name] = true
      continue
    }
    const value = eq >= 0 ? arg.slice(eq + 1) : argv[++i]
    if (value === undefined || (eq < 0 && value.startsWith('--')))
      throw new UsageError(`--${name} needs a value`)
    flags[name] = value
  }
  return { positionals, flags }
}

export function stringFlag(args: ParsedArgs, name: string): string | undefined {
  const value = args.flags[name]
  return typeof value === 'string' ? value : undefined
}

export function requireString(args: ParsedArgs, name: string, hint?: string): string {
  const value = stringFlag(args, name)
  if (value === undefined || value.trim() === '')
    throw new UsageError(`--${name} is required${hint ? ` (${hint})` : ''}`)
  return value
}

export function intFlag(
  args: ParsedArgs,
  name: string,
  range: { min: number; max: number }
): number | undefined {
  const value = stringFlag(args, name)
  if (value === undefined) return undefined
  const number = Number(value)
  if (!Number.isInteger(number) || number < range.min || number > range.max) {
    throw new UsageError(`--${name} must be a whole number from ${range.min} to ${range.max}`)
  }
  return number
}

/** A server that could not listen on --port: a bad --port (exit 2), not an unexplained failure (exit 1). */
export function portUsageError(error: unknown, port: number): UsageError | null {
  const code = (error as NodeJS.ErrnoException | null)?.code
  if (code !== 'EADDRINUSE' && code !== 'EACCES') return null
  return new UsageError(
    `port ${port} is ${code === 'EADDRINUSE' ? 'already in use' : 'not allowed'}: give another --port, or leave it out for a free one`
  )
}
