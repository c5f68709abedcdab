// The contract handlers of customers' files: the bytes of a fetched one for the window (it makes a blob: URL of them,
// never loading the gateway's URL) and the operator's "Try again".
import type { InboxMediaView } from '../../../shared/contract'
import { ApiFailure, type Commands } from '../commands'
import type { MediaRecord } from '../store'
import { refusalOf, type MediaFetcher } from './media-fetcher'

export type MediaChannel = 'inbox:media' | 'inbox:mediaRetry'

export function mediaView(media: MediaRecord): InboxMediaView {
  return {
    state: media.state,
    kind: media.messageType,
    fileName: media.file,
    type: media.type,
    bytes: media.bytes,
    refusal: media.state === 'refused' ? refusalOf(media.note) : null,
    note: media.state === 'fetched' ? null : media.note
  }
}

export function createMediaCommands(deps: { media: MediaFetcher | null }): Commands<MediaChannel> {
  const fetcher = (): MediaFetcher => {
    if (!deps.media) throw new ApiFailure('not_found', { key: 'desktop.error.mediaMissing' }, 'number')
    return deps.media
  }
  return {
    'inbox:media': async ({ number }) => {
      const read = await fetcher().read(number)
      if (!read) throw new ApiFailure('not_found', { key: 'desktop.error.mediaMissing' }, 'number')
      return { media: mediaView(read.media), dataBase64: read.bytes.toString('base64') }
    },
    'inbox:mediaRetry': async ({ number }) => {
      const media = fetcher()
      media.retry(number)
      const now = media.media(number)
      if (!now) throw new ApiFailure('not_found', { key: 'desktop.error.mediaMissing' }, 'number')
      return mediaView(now)
    }
  }
}
