// The rule the window's Send view and the CLI's send both warn by.
import { describe, expect, it } from 'vitest'
import { firstTypedVariable, typedVariables } from './typed-variables'

describe('firstTypedVariable', () => {
  it('finds the first {…} a campaign would fill in', () => {
    expect(firstTypedVariable('Halo {nama}, ini {kode}')).toBe('{nama}')
    expect(firstTypedVariable('Pilih {a|b}')).toBe('{a|b}')
  })

  it('leaves literal braces and text without any alone', () => {
    expect(firstTypedVariable('Kode {{ok}} :}')).toBeNull()
    expect(firstTypedVariable('{\n}')).toBeNull()
    expect(firstTypedVariable('Halo')).toBeNull()
  })
})

describe('typedVariables', () => {
  it('lists each {…} once, in the order written, literal braces left out', () => {
    expect(typedVariables('Halo {name}, {{ok}} {number} {name}')).toEqual(['{name}', '{number}'])
    expect(typedVariables('Halo')).toEqual([])
  })
})
