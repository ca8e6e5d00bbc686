/**
 * The oldest Node.js askcode runs on, as [major, minor]: package.json's
 * `engines.node` (a test keeps them equal). 22.13 is where `node:sqlite`, the
 * embedded store, no longer needs `--experimental-sqlite`.
 */
export const MINIMUM_NODE: readonly [number, number] = [22, 13];

/** `MINIMUM_NODE` as people write it: "22.13". */
export const MINIMUM_NODE_TEXT = MINIMUM_NODE.join(".");

/**
 * The one line to print when this Node.js is too old for askcode, or
 * `undefined` when it will do. askcode uses Node 22's APIs (node:sqlite
 * for the embedded store, among others): on an older one it would fail later,
 * with an error that does not say why.
 *
 * @example
 * nodeVersionProblem("v20.19.2") // "askcode needs Node.js 22.13 or newer; this is v20.19.2."
 * nodeVersionProblem("v22.12.0") // "askcode needs Node.js 22.13 or newer; this is v22.12.0."
 * nodeVersionProblem("v22.13.0") // undefined
 */
export function nodeVersionProblem(version: string): string | undefined {
  const [, major = 0, minor = 0] = (/^v?(\d+)\.(\d+)/.exec(version) ?? []).map(
    Number,
  );
  const [wantMajor, wantMinor] = MINIMUM_NODE;
  if (major > wantMajor || (major === wantMajor && minor >= wantMinor))
    return undefined;
  return `askcode needs Node.js ${MINIMUM_NODE_TEXT} or newer; this is ${version}.`;
}

/** Exits 1 with `nodeVersionProblem`'s line on a Node.js older than askcode needs. */
export function exitOnOldNode(version = process.version): void {
  const problem = nodeVersionProblem(version);
  if (!problem) return;
  console.error(problem);
  process.exit(1);
}
