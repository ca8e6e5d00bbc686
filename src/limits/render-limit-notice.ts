import type { LimitCounter } from "../storage/question-limiter/question-limiter.js";

/**
 * The one comment a person gets when a question is over a limit: which
 * limit, and when to ask again (a UTC time and how long from now). Later
 * questions in the same hour get no answer and no comment, so the notice
 * says that too. The login is shown as code, which pings no one.
 *
 * @example
 * renderLimitNotice({ scope: "user", name: "octocat", limit: 20 }, resetsAt, now)
 * // "askcode answers at most 20 questions an hour from one person, and `octocat` …
 * //  Ask again after 15:00 UTC (in 23 minutes). …"
 */
export function renderLimitNotice(
  counter: LimitCounter,
  resetsAt: number,
  now: number,
): string {
  const who =
    counter.scope === "user"
      ? `askcode answers at most ${questions(counter.limit)} an hour from one person, and \`${counter.name}\` has asked that many this hour.`
      : `askcode answers at most ${questions(counter.limit)} an hour in this repository, and this hour's are used.`;
  const minutes = Math.max(1, Math.ceil((resetsAt - now) / 60_000));
  const at = new Date(resetsAt).toISOString().slice(11, 16);
  return [
    `⏳ ${who} Ask again after ${at} UTC (in ${minutes === 1 ? "1 minute" : `${minutes} minutes`}).`,
    "",
    "<sub>Questions asked before then get no answer and no further notice.</sub>",
  ].join("\n");
}

function questions(count: number): string {
  return count === 1 ? "1 question" : `${count} questions`;
}
