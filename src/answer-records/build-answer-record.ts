import { mergeRanges } from "../answer/line-range.js";
import { answerCitations } from "../answer/read-answer-comment.js";
import type { TreeEntry } from "../code-host/code-host.js";
import { answerCommentUrl } from "./answer-comment-url.js";
import {
  answerRecordId,
  repositoryKey,
  type AnswerPlace,
  type AnswerRecord,
  type CitedFile,
  type CitedRange,
} from "../storage/answer-records/answer-record.js";

/**
 * The record of an answer just posted: the files its permalinks cite at
 * the commit it read, each with its blob SHA from that commit's tree and
 * its cited lines (none: the whole file was linked, and so counts whole).
 * `undefined` when the answer cites nothing at that commit, or the tree
 * names no blob for what it cites (a host reading a working tree), since
 * there is nothing to watch or to match.
 *
 * @example
 * buildAnswerRecord({ body, place, installationId: 1, repositoryId: 1296269, sha: "9fceb02…", tree: listing.entries, answeredAt: Date.now() })
 * // { id: "1:1296269:issue-comment:9", cited: … read: { sha: "9fceb02…", cited: [{ path: "src/retry.ts", blob: "3b18e51…", ranges: [[12, 20]] }] }, … }
 */
export function buildAnswerRecord(input: {
  body: string;
  place: AnswerPlace;
  installationId: number;
  repositoryId: number;
  sha: string;
  tree: readonly TreeEntry[];
  answeredAt: number;
}): AnswerRecord | undefined {
  const places = answerCitations(input.body, input.place)?.places ?? [];
  const byPath = new Map<string, CitedRange[] | "whole">();
  for (const place of places) {
    if (place.ref !== input.sha) continue;
    const before = byPath.get(place.path) ?? [];
    byPath.set(
      place.path,
      before === "whole" || !place.range ? "whole" : [...before, place.range],
    );
  }
  const blobs = new Map(
    input.tree.flatMap((entry) =>
      entry.type === "file" && entry.sha ? [[entry.path, entry.sha]] : [],
    ),
  );
  const cited: CitedFile[] = [];
  for (const [path, ranges] of byPath) {
    const blob = blobs.get(path);
    if (!blob) continue;
    cited.push({
      path,
      blob,
      ranges:
        ranges === "whole" ? [] : mergeRanges(ranges.map(([a, b]) => [a, b])),
    });
  }
  if (cited.length === 0) return undefined;
  const repository = repositoryKey(input);
  return {
    id: answerRecordId(repository, input.place),
    repository,
    installationId: input.installationId,
    place: input.place,
    url: answerCommentUrl(input.place),
    answeredAt: input.answeredAt,
    read: { sha: input.sha, cited },
  };
}
