// Which rows a fixed-height list draws: those in its viewport and the overscan, following scrolls and count changes.
import { act, fireEvent, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { rowLayout, useRowWindow, type RowWindow } from './row-window'

/** A scroll box `height` px tall, scrolled to `scrollTop` (jsdom lays nothing out). */
function scrollBox(height: number, scrollTop = 0): HTMLDivElement {
  const box = document.createElement('div')
  Object.defineProperty(box, 'clientHeight', { configurable: true, value: height })
  Object.defineProperty(box, 'scrollTop', { configurable: true, writable: true, value: scrollTop })
  return box
}

describe('useRowWindow', () => {
  it('draws the rows in view and the overscan below them at the top', () => {
    const ref = { current: scrollBox(200) }
    const { result } = renderHook(() => useRowWindow(ref, 1000, 50, 3))
    // Rows 0–3 are in view; three more below, none above the first.
    expect(result.current).toEqual({ first: 0, last: 6 })
  })

  it('draws rows in its first render, before the box is measured, then the rows the box shows', () => {
    // A first render with no rows had its layout forced by the measure, then its rows laid out again by the next
    // forced read (the view's focus): two layouts in the click that opened the outbox or the inbox, not one.
    const ref = { current: scrollBox(200) }
    const renders: RowWindow[] = []
    const { result } = renderHook(() => {
      const rows = useRowWindow(ref, 1000, 50, 3)
      renders.push(rows)
      return rows
    })
    // As many rows as the window's height could show (jsdom's window is 768 px tall), and the overscan.
    expect(renders[0]).toEqual({ first: 0, last: Math.ceil(window.innerHeight / 50) - 1 + 3 })
    expect(result.current).toEqual({ first: 0, last: 6 })
  })

  it('follows a scroll, counting a row partly in view', () => {
    const box = scrollBox(200)
    const { result } = renderHook(() => useRowWindow({ current: box }, 1000, 50, 3))
    act(() => {
      box.scrollTop = 1025
      fireEvent.scroll(box)
    })
    // Rows 20 (half in view) to 24 (a quarter in view), and three either way.
    expect(result.current).toEqual({ first: 17, last: 27 })
  })

  it('draws nothing for an empty list, and the end of a list that shrank under the viewport', () => {
    const box = scrollBox(200, 5000)
    const { result, rerender } = renderHook(({ count }) => useRowWindow({ current: box }, count, 50, 3), {
      initialProps: { count: 1000 }
    })
    expect(result.current).toEqual({ first: 97, last: 106 })
    rerender({ count: 0 })
    expect(result.current.last).toBeLessThan(result.current.first)
    rerender({ count: 30 })
    expect(result.current).toEqual({ first: 23, last: 29 })
  })

  it('draws the first rows in the same render as the first page, when the box shown for it has its height', () => {
    // Hidden while the list is empty (no height), shown once rows arrive: no resize event is waited for, which
    // lands a frame or more later (30 ms under load: the inbox's first conversations, issue 26).
    const box = scrollBox(0)
    // One ref for every render, as a component's useRef gives.
    const ref = { current: box }
    const { result, rerender } = renderHook(({ count }) => useRowWindow(ref, count, 50, 3), {
      initialProps: { count: 0 }
    })
    expect(result.current.last).toBeLessThan(result.current.first)
    Object.defineProperty(box, 'clientHeight', { configurable: true, value: 200 })
    rerender({ count: 100 })
    expect(result.current).toEqual({ first: 0, last: 6 })
  })
})

describe('rowLayout', () => {
  // QA75 follow-up: a narrow Outbox row wrapping a long device name is taller alone; the rest keep the rows' height.
  const layout = rowLayout(64, [
    { index: 10, extra: 30 },
    { index: 2, extra: 15 }
  ])

  it("puts each row under the taller ones before it, and the list's height with them", () => {
    expect(layout.offsetOf(0)).toBe(0)
    expect(layout.offsetOf(2)).toBe(128)
    expect(layout.offsetOf(3)).toBe(3 * 64 + 15)
    expect(layout.offsetOf(11)).toBe(11 * 64 + 45)
    expect(layout.heightOf(100)).toBe(100 * 64 + 45)
  })

  it('finds the row at an offset, inside a taller row too', () => {
    expect(layout.indexAt(0)).toBe(0)
    expect(layout.indexAt(128 + 64 + 14)).toBe(2)
    expect(layout.indexAt(128 + 64 + 15)).toBe(3)
    for (const index of [0, 1, 2, 3, 9, 10, 11, 500]) {
      expect(layout.indexAt(layout.offsetOf(index))).toBe(index)
      expect(layout.indexAt(layout.offsetOf(index + 1) - 0.5)).toBe(index)
    }
  })

  it('draws the rows a scroll shows among taller ones', () => {
    const box = scrollBox(200)
    const { result } = renderHook(() => useRowWindow({ current: box }, 1000, layout, 0))
    // Rows 0–2: row 2 is 79 px tall, from 128 to 207 px.
    expect(result.current).toEqual({ first: 0, last: 2 })
    act(() => {
      box.scrollTop = layout.offsetOf(10) + 70
      fireEvent.scroll(box)
    })
    // Inside row 10 (94 px), then rows 11–12 and the top of 13.
    expect(result.current).toEqual({ first: 10, last: 13 })
  })
})
