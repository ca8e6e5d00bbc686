import { lazyArray } from "../../../../src/retrieval/index/lazy-array.js";

describe("lazyArray", () => {
  const counting = (length: number) => {
    const made: number[] = [];
    const array = lazyArray(length, (i) => {
      made.push(i);
      return { n: i * i };
    });
    return { array, made };
  };

  it("makes an item when it is first read, once", () => {
    const { array, made } = counting(1000);

    expect(array.length).toBe(1000);
    expect(array[12]).toEqual({ n: 144 });
    expect(array[12]).toBe(array[12]);
    expect(made).toEqual([12]);
    expect(array[1000]).toBeUndefined();
    expect(made).toEqual([12]);
  });

  it("is the array made whole to iteration, array methods, `in` and keys", () => {
    const whole = Array.from({ length: 5 }, (_, i) => ({ n: i * i }));

    expect(counting(5).array).toStrictEqual(whole);
    expect([...counting(5).array]).toEqual(whole);
    expect(counting(5).array.map((x) => x.n)).toEqual([0, 1, 4, 9, 16]);
    expect(Object.keys(counting(5).array)).toEqual(Object.keys(whole));
    expect(JSON.stringify(counting(5).array)).toBe(JSON.stringify(whole));
    expect(Array.isArray(counting(5).array)).toBe(true);
    const { array } = counting(5);
    expect(3 in array).toBe(true);
    expect(5 in array).toBe(false);
  });

  it("reads no item for a key that only looks like an index", () => {
    const { array, made } = counting(20);
    const loose = array as unknown as Record<string, unknown>;

    expect(loose["01"]).toBeUndefined();
    expect(loose["1e1"]).toBeUndefined();
    expect(loose["-1"]).toBeUndefined();
    expect(made).toEqual([]);
  });
});
