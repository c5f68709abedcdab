/** `sender-desk send …`: send now (or queue with --queue). */
import { randomUUID } from 'node:crypto'
import { UsageError, requireString, stringFlag } from './args'
import { scheduleOf } from './send-at'
import { EXIT } from './output'
import type { CliContext } from './index'
import { enqueueFromCli, withCommandLineCore } from './outbox-commands'
import { optedOutAnswer, refuseOptedOut } from './opted-out'
import { normaliseRecipients, readPinned } from '../core/compose-command-line'
import type { CommandLineCore, RegisteredFile, SendResult } from '../core/compose-command-line'
import type { FileRegisterPurpose, InvokeReply } from '../../shared/contract'
import { renamedFileNote } from '../../shared/i18n/renamed-file'
import { translate } from '../../shared/i18n/translate'
import { carriesCaption, firstTypedVariable, MAX_TEXT_LENGTH, messageTextProblem } from '../../shared/domain'

/**
 * The terminal's wording for a refusal whose rule is the core's; the rest read as the window shows them. A file to
 * send that is too large names the flag for a larger plan; a spreadsheet's limit has no flag.
 */
export function describeRejection(
  rejection: InvokeReply<'files:register'>['rejected'][number],
  path: string,
  purpose: FileRegisterPurpose = 'send'
): string {
  switch (rejection.code) {
    case 'not_found':
      return `file not found: ${path}`
    case 'too_large':
      return purpose === 'send'
        ? `${rejection.message} A device on a larger plan: --max-file-mb N.`
        : rejection.message
    case 'unsupported_type':
      return `${rejection.name} is not an image, document, video or audio file the gateway can send`
    default:
      return rejection.message
  }
}

/**
 * The file checked by the app's own `files:register` (a regular file, not empty, within the device's limit, type by
 * its magic bytes) and pinned: queuing and uploading read exactly this file or refuse. A file whose name says another
 * type than its bytes goes out under the name they call for (the core's rule, as for the window's picks), and the
 * terminal says so on stderr in the window's words.
 */
export async function registerFile(
  context: Pick<CliContext, 'out'>,
  core: CommandLineCore,
  path: string
): Promise<RegisteredFile> {
  const { files, rejected } = await core.invoke('files:register', { sources: [{ kind: 'path', path }] })
  const [rejection] = rejected
  if (rejection) throw new UsageError(describeRejection(rejection, path))
  const file = files[0] && core.registeredFile(files[0].handle)
  if (!file) throw new Error(`${path} was accepted but not kept`)
  if (file.renamedFrom !== undefined) {
    const { key, params } = renamedFileNote({ ...file, renamedFrom: file.renamedFrom })
    context.out.progress(translate('en', key, params))
  }
  return file
}

function describeSend(result: SendResult, refId: string): string {
  const lines = result.messages.map((m) => `${m.phone}: ${m.status} (id ${m.id})`)
  return [
    `${result.message}`,
    ...lines,
    `ref_id: ${refId}  (follow it with: sender-desk report --ref ${refId})`
  ].join('\n')
}

/** The domain's one text rule, before anything reaches the gateway (a direct send has no core to ask). */
function checkText(text: string, flag: string, required: boolean): void {
  const problem = messageTextProblem(text, { required })
  if (problem === 'empty') throw new UsageError(`${flag} is empty: write something to send`)
  if (problem === 'too-long')
    throw new UsageError(`${flag} is too long: the gateway accepts at most ${MAX_TEXT_LENGTH} characters`)
}

/**
 * A campaign's "{nama}" typed into a direct send (or a reminder) reaches every recipient as written (the window's Send
 * view warns of it too, by the same rule): said on stderr, and the send goes on, as a text may mean the braces.
 */
export function warnTypedVariable(context: CliContext, text: string, flag: string): void {
  const variable = firstTypedVariable(text)
  if (variable)
    context.out.progress(
      `warning: "${variable}" in ${flag} is sent as written: values from a spreadsheet are filled in only by a campaign (sender-desk campaign create)`
    )
}

export async function runSend(context: CliContext): Promise<number> {
  const [sub, ...rest] = context.args.positionals
  if (sub !== 'text' && sub !== 'file') throw new UsageError('send needs: text or file <path>')
  const isGroup = context.args.flags['group'] === true
  const recipients = normaliseRecipients(
    requireString(context.args, 'to', 'phone numbers or a group id'),
    isGroup
  )
  if (recipients.length === 0) throw new UsageError('--to has no recipient')
  const caption = stringFlag(context.args, 'caption')
  if (caption !== undefined) {
    checkText(caption, '--caption', false)
    warnTypedVariable(context, caption, '--caption')
  }
  const schedule = scheduleOf(context.args, sub)
  // A message for later is kept in the outbox with its time, as one queued is.
  const queue = context.args.flags['queue'] === true || schedule !== undefined

  if (sub === 'text') {
    const message = requireString(context.args, 'message')
    checkText(message, '--message', true)
    warnTypedVariable(context, message, '--message')
    if (queue) {
      return withCommandLineCore(context, await context.credentials(), (core) =>
        enqueueFromCli(context, core, {
          recipients,
          isGroup,
          entry: { kind: 'text', text: message },
          ...(schedule ? { schedule } : {})
        })
      )
    }
    if (!isGroup && optedOutAnswer(context.args) === undefined) {
      await withCommandLineCore(context, null, async (core) => refuseOptedOut(core, recipients))
    }
    const refId = randomUUID()
    const client = await context.client()
    const result = await client.sendText({ phone: recipients, message, isGroup, refId })
    context.out.result(describeSend(result, refId), { ok: true, refId, ...result })
    return EXIT.ok
  }

  const path = rest[0]
  if (!path) throw new UsageError('send file needs the path of the file to send')
  return withCommandLineCore(context, await context.credentials(), async (core) => {
    const file = await registerFile(context, core, path)
    if (queue) {
      const entry = { kind: 'file' as const, handle: file.handle, ...(caption ? { caption } : {}) }
      return enqueueFromCli(context, core, { recipients, isGroup, entry, ...(schedule ? { schedule } : {}) })
    }
    if (!isGroup && optedOutAnswer(context.args) === undefined) refuseOptedOut(core, recipients)
    const bytes = await readPinned(file.pinned, file.name)
    const refId = randomUUID()
    context.out.progress(`Uploading ${file.name} (${file.kind}, ${Math.ceil(file.size / 1024)} KB)…`)
    const result = await core.client!.sendLocalFile({
      phone: recipients,
      kind: file.kind,
      file: { name: file.name, mime: file.mime, bytes },
      maxFileBytes: core.fileLimit(),
      isGroup,
      refId,
      ...(caption && carriesCaption(file.kind) ? { caption } : {})
    })
    // An audio file carries no caption (the window's and the core's one rule): its caption goes once, as a text after.
    if (caption && !carriesCaption(file.kind)) {
      const captionRefId = randomUUID()
      const captionSent = await core.client!.sendText({
        phone: recipients,
        message: caption,
        isGroup,
        refId: captionRefId
      })
      context.out.result(
        `${describeSend(result, refId)}\nThe caption, as its own text: ${describeSend(captionSent, captionRefId)}`,
        { ok: true, refId, ...result, captionText: { refId: captionRefId, ...captionSent } }
      )
      return EXIT.ok
    }
    context.out.result(describeSend(result, refId), { ok: true, refId, ...result })
    return EXIT.ok
  })
}
