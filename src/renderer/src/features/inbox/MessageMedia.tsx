// A customer's file in the thread, as the core fetched it (never from the gateway's URL: the bytes come over
// `inbox:media` and show from a blob: URL). Images as a bounded thumbnail that enlarges, videos and audio in the
// native players, anything else as a card with its name, size and "Save a copy…"; a file not (yet) fetched says why
// in words, with "Try again" where it can help.
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import type { InboxMediaView, InboxMessageView, OutboxItemView } from '../../../../shared/contract'
import { call, errorInfo } from '../../api'
import { localeOf, useLanguage, useT } from '../../i18n'
import { formatBytes } from '../../i18n/dates'
import { useSettings } from '../../stores/settings'
import { bytesFromBase64 } from '../../ui/base64'
import { download } from '../../ui/download'
import { useEscapeAnywhere } from '../../ui/escape'
import { isMediaKindName, MEDIA_KIND_WORDS } from '../../ui/media-kinds'
import { EXTENSION_MOST, savedFileName, shownText } from '../../../../shared/domain'

/** How the file is drawn once fetched: by the type the core told from its bytes, not by what the gateway said. */
function shownAs(media: InboxMediaView): 'image' | 'video' | 'audio' | 'file' {
  const type = media.type ?? ''
  if (type.startsWith('image/')) return 'image'
  if (media.kind === 'video' && type.startsWith('video/')) return 'video'
  if (media.kind === 'audio' && type.startsWith('audio/')) return 'audio'
  return 'file'
}

/** Whose bytes a blob: URL shows: a customer's fetched file (by its message), or a photo sent (by its outbox item). */
type BytesOf = { message: number; sentItem?: never } | { sentItem: string; message?: never }

/** A blob: URL of the bytes the core sends for `of` while it is drawn (revoked after); none for `of` null. */
function useBlobUrl(of: BytesOf | null, type: string | null): { url: string | null; error: string | null } {
  const [url, setUrl] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const message = of?.message
  const sentItem = of?.sentItem
  useEffect(() => {
    const read =
      message !== undefined
        ? call('inbox:media', { number: message })
        : sentItem !== undefined
          ? call('outbox:picture', { id: sentItem })
          : null
    if (!read) return
    let made: string | null = null
    let gone = false
    read
      .then((reply) => {
        if (gone || !reply) return
        const bytesType = 'type' in reply ? reply.type : type
        made = URL.createObjectURL(new Blob([bytesFromBase64(reply.dataBase64)], { type: bytesType ?? '' }))
        setUrl(made)
      })
      .catch((e: unknown) => {
        if (!gone) setError(errorInfo(e).message)
      })
    return () => {
      gone = true
      if (made) URL.revokeObjectURL(made)
    }
  }, [message, sentItem, type])
  return { url, error }
}

export function MessageMedia({
  message,
  onChanged
}: {
  message: InboxMessageView
  /** The file's state moved (a "Try again"): the thread reloads. */
  onChanged(): void
}): React.JSX.Element | null {
  const media = message.media
  if (!media) return null
  return media.state === 'fetched' ? (
    <FetchedMedia number={message.number} media={media} caption={message.text} />
  ) : (
    <MediaState number={message.number} media={media} onChanged={onChanged} />
  )
}

function kindWord(t: ReturnType<typeof useT>, kind: string): string {
  // A kind the gateway may add one day is named as a file (a document) rather than not at all.
  return t(MEDIA_KIND_WORDS[isMediaKindName(kind) ? kind : 'document'])
}

function MediaState({
  number,
  media,
  onChanged
}: {
  number: number
  media: InboxMediaView
  onChanged(): void
}): React.JSX.Element {
  const t = useT()
  const locale = localeOf(useLanguage())
  const cap = useSettings((s) => s.settings?.maxIncomingMediaBytes ?? null)
  const [error, setError] = useState<string | null>(null)
  const kind = kindWord(t, media.kind)
  const text =
    media.state === 'pending'
      ? t('inbox.media.pending', { kind })
      : media.state === 'too_large'
        ? t('inbox.media.tooLarge', { kind, max: cap === null ? '' : formatBytes(cap, locale) })
        : media.state === 'failed'
          ? t('inbox.media.failed', { kind })
          : media.refusal === 'not-http'
            ? t('inbox.media.refused.notHttp', { kind })
            : media.refusal === 'unknown-device'
              ? t('inbox.media.refused.unknownDevice', { kind })
              : t('inbox.media.refused.otherOrigin', { kind })
  // A failure may pass, and a file too large may fit a cap raised since; a refusal would be refused again.
  const retryable = media.state === 'failed' || media.state === 'too_large'
  return (
    <div className="inbox-media-state" data-testid="inbox-media-state" data-state={media.state}>
      <p
        className={media.state === 'pending' ? 'muted small' : 'small'}
        role={media.state === 'pending' ? 'status' : undefined}
      >
        {text}
      </p>
      {retryable ? (
        <button
          type="button"
          className="button button--small"
          data-testid="inbox-media-retry"
          onClick={() => {
            setError(null)
            call('inbox:mediaRetry', { number })
              .then(onChanged)
              .catch((e: unknown) => setError(errorInfo(e).message))
          }}
        >
          {t('inbox.media.retry')}
        </button>
      ) : null}
      <ErrorLine error={error} />
    </div>
  )
}

