import { runGit } from "../src/code-host/local/run-git.js";

// How people ask about a piece of code: what it does, where, why, what breaks it.
const TEMPLATES = [
  (name: string) => `What does ${name} do, and who calls it?`,
  (name: string) => `Where is ${name} defined, and what does it return?`,
  (name: string) => `How does ${name} handle an error or bad input?`,
  (name: string) =>
    `Why would ${name} behave differently on a large repository?`,
  (name: string) => `Which tests cover ${name}, and what do they check?`,
] as const;

/**
 * `count` question texts about this repository's own code: each names a
 * function exported from src/ at `ref`, in one of a few phrasings, so that
 * retrieval searches for something different every time (identifiers in
 * file order, phrasings in turn; the same text comes back only after
 * identifiers × phrasings questions).
 *
 * @example
 * await soakQuestions(repository, "HEAD", 2)
 * // ["What does createAskcodeApp do, and who calls it?", "Where is loadOperatorConfig defined, and what does it return?"]
 */
export async function soakQuestions(
  repository: string,
  ref: string,
  count: number,
): Promise<string[]> {
  const { code, stdout, stderr } = await runGit(repository, [
    "grep",
    "-h",
    "-o",
    "-E",
    "export (async )?function [A-Za-z0-9_]+",
    ref,
    "--",
    "src",
  ]);
  if (code !== 0) throw new Error(`git grep at ${ref} failed: ${stderr}`);
  const names = [
    ...new Set(
      stdout
        .toString("utf8")
        .split("\n")
        .map((line) => line.split(" ").pop() ?? "")
        .filter(Boolean),
    ),
  ];
  if (names.length === 0)
    throw new Error(`No exported function in src/ at ${ref}`);
  return Array.from({ length: count }, (_, i) =>
    TEMPLATES[i % TEMPLATES.length]!(names[i % names.length]!),
  );
}
