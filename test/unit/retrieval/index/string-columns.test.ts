import { deserialize, serialize } from "node:v8";
import {
  dictionaryColumn,
  dictionaryReader,
  stringAt,
  stringColumn,
} from "../../../../src/retrieval/index/string-columns.js";

const through = <T>(value: T): T => deserialize(serialize(value)) as T;

// Empty strings first, last and between, and characters beyond Latin-1 and
// beyond the BMP (two code units each).
const STRINGS = ["", "def run", "", "class Session", "名前", "😀x", ""];

describe("stringColumn / stringAt", () => {
  it("gives back every string through V8's serializer", () => {
    const column = through(stringColumn(STRINGS));

    expect(STRINGS.map((_, i) => stringAt(column, i))).toEqual(STRINGS);
  });

  it("holds no strings for none", () => {
    const column = stringColumn([]);
    expect(column.text).toBe("");
    expect(column.end).toHaveLength(0);
  });
});

describe("dictionaryColumn / dictionaryReader", () => {
  const kinds = ["block", "function", "block", "", "class", "function"];

  it("keeps each distinct string once and gives back every one", () => {
    const column = through(dictionaryColumn(kinds));
    const kindAt = dictionaryReader(column);

    expect(column.distinct.text).toBe("blockfunctionclass");
    expect(kinds.map((_, i) => kindAt(i))).toEqual(kinds);
  });

  it("reads equal strings as one string", () => {
    const kindAt = dictionaryReader(dictionaryColumn(kinds));
    const first = kindAt(1);
    expect(kindAt(5)).toBe(first);
  });
});
