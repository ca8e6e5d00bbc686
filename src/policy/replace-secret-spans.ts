import { redactionMarker } from "./redaction-marker.js";
import type { SecretSpan } from "./secret-span.js";

/** Text with its secrets replaced, and how many were. */
export interface Redacted {
  /** The text with every secret replaced by a marker such as `REDACTED_GITHUB_TOKEN` (`redactionMarker`). */
  text: string;
  /** How many secrets were replaced. */
  redactions: number;
}

// What a value given to a secret-named key is called when nothing more is known.
const GENERIC = "secret";

/**
 * `text` with each of `found` replaced by its marker. Where findings
 * overlap, the widest wins and takes in the others (a key block, not the
 * token inside it); of two on the same text, the one found first stays,
 * and a generic `secret` takes the name of what it holds
 * (`private_key = "-----BEGIN…"` is a private key). With `keepLines`, a
 * secret over several lines leaves its line breaks after its marker.
 *
 * @example
 * replaceSecretSpans("id: ghp_…", [{ start: 4, end: 44, label: "GitHub token" }])
 * // { text: "id: REDACTED_GITHUB_TOKEN", redactions: 1 }
 */
export function replaceSecretSpans(
  text: string,
  found: readonly SecretSpan[],
  options: { keepLines?: boolean } = {},
): Redacted {
  const spans = mergeOverlaps(found);
  let out = "";
  let from = 0;
  for (const { start, end, label } of spans) {
    const breaks = options.keepLines
      ? text.slice(start, end).replace(/[^\n]/g, "")
      : "";
    out += `${text.slice(from, start)}${redactionMarker(label)}${breaks}`;
    from = end;
  }
  return { text: out + text.slice(from), redactions: spans.length };
}

/** Spans in text order, none overlapping. */
function mergeOverlaps(found: readonly SecretSpan[]): SecretSpan[] {
  // A stable sort: among spans with the same start and end, the first found stays first.
  const ordered = [...found].sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: SecretSpan[] = [];
  for (const span of ordered) {
    const last = merged.at(-1);
    if (last && span.start < last.end) {
      last.end = Math.max(last.end, span.end);
      // `private_key = "-----BEGIN…"`: the block's name says more than the key's.
      if (last.label === GENERIC) last.label = span.label;
    } else merged.push({ ...span });
  }
  return merged;
}
