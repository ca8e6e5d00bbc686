/**
 * A map from strings to a number or a list of numbers (an index's
 * vocabulary and lookup tables) as a few columns, for V8's serializer:
 * what a warm `askcode ask` loads from disk. As Maps, the deserializer
 * built the django-sized checkout's 62,388 terms and 23,189 table entries
 * one entry at a time, about 30 ms of a warm question and most of its
 * collector's work, for the few thousand keys a question looks up. As
 * columns, the keys are one string and the values typed arrays, read in
 * one copy each, and a key is found by binary search over them.
 */
export interface MapColumns {
  /** Every key in the map's order, one after another. */
  keys: string;
  /** Where key k ends in `keys`. */
  keyEnd: Uint32Array;
  /** The keys' positions in code-unit order (`<` on strings), to search. */
  sorted: Uint32Array;
  /** Key k's value; with `valueEnd`, every key's list one after another. */
  values: Uint32Array;
  /** Where key k's list ends in `values` (a map to lists only). */
  valueEnd?: Uint32Array;
}

const MAX_UINT32 = 0xffff_ffff;

const isUint32 = (n: number) =>
  Number.isInteger(n) && n >= 0 && n <= MAX_UINT32;

/**
 * The columns of a map to numbers (term ids), or undefined when a value is
 * not a whole number from 0 to 2³²-1.
 *
 * @example
 * numberMapColumns(new Map([["retry", 0], ["upload", 1]]))?.keys // "retryupload"
 */
export function numberMapColumns(
  map: ReadonlyMap<string, number>,
): MapColumns | undefined {
  const values = new Uint32Array(map.size);
  let k = 0;
  for (const value of map.values()) {
    if (!isUint32(value)) return undefined;
    values[k++] = value;
  }
  return { ...keyColumns(map), values };
}

/**
 * The columns of a map to lists of numbers (chunk or file ids), or
 * undefined when an item is not a whole number from 0 to 2³²-1.
 *
 * @example
 * listMapColumns(new Map([["session", [3, 9]]]))?.values // Uint32Array [3, 9]
 */
export function listMapColumns(
  map: ReadonlyMap<string, readonly number[]>,
): MapColumns | undefined {
  const valueEnd = new Uint32Array(map.size);
  let length = 0;
  let k = 0;
  for (const list of map.values()) valueEnd[k++] = length += list.length;
  const values = new Uint32Array(length);
  let at = 0;
  for (const list of map.values())
    for (const item of list) {
      if (!isUint32(item)) return undefined;
      values[at++] = item;
    }
  return { ...keyColumns(map), values, valueEnd };
}

/**
 * The map `numberMapColumns` took apart: the same keys in the same order,
 * each found without building a Map.
 *
 * @example
 * numberMapOf(numberMapColumns(vocabulary)!).get("retry") // 0
 */
export function numberMapOf(columns: MapColumns): ReadonlyMap<string, number> {
  return new ColumnMap(columns, (k) => columns.values[k] as number);
}

/**
 * The map `listMapColumns` took apart: the same keys in the same order, each
 * list made when first read and the same array after.
 *
 * @example
 * listMapOf(listMapColumns(definitions)!).get("session") // [3, 9]
 */
export function listMapOf(columns: MapColumns): ReadonlyMap<string, number[]> {
  const ends = columns.valueEnd ?? new Uint32Array(0);
  const made = new Map<number, number[]>();
  return new ColumnMap(columns, (k) => {
    let list = made.get(k);
    if (!list) {
      list = Array.from(
        columns.values.subarray(k === 0 ? 0 : ends[k - 1], ends[k] as number),
      );
      made.set(k, list);
    }
    return list;
  });
}

function keyColumns(
  map: ReadonlyMap<string, unknown>,
): Pick<MapColumns, "keys" | "keyEnd" | "sorted"> {
  const keys = [...map.keys()];
  const keyEnd = new Uint32Array(keys.length);
  let length = 0;
  for (const [k, key] of keys.entries()) keyEnd[k] = length += key.length;
  const sorted = Uint32Array.from(keys.keys()).sort((a, b) =>
    codeUnitOrder(keys[a] as string, keys[b] as string),
  );
  return { keys: keys.join(""), keyEnd, sorted };
}

function codeUnitOrder(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A read-only Map over `MapColumns`; iterating it makes every key. */
class ColumnMap<V> implements ReadonlyMap<string, V> {
  constructor(
    private readonly columns: MapColumns,
    private readonly valueAt: (k: number) => V,
  ) {}

  get size(): number {
    return this.columns.keyEnd.length;
  }

  get(key: string): V | undefined {
    const k = this.find(key);
    return k < 0 ? undefined : this.valueAt(k);
  }

  has(key: string): boolean {
    return this.find(key) >= 0;
  }

  forEach(
    each: (value: V, key: string, map: ReadonlyMap<string, V>) => void,
    thisArg?: unknown,
  ): void {
    for (const [key, value] of this.entries())
      each.call(thisArg, value, key, this);
  }

  *entries(): MapIterator<[string, V]> {
    for (let k = 0; k < this.size; k++) yield [this.key(k), this.valueAt(k)];
  }

  *keys(): MapIterator<string> {
    for (let k = 0; k < this.size; k++) yield this.key(k);
  }

  *values(): MapIterator<V> {
    for (let k = 0; k < this.size; k++) yield this.valueAt(k);
  }

  [Symbol.iterator](): MapIterator<[string, V]> {
    return this.entries();
  }

  get [Symbol.toStringTag](): string {
    return "Map";
  }

  private key(k: number): string {
    const { keys, keyEnd } = this.columns;
    return keys.slice(k === 0 ? 0 : keyEnd[k - 1], keyEnd[k]);
  }

  /** Key k's position, or -1: binary search in code-unit order, comparing in place. */
  private find(key: string): number {
    const { keys, keyEnd, sorted } = this.columns;
    let lo = 0;
    let hi = sorted.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const k = sorted[mid] as number;
      const order = compareAt(
        keys,
        k === 0 ? 0 : (keyEnd[k - 1] as number),
        keyEnd[k] as number,
        key,
      );
      if (order === 0) return k;
      if (order < 0) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }
}

/** `keys.slice(start, end)` against `key` in code-unit order, without the slice. */
function compareAt(
  keys: string,
  start: number,
  end: number,
  key: string,
): number {
  const length = Math.min(end - start, key.length);
  for (let i = 0; i < length; i++) {
    const diff = keys.charCodeAt(start + i) - key.charCodeAt(i);
    if (diff !== 0) return diff;
  }
  return end - start - key.length;
}
