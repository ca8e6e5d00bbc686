import { isMap, isNode, isScalar, type Document, type LineCounter } from "yaml";

/** A 1-based line and column in a YAML file. */
export interface YamlLocation {
  line: number;
  col: number;
}

/**
 * Where the value at `path` starts in the file, so a message can say
 * `missions/x.yaml:12:5` and an editor can jump there; `undefined` when the
 * file has no node at that path (a missing key).
 *
 * @example
 * const lineCounter = new LineCounter();
 * const doc = parseDocument("name: x\ntools:\n  - grep\n", { lineCounter });
 * locateYamlPath(doc, lineCounter, ["tools", 0]) // { line: 3, col: 5 }
 */
export function locateYamlPath(
  doc: Document,
  lineCounter: LineCounter,
  path: readonly PropertyKey[],
): YamlLocation | undefined {
  const node = nodeAt(doc, path);
  const start = isNode(node) ? node.range?.[0] : undefined;
  return start === undefined ? undefined : lineCounter.linePos(start);
}

/**
 * Where a key itself is written in the map at `parent`: for an unknown key,
 * whose value may be a whole block, the key is what to point at.
 */
export function locateYamlKey(
  doc: Document,
  lineCounter: LineCounter,
  parent: readonly PropertyKey[],
  key: string,
): YamlLocation | undefined {
  const map = nodeAt(doc, parent);
  if (!isMap(map)) return undefined;
  for (const pair of map.items) {
    if (isScalar(pair.key) && pair.key.value === key && pair.key.range)
      return lineCounter.linePos(pair.key.range[0]);
  }
  return undefined;
}

function nodeAt(doc: Document, path: readonly PropertyKey[]): unknown {
  if (path.length === 0) return doc.contents;
  return doc.getIn(
    path.filter((key) => typeof key !== "symbol"),
    true,
  );
}
