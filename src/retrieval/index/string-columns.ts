/**
 * Many short strings as one, for V8's serializer: the deserializer makes
 * each string of an array as an object of its own, which a django-sized
 * checkout's 28,829 chunks (a context, a kind and names each) paid for in
 * about 20 ms of a warm question and the collector's work after it. As
 * one string and where each ends, the strings are read in one copy and
 * each is sliced when a chunk that has it is made.
 */
export interface StringColumn {
  /** Every string, one after another. */
  text: string;
  /** Where string i ends in `text`. */
  end: Uint32Array;
}

/**
 * Strings of which few are distinct (a chunk's kind, its context): each
 * distinct one once, and each string as the number of its distinct one.
 */
export interface DictionaryColumn {
  distinct: StringColumn;
  codes: Uint32Array;
}

/**
 * The column of `strings`.
 *
 * @example
 * stringColumn(["run", "", "stop"]) // { text: "runstop", end: Uint32Array [3, 3, 7] }
 */
export function stringColumn(strings: readonly string[]): StringColumn {
  const end = new Uint32Array(strings.length);
  let length = 0;
  for (const [i, string] of strings.entries()) end[i] = length += string.length;
  return { text: strings.join(""), end };
}

/**
 * String i of `column`.
 *
 * @example
 * stringAt(stringColumn(["run", "", "stop"]), 2) // "stop"
 */
export function stringAt(column: StringColumn, i: number): string {
  return column.text.slice(i === 0 ? 0 : column.end[i - 1], column.end[i]);
}

/**
 * The dictionary column of `strings`.
 *
 * @example
 * dictionaryColumn(["block", "class", "block"]).codes // Uint32Array [0, 1, 0]
 */
export function dictionaryColumn(strings: readonly string[]): DictionaryColumn {
  const numbers = new Map<string, number>();
  const codes = new Uint32Array(strings.length);
  for (const [i, string] of strings.entries()) {
    let code = numbers.get(string);
    if (code === undefined) numbers.set(string, (code = numbers.size));
    codes[i] = code;
  }
  return { distinct: stringColumn([...numbers.keys()]), codes };
}

/**
 * Reads a dictionary column by position; each distinct string is sliced
 * once, so equal strings read are one string.
 *
 * @example
 * const kindAt = dictionaryReader(columns.kind);
 * kindAt(12) // "function"
 */
export function dictionaryReader(
  column: DictionaryColumn,
): (i: number) => string {
  const made: string[] = [];
  return (i) => {
    const code = column.codes[i] as number;
    return (made[code] ??= stringAt(column.distinct, code));
  };
}
