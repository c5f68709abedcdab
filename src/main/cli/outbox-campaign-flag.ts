// `outbox list --campaign <id|name>` and `--direct` (QA73): the window's Campaign filter from the terminal, one
// campaign's messages or those of none; and the campaign an id or a name names, for `campaign …` too (QA80). Apart
// from outbox-commands.ts, which is near the kernel's size bound.
import { UsageError, stringFlag } from './args'
import { counted } from './output'
import { ApiFailure, type CommandLineCore } from '../core/compose-command-line'
import type { InvokeRequest } from '../../shared/contract'
import { formatNumber } from '../../shared/i18n/numbers'

type CampaignFilter = Pick<InvokeRequest<'outbox:list'>, 'campaignId' | 'directOnly'>

/**
 * The list's filter by --campaign (a campaign's id, else its name, case aside) or --direct; nothing without either.
 * An unknown name, or one two campaigns share, is refused naming what there is, as no list of nothing would say it.
 */
export async function campaignFlag(
  args: Parameters<typeof stringFlag>[0],
  core: Pick<CommandLineCore, 'invoke'>
): Promise<CampaignFilter> {
  return (await campaignScope(args, core)).filter
}

/**
 * The same filter and the words for it after a count ("2 items of campaign "Bills March""; "" without either flag):
 * `retry|cancel --matching` says which messages it counted and acted on, not only how many (QA73 carried).
 */
export async function campaignScope(
  args: Parameters<typeof stringFlag>[0],
  core: Pick<CommandLineCore, 'invoke'>
): Promise<{ filter: CampaignFilter; said: string }> {
  const asked = stringFlag(args, 'campaign')?.trim()
  const direct = args.flags.direct === true
  if (asked !== undefined && direct) throw new UsageError('give --campaign or --direct, not both')
  if (direct) return { filter: { directOnly: true }, said: ' not from any campaign' }
  if (asked === undefined) return { filter: {}, said: '' }
  if (asked === '') throw new UsageError('--campaign needs a campaign id or name')
  const found = await campaignNamed(asked, core)
  return { filter: { campaignId: found.id }, said: ` of campaign "${found.name}"` }
}

/**
 * The campaign `asked` names: its id, else its name, case aside: for `--campaign` and every `campaign …` command that
 * takes one (QA80: `campaign status Arisan` said "No campaign Arisan." while `--campaign Arisan` found it). An unknown
 * name, or one two campaigns share, is refused naming what there is (the campaigns; the ids to choose from).
 */
export async function campaignNamed(
  asked: string,
  core: Pick<CommandLineCore, 'invoke'>
): Promise<{ id: string; name: string }> {
  const { campaigns } = await core.invoke('campaigns:list', {})
  const byId = campaigns.find((c) => c.id === asked)
  const named = byId
    ? [byId]
    : campaigns.filter((c) => c.name.toLocaleLowerCase() === asked.toLocaleLowerCase())
  if (named.length === 1) return { id: named[0]!.id, name: named[0]!.name }
  if (named.length > 1)
    throw new UsageError(
      `${named.length} campaigns are named "${asked}": give one's id (${named.map((c) => c.id).join(', ')})`
    )
  const known = campaigns.map((c) => `"${c.name}"`).join(', ')
  throw new UsageError(
    `no campaign "${asked}" (by id or name)${known ? `; the campaigns: ${known}` : '; there are no campaigns'}`
  )
}

/**
 * Runs `retry|cancel --matching` with the count given back; the core's refusal when more match now (count_changed)
 * comes back naming what was counted (`said`, from campaignScope), as the asking and the done lines do: it said "2
 * messages match now, not 1" when the count was of one campaign's messages only. Still that refusal: the same exit.
 */
export async function refusingCountChanged<T>(said: string, act: () => Promise<T>): Promise<T> {
  try {
    return await act()
  } catch (error) {
    if (!(error instanceof ApiFailure) || error.code !== 'count_changed') throw error
    const count = error.text?.params?.['count']
    const expected = error.text?.params?.['expected']
    if (typeof count !== 'number' || typeof expected !== 'number') throw error
    throw new ApiFailure(
      error.code,
      `The list changed: ${counted(count, 'message')}${said} ${count === 1 ? 'matches' : 'match'} now, ` +
        `not ${formatNumber(expected, 'en')}. Look at the list again and confirm again.`,
      error.field
    )
  }
}
