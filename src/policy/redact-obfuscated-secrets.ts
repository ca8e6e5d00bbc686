import { obfuscatedForms, type ObfuscatedForm } from "./obfuscated-forms.js";
import { OBFUSCATED_LABEL, redactionMarker } from "./redaction-marker.js";
import {
  redactSecrets,
  type Redacted,
  type RedactOptions,
} from "./redact-secrets.js";

/** What stands where a hidden secret was: `REDACTED_OBFUSCATED_SECRET`. */
export const OBFUSCATED_MARK = redactionMarker(OBFUSCATED_LABEL);

/**
 * Redacts secrets written so that `redactSecrets` does not see them: spaced
 * out, split by invisible characters, reversed, base64- or percent-encoded
 * (`obfuscatedForms`). A prompt-injected model can be told to write a secret
 * that way to get it past redaction, and a reader undoes it in a moment.
 * Each de-obfuscated form goes through `redactSecrets`; where it finds a
 * secret, the raw stretch the form was read from is replaced. Run it after
 * `redactSecrets` on the raw text. `ownSecrets` are looked for in each form
 * as `redactSecrets` looks for them, so askcode's own webhook secret is
 * caught reversed or base64-encoded too.
 *
 * @example
 * await redactObfuscatedSecrets(`the key: ${[...token].join(" ")}`)
 * // { text: "the key: REDACTED_OBFUSCATED_SECRET", redactions: 1 }
 */
export async function redactObfuscatedSecrets(
  text: string,
  options: Pick<RedactOptions, "ownSecrets"> = {},
): Promise<Redacted> {
  const forms = obfuscatedForms(text);
  const hits = await formsWithSecrets(forms, options);
  const spans = merge(hits);
  let out = "";
  let from = 0;
  for (const { start, end } of spans) {
    out += text.slice(from, start) + OBFUSCATED_MARK;
    from = end;
  }
  return { text: out + text.slice(from), redactions: spans.length };
}

/** The forms that hold a secret: all read in one pass, one by one if a finding spans lines. */
async function formsWithSecrets(
  forms: readonly ObfuscatedForm[],
  options: Pick<RedactOptions, "ownSecrets">,
): Promise<ObfuscatedForm[]> {
  if (forms.length === 0) return [];
  const joined = forms.map((f) => f.form).join("\n");
  const redacted = await redactSecrets(joined, options);
  if (redacted.redactions === 0) return [];
  const lines = redacted.text.split("\n");
  if (lines.length === forms.length)
    return forms.filter((f, i) => lines[i] !== f.form);
  const each = await Promise.all(
    forms.map((f) => redactSecrets(f.form, options)),
  );
  return forms.filter((_f, i) => (each[i] as Redacted).redactions > 0);
}

/**
 * The stretches to replace, none overlapping. Overlapping hits are joined:
 * a spaced run may be read with a word or two around the secret, and
 * keeping only the narrowest reading could leave the secret's last
 * characters behind.
 */
function merge(
  hits: readonly ObfuscatedForm[],
): Array<{ start: number; end: number }> {
  const sorted = [...hits].sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: Array<{ start: number; end: number }> = [];
  for (const { start, end } of sorted) {
    const last = merged.at(-1);
    if (last && start < last.end) last.end = Math.max(last.end, end);
    else merged.push({ start, end });
  }
  return merged;
}
