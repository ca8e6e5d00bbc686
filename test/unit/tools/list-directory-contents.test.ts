import { SHA, json, setupTools } from "./code-tools-fixture.js";

const LIST = "list_directory_contents";

describe("list_directory_contents", () => {
  it("lists the root without hidden entries, and says how many it left out", async () => {
    const { call } = setupTools();
    const output = await call(LIST, {});
    expect(JSON.parse(output.text)).toEqual({
      path: "/",
      entries: [
        { path: "assets", type: "dir" },
        { path: "config", type: "dir" },
        { path: "src", type: "dir" },
        { path: "README.md", type: "file", size: 45 },
      ],
      total: 4,
      notes: ["2 entries are secret-looking or excluded and not shown."],
      tokens: output.tokens,
    });
    expect(output.seen).toEqual([]);
    expect(output.named).toEqual(["README.md"]);
  });

  it("lists recursively, hiding files below excluded directories and secret files", async () => {
    const { call } = setupTools();
    const body = json(await call(LIST, { path: "/", recursive: true }));
    const paths = (body.entries as Array<{ path: string }>).map((e) => e.path);
    expect(paths).toContain("src/util/index.ts");
    expect(paths).not.toContain(".env");
    expect(paths).not.toContain("config/server.pem");
    expect(paths.some((p) => p.startsWith("fixtures"))).toBe(false);
  });

  it("cuts a long listing and says how to see the rest", async () => {
    const { call } = setupTools({ toolResultBudget: 150 });
    const output = await call(LIST, { recursive: true });
    expect(output.tokens).toBeLessThanOrEqual(150);
    const body = json(output);
    expect(body.truncated).toBe(true);
    expect(body.note).toMatch(
      /^Showing the first \d+ of 10 entries to fit the 150-token result budget\. List a subdirectory \(for example path "assets"\), or list without recursive to see the rest\.$/,
    );
  });

  it("refuses an excluded directory", async () => {
    const { call } = setupTools();
    const output = await call(LIST, { path: "fixtures" });
    expect(output.ok).toBe(false);
    expect(output.text).toContain("fixtures is excluded");
  });

  it("sends a file to read_file_contents", async () => {
    const { call } = setupTools();
    const output = await call(LIST, { path: "src/retry.ts" });
    expect(output).toMatchObject({
      ok: false,
      text: "Error: src/retry.ts is a file, not a directory; use read_file_contents to read it.",
    });
  });

  it("says when a directory does not exist", async () => {
    const { call } = setupTools();
    expect((await call(LIST, { path: "lib" })).text).toBe(
      `Error: No such directory at ${SHA}: lib.`,
    );
  });

  it("refuses another ref", async () => {
    const { call } = setupTools();
    expect((await call(LIST, { ref: "v2.0.0" })).text).toContain(
      `This run reads commit ${SHA} (main) only`,
    );
  });

  it("answers a wrong type with what to fix", async () => {
    const { call } = setupTools();
    expect((await call(LIST, { recursive: "yes" })).text).toBe(
      "Error: invalid arguments for list_directory_contents: recursive: Invalid input: expected boolean, received string. " +
        "Call it again with path (string), ref (string), recursive (boolean).",
    );
  });
});
