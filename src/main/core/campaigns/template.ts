// Message templates for campaigns: `{Column}` variables from the row and `{a|b|c}` spintax picked with a per-row seed,
// so the preview of a row is exactly what that row sends.
import { MAX_CAPTION_LENGTH, MAX_TEXT_LENGTH } from '../../../shared/domain'
import { keepFormattingAcrossLines } from '../../../shared/domain'
import { englishText, type KeyedText } from '../commands'
import { SeededRandom } from '../seeded-random'

type TemplateNode = { text: string } | { variable: string } | { choices: TemplateNode[][] }

/** A template that cannot be parsed: English in its message (CLI), its key in `text` for the window. */
export class TemplateError extends Error {
  readonly text: KeyedText
  constructor(text: KeyedText) {
    super(englishText(text))
    this.name = 'TemplateError'
    this.text = text
  }
}

/**
 * The limits a rendered row must fit: the gateway's, the same as a message typed in Send (the domain's one text rule).
 * Campaigns allowed 4,096 characters where Send refused 1,025: the gateway documents 1,024 for both.
 */
export const TEXT_LIMIT = MAX_TEXT_LENGTH
export const CAPTION_LIMIT = MAX_CAPTION_LENGTH

/**
 * Spintax nested deeper than this is refused: the parser, the renderer and the length bound recurse once per level,
 * and 2,500 levels overflowed the stack. Real templates nest two or three.
 */
export const MAX_SPINTAX_DEPTH = 20
/**
 * The most spintax options in one template (every `|`-separated choice counted, at any depth): plenty for varied
 * wording, and a bound on the work of checking each row's longest message.
 */
export const MAX_SPINTAX_OPTIONS = 1_000

/**
 * Parses a template; `{{` and `}}` stand for literal braces. Throws TemplateError on an unclosed or stray brace, and
 * on spintax past MAX_SPINTAX_DEPTH or MAX_SPINTAX_OPTIONS.
 */
export function parseTemplate(template: string): TemplateNode[] {
  let at = 0
  let depth = 0
  let optionCount = 0
  const parseSequence = (inside: boolean): TemplateNode[][] => {
    const options: TemplateNode[][] = [[]]
    let text = ''
    const flush = (): void => {
      if (text !== '') options[options.length - 1]?.push({ text })
      text = ''
    }
    while (at < template.length) {
      const ch = template[at] ?? ''
      const next = template[at + 1]
      if ((ch === '{' && next === '{') || (ch === '}' && next === '}' && !inside)) {
        text += ch
        at += 2
      } else if (ch === '{') {
        flush()
        const start = at
        // Refused before recursing: the depth check itself must not need the stack it protects.
        if (depth >= MAX_SPINTAX_DEPTH)
          throw new TemplateError({
            key: 'desktop.error.spintaxTooDeep',
            params: { max: MAX_SPINTAX_DEPTH, at: start + 1 }
          })
        at++
        depth++
        const inner = parseSequence(true)
        depth--
        if (template[at] !== '}')
          throw new TemplateError({ key: 'desktop.error.braceNotClosed', params: { at: start + 1 } })
        at++
        const only = inner.length === 1 ? inner[0] : undefined
        const name = only && only.length === 1 && only[0] && 'text' in only[0] ? only[0].text.trim() : null
        if (inner.length === 1 && name) options[options.length - 1]?.push({ variable: name })
        else if (inner.length === 1)
          throw new TemplateError({ key: 'desktop.error.emptyBraces', params: { at: start + 1 } })
        else {
          optionCount += inner.length
          if (optionCount > MAX_SPINTAX_OPTIONS)
            throw new TemplateError({
              key: 'desktop.error.spintaxTooManyOptions',
              params: { max: MAX_SPINTAX_OPTIONS }
            })
          options[options.length - 1]?.push({ choices: inner })
        }
      } else if (ch === '}') {
        if (!inside) throw new TemplateError({ key: 'desktop.error.strayBrace', params: { at: at + 1 } })
        flush()
        return options
      } else if (ch === '|' && inside) {
        flush()
        options.push([])
        at++
      } else {
        text += ch
        at++
      }
    }
    flush()
    return options
  }
  const [top] = parseSequence(false)
  return top ?? []
}

/** The variable names a template uses, in order of first use. */
export function templateVariables(template: string): string[] {
  return compileTemplate(template).variables
}

/** The seed of a row's spintax: the same campaign and row always pick the same variants. */
export function rowSeed(campaignId: string, rowNumber: number): number {
  let hash = 2166136261
  for (const ch of `${campaignId}#${rowNumber}`) {
    hash ^= ch.charCodeAt(0)
    hash = Math.imul(hash, 16777619)
  }
  return hash >>> 0
}

/** A row's values by variable name as written in the template; `undefined` when the row has no such column. */
export type VariableLookup = (name: string) => string | undefined

