// Contacts, contact groups, the blacklist and agents of each device: what v2/contact, group/*, blacklist and the agent
// routes keep. Plain records (defined in records.ts), persisted with the world.

import type { AgentRecord, ContactBookState, ContactGroupRecord, ContactRecord } from './records'

/** How many agents one device may have (the hosted service answers the remaining slots). */
export const AGENT_SLOTS = 5

export class ContactBook {
  constructor(readonly state: ContactBookState = { contacts: [], groups: [], agents: [], blacklist: [] }) {}

  contactsOf(serial: string): ContactRecord[] {
    return this.state.contacts.filter((contact) => contact.deviceSerial === serial)
  }

  contact(serial: string, phone: string): ContactRecord | undefined {
    return this.state.contacts.find((contact) => contact.deviceSerial === serial && contact.phone === phone)
  }

  addContact(record: ContactRecord): boolean {
    if (this.contact(record.deviceSerial, record.phone)) return false
    this.state.contacts.push(record)
    return true
  }

  removeContacts(serial: string, phones: readonly string[]): string[] {
    const removed = this.state.contacts.filter((c) => c.deviceSerial === serial && phones.includes(c.phone))
    this.state.contacts = this.state.contacts.filter((c) => !removed.includes(c))
    return removed.map((contact) => contact.phone)
  }

  group(serial: string, name: string): ContactGroupRecord | undefined {
    return this.state.groups.find((group) => group.deviceSerial === serial && group.name === name)
  }

  /** Adds phones to the named group (created when new); answers the phones that were not there yet. */
  addToGroup(serial: string, name: string, phones: readonly string[]): string[] {
    let group = this.group(serial, name)
    if (!group) {
      group = { deviceSerial: serial, name, phones: [] }
      this.state.groups.push(group)
    }
    const added = phones.filter((phone) => !group.phones.includes(phone))
    group.phones.push(...added)
    return added
  }

  removeFromGroup(serial: string, name: string, phones: readonly string[]): string[] {
    const group = this.group(serial, name)
    if (!group) return []
    const removed = group.phones.filter((phone) => phones.includes(phone))
    group.phones = group.phones.filter((phone) => !phones.includes(phone))
    return removed
  }

  isBlacklisted(serial: string, phone: string): boolean {
    return this.state.blacklist.some((entry) => entry.deviceSerial === serial && entry.phone === phone)
  }

  blacklist(serial: string, phone: string): void {
    if (!this.isBlacklisted(serial, phone)) this.state.blacklist.push({ deviceSerial: serial, phone })
  }

  unblacklist(serial: string, phone: string): boolean {
    const before = this.state.blacklist.length
    this.state.blacklist = this.state.blacklist.filter(
      (e) => !(e.deviceSerial === serial && e.phone === phone)
    )
    return this.state.blacklist.length < before
  }

  agentsOf(serial: string): AgentRecord[] {
    return this.state.agents.filter((agent) => agent.deviceSerial === serial)
  }

  addAgent(agent: AgentRecord): void {
    this.state.agents.push(agent)
  }
}
