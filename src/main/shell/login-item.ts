/** Start at login: the OS login item on macOS and Windows, an XDG autostart entry on Linux; starts hidden in the tray. */
import { app } from 'electron'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { homedir } from 'node:os'
import { join } from 'node:path'

export function linuxAutostartEntry(executable: string): string {
  return [
    '[Desktop Entry]',
    'Type=Application',
    'Name=Sender Desk',
    `Exec="${executable}" --hidden`,
    'X-GNOME-Autostart-enabled=true',
    'Terminal=false',
    ''
  ].join('\n')
}

export function applyLoginItem(enabled: boolean): void {
  if (process.platform === 'linux') {
    const dir = join(process.env['XDG_CONFIG_HOME'] ?? join(homedir(), '.config'), 'autostart')
    const file = join(dir, 'sender-desk.desktop')
    if (!enabled) {
      rmSync(file, { force: true })
      return
    }
    mkdirSync(dir, { recursive: true })
    writeFileSync(file, linuxAutostartEntry(process.env['APPIMAGE'] ?? process.execPath))
    return
  }
  app.setLoginItemSettings({ openAtLogin: enabled, args: ['--hidden'] })
}
