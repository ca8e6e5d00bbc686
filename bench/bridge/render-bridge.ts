import type { BridgeFit } from "./fit-bridge.js";

/** Where query analysis reads the shipped bridge from; `fit:bridge --write` rewrites it. */
export const BRIDGE_TABLE_PATH =
  "src/retrieval/query/vocabulary-bridge-table.ts";

/**
 * The source of vocabulary-bridge-table.ts for a fit: the table as data, one
 * word a line in sorted order, and in its comment the command that produced
 * it, so the same rows give the same bytes and a reader knows where each
 * pair came from.
 *
 * @example
 * writeFileSync(BRIDGE_TABLE_PATH, renderBridge(fit, "npm run fit:bridge -- --write"));
 */
export function renderBridge(fit: BridgeFit, command: string): string {
  const words = Object.keys(fit.table).sort();
  return [
    'import type { VocabularyBridge } from "./vocabulary-bridge.js";',
    "",
    "/**",
    " * Code terms the chunks real fixes touched carry for the words of the",
    " * issues that asked (docs/architecture/retrieval.md, 'The vocabulary",
    " * bridge'), fitted by",
    ` * \`${command}\``,
    ` * from ${fit.rows} issues of ${fit.repos} repositories: ${words.length} words, ${fit.pairs} pairs.`,
    " * Generated: change the rows or the fit (bench/bridge/), not this file.",
    " */",
    "export const VOCABULARY_BRIDGE: VocabularyBridge = {",
    ...words.map(
      (w) =>
        `  ${JSON.stringify(w)}: ${JSON.stringify(fit.table[w]).replace(/,/g, ", ")},`,
    ),
    "};",
    "",
  ].join("\n");
}
