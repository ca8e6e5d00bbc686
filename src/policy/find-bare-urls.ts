import type { TextMatch } from "../text/quote-as-code.js";

/** A bare address GitHub turns into a link, and the URL it links to. */
export interface BareUrl extends TextMatch {
  url: string;
}

// What GitHub's autolinker links in text (GFM's "autolinks (extension)"): a
// URL with a scheme, a `www.` host, an e-mail address. Wider than GitHub's
// own rule on purpose, since a miss posts a link and a hit only shows code:
// any scheme followed by `//`, and `mailto:`/`xmpp:`.
const BARE_URL =
  /(?:\b[A-Za-z][A-Za-z0-9+.-]*:\/\/|\bwww\.|\b(?:mailto|xmpp):)[^\s<]*|[\w.+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g;
// Sentence punctuation after an address is not part of it (GFM agrees).
const TRAILING = /[?!.,:*_~'")\]]+$/;

/**
 * The bare addresses in a text a reader sees.
 *
 * @example
 * findBareUrls("see https://example.test/a. Or www.example.test")
 * // [{ start: 4, end: 27, url: "https://example.test/a" }, { start: 32, end: 48, url: "http://www.example.test" }]
 */
export function findBareUrls(text: string): BareUrl[] {
  return [...text.matchAll(BARE_URL)]
    .map((m) => {
      const raw = m[0].replace(TRAILING, "");
      const url = /^www\./i.test(raw)
        ? `http://${raw}`
        : /^[\w.+-]+@/.test(raw)
          ? `mailto:${raw}`
          : raw;
      return { start: m.index, end: m.index + raw.length, url };
    })
    .filter((u) => u.end > u.start);
}
