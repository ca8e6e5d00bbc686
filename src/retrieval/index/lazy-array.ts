/**
 * An array of `length` items, each made by `make(i)` when first read and
 * kept: for a large array that a reader visits only in part. Reading an
 * item, `length`, iterating, the array methods, `in` and `Object.keys`
 * behave as on the array made whole (which asking for every key, or
 * iterating, makes). It is for reading only: writes go to the array
 * underneath, and V8's serializer refuses it (a Proxy), so an array to be
 * kept is copied first (`[...lazy]`).
 *
 * @example
 * const squares = lazyArray(1_000_000, (i) => ({ n: i * i }));
 * squares[12]?.n // 144: the one object made
 */
export function lazyArray<T>(length: number, make: (i: number) => T): T[] {
  const items = new Array<T>(length);
  const made = new Uint8Array(length);
  const at = (key: string | symbol): number | undefined => {
    if (typeof key !== "string") return undefined;
    const first = key.charCodeAt(0);
    // Only a canonical index ("12", not "012" or "1e1") names an item.
    if (first < 48 || first > 57 || (first === 48 && key.length > 1))
      return undefined;
    const i = Number(key);
    return Number.isInteger(i) && i < length && String(i) === key
      ? i
      : undefined;
  };
  const ensure = (i: number) => {
    if (made[i] === 0) {
      items[i] = make(i);
      made[i] = 1;
    }
  };
  const all = () => {
    for (let i = 0; i < length; i++) ensure(i);
  };
  return new Proxy(items, {
    get(target, key, receiver) {
      const i = at(key);
      if (i !== undefined) {
        ensure(i);
        return target[i];
      }
      return Reflect.get(target, key, receiver);
    },
    has(target, key) {
      return at(key) !== undefined || Reflect.has(target, key);
    },
    getOwnPropertyDescriptor(target, key) {
      const i = at(key);
      if (i !== undefined) ensure(i);
      return Reflect.getOwnPropertyDescriptor(target, key);
    },
    ownKeys(target) {
      all();
      return Reflect.ownKeys(target);
    },
  });
}