function FetchedMedia({
  number,
  media,
  caption
}: {
  number: number
  media: InboxMediaView
  caption: string
}): React.JSX.Element {
  const t = useT()
  const as = shownAs(media)
  const { url, error } = useBlobUrl(as === 'file' ? null : { message: number }, media.type)

  if (as === 'file') return <FileCard number={number} media={media} />
  if (error) return <ErrorLine error={error} />
  if (!url)
    return <p className="muted small">{t('inbox.media.pending', { kind: kindWord(t, media.kind) })}</p>
  if (as === 'video')
    return (
      <video
        className="inbox-media-player"
        controls
        preload="metadata"
        src={url}
        data-testid="inbox-media-video"
      />
    )
  if (as === 'audio')
    return (
      <audio
        className="inbox-media-audio"
        controls
        preload="metadata"
        src={url}
        data-testid="inbox-media-audio"
      />
    )
  return <ImageThumbnail url={url} alt={caption.trim() || t('inbox.media.image')} />
}

/**
 * QA71: a photo the operator sent, from the copy the core keeps of it (`outbox:picture`), drawn as a customer's photo
 * is; nothing while it loads or when the core holds none (the entry names its file either way).
 */
export function SentPicture({ item }: { item: OutboxItemView }): React.JSX.Element | null {
  const t = useT()
  const { url } = useBlobUrl(item.kind === 'image' ? { sentItem: item.id } : null, null)
  if (!url) return null
  return <ImageThumbnail url={url} alt={item.text?.trim() || t('inbox.media.image')} />
}

/** A photo bounded in the thread, enlarged over the window on click. */
function ImageThumbnail({ url, alt }: { url: string; alt: string }): React.JSX.Element {
  const t = useT()
  const [large, setLarge] = useState(false)
  const thumb = useRef<HTMLButtonElement>(null)
  const wasLarge = useRef(false)
  const closeLarge = (): void => setLarge(false)

  useLayoutEffect(() => {
    // Closing the large image gives the focus back to the thumbnail that opened it, not to the page's start.
    if (!large) {
      if (wasLarge.current) thumb.current?.focus()
      wasLarge.current = false
      return
    }
    wasLarge.current = true
  }, [large])
  // Escape closes it wherever the focus is, unless what floats over it (the shortcuts panel) took that Escape first.
  useEscapeAnywhere(large, closeLarge)

  return (
    <>
      <button
        type="button"
        ref={thumb}
        className="inbox-media-thumb"
        aria-label={t('inbox.media.enlarge')}
        data-testid="inbox-media-enlarge"
        onClick={() => setLarge(true)}
      >
        <img src={url} alt={alt} data-testid="inbox-media-image" />
      </button>
      {large ? (
        <div
          className="inbox-media-large"
          role="dialog"
          aria-modal="true"
          aria-label={alt}
          data-testid="inbox-media-large"
        >
          <img src={url} alt={alt} />
          <button
            type="button"
            className="button button--small"
            // The only control in the dialog: it takes the focus, so Enter or Escape closes.
            autoFocus
            onClick={closeLarge}
          >
            {t('inbox.media.closeLarge')}
          </button>
        </div>
      ) : null}
    </>
  )
}

/**
 * A file's name that may break anywhere (a long one at 360 px) but never inside its extension (".p" / "df"): up to
 * EXTENSION_MOST characters after its last dot.
 */
function FileNameText({ name }: { name: string }): React.JSX.Element {
  const dot = name.lastIndexOf('.')
  if (dot <= 0 || name.length - dot - 1 > EXTENSION_MOST) return <>{name}</>
  return (
    <>
      {name.slice(0, dot)}
      <span className="file-name-extension">{name.slice(dot)}</span>
    </>
  )
}

/** A document (or a file shown as one): its name, its size and a copy the operator saves where they choose. */
function FileCard({ number, media }: { number: number; media: InboxMediaView }): React.JSX.Element {
  const t = useT()
  const locale = localeOf(useLanguage())
  const [error, setError] = useState<string | null>(null)
  // The name the customer's phone gave it, less what would reorder it ("invoice\u202Efdp.exe" read "invoiceexe.pdf").
  const name = shownText(media.fileName ?? '').trim() || t('inbox.media.unnamed')
  return (
    <div className="inbox-media-file" data-testid="inbox-media-file">
      <p className="inbox-media-file-name" dir="auto">
        <FileNameText name={name} />
        {media.bytes !== null ? (
          <span className="muted small"> · {formatBytes(media.bytes, locale)}</span>
        ) : null}
      </p>
      <button
        type="button"
        className="button button--small"
        data-testid="inbox-media-save"
        onClick={() => {
          setError(null)
          call('inbox:media', { number })
            .then((reply) =>
              download({
                // Suggested as shown, and with no path or bidi control in it: "invoice\u202Efdp.exe" was offered raw.
                fileName: savedFileName(media.fileName ?? '', `file-${number}`),
                mime: media.type ?? 'application/octet-stream',
                dataBase64: reply.dataBase64
              })
            )
            .catch((e: unknown) => setError(errorInfo(e).message))
        }}
      >
        {t('inbox.media.save')}
      </button>
      <ErrorLine error={error} />
    </div>
  )
}

function ErrorLine({ error }: { error: string | null }): React.JSX.Element | null {
  return error ? (
    <p className="feedback feedback--bad" role="alert">
      {error}
    </p>
  ) : null
}
