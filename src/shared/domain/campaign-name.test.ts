import { describe, expect, it } from 'vitest'
import { takenCampaignName, uniqueCampaignName } from './campaign-name'

describe('uniqueCampaignName', () => {
  it('keeps a name no campaign has', () => {
    expect(uniqueCampaignName('promo3', ['bills', 'promo'])).toBe('promo3')
  })

  it('numbers a repeat from 2, past the numbers already taken (any case, spaces ignored)', () => {
    expect(uniqueCampaignName('promo3', ['promo3'])).toBe('promo3 (2)')
    expect(uniqueCampaignName('promo3', [' PROMO3 ', 'promo3 (2)', 'promo3 (4)'])).toBe('promo3 (3)')
  })
})

describe('takenCampaignName', () => {
  it('finds a name already used, whatever its case and surrounding spaces, as it is listed', () => {
    expect(takenCampaignName(' PROMO3', ['bills', 'promo3 '])).toBe('promo3 ')
    expect(takenCampaignName('promo3 (2)', ['promo3'])).toBeNull()
    expect(takenCampaignName('   ', [''])).toBeNull()
  })
})
