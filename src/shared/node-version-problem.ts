/** The oldest Node.js major askcode runs on: package.json's `engines.node` (a test keeps them equal). */
export const MINIMUM_NODE_MAJOR = 22;

/**
 * The one line to print when this Node.js is too old for askcode, or
 * `undefined` when it will do. askcode uses Node 22's APIs (node:sqlite
 * for the embedded store, among others): on an older one it would fail later,
 * with an error that does not say why.
 *
 * @example
 * nodeVersionProblem("v20.19.2") // "askcode needs Node.js 22 or newer; this is v20.19.2."
 * nodeVersionProblem("v22.12.0") // undefined
 */
export function nodeVersionProblem(version: string): string | undefined {
  const major = Number(/^v?(\d+)\./.exec(version)?.[1]);
  if (major >= MINIMUM_NODE_MAJOR) return undefined;
  return `askcode needs Node.js ${MINIMUM_NODE_MAJOR} or newer; this is ${version}.`;
}

/** Exits 1 with `nodeVersionProblem`'s line on a Node.js older than askcode needs. */
export function exitOnOldNode(version = process.version): void {
  const problem = nodeVersionProblem(version);
  if (!problem) return;
  console.error(problem);
  process.exit(1);
}
