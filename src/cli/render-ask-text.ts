import type { AskResult } from "./ask-result.js";

/** The terminal form of a retrieval-only answer: places with excerpts, then the packing report. */
export function renderAskText(result: AskResult): string {
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
  if (result.places.length === 0) {
    out.push(
      "Nothing in this repository matched the question. Try naming a function, file or error message.",
    );
  } else {
    out.push("The most relevant places:", "");
  }
  result.places.forEach((place, i) => {
    const where = `${place.path}:${place.startLine}-${place.endLine}`;
    out.push(
      `${i + 1}. ${where}${place.context ? `  (${place.context})` : ""}  score ${place.score}`,
    );
    if (place.why.length > 0) out.push(`   why: ${place.why.join("; ")}`);
    const width = String(
      place.startLine + place.excerpt.split("\n").length,
    ).length;
    place.excerpt.split("\n").forEach((line, n) => {
      out.push(`   ${String(place.startLine + n).padStart(width)} │ ${line}`);
    });
    out.push("");
  });
  const p = result.packing;
  out.push(
    `Packed context: ${p.mode}, ${p.tokensUsed.toLocaleString("en")} of ${p.budget.toLocaleString("en")} tokens (${p.encoding}), ` +
      `${p.chunksReturned} of ${p.chunksAvailable} chunks from ${plural(p.files.length, "file")}${p.truncated ? ", truncated" : ""}.`,
  );
  if (p.note) out.push(`Note: ${p.note}`);
  const t = result.timingsMs;
  out.push(
    `Read ${result.filesRanked} files in ${ms(t.readMs)}; indexed, ranked and packed in ${ms(t.indexMs + t.rankMs + t.packMs)}.`,
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
