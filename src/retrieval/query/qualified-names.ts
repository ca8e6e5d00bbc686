/** A member named with the type or namespace that holds it: `Sender::len`. */
export interface QualifiedName {
  /** The type or namespace, as written: `Sender`, `basic_json`. */
  owner: string;
  /** The member, as written: `len`, `parse`. */
  member: string;
}

// The last two parts of a C++ or Rust path: in `broadcast::Sender::len`,
// `Sender::len`; in `Catch::Session::applyCommandLine`, `Session::applyCommandLine`.
const QUALIFIED = /([A-Za-z_]\w*)::([A-Za-z_]\w*)(?![\w:])/g;
// Qualifiers that hold no type of the repository: the standard library's
// crates and namespaces, and paths relative to a module.
const NO_OWNER = new Set(["std", "core", "alloc", "crate", "self", "super"]);
// A long paste (a backtrace) names hundreds: the first ones are the question's.
const MAX_QUALIFIED = 24;

/**
 * The members a question names through the type or namespace that holds
 * them, as C++ and Rust write them (`Session::applyCommandLine`,
 * `UdpSocket::peek_from`, `Self::`-free), first written first, each once.
 * A member declared in many places (`new`, `len`) is found by its owner.
 *
 * @example
 * qualifiedNames("`broadcast::Sender::len` lies; std::mem::swap is fine")
 * // [{ owner: "Sender", member: "len" }]
 */
export function qualifiedNames(text: string): QualifiedName[] {
  const seen = new Set<string>();
  const out: QualifiedName[] = [];
  for (const m of text.matchAll(QUALIFIED)) {
    const [, owner = "", member = ""] = m;
    const at = m.index ?? 0;
    // `std::mem::swap`: the owner's own qualifier is the standard library.
    const before = /(\w+)::$/.exec(text.slice(Math.max(0, at - 40), at));
    if (NO_OWNER.has(owner) || (before && NO_OWNER.has(before[1] ?? "")))
      continue;
    if (owner === "Self" || member.length < 2) continue;
    const key = `${owner}::${member}`.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ owner, member });
    if (out.length === MAX_QUALIFIED) break;
  }
  return out;
}
