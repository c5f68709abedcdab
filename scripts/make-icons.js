// Draws the app and tray icons into resources/ (run: node scripts/make-icons.js). Pure Node: a tiny RGBA PNG encoder.
import { mkdirSync, writeFileSync } from 'node:fs'
import { deflateSync } from 'node:zlib'

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})
const crc32 = (buf) => {
  let c = 0xffffffff
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}
function chunk(type, data) {
  const len = Buffer.alloc(4)
  len.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([len, body, crc])
}
function png(size, pixel) {
  const raw = Buffer.alloc(size * (size * 4 + 1))
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0
    for (let x = 0; x < size; x++) {
      const [r, g, b, a] = pixel(x + 0.5, y + 0.5, size)
      raw.set([r, g, b, a], y * (size * 4 + 1) + 1 + x * 4)
    }
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(size, 0)
  header.writeUInt32BE(size, 4)
  header.set([8, 6, 0, 0, 0], 8)
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0))
  ])
}

const hex = (h) => [parseInt(h.slice(1, 3), 16), parseInt(h.slice(3, 5), 16), parseInt(h.slice(5, 7), 16)]
const HEALTH = { ok: '#22a559', warning: '#e6a100', error: '#d93025', idle: '#8a8f98' }

/** A paper plane (two wing triangles) in a disc; the status dot sits bottom-right. */
function inTriangle(px, py, [ax, ay], [bx, by], [cx, cy]) {
  const d1 = (px - bx) * (ay - by) - (ax - bx) * (py - by)
  const d2 = (px - cx) * (by - cy) - (bx - cx) * (py - cy)
  const d3 = (px - ax) * (cy - ay) - (cx - ax) * (py - ay)
  const neg = d1 < 0 || d2 < 0 || d3 < 0
  const pos = d1 > 0 || d2 > 0 || d3 > 0
  return !(neg && pos)
}
const TIP = [0.6, -0.5]
const FOLD = [-0.08, 0.1]
function shape(x, y, size) {
  const cx = size / 2
  const r = size * 0.46
  const disc = Math.max(0, Math.min(1, r - Math.hypot(x - cx, y - cx) + 0.5))
  const u = (x - cx) / r
  const v = (y - cx) / r
  const plane = inTriangle(u, v, TIP, [-0.62, -0.02], FOLD) || inTriangle(u, v, TIP, FOLD, [0.08, 0.6])
  return { disc, plane: plane ? 1 : 0 }
}

function dot(x, y, size) {
  const cx = size * 0.78
  const r = size * 0.2
  return Math.max(0, Math.min(1, r - Math.hypot(x - cx, y - cx) + 0.5))
}

function colored(health, theme) {
  const base = hex(theme === 'dark' ? '#e8eaed' : '#1f2933')
  const status = hex(HEALTH[health])
  return (x, y, size) => {
    const { disc, plane } = shape(x, y, size)
    const s = health === 'ok' ? 0 : dot(x, y, size)
    if (s > 0) return [...status, Math.round(255 * s)]
    if (plane && disc) return [0, 0, 0, 0]
    return [...base, Math.round(255 * disc)]
  }
}

/**
 * Linux panels are dark or light and tell us neither, so the Linux icon carries both: the dark disc of the light
 * theme inside a light rim, readable on either (test/packaging/tray-icons.test.ts measures the contrast).
 */
function outlined(health) {
  const dark = hex('#1f2933')
  const rim = hex('#f1f3f4')
  const status = hex(HEALTH[health])
  return (x, y, size) => {
    const { disc, plane } = shape(x, y, size)
    const s = health === 'ok' ? 0 : dot(x, y, size)
    if (s > 0) return [...status, Math.round(255 * s)]
    const fromCentre = Math.hypot(x - size / 2, y - size / 2)
    const inner = size * 0.46 - Math.max(1.5, size * 0.07)
    if (disc > 0 && fromCentre > inner) return [...rim, Math.round(255 * disc)]
    if (plane) return [0, 0, 0, 0]
    return [...dark, Math.round(255 * disc)]
  }
}

/** macOS template: black with alpha only; the status is a hollow dot so it reads in both menu bar themes. */
function template(health) {
  return (x, y, size) => {
    const { disc, plane } = shape(x, y, size)
    const s = health === 'ok' ? 0 : dot(x, y, size)
    if (s > 0) return [0, 0, 0, Math.round(255 * s)]
    if (plane && disc) return [0, 0, 0, 0]
    return [0, 0, 0, Math.round(255 * disc * (health === 'idle' ? 0.5 : 1))]
  }
}

mkdirSync('resources/tray', { recursive: true })
for (const health of Object.keys(HEALTH)) {
  for (const theme of ['light', 'dark']) {
    writeFileSync(`resources/tray/${health}-${theme}.png`, png(16, colored(health, theme)))
    writeFileSync(`resources/tray/${health}-${theme}@2x.png`, png(32, colored(health, theme)))
  }
  writeFileSync(`resources/tray/${health}Template.png`, png(16, template(health)))
  writeFileSync(`resources/tray/${health}Template@2x.png`, png(32, template(health)))
  // Linux trays want one pre-scaled picture.
  writeFileSync(`resources/tray/${health}-linux.png`, png(24, outlined(health)))
}
const appIcon = (x, y, size) => {
  const { disc, plane } = shape(x, y, size)
  if (plane && disc) return [255, 255, 255, 255]
  return [...hex('#128c4a'), Math.round(255 * disc)]
}
writeFileSync('resources/icon.png', png(512, appIcon))
console.log('icons written to resources/')
