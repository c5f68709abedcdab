// Device orders whose answer was lost where the gateway may have made the device and billed it: the same order is
// placed again only when the operator says so. Kept in the settings table, so a restart between the lost answer and
// the next try does not forget it (ordered again unasked, it would be two devices and two invoices).
import type { SettingsStore } from '../store'

const UNCONFIRMED_ORDERS_KEY = 'devices.unconfirmedOrders'

/** An order as (gateway, name, number): what makes two orders the same one. */
export type OrderKey = string

/** The orders in what the table holds; anything not an order's key is left out. */
function readable(value: unknown): OrderKey[] {
  return Array.isArray(value) ? value.filter((order): order is string => typeof order === 'string') : []
}

export class UnconfirmedOrders {
  constructor(
    private readonly settings: SettingsStore,
    private readonly now: () => number
  ) {}

  has(order: OrderKey): boolean {
    try {
      return readable(this.settings.get(UNCONFIRMED_ORDERS_KEY)).includes(order)
    } catch {
      // Damaged: read as none (the next write sets it aside under another key); the operator was told at the time.
      return false
    }
  }

  /** Its answer was lost: held until the operator orders it anyway, or it goes through. */
  add(order: OrderKey): void {
    this.edit((orders) => [...orders.filter((known) => known !== order), order])
  }

  /** It went through (or was placed anyway): no longer held. */
  delete(order: OrderKey): void {
    this.edit((orders) => orders.filter((known) => known !== order))
  }

  private edit(change: (orders: OrderKey[]) => OrderKey[]): void {
    this.settings.update(UNCONFIRMED_ORDERS_KEY, this.now(), (value) => {
      const orders = change(readable(value))
      return orders.length > 0 ? orders : undefined
    })
  }
}
