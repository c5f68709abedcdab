/**
 * The tray icon as a service (Signal's SystemTrayService idea): render() is idempotent and driven by
 * state, the Tray object stays referenced for the app's life, it is never recreated during quit, and
 * the context menu duplicates every click action because some Linux trays never deliver clicks.
 */
import {
  Menu,
  nativeImage,
  nativeTheme,
  Tray,
  type MenuItemConstructorOptions,
  type NativeImage
} from 'electron'
import { join } from 'node:path'
import type { Translate } from '../../shared/i18n'
import {
  buildTrayModel,
  findMenuItem,
  type TrayAction,
  type TrayHealth,
  type TrayMenuItem,
  type TrayModel,
  type TrayState
} from './tray-model'

// No GUID for the Windows tray icon: Windows binds a GUID to the exe path of an unsigned app, so the dev build, the
// test build and the installed app would fight over one, and all but the first would get no icon at all.

function iconFor(health: TrayHealth): NativeImage {
  const dir = join(import.meta.dirname, '../../resources/tray')
  if (process.platform === 'darwin') {
    const image = nativeImage.createFromPath(join(dir, `${health}Template.png`))
    image.setTemplateImage(true)
    return image
  }
  if (process.platform === 'linux') return nativeImage.createFromPath(join(dir, `${health}-linux.png`))
  // The taskbar's theme, not the apps' one: Windows lets a light app theme sit on a dark taskbar.
  const theme = nativeTheme.shouldUseDarkColorsForSystemIntegratedUI ? 'dark' : 'light'
  // Windows picks the right size from a multi-resolution image.
  const image = nativeImage.createFromPath(join(dir, `${health}-${theme}.png`))
  image.addRepresentation({
    scaleFactor: 2,
    buffer: nativeImage.createFromPath(join(dir, `${health}-${theme}@2x.png`)).toPNG()
  })
  return image
}

export class TrayService {
  private tray: Tray | null = null
  private model: TrayModel | null = null
  private renderedKey = ''
  private quitting = false

  constructor(
    private readonly onAction: (action: TrayAction) => void,
    private readonly onDropFiles: (paths: string[]) => void,
    private readonly t: Translate
  ) {}

  render(state: TrayState): void {
    if (this.quitting) return
    const model = buildTrayModel(state, this.t)
    const key = JSON.stringify(model)
    if (key === this.renderedKey && this.tray) return
    this.renderedKey = key
    this.model = model
    if (!this.tray) {
      this.tray = new Tray(iconFor(model.health))
      this.tray.on('click', () => this.onAction({ kind: 'open' }))
      this.tray.on('drop-files', (_event, paths) => this.onDropFiles(paths))
      nativeTheme.on('updated', () => {
        if (this.model) this.tray?.setImage(iconFor(this.model.health))
      })
    } else {
      this.tray.setImage(iconFor(model.health))
    }
    this.tray.setToolTip(model.tooltip)
    this.tray.setContextMenu(Menu.buildFromTemplate(model.menu.map((item) => this.toElectron(item))))
  }

  /** Test hook: the ids of the current menu, and clicking one by id as a person would. */
  menuIds(): string[] {
    const ids: string[] = []
    const walk = (items: TrayMenuItem[]): void =>
      items.forEach((item) => {
        if (!item.separator) ids.push(item.id)
        if (item.submenu) walk(item.submenu)
      })
    walk(this.model?.menu ?? [])
    return ids
  }

  click(id: string): boolean {
    const item = this.model && findMenuItem(this.model.menu, id)
    if (!item?.action || !item.enabled) return false
    this.onAction(item.action)
    return true
  }

  destroy(): void {
    this.quitting = true
    this.tray?.destroy()
    this.tray = null
  }

  private toElectron(item: TrayMenuItem): MenuItemConstructorOptions {
    if (item.separator) return { type: 'separator' }
    return {
      id: item.id,
      label: item.label,
      enabled: item.enabled,
      ...(item.submenu ? { submenu: item.submenu.map((inner) => this.toElectron(inner)) } : {}),
      ...(item.action ? { click: () => this.onAction(item.action!) } : {})
    }
  }
}
