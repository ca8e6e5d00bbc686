import {
  countTableRows,
  decodeCountTable,
  encodeCountTable,
} from "../../../src/tokens/count-table.js";
import { tokenCountKey } from "../../../src/tokens/token-count-key.js";

const ENCODING = "o200k_base";
const text = (i: number) =>
  `def handler_${i}(event, context):\n    return event["body"][${i}] or context.default\n`;
const key = (i: number, encoding = ENCODING) =>
  tokenCountKey(encoding, text(i));

describe("count tables", () => {
  it("give back each kept count by its text's key, and nothing for a text not kept", () => {
    const counts = Array.from(
      { length: 50 },
      (_, i) => [key(i), 100 + i] as const,
    );
    const table = decodeCountTable(
      encodeCountTable(
        ENCODING,
        countTableRows(ENCODING, counts, { max: 1000 }),
      ),
      ENCODING,
    );

    expect(table).toBeDefined();
    for (let i = 0; i < 50; i++) expect(table?.get(key(i))).toBe(100 + i);
    expect(table?.get(key(50))).toBeUndefined();
    expect(table?.rows.length).toBe(50 * 3);
  });

  it("hold only the encoding's hashed keys: a short text's key or another encoding's finds nothing", () => {
    const rows = countTableRows(
      ENCODING,
      [
        [key(1), 11],
        [key(2, "cl100k_base"), 12],
        [tokenCountKey(ENCODING, "short"), 1],
      ],
      { max: 1000 },
    );
    const table = decodeCountTable(encodeCountTable(ENCODING, rows), ENCODING);

    expect(table?.rows.length).toBe(3);
    expect(table?.get(key(1))).toBe(11);
    expect(table?.get(key(1, "cl100k_base"))).toBeUndefined();
    expect(table?.get(tokenCountKey(ENCODING, "short"))).toBeUndefined();
  });

  it("keep the newest counts, then the older ones not among them, up to the most they hold", () => {
    const older = countTableRows(
      ENCODING,
      [
        [key(1), 1],
        [key(2), 2],
        [key(3), 3],
      ],
      { max: 10 },
    );
    const rows = countTableRows(
      ENCODING,
      [
        [key(2), 20],
        [key(4), 40],
      ],
      { older, max: 3 },
    );
    const table = decodeCountTable(encodeCountTable(ENCODING, rows), ENCODING);

    expect(table?.get(key(2))).toBe(20);
    expect(table?.get(key(4))).toBe(40);
    expect([1, 3].filter((i) => table?.get(key(i)) !== undefined)).toHaveLength(
      1,
    );
  });

  it("read as none when the file is another encoding's, cut, changed or not a table", () => {
    const file = encodeCountTable(
      ENCODING,
      countTableRows(ENCODING, [[key(1), 11]], { max: 10 }),
    );
    const changed = Buffer.from(file);
    changed.writeUInt8(
      changed.readUInt8(changed.length - 1) ^ 1,
      changed.length - 1,
    );

    expect(decodeCountTable(file, "cl100k_base")).toBeUndefined();
    expect(
      decodeCountTable(file.subarray(0, file.length - 4), ENCODING),
    ).toBeUndefined();
    expect(decodeCountTable(changed, ENCODING)).toBeUndefined();
    expect(decodeCountTable(Buffer.from("{}"), ENCODING)).toBeUndefined();
  });

  it("read a file that does not start on a 4-byte boundary", () => {
    const file = encodeCountTable(
      ENCODING,
      countTableRows(ENCODING, [[key(7), 77]], { max: 10 }),
    );
    const shifted = Buffer.alloc(file.length + 1);
    file.copy(shifted, 1);

    expect(decodeCountTable(shifted.subarray(1), ENCODING)?.get(key(7))).toBe(
      77,
    );
  });
});
