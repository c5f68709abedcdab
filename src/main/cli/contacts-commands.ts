/**
 * `sender-desk contacts list|add|remove`: the names shown for numbers in the inbox (and next to numbers elsewhere).
 * A name added here is the operator's: names learnt later from push names or spreadsheets never replace it.
 */
import { UsageError, stringFlag } from './args'
import { EXIT } from './output'
import { withInbox } from './inbox-commands'
import { saidNoData } from './outbox-commands'
import type { CliContext } from './index'

const USAGE_LINE = 'contacts needs: list [--search S] | add <phone> --name N | remove <phone>'

export async function runContacts(context: CliContext): Promise<number> {
  const [sub, phone] = context.args.positionals
  switch (sub) {
    case 'list': {
      const search = stringFlag(context.args, 'search')
      if (saidNoData(context, { contacts: [] })) return EXIT.ok
      const { contacts } = await withInbox(context, (_inbox, c) =>
        c.invoke('contacts:list', { limit: 1000, ...(search ? { search } : {}) })
      )
      const lines = contacts.map((c) => `${c.phone.padEnd(16)} ${c.name}  (${c.source})`)
      context.out.result(lines.length > 0 ? lines.join('\n') : 'No contacts yet.', { ok: true, contacts })
      return EXIT.ok
    }
    case 'add': {
      const name = stringFlag(context.args, 'name')
      if (!phone || !name?.trim()) throw new UsageError('contacts add needs a phone number and --name')
      // Added when new; a kept number is renamed, as the command says, and what it was is said (nothing lost unseen).
      const { contact, was } = await withInbox(context, async (_inbox, c) => {
        const added = await c.invoke('contacts:add', { phone, name })
        if (added.added) return { contact: added.contact, was: null }
        const renamed = await c.invoke('contacts:set', { phone, name })
        return { contact: renamed, was: added.kept.name === renamed.name ? null : added.kept.name }
      })
      context.out.result(
        `${contact.phone} is now “${contact.name}”${was === null ? '' : ` (was “${was}”)`}.`,
        {
          ok: true,
          contact,
          ...(was === null ? {} : { was })
        }
      )
      return EXIT.ok
    }
    case 'remove': {
      if (!phone) throw new UsageError('contacts remove needs a phone number')
      const { removed } = await withInbox(context, (_inbox, c) => c.invoke('contacts:remove', { phone }))
      context.out.result(removed ? `Removed ${phone}.` : `${phone} was not a contact.`, { ok: true, removed })
      return EXIT.ok
    }
    default:
      throw new UsageError(USAGE_LINE)
  }
}
