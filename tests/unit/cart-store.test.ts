import { setPersistentEngine, type PersistentListener } from '@nanostores/persistent';
import { cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { $cart, applyCartAction, dispatchCart, emptyCart, type Cart } from '../../src/islands/cart.ts';

// A localStorage stand-in, so the test sees exactly what the browser would keep.
const storage: Record<string, string> = {};
const events = {
  addEventListener: (_key: string, _listener: PersistentListener) => undefined,
  removeEventListener: () => undefined,
};
setPersistentEngine(storage, events);

beforeEach(() => {
  for (const key of Object.keys(storage)) delete storage[key];
  $cart.set(emptyCart());
});
afterEach(() => cleanStores($cart));

/** What a page that opens after a reload reads: the store mounts and restores from storage. */
function readOnMount(): Cart {
  const unsubscribe = $cart.listen(() => undefined);
  const cart = $cart.get();
  unsubscribe();
  return cart;
}

describe('cart actions (spec §3)', () => {
  const withTwo: Cart = { products: { a: 2, b: 1 }, shipping: 'courier' };

  it.each<[string, Parameters<typeof applyCartAction>[1], Cart]>([
    ['reset empties the cart and restores the courier', { type: 'reset' }, emptyCart()],
    [
      'replace puts another cart in its place',
      { type: 'replace', cart: { products: { z: 5 }, shipping: 'pickup' } },
      { products: { z: 5 }, shipping: 'pickup' },
    ],
    [
      'changeShipping keeps the products',
      { type: 'changeShipping', shipping: 'pickup' },
      { products: { a: 2, b: 1 }, shipping: 'pickup' },
    ],
    [
      'addOne adds to a product in the cart',
      { type: 'addOne', productId: 'a' },
      { products: { a: 3, b: 1 }, shipping: 'courier' },
    ],
    [
      'addOne puts a new product with amount 1',
      { type: 'addOne', productId: 'c' },
      { products: { a: 2, b: 1, c: 1 }, shipping: 'courier' },
    ],
    [
      'subtractOne takes one away',
      { type: 'subtractOne', productId: 'a' },
      { products: { a: 1, b: 1 }, shipping: 'courier' },
    ],
    [
      'subtractOne at 1 removes the product',
      { type: 'subtractOne', productId: 'b' },
      { products: { a: 2 }, shipping: 'courier' },
    ],
    ['subtractOne of a product not in the cart changes nothing', { type: 'subtractOne', productId: 'x' }, withTwo],
    [
      'removeProduct removes it whatever its amount',
      { type: 'removeProduct', productId: 'a' },
      { products: { b: 1 }, shipping: 'courier' },
    ],
  ])('%s', (_case, action, expected) => {
    expect(applyCartAction(withTwo, action)).toEqual(expected);
  });

  it('refuses to replace the cart with one that breaks its rules', () => {
    expect(() =>
      applyCartAction(withTwo, { type: 'replace', cart: { products: { a: -1 }, shipping: 'courier' } }),
    ).toThrow();
  });

  it('starts empty with the default courier shipping', () => {
    expect($cart.get()).toEqual({ products: {}, shipping: 'courier' });
  });
});

describe('the persisted cart', () => {
  it('keeps every change in local storage', () => {
    dispatchCart({ type: 'addOne', productId: 'p1' });
    dispatchCart({ type: 'addOne', productId: 'p1' });
    dispatchCart({ type: 'changeShipping', shipping: 'pickup' });
    expect(JSON.parse(storage.cart!)).toEqual({ products: { p1: 2 }, shipping: 'pickup' });
  });

  it('reads back what is stored, as after a reload', () => {
    storage.cart = '{"products":{"p7":3},"shipping":"pickup"}';
    expect(readOnMount()).toEqual({ products: { p7: 3 }, shipping: 'pickup' });
  });

  it('starts afresh when what is stored is not a cart', () => {
    storage.cart = '{"products":{"p1":"muchos"}}';
    expect(readOnMount()).toEqual(emptyCart());
  });
});
