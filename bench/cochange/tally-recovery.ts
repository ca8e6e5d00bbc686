// How much of a fix that askcode did not show with a body the co-changed
// files would bring back, in the report's own unit: points of file recall
// Avg (the mean over questions of the share of gold files), and what they
// cost in files that are not the fix's.
import { coChangeKind } from "../../src/retrieval/history/co-change-kind.js";

/** One question: its fix files, what askcode showed, and the co-changed files proposed, best first. */
export interface RecoveryRow {
  language: string;
  gold: readonly string[];
  /** Files askcode showed with a body. */
  body: ReadonlySet<string>;
  /** Files askcode named with a map line only. */
  mapOnly: ReadonlySet<string>;
  proposed: readonly string[];
}

export interface RecoveryAtN {
  n: number;
  /** Points of file recall Avg the first `n` proposed files would add. */
  points: number;
  /** Of `points`, those from gold files the map already named. */
  fromMap: number;
  /** Share of the proposed files (up to `n` a question) that are gold. */
  precision: number;
  /** Proposed files that are not gold, per question. */
  othersPerQuestion: number;
}

export interface RecoveryGroup {
  /** Points of file recall Avg missing (gold not shown with a body). */
  missing: number;
  /** Gold files missing, and recovered at each n. */
  files: number;
  recovered: Record<number, { points: number; files: number }>;
}

export interface RecoveryTally {
  questions: number;
  missing: number;
  byN: RecoveryAtN[];
  byKind: Map<string, RecoveryGroup>;
  byLanguage: Map<string, RecoveryGroup>;
  /** By the proposed file's own kind, at each n: slots taken and how many were gold. */
  byProposedKind: Map<string, Record<number, { slots: number; gold: number }>>;
}

/**
 * Tallies the co-changed files' recovery over questions, for each n.
 *
 * @example
 * tallyRecovery([{ language: "rust", gold: ["a.rs", "CHANGELOG.md"], body: new Set(["a.rs"]), mapOnly: new Set(), proposed: ["CHANGELOG.md", "b.rs"] }], [1])
 * // { questions: 1, missing: 50, byN: [{ n: 1, points: 50, fromMap: 0, precision: 1, othersPerQuestion: 0 }], … }
 */
export function tallyRecovery(
  rows: readonly RecoveryRow[],
  ns: readonly number[],
): RecoveryTally {
  const per = 100 / Math.max(rows.length, 1);
  const counters = ns.map((n) => ({
    at: { n, points: 0, fromMap: 0, precision: 0, othersPerQuestion: 0 },
    gold: 0,
    all: 0,
  }));
  const byKind = new Map<string, RecoveryGroup>();
  const byLanguage = new Map<string, RecoveryGroup>();
  const byProposedKind: RecoveryTally["byProposedKind"] = new Map();
  let missing = 0;
  for (const row of rows) {
    const gold = new Set(row.gold);
    const weight = per / gold.size;
    const lost = row.gold.filter((file) => !row.body.has(file));
    missing += lost.length * weight;
    for (const counter of counters) {
      const { at } = counter;
      const top = row.proposed.slice(0, at.n);
      const found = top.filter((file) => lost.includes(file));
      at.points += found.length * weight;
      at.fromMap +=
        found.filter((file) => row.mapOnly.has(file)).length * weight;
      at.othersPerQuestion += top.length - found.length;
      counter.gold += top.filter((file) => gold.has(file)).length;
      counter.all += top.length;
      for (const file of top) {
        const kind = coChangeKind(file);
        const atKind = byProposedKind.get(kind) ?? {};
        const slot = (atKind[at.n] ??= { slots: 0, gold: 0 });
        slot.slots += 1;
        slot.gold += gold.has(file) ? 1 : 0;
        byProposedKind.set(kind, atKind);
      }
    }
    for (const file of lost) {
      const groups = [
        group(byKind, coChangeKind(file)),
        group(byLanguage, row.language),
      ];
      for (const g of groups) {
        g.missing += weight;
        g.files += 1;
        for (const n of ns) {
          if (!row.proposed.slice(0, n).includes(file)) continue;
          const back = (g.recovered[n] ??= { points: 0, files: 0 });
          back.points += weight;
          back.files += 1;
        }
      }
    }
  }
  const byN = counters.map(({ at, gold, all }) => ({
    ...at,
    precision: all === 0 ? 0 : gold / all,
    othersPerQuestion: at.othersPerQuestion / Math.max(rows.length, 1),
  }));
  return {
    questions: rows.length,
    missing,
    byN,
    byKind,
    byLanguage,
    byProposedKind,
  };
}

function group(groups: Map<string, RecoveryGroup>, key: string) {
  const found = groups.get(key);
  if (found) return found;
  const made: RecoveryGroup = { missing: 0, files: 0, recovered: {} };
  groups.set(key, made);
  return made;
}
