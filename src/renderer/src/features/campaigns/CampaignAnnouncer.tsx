// Tells a screen reader how the campaign being viewed goes (QA38 Q38-06: a run from start to "finished" said
// nothing), politely and at milestones only: each change of its state (paused, sending again, finished…) and each
// quarter of the rows to send done, worded as the Overview words its progress ("1 of 4 sent"). A quarter, not a
// count of rows or a time: three lines at most over the run whatever its size or pace (a 10-row run over 20 s as a
// 10,000-row one over days), each a step a listener can place. Each bucket of the rows not sent is named beside the
// sent, as the Overview's line names them (QA77: "cancelled: 1 of 40 sent." said nothing of 39, two opted out).
import { useEffect, useRef, useState } from 'react'
import type { CampaignView } from '../../../../shared/contract'
import { localeOf, useLanguage, useT, type Language } from '../../i18n'
import { campaignProgress, campaignProgressText, unsentRowsParts } from './campaign-facts'

/** The milestones of progress: said each time the rows done reach the next of this many equal parts. */
const PROGRESS_PARTS = 4

export function CampaignAnnouncer({
  campaign,
  statusText
}: {
  campaign: CampaignView
  /** The state as the campaign's heading words it (campaignStatusText). */
  statusText: string
}): React.JSX.Element {
  const t = useT()
  const language = useLanguage()
  // Of the rows to send, as the Overview counts them: the skipped rows are no progress (campaignProgress).
  const progress = campaignProgress(campaign)
  const { done, rows } = progress
  const part = rows > 0 ? Math.floor((done * PROGRESS_PARTS) / rows) : 0
  const locale = localeOf(language)
  const progressText = [
    campaignProgressText(progress, t, locale),
    ...unsentRowsParts(campaign, t, locale)
  ].join(', ')
  // Where it stood when last looked at (when opened: the heading says that much), in the words of that language.
  const seen = useRef<{ id: string; statusText: string; part: number; language: Language } | null>(null)
  // Kept with its language: after a language change the region empties rather than speak the old one.
  const [announcement, setAnnouncement] = useState<{ text: string; language: Language } | null>(null)
  useEffect(() => {
    const before = seen.current
    seen.current = { id: campaign.id, statusText, part, language }
    if (before?.id !== campaign.id) return setAnnouncement(null)
    // A language change rewords the state without changing it: nothing new to say.
    if (before.language !== language) return
    if (before.statusText === statusText && part <= before.part) return
    setAnnouncement({
      text: t('campaigns.announce', { name: campaign.name, status: statusText, progress: progressText }),
      language
    })
  }, [campaign.id, campaign.name, statusText, part, progressText, language, t])
  return (
    <p className="visually-hidden" aria-live="polite" data-testid="campaign-announcer">
      {announcement?.language === language ? announcement.text : ''}
    </p>
  )
}
