/**
 * GitHub refuses a comment body over 65,536 characters ("body is too long
 * (maximum is 65536 characters)"). JavaScript's length counts UTF-16 code
 * units, never fewer than GitHub's characters, so measuring with it is safe.
 */
export const GITHUB_COMMENT_LIMIT = 65_536;

export interface FitInput {
  answer: string;
  /** The details section, listing at most `maxFiles` files, with or without the grounding list. */
  details: (options: { maxFiles?: number; brief: boolean }) => string;
  fileCount: number;
  footer: string;
  /** Put the footer inside the details section, last, instead of below it (when there is a section). */
  foldFooter?: boolean;
  limit?: number;
}

export interface FittedComment {
  body: string;
  /** What had to give: nothing, the details section, or the answer itself. */
  trimmed: "none" | "details" | "answer";
}

/**
 * Assembles answer, details and footer within GitHub's limit, giving up the
 * least useful text first: the list of corrected citations, then files of the
 * details list (counted, not named), and only then the end of the answer,
 * cut at a line and with any open code block closed and a note saying so.
 *
 * @example
 * fitComment({ answer, details: (o) => renderContextDetails({ ...input, ...o }), fileCount: 40, footer })
 * // { body: "…", trimmed: "details" }
 */
export function fitComment(input: FitInput): FittedComment {
  const limit = input.limit ?? GITHUB_COMMENT_LIMIT;
  const join = (answer: string, details: string) => {
    // Folded: the footer is the section's last line, before it closes.
    const folded = input.foldFooter === true && details.endsWith("</details>");
    const end = folded
      ? `${details.slice(0, -"</details>".length).trimEnd()}\n\n${input.footer}\n</details>`
      : details;
    return [answer, end, folded ? "" : input.footer]
      .filter((part) => part !== "")
      .join("\n\n");
  };
  const full = join(input.answer, input.details({ brief: false }));
  if (full.length <= limit) return { body: full, trimmed: "none" };

  // The largest number of files whose brief details still fit.
  const fits = (n: number) =>
    join(input.answer, input.details({ maxFiles: n, brief: true })).length <=
    limit;
  if (fits(0)) {
    let lo = 0;
    let hi = input.fileCount;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (fits(mid)) lo = mid;
      else hi = mid - 1;
    }
    const details = input.details({ maxFiles: lo, brief: true });
    return { body: join(input.answer, details), trimmed: "details" };
  }

  const details = input.details({ maxFiles: 0, brief: true });
  const note = `\n\n*The answer was cut here: GitHub allows at most ${limit.toLocaleString("en")} characters in a comment.*`;
  // What the rest takes, measured around a one-character stand-in for the answer.
  const room = limit - (join("x", details).length - 1) - note.length;
  const body = join(cutMarkdown(input.answer, room) + note, details);
  return { body: body.slice(0, limit), trimmed: "answer" };
}

/**
 * The start of `markdown` in at most `max` characters: cut at a line break
 * when one is near, else after the last whole word (so no half URL is left
 * to autolink), with an open code block closed.
 *
 * @example
 * cutMarkdown("intro\n```ts\nconst a = 1;\nconst b = 2;\n```", 30)
 * // "intro\n```ts\nconst a = 1;\n```"
 */
export function cutMarkdown(markdown: string, max: number): string {
  if (markdown.length <= max) return markdown;
  const reserve = 12; // room for a closing fence
  const budget = Math.max(0, max - reserve);
  const cut = markdown.lastIndexOf("\n", budget);
  const kept =
    cut >= budget / 2
      ? markdown.slice(0, cut)
      : markdown.slice(0, budget).replace(/\S*$/, "").trimEnd();
  return closeOpenFence(kept);
}

/**
 * `markdown` with a code block left open at its end closed, so text added
 * after it is not shown as code.
 *
 * @example
 * closeOpenFence("intro\n```ts\nconst a = 1;") // "intro\n```ts\nconst a = 1;\n```"
 */
export function closeOpenFence(markdown: string): string {
  const fence = openFence(markdown);
  return fence ? `${markdown}\n${fence}` : markdown;
}

/** The fence that closes a code block left open at the end of `markdown`, if any. */
function openFence(markdown: string): string | undefined {
  let open: string | undefined;
  for (const line of markdown.split("\n")) {
    const run = /^[ \t>]*(`{3,}|~{3,})(.*)$/.exec(line);
    if (!run?.[1]) continue;
    if (!open) open = run[1];
    else if (
      run[1][0] === open[0] &&
      run[1].length >= open.length &&
      !run[2]?.trim()
    )
      open = undefined;
  }
  return open;
}
