// What a control is described by (aria-describedby: its hint and its error), as assistive tech reads it.
export function accessibleDescription(control: HTMLElement): string {
  return (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
}
