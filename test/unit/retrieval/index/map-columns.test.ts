import { deserialize, serialize } from "node:v8";
import {
  listMapColumns,
  listMapOf,
  numberMapColumns,
  numberMapOf,
} from "../../../../src/retrieval/index/map-columns.js";

// Keys in no order, with prefixes of each other, an empty key, characters
// beyond Latin-1 and beyond the BMP (two code units), as a vocabulary has.
const KEYS = [
  "retry",
  "re",
  "",
  "retry_upload",
  "Zeta",
  "ü",
  "名前",
  "😀",
  "r",
];

const through = <T>(value: T): T => deserialize(serialize(value)) as T;

describe("numberMapColumns / numberMapOf", () => {
  const map = new Map(KEYS.map((key, i) => [key, i * 7]));
  const back = numberMapOf(through(numberMapColumns(map)!));

  it("finds every key's value through V8's serializer, and no other key", () => {
    for (const [key, value] of map) {
      expect(back.get(key)).toBe(value);
      expect(back.has(key)).toBe(true);
    }
    for (const missing of ["ret", "retryx", "retry_", "a", "z", "Ü", "名"]) {
      expect(back.get(missing)).toBeUndefined();
      expect(back.has(missing)).toBe(false);
    }
  });

  it("iterates the keys in the map's order, as the Map did", () => {
    expect(back.size).toBe(map.size);
    expect([...back]).toEqual([...map]);
    expect([...back.keys()]).toEqual([...map.keys()]);
    expect([...back.values()]).toEqual([...map.values()]);
    const seen: [string, number][] = [];
    back.forEach((value, key) => seen.push([key, value]));
    expect(seen).toEqual([...map]);
    expect(new Map(back)).toStrictEqual(map);
  });

  it("holds the keys in one string and the values in typed arrays", () => {
    const columns = numberMapColumns(map)!;
    expect(columns.keys).toBe(KEYS.join(""));
    expect(columns.values).toBeInstanceOf(Uint32Array);
    expect(columns.sorted).toBeInstanceOf(Uint32Array);
  });

  it("refuses a value that is not a whole number from 0 to 2³²-1", () => {
    for (const value of [-1, 0.5, 2 ** 32, Number.NaN])
      expect(numberMapColumns(new Map([["a", value]]))).toBeUndefined();
    expect(numberMapColumns(new Map([["a", 2 ** 32 - 1]]))).toBeDefined();
  });

  it("answers an empty map", () => {
    const empty = numberMapOf(through(numberMapColumns(new Map())!));
    expect(empty.size).toBe(0);
    expect(empty.get("")).toBeUndefined();
    expect([...empty]).toEqual([]);
  });
});

describe("listMapColumns / listMapOf", () => {
  const map = new Map(
    KEYS.map((key, i) => [key, Array.from({ length: i % 3 }, (_, j) => i + j)]),
  );
  const back = listMapOf(through(listMapColumns(map)!));

  it("finds every key's list, empty ones too, in the map's order", () => {
    for (const [key, list] of map) expect(back.get(key)).toEqual(list);
    expect(back.get("ret")).toBeUndefined();
    expect([...back]).toEqual([...map]);
  });

  it("gives the same array each time a key is read", () => {
    expect(back.get("retry")).toBe(back.get("retry"));
  });

  it("refuses an item that is not a whole number from 0 to 2³²-1", () => {
    expect(listMapColumns(new Map([["a", [1, -2]]]))).toBeUndefined();
  });
});
