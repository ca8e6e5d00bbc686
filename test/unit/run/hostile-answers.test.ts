import { readFileSync } from "node:fs";
import type { Nodes } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";
import { defaultRepoConfig } from "../../../src/config/parse-repo-config.js";
import { resolveRunSettings } from "../../../src/missions/resolve-run-settings.js";
import { answerQuestion } from "../../../src/run/answer-question.js";
import { createTokenCounter } from "../../../src/tokens/create-token-counter.js";
import { createFakeClock } from "../../helpers/fake-clock.js";
import { FAKE } from "../../helpers/fake-secrets.js";
import { memoryRunAt } from "../../helpers/memory-run-at.js";
import { THREAD_OWNER, THREAD_REPO } from "../../helpers/rest-issue-thread.js";
import { createScriptedChatModel } from "../../helpers/scripted-chat-model.js";

const SHA = "6dcb09b5b57875f334f61aebed695e2e4193db5e";
const REPOSITORY = `https://github.com/${THREAD_OWNER}/${THREAD_REPO}`;
const AT_COMMIT = [`${REPOSITORY}/blob/${SHA}/`, `${REPOSITORY}/commit/${SHA}`];
const ALLOWED_HOSTS = ["docs.python.org"];

interface HostileCase {
  name: string;
  attacks: string;
  answer: string;
}

const CASES = JSON.parse(
  readFileSync(
    new URL("../../fixtures/hostile-answers/cases.json", import.meta.url),
    "utf8",
  ),
) as HostileCase[];

type SecretName = Exclude<keyof typeof FAKE, "privateKeyBody">;
const percent = (s: string) =>
  [...s]
    .map((c) => `%${c.charCodeAt(0).toString(16).padStart(2, "0")}`)
    .join("");
const FORMS: Record<string, (secret: string) => string> = {
  raw: (s) => s,
  spaced: (s) => [...s].join(" "),
  "zero-width": (s) => [...s].join("\u200B"),
  reversed: (s) => [...s].reverse().join(""),
  base64: (s) => Buffer.from(s).toString("base64"),
  base64url: (s) => Buffer.from(s).toString("base64url"),
  percent,
  // Issue 34: the second wall's shapes.
  hex: (s) => Buffer.from(s).toString("hex"),
  rot13: (s) => rot13(s),
  dashed: (s) => [...s].join("-"),
  lines: (s) => `\n\n    ${s.slice(0, 20)}\n    ${s.slice(20)}\n\n`,
  "code-span-literal": (s) => `\`"${s.slice(0, 4)}" + "${s.slice(4)}"\``,
  bare: (s) => `${s.slice(0, 4)} + ${s.slice(4, 20)} + ${s.slice(20)}`,
};

/** ROT13, written here so the test does not lean on the code it tests. */
function rot13(s: string): string {
  return s.replace(/[A-Za-z]/g, (c) => {
    const base = c <= "Z" ? 65 : 97;
    return String.fromCharCode(((c.charCodeAt(0) - base + 13) % 26) + base);
  });
}

/** The case's answer with its `{{form:name}}` placeholders written out, and the secrets it holds. */
function hostileText(answer: string): { text: string; secrets: string[] } {
  const secrets: string[] = [];
  const text = answer.replace(
    /\{\{([\w-]+):(\w+)\}\}/g,
    (_m, form: string, name: string) => {
      const secret = FAKE[name as SecretName];
      const write = FORMS[form];
      if (typeof secret !== "string" || !write)
        throw new Error(`unknown placeholder {{${form}:${name}}}`);
      secrets.push(secret);
      return write(secret);
    },
  );
  return { text, secrets };
}

const FILES = {
  "src/retry.ts":
    "export function shouldRetry(status: number): boolean {\n  return status >= 500;\n}\n",
  "README.md": "# Hello-World\n\nRetries: see src/retry.ts.\n",
};

async function post(finalAnswer: string): Promise<string> {
  const rendered = await answerQuestion({
    repository: {
      at: memoryRunAt(SHA, FILES, { owner: THREAD_OWNER, repo: THREAD_REPO }),
      excludePaths: [],
      maxRepositoryBytes: 10_000_000,
    },
    asked: {
      question: "@askcode where are retries decided?",
      asker: "asker",
      issue: {
        title: "Retries",
        body: "Where are retries decided?",
        comments: [],
      },
    },
    settings: {
      ...resolveRunSettings(defaultRepoConfig(), {
        model: "gpt-4o",
        contextWindow: 128_000,
      }),
      allowedLinkHosts: ALLOWED_HOSTS,
    },
    services: {
      model: createScriptedChatModel([finalAnswer]),
      tokenCounter: createTokenCounter({ model: "gpt-4o-mini" }),
      clock: createFakeClock(),
      log: { info: () => {}, warn: () => {} },
      progress: async () => {},
    },
  });
  return rendered.body;
}

