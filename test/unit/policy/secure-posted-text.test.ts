import type { Nodes } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";
import { redactionMarker } from "../../../src/policy/redaction-marker.js";
import { securePostedText } from "../../../src/policy/secure-posted-text.js";
import { FAKE } from "../../helpers/fake-secrets.js";

const URL_WITH_PASSWORD = "postgres://admin:Pg-Secr3t@db.internal:5432/app";
// A token split by a zero-width space: only the obfuscated pass finds it.
const HIDDEN = `${FAKE.githubClassic.slice(0, 3)}\u200B${FAKE.githubClassic.slice(3)}`;

/** Every node of the CommonMark tree, in document order. */
function nodes(markdown: string): Nodes[] {
  const all: Nodes[] = [];
  const visit = (node: Nodes): void => {
    all.push(node);
    if ("children" in node) for (const child of node.children) visit(child);
  };
  visit(fromMarkdown(markdown));
  return all;
}

// GitHub links `@login` in text where no word character comes before it.
const liveMentions = (markdown: string): string[] =>
  nodes(markdown)
    .filter((n) => n.type === "text")
    .flatMap((n) => [...n.value.matchAll(/(?:^|[^\w`])(@[A-Za-z0-9-]+)/g)])
    .map((m) => m[1]!);

// The tree's shape: node types and code's text, which redaction must not change.
const shape = (markdown: string): string[] =>
  nodes(markdown).map((n) => (n.type === "inlineCode" ? "code" : n.type));

describe("securePostedText", () => {
  it("keeps a code span whole when it redacts a password in it, and makes no mention (issue 19)", async () => {
    const answer = `Connect with \`${URL_WITH_PASSWORD}\` from the worker.`;
    const { text } = await securePostedText(answer);
    expect(text).toBe(
      "Connect with `postgres://admin:REDACTED_PASSWORD@db.internal:5432/app` from the worker.",
    );
    const code = nodes(text).filter((n) => n.type === "inlineCode");
    expect(code.map((n) => n.value)).toStrictEqual([
      "postgres://admin:REDACTED_PASSWORD@db.internal:5432/app",
    ]);
    expect(liveMentions(text)).toStrictEqual([]);
  });

  it("makes no mention when it redacts a password in prose", async () => {
    const { text } = await securePostedText(
      `Connect with ${URL_WITH_PASSWORD} from the worker.`,
    );
    expect(text).not.toContain("Pg-Secr3t");
    expect(liveMentions(text)).toStrictEqual([]);
  });

  it.each([
    ["a code span", (s: string) => `Run \`export TOKEN=${s}\` first.`],
    [
      "a link's text",
      (s: string) => `See [the ${s} token](https://github.com).`,
    ],
    ["emphasis", (s: string) => `It is _${s}_ and *${s}*.`],
    ["before (url)", (s: string) => `Token: ${s}(https://example.com/x)`],
    ["before @host", (s: string) => `redis://:${s}@cache.internal:6379`],
    ["a table cell", (s: string) => `| a | b |\n| - | - |\n| ${s} | x |`],
  ])(
    "leaves the Markdown tree as it was when it redacts a token in %s",
    async (_where, write) => {
      const original = write(FAKE.githubClassic);
      const { text, redactions } = await securePostedText(original);
      expect(redactions).toBeGreaterThan(0);
      expect(text).not.toContain(FAKE.githubClassic);
      expect(shape(text)).toStrictEqual(shape(original));
    },
  );

  it("keeps a code span's backticks when it cuts out a token hidden by an invisible character", async () => {
    const { text } = await securePostedText(`Use \`${HIDDEN} @db\` there.`);
    expect(text).toBe("Use `REDACTED_OBFUSCATED_SECRET @db` there.");
    expect(liveMentions(text)).toStrictEqual([]);
  });

  it("redacts first, then neutralises what redaction left in the open", async () => {
    // The hidden token is cut out whole with the backtick glued to its
    // front, which opened the span `@db` was in: after redaction `@db` is
    // text, and only a check after redaction sees it.
    const { text } = await securePostedText(`See x\`${HIDDEN} @db\` now.`);
    expect(text).not.toContain(FAKE.githubClassic.slice(3));
    expect(liveMentions(text)).toStrictEqual([]);
  });

  it.each([
    "GitHub token",
    "private key",
    "1Password token",
    "obfuscated secret",
    "Redis password",
  ])(
    "writes the marker for a %s as one word of capitals, digits and underscores",
    (label) => {
      expect(redactionMarker(label)).toMatch(
        /^REDACTED_[A-Z0-9]+(?:_[A-Z0-9]+)*$/,
      );
    },
  );
});
