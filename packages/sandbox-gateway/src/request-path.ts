// Path normalisation: clients send `//api/send-message` and trailing slashes; the gateway treats them alike.

export function normalisePath(raw: string): string {
  const collapsed = raw.replace(/\/{2,}/g, '/')
  const withLead = collapsed.startsWith('/') ? collapsed : `/${collapsed}`
  return withLead.length > 1 && withLead.endsWith('/') ? withLead.slice(0, -1) : withLead
}
