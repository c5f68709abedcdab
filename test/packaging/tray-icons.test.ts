/**
 * The tray icons are readable where they are shown: Linux panels may be dark or light (and do not say which), so
 * the Linux icon must stand out against both; Windows gets a variant per taskbar theme. Contrast is WCAG's ratio
 * of relative luminances, measured on the real PNG files.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

// pngjs is already installed (qrcode uses it); a kept decoder rather than our own.
const { PNG } = createRequire(import.meta.url)('pngjs') as {
  PNG: { sync: { read(data: Buffer): { width: number; height: number; data: Buffer } } }
}
const trayDir = join(import.meta.dirname, '../../resources/tray')
const HEALTHS = ['ok', 'warning', 'error', 'idle']

type Rgb = [number, number, number]
const luminance = ([r, g, b]: Rgb): number => {
  const channel = (c: number): number => {
    const v = c / 255
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
}
const contrast = (a: Rgb, b: Rgb): number => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}

/** Share of the icon's visible pixels that stand out (≥ 3:1) against a panel colour, after alpha blending. */
function standingOut(file: string, panel: Rgb): number {
  const image = PNG.sync.read(readFileSync(join(trayDir, file)))
  let visible = 0
  let distinct = 0
  for (let i = 0; i < image.data.length; i += 4) {
    const alpha = image.data[i + 3]! / 255
    if (alpha < 0.5) continue
    visible += 1
    const blended = [0, 1, 2].map((c) => image.data[i + c]! * alpha + panel[c]! * (1 - alpha)) as Rgb
    if (contrast(blended, panel) >= 3) distinct += 1
  }
  return visible === 0 ? 0 : distinct / visible
}

const DARK_PANEL: Rgb = [0x24, 0x24, 0x24]
const LIGHT_PANEL: Rgb = [0xf6, 0xf5, 0xf4]

describe('tray icons', () => {
  it.each(HEALTHS)('Linux %s icon stands out on dark and on light panels', (health) => {
    expect(standingOut(`${health}-linux.png`, DARK_PANEL)).toBeGreaterThan(0.2)
    expect(standingOut(`${health}-linux.png`, LIGHT_PANEL)).toBeGreaterThan(0.2)
  })

  it.each(HEALTHS)('Windows %s icon has a variant for each taskbar theme', (health) => {
    expect(standingOut(`${health}-dark.png`, DARK_PANEL)).toBeGreaterThan(0.5)
    expect(standingOut(`${health}-light.png`, LIGHT_PANEL)).toBeGreaterThan(0.5)
  })
})
