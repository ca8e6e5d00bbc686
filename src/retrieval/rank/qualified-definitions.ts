import type { RepositoryIndex } from "../index/index-repository.js";
import type { QualifiedName } from "../query/qualified-names.js";
import type { ScoredTerm } from "./score-terms.js";

/** A chunk that declares a member of the owner the question named. */
export interface QualifiedDefinition {
  chunkId: number;
  name: QualifiedName;
  /** The member's term, whose weight and IDF measure the evidence. */
  term: ScoredTerm;
  /** How many chunks declare the member of that owner. */
  matches: number;
  /** How many chunks declare the member at all. */
  definers: number;
}

/**
 * The declarations of `Owner::member` among a member's many: the chunks
 * declaring it out of its class (C++'s `void Session::run() {…}`, indexed
 * as `Session::run`, `Catch::Session::run` or `Holder<T>::run`), or in a
 * file that declares the owner (a C++ class and
 * its methods, a Rust type and its `impl` blocks). A name declared in dozens
 * of places (`new`, `len`, `parse`) then points at the one the question
 * means, as a lone declaration does.
 *
 * @example
 * qualifiedDefinitions(index, [{ owner: "UdpSocket", member: "peek_from" }], scored)
 * // [{ chunkId: 812, matches: 1, definers: 3, … }]
 */
export function qualifiedDefinitions(
  index: RepositoryIndex,
  names: readonly QualifiedName[],
  terms: readonly ScoredTerm[],
): QualifiedDefinition[] {
  const out: QualifiedDefinition[] = [];
  for (const name of names) {
    const member = name.member.toLowerCase();
    const term = terms.find((t) => t.query.term === member);
    const definers = index.definitions.get(member);
    if (!term || !definers) continue;
    const ownerFiles = new Set(
      (index.definitions.get(name.owner.toLowerCase()) ?? []).map(
        (c) => index.chunkFile[c] as number,
      ),
    );
    const chunks = definers.filter(
      (c) =>
        ownerFiles.has(index.chunkFile[c] as number) ||
        index.chunks[c]?.defines.some((d) => declaresMemberOf(d, name)),
    );
    for (const chunkId of chunks)
      out.push({
        chunkId,
        name,
        term,
        matches: chunks.length,
        definers: definers.length,
      });
  }
  return out;
}

/** `Catch::Session::run` and `Holder<T>::run` declare `Session::run` and `Holder::run`. */
function declaresMemberOf(declared: string, name: QualifiedName): boolean {
  const parts = declared
    .toLowerCase()
    .replace(/<[^:]*>/g, "")
    .split("::");
  return (
    parts.length >= 2 &&
    parts[parts.length - 1] === name.member.toLowerCase() &&
    parts[parts.length - 2] === name.owner.toLowerCase()
  );
}
