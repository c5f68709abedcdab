// `GET /{image|video|audio|document}/{file}`: the media contacts sent, where the webhook's `url` points (§5.2). Open
// like the hosted service's download path: the file name is the only key.

import { isMediaKind } from './media-rules'
import { incomingMediaBytes } from './incoming-media'
import { json, type ApiContext, type ApiResponse, type Route } from './route-table'

function serveMedia(ctx: ApiContext): ApiResponse {
  const kind = ctx.params.kind ?? ''
  const media = isMediaKind(kind) ? ctx.world.incomingMedia(kind, ctx.params.file ?? '') : undefined
  if (!media) return json({ status: false, message: 'file not found' }, 404)
  return {
    status: 200,
    headers: { 'content-type': media.mimeType, 'content-length': String(media.sizeBytes) },
    body: incomingMediaBytes(media)
  }
}

export const mediaRoutes: Route[] = ['image', 'video', 'audio', 'document'].map((kind) => ({
  methods: ['GET'],
  path: `/${kind}/:file`,
  handler: (ctx) => serveMedia({ ...ctx, params: { ...ctx.params, kind } })
}))
