import type { Chunk } from "../types.js";

/**
 * How many of a file's best-ranked chunks stand for what packing shows of
 * it: the model is read before packing, and packing shows a file's first
 * few chunks far more often than the rest.
 */
export const FILE_LEADS = 3;

/** One chunk's relations to the leading chunks of its file (not itself). */
export interface LeadRelations {
  /** Chunks (by position in the file) to the nearest lead; Infinity for a file's only lead. */
  distance: number;
  /** 1 when its outermost declaration (class, impl, function) is a lead's. */
  sameOuter: number;
  /** 1 when a lead's text names what it declares: a callee of the code shown. */
  calledByLead: number;
  /** 1 when its text names what a lead declares: a caller of the code shown. */
  callsLead: number;
}

export type Ranked = {
  chunk: Pick<Chunk, "id" | "fileId" | "text" | "context" | "defines">;
};

/**
 * For each ranked chunk (in rank order), its relations to the first
 * `FILE_LEADS` ranked chunks of its own file other than itself: what lets
 * the chunk model tell which unshown chunk of a shown file continues what
 * is shown, and which is only more of the same file.
 *
 * @example
 * leadRelations(ranked)[5] // { distance: 1, sameOuter: 1, calledByLead: 0, callsLead: 1 }
 */
export function leadRelations(ranked: readonly Ranked[]): LeadRelations[] {
  const leads = new Map<number, Ranked["chunk"][]>();
  for (const { chunk } of ranked) {
    const list = leads.get(chunk.fileId);
    if (!list) leads.set(chunk.fileId, [chunk]);
    else if (list.length < FILE_LEADS + 1) list.push(chunk);
  }
  return ranked.map(({ chunk }) =>
    relationsTo(
      chunk,
      (leads.get(chunk.fileId) ?? [])
        .filter((lead) => lead.id !== chunk.id)
        .slice(0, FILE_LEADS),
    ),
  );
}

/**
 * One chunk's relations to other chunks of its file: its file's leads
 * before packing, or the chunks packing has taken.
 *
 * @example
 * relationsTo(chunk, [shown]) // { distance: 1, sameOuter: 1, calledByLead: 0, callsLead: 0 }
 */
export function relationsTo(
  chunk: Ranked["chunk"],
  others: readonly Ranked["chunk"][],
): LeadRelations {
  let distance = Infinity;
  let sameOuter = 0;
  let calledByLead = 0;
  let callsLead = 0;
  const outer = outermost(chunk.context);
  for (const lead of others) {
    distance = Math.min(distance, Math.abs(chunk.id - lead.id));
    if (outer !== "" && outermost(lead.context) === outer) sameOuter = 1;
    if (!calledByLead && namesAny(lead.text, chunk.defines)) calledByLead = 1;
    if (!callsLead && namesAny(chunk.text, lead.defines)) callsLead = 1;
  }
  return { distance, sameOuter, calledByLead, callsLead };
}

/** The chunk model's signals of a chunk's relations (`CHUNK_SIGNALS`), in this order. */
export const LEAD_SIGNALS = [
  "distanceToLead",
  "besideLead",
  "alone",
  "sameOuter",
  "calledByLead",
  "callsLead",
] as const;

/**
 * The values of `LEAD_SIGNALS` for one chunk's relations: ln(1 + distance),
 * 1 beside, 1 when there is no other chunk to relate to (distance 0 then).
 *
 * @example
 * leadSignalValues({ distance: 1, sameOuter: 1, calledByLead: 0, callsLead: 0 }) // [0.69, 1, 0, 1, 0, 0]
 */
export function leadSignalValues(r: LeadRelations): number[] {
  const alone = r.distance === Infinity;
  return [
    alone ? 0 : Math.log1p(r.distance),
    r.distance === 1 ? 1 : 0,
    alone ? 1 : 0,
    r.sameOuter,
    r.calledByLead,
    r.callsLead,
  ];
}

/** "class Session › def request" → "class Session". */
function outermost(context: string): string {
  const cut = context.indexOf(" › ");
  return cut < 0 ? context : context.slice(0, cut);
}

/**
 * Whether the text names one of the declared names as a whole word. Names
 * shorter than 3 characters (i, x, fn) say nothing of a call.
 */
function namesAny(text: string, names: readonly string[]): boolean {
  for (const name of names) {
    if (name.length < 3) continue;
    for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + 1))
      if (
        !isWordChar(text.charCodeAt(at - 1)) &&
        !isWordChar(text.charCodeAt(at + name.length))
      )
        return true;
  }
  return false;
}

function isWordChar(code: number): boolean {
  return (
    (code >= 48 && code <= 57) ||
    (code >= 65 && code <= 90) ||
    (code >= 97 && code <= 122) ||
    code === 95 ||
    code === 36
  );
}
