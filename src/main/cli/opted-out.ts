/**
 * The terminal's side of the opt-out ask: a send to a number that asked for no more messages is refused, naming the
 * numbers and the flag that sends anyway. The terminal has no dialog, and a script must say so outright, so there is
 * no prompt: `--include-opted-out` is the operator's "Send anyway".
 */
import { UsageError, type ParsedArgs } from './args'
import { ApiFailure, type CommandLineCore } from '../core/compose-command-line'

export const INCLUDE_OPTED_OUT = 'include-opted-out'

/** The answer the core is given: `send` when the flag says so, else nothing (the core refuses, we word it). */
export function optedOutAnswer(args: ParsedArgs): 'send' | undefined {
  return args.flags[INCLUDE_OPTED_OUT] === true ? 'send' : undefined
}

/** The refusal for numbers on the list: which ones, that nothing went, and how to send anyway. */
export function optedOutRefusal(numbers: readonly string[]): UsageError {
  // One number is named once, as the subject; several are counted, then listed.
  const which =
    numbers.length === 1
      ? `${numbers[0]} is on the opt-out list.`
      : `${numbers.length} numbers are on the opt-out list: ${numbers.join(', ')}.`
  return new UsageError(`${which} Nothing was sent. To send anyway: --${INCLUDE_OPTED_OUT}`)
}

/** Runs a queuing command; the core's `opted_out` refusal comes back worded for the terminal, with the flag. */
export async function refusingOptedOut<T>(queue: () => Promise<T>): Promise<T> {
  try {
    return await queue()
  } catch (error) {
    if (error instanceof ApiFailure && error.code === 'opted_out') {
      const numbers = error.text?.params?.['numbers']
      throw optedOutRefusal(typeof numbers === 'string' ? numbers.split(', ') : [])
    }
    throw error
  }
}

/**
 * A send straight to the gateway (now, or a reminder the gateway keeps) passes no queue, so it asks the core's
 * opt-out list itself, as the queue would; the numbers are in the gateway's form.
 */
export function refuseOptedOut(core: CommandLineCore, recipients: readonly string[]): void {
  const numbers = core.optedOut(recipients)
  if (numbers.length > 0) throw optedOutRefusal(numbers)
}
