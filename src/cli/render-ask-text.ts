import { lineHistoryText } from "../tools/line-history-text.js";
import { describeOutsideDependencies } from "../retrieval/dependencies/describe-outside-dependencies.js";
import type { AskResult } from "./ask-result.js";
import { groupDigits } from "./group-digits.js";
import { wrapText } from "./wrap-text.js";

/** The terminal's width when stdout is one, else 80 columns. */
const DEFAULT_WIDTH = 80;

/**
 * The terminal form of a retrieval-only answer: the packages outside the
 * repository the places lead into, if any, places with excerpts, the files
 * the map named besides (by their signature line), then the packing report,
 * wrapped to `width`, in a person's terms: places as path:line, counts that
 * add up, and what to run for more (the packing note the model reads names
 * its tools; `--json` keeps it).
 */
export function renderAskText(result: AskResult, columns?: number): string {
  const width = columns && columns > 0 ? columns : DEFAULT_WIDTH;
  const out: string[] = [];
  const at =
    result.sha === result.ref
      ? result.sha.slice(0, 12)
      : `${result.ref} (${result.sha.slice(0, 12)})`;
  out.push(
    `askcode · ${result.source} @ ${at}`,
    `Question: ${result.question}`,
    "",
  );
  const outside = describeOutsideDependencies(
    result.outsideDependencies,
    (line) => `${line.path}:${line.line}`,
  );
  if (outside)
    out.push(
      ...outside
        .split("\n")
        .map((line) =>
          wrapText(line, width, line.startsWith("- ") ? "  " : ""),
        ),
      "",
    );
  if (result.places.length === 0) {
    out.push(
      wrapText(
        "Nothing in this repository matched the question. Try naming a function, file or error message.",
        width,
      ),
    );
  } else {
    out.push("The most relevant places:", "");
  }
  result.places.forEach((place, i) => {
    const where = `${place.path}:${place.startLine}-${place.endLine}`;
    out.push(
      wrapText(
        `${i + 1}. ${where}${place.context ? `  (${place.context})` : ""}  score ${place.score}`,
        width,
        "   ",
      ),
    );
    if (place.why.length > 0)
      out.push(wrapText(`   why: ${place.why.join("; ")}`, width, "        "));
    const digits = String(
      place.startLine + place.excerpt.split("\n").length,
    ).length;
    place.excerpt.split("\n").forEach((line, n) => {
      out.push(`   ${String(place.startLine + n).padStart(digits)} │ ${line}`);
    });
    out.push("");
  });
  if (result.history) {
    out.push("History of these lines:");
    for (const history of result.history)
      for (const line of lineHistoryText(history))
        out.push(wrapText(`- ${line}`, width, "  "));
    out.push("");
  }
  if (result.alsoRelevant.length > 0) {
    out.push("Also relevant:");
    for (const also of result.alsoRelevant)
      out.push(
        wrapText(
          `- ${also.path}:${also.line}: ${also.signature}`,
          width,
          "    ",
        ),
      );
    out.push("");
  }
  const p = result.packing;
  const tokens = `${groupDigits(p.tokensUsed)} of ${groupDigits(p.budget)} tokens (${p.encoding})`;
  const wrap = (text: string) => wrapText(text, width, "  ");
  if (p.mode === "whole-repository") {
    // Whole files, not chunks: chunksReturned counts files in this mode.
    out.push(
      wrap(
        `Packed context: the whole repository, ${plural(p.files.length, "file")} in ${tokens}.`,
      ),
    );
  } else {
    out.push(
      wrap(
        `Packed context: ${groupDigits(p.chunksReturned)} of ${groupDigits(p.chunksAvailable)} matching ${p.chunksAvailable === 1 ? "chunk" : "chunks"} ` +
          `from ${plural(p.files.length, "file")} in ${tokens}${p.truncated ? "; the rest left out or cut to their structure" : ""}.`,
      ),
      wrap(
        `Shown: ${p.files.map((f) => `${f.path}:${f.ranges.map(([a, b]) => (a === b ? `${a}` : `${a}-${b}`)).join(", ")}`).join("; ")}.`,
      ),
    );
    if (p.truncated)
      out.push(
        wrap(
          "Open any place above at its path:line, or ask again with a larger --budget to see more.",
        ),
      );
  }
  const t = result.timingsMs;
  out.push(
    wrap(
      `Read ${plural(result.filesRanked, "file")} in ${ms(t.readMs)}; indexed, ranked and packed in ${ms(t.indexMs + t.rankMs + t.packMs)}.`,
    ),
  );
  // The one thing a warm answer to the same question may change: say it.
  if (result.partialIndex)
    out.push(
      wrap(
        `Partial index: ${groupDigits(result.partialIndex.filesWithoutTree)} of ${plural(result.filesRanked, "file")} were cut on blank lines, not on their syntax trees, to answer this first question sooner; the whole index gives them their declarations and may rank other places first.`,
      ),
    );
  return out.join("\n") + "\n";
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

function ms(value: number): string {
  return value >= 1000
    ? `${(value / 1000).toFixed(1)} s`
    : `${Math.round(value)} ms`;
}
