import { persistentAtom } from '@nanostores/persistent';
import * as z from 'zod/mini';

/**
 * The cart of spec §3: a map by productId with an amount, and a shipping choice that defaults
 * to the courier. No screen uses it yet (spec §3); it is kept in localStorage like the
 * original's persisted store, and a stored value that no longer fits the schema starts afresh.
 */

export const shippingOptions = ['courier', 'pickup'] as const;

const CartSchema = z.object({
  products: z.record(z.string().check(z.minLength(1)), z.number().check(z.int(), z.positive())),
  shipping: z.enum(shippingOptions),
});
export type Cart = z.infer<typeof CartSchema>;

export const emptyCart = (): Cart => ({ products: {}, shipping: 'courier' });

export type CartAction =
  | { type: 'reset' }
  | { type: 'replace'; cart: Cart }
  | { type: 'changeShipping'; shipping: Cart['shipping'] }
  | { type: 'addOne'; productId: string }
  | { type: 'subtractOne'; productId: string }
  | { type: 'removeProduct'; productId: string };

const withAmount = (cart: Cart, productId: string, amount: number): Cart => {
  const { [productId]: _, ...others } = cart.products;
  return { ...cart, products: amount > 0 ? { ...others, [productId]: amount } : others };
};

/** The next cart; a product whose amount reaches 0 leaves the map. */
export function applyCartAction(cart: Cart, action: CartAction): Cart {
  switch (action.type) {
    case 'reset':
      return emptyCart();
    case 'replace':
      return CartSchema.parse(action.cart);
    case 'changeShipping':
      return { ...cart, shipping: action.shipping };
    case 'addOne':
      return withAmount(cart, action.productId, (cart.products[action.productId] ?? 0) + 1);
    case 'subtractOne':
      return withAmount(cart, action.productId, (cart.products[action.productId] ?? 0) - 1);
    case 'removeProduct':
      return withAmount(cart, action.productId, 0);
  }
}

export const $cart = persistentAtom<Cart>('cart', emptyCart(), {
  encode: JSON.stringify,
  decode: (stored) => {
    try {
      return CartSchema.parse(JSON.parse(stored));
    } catch {
      return emptyCart();
    }
  },
});

export const dispatchCart = (action: CartAction): void => $cart.set(applyCartAction($cart.get(), action));