/** A template parsed once, rendered for each row: a campaign check renders 50,000 rows with one parse. */
export interface CompiledTemplate {
  /** The variable names it uses, in order of first use. */
  readonly variables: string[]
  /** The message for one row; a missing or blank variable is listed in `missing` and left as `{Name}`. */
  render(lookup: VariableLookup, seed: number): { text: string; missing: string[] }
  /**
   * The length of the longest message any seed can give when each variable has a value of the given length
   * (`lengths[i]` for `variables[i]`): the fixed text plus, for spintax, its longest option. No seed renders longer,
   * so a row within the limit by this bound needs no rendering to pass the length check.
   */
  longest(lengths: ArrayLike<number>): number
}

/** Parses a template once (throws TemplateError like parseTemplate). */
export function compileTemplate(template: string): CompiledTemplate {
  const nodes = parseTemplate(template)
  const variables: string[] = []
  let spins = false
  const visit = (list: TemplateNode[]): void => {
    for (const node of list) {
      if ('variable' in node && !variables.includes(node.variable)) variables.push(node.variable)
      if ('choices' in node) {
        spins = true
        node.choices.forEach(visit)
      }
    }
  }
  visit(nodes)
  const plan = lengthPlan(nodes, variables)
  return {
    variables,
    render(lookup, seed) {
      const missing: string[] = []
      // No generator for a template without spintax: it would draw nothing.
      const random = spins ? new SeededRandom(seed) : null
      return {
        text: keepFormattingAcrossLines(renderNodes(nodes, lookup, random, missing), LINE_BREAK),
        missing
      }
    },
    longest(lengths) {
      return longestOf(plan, lengths)
    }
  }
}

/**
 * A node list as longest() reads it, worked out once per template: the fixed text's length, the variables outside
 * spintax (by their index in the template's variables), and each spintax's options alike. longest() runs for every
 * row of a sheet; walking the nodes and asking each which kind it is, or looking values up by name, cost more than
 * the sums.
 */
interface LengthPlan {
  fixed: number
  variables: number[]
  spins: LengthPlan[][]
}

function lengthPlan(nodes: readonly TemplateNode[], variables: readonly string[]): LengthPlan {
  const plan: LengthPlan = { fixed: 0, variables: [], spins: [] }
  for (const node of nodes) {
    if ('text' in node) plan.fixed += node.text.length
    else if ('variable' in node) plan.variables.push(variables.indexOf(node.variable))
    else plan.spins.push(node.choices.map((choice) => lengthPlan(choice, variables)))
  }
  return plan
}

function longestOf(plan: LengthPlan, lengths: ArrayLike<number>): number {
  let length = plan.fixed
  for (const variable of plan.variables) length += lengths[variable] ?? 0
  for (const choices of plan.spins) {
    let longestChoice = 0
    for (const choice of choices) longestChoice = Math.max(longestChoice, longestOf(choice, lengths))
    length += longestChoice
  }
  return length
}

/**
 * Marks a line break inside an inserted value until the message is whole: then each one closes and reopens the
 * WhatsApp formatting around it (keepFormattingAcrossLines). A private-use character no spreadsheet cell holds.
 */
const LINE_BREAK = '\ue000'

/** Depth first, left to right: the order the seeded generator is drawn in is part of what a row sends. */
function renderNodes(
  nodes: readonly TemplateNode[],
  lookup: VariableLookup,
  random: SeededRandom | null,
  missing: string[]
): string {
  let text = ''
  for (const node of nodes) {
    if ('text' in node) text += node.text
    else if ('variable' in node) {
      const value = lookup(node.variable)
      if (value === undefined || value.trim() === '') {
        if (!missing.includes(node.variable)) missing.push(node.variable)
        text += `{${node.variable}}`
      } else
        text += /[\r\n]/.test(value)
          ? value
              .split(/\r\n|\r|\n/)
              .map((line) => line.trim())
              .join(LINE_BREAK)
          : value
    } else if (random)
      text += renderNodes(node.choices[random.int(node.choices.length)] ?? [], lookup, random, missing)
  }
  return text
}

/**
 * Expands a template for one row. Variables are matched to columns case-insensitively; a missing one is listed in
 * `missing` and left as `{Name}` so it is visible in the preview and the row is held back by the check.
 */
export function renderTemplate(
  template: string,
  values: Readonly<Record<string, string>>,
  seed: number
): { text: string; missing: string[] } {
  const lookup = new Map(Object.entries(values).map(([k, v]) => [k.trim().toLowerCase(), v]))
  return compileTemplate(template).render((name) => lookup.get(name.toLowerCase()), seed)
}

/** The limit a rendered message must fit: a caption when a file goes with it. */
export function lengthLimit(withAttachment: boolean): number {
  return withAttachment ? CAPTION_LIMIT : TEXT_LIMIT
}