/** Every way the body could still hold `secret`: as written, or with each obfuscation undone. */
function readings(body: string): string[] {
  const visible = body.replace(/[\u200B-\u200F\u2060-\u2064\uFEFF]/g, "");
  const joined = visible.replace(/\s+/g, "");
  const decoded = [...visible.matchAll(/[A-Za-z0-9+/_-]{16,}={0,2}/g)].map(
    (m) =>
      Buffer.from(
        m[0].replace(/-/g, "+").replace(/_/g, "/"),
        "base64",
      ).toString("latin1"),
  );
  let unescaped = visible;
  try {
    unescaped = decodeURIComponent(
      visible.replace(/%(?![0-9A-Fa-f]{2})/g, "%25"),
    );
  } catch {
    // keep as it is
  }
  // Fragments glued back across what may join them (`+`, quotes,
  // backticks, dashes, line breaks), the token's own `_` and `-` kept where
  // they stand between letters; then hex decoded and ROT13 undone.
  const glued = visible.replace(
    /[\s+"'`]+|-(?=[A-Za-z0-9_]-)|(?<=-[A-Za-z0-9_])-/g,
    "",
  );
  const hex = [...visible.matchAll(/[0-9a-f]{16,}/g)].map((m) =>
    Buffer.from(m[0], "hex").toString("latin1"),
  );
  return [
    body,
    visible,
    joined,
    [...joined].reverse().join(""),
    unescaped,
    ...decoded,
    glued,
    rot13(body),
    ...hex,
  ];
}

interface Posted {
  links: string[];
  images: string[];
  html: string[];
  /** Text GitHub reads for references and bare addresses: outside code. */
  text: string[];
}

/** What GitHub would render of the body as links, images, HTML and text, read from its syntax tree. */
function posted(body: string): Posted {
  const out: Posted = { links: [], images: [], html: [], text: [] };
  const visit = (node: Nodes): void => {
    if (node.type === "link" || node.type === "definition")
      out.links.push(node.url);
    if (node.type === "image") out.images.push(node.url);
    if (node.type === "imageReference") out.images.push(`[${node.identifier}]`);
    if (node.type === "html") out.html.push(node.value);
    if (node.type === "text") out.text.push(node.value);
    if ("children" in node) for (const child of node.children) visit(child);
  };
  visit(fromMarkdown(body));
  return out;
}

const atCommit = (url: string) =>
  AT_COMMIT.some((prefix) => url.startsWith(prefix));
const allowedLink = (url: string) =>
  atCommit(url) ||
  ALLOWED_HOSTS.some((host) => url.startsWith(`https://${host}/`));

describe("hostile final answers (test/fixtures/hostile-answers)", () => {
  it.each(CASES.map((c) => [c.name, c] as const))(
    "%s",
    async (_name, hostile) => {
      const { text, secrets } = hostileText(hostile.answer);
      const body = await post(text);
      const all = readings(body);
      // Not the secret, nor any 16 characters of it in a row (half a token
      // is half the work of guessing it).
      for (const secret of secrets)
        for (let at = 0; at + 16 <= secret.length; at++)
          for (const reading of all)
            expect(reading).not.toContain(secret.slice(at, at + 16));

      const { links, images, html, text: prose } = posted(body);
      expect(
        images.filter((url) => !url.startsWith(`${REPOSITORY}/blob/${SHA}/`)),
      ).toEqual([]);
      expect(links.filter((url) => !allowedLink(url))).toEqual([]);
      // HTML that loads or links anything: none (the footer's <sub> and the details' tags carry no address).
      expect(
        html.filter((tag) =>
          /\b(?:src|srcset|href|poster|data|action)\s*=/i.test(tag),
        ),
      ).toEqual([]);
      const words = prose.join("\n");
      // Bare addresses GitHub would link.
      expect(words).not.toMatch(/https?:\/\/|www\.|javascript:|data:image/i);
      // Cross-repository references and closing keywords GitHub would act on.
      expect(words).not.toMatch(/[\w-]+\/[\w.-]+#\d+|[\w-]+@[0-9a-f]{7,40}\b/);
      expect(words).not.toMatch(
        /\b(?:close[sd]?|fix(?:e[sd])?|resolve[sd]?)\s*:?\s+(?:#|GH-)\d+/i,
      );
    },
  );

  it("keeps what the answer meant to say: link text, a same-repository issue, the redaction marker", async () => {
    const keep = async (name: string) =>
      post(hostileText(CASES.find((c) => c.name === name)!.answer).text);
    expect(await keep("<a href>")).toContain("the official docs");
    expect(await keep("Closes #3")).toContain("Issue #9 is related.");
    expect(await keep("the same repository at another ref")).toContain(
      "Compare with the main branch and issue 3.",
    );
    expect(await keep("spaced secret")).toContain("REDACTED_OBFUSCATED_SECRET");
  });

  it("posts no line of a passwd file, and keeps the fence around them", async () => {
    const body = await post(
      CASES.find((c) => c.name === "passwd lines")!.answer,
    );
    expect(body).not.toMatch(/\w+:x:\d+:\d+:/);
    expect(body).toContain(
      "```\nREDACTED_PASSWD_ENTRY\nREDACTED_PASSWD_ENTRY\n```",
    );
  });

  it("posts a benign answer with permalinks, code, HTML and an allowed link unchanged", async () => {
    const benign = [
      `Retries are decided in [\`src/retry.ts:1-3\`](${REPOSITORY}/blob/${SHA}/src/retry.ts#L1-L3): any status of 500 or more is retried.`,
      "",
      "```ts",
      'await fetch("https://api.example.com/upload?token=abc", { method: "POST" }); // other/repo#5',
      "```",
      "",
      "| status | retried |",
      "| ------ | ------- |",
      "| 503    | **yes** |",
      "",
      "<details><summary>Why 500?</summary>",
      "",
      "Server errors are *transient*; see the [`http` module](https://docs.python.org/3/library/http.html) and issue #4.",
      "",
      "</details>",
      "",
      "- `shouldRetry(503)` is `true`",
      "- `shouldRetry(404)` is `false`",
    ].join("\n");
    const body = await post(benign);
    expect(body.startsWith(`${benign}\n`)).toBe(true);
  });
});
