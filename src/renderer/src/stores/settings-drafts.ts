// What is typed in Settings' number fields and not yet taken by the core, kept for the window's life: leaving Settings
// with a value it refused no longer drops it unseen; back there it is still in its field, marked (QA8 Q8-07).

let drafts: Readonly<Record<string, string>> = {}

export function keptSettingsDrafts(): Readonly<Record<string, string>> {
  return drafts
}

export function keepSettingsDrafts(next: Readonly<Record<string, string>>): void {
  drafts = next
}

/** Forgets them (each test starts from none, test-setup.ts). */
export function resetSettingsDrafts(): void {
  drafts = {}
}
