// How a number got on the opt-out list, in words: the list's own lines and the inbox's note before a reply say it alike.
import type { InvokeReply } from '../../../../shared/contract'
import type { MessageKey, Translate } from '../../i18n'

type OptOut = InvokeReply<'optouts:list'>['optOuts'][number]

type OptOutSource = 'operator' | 'import' | 'outbox' | 'keyword'
const SOURCE_WORDS: Record<OptOutSource, MessageKey> = {
  operator: 'campaigns.optOuts.source.operator',
  import: 'campaigns.optOuts.source.import',
  outbox: 'campaigns.optOuts.source.outbox',
  keyword: 'campaigns.optOuts.source.keyword'
}

/**
 * How a number got on the list; a customer's keyword by the word itself when it was kept (older entries have none),
 * an unknown source (from an older build) as stored.
 */
export function optOutHowText(o: Pick<OptOut, 'source' | 'keyword'>, t: Translate): string {
  if (o.source === 'keyword' && o.keyword)
    return t('campaigns.optOuts.source.keywordWord', { word: o.keyword })
  return o.source in SOURCE_WORDS ? t(SOURCE_WORDS[o.source as OptOutSource]) : o.source
}
