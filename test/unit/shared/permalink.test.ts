import { commitLink, permalink } from "../../../src/shared/permalink.js";

const sha = "9fceb02d0ae598e95dc970b74767f19372d61af8";
const at = { owner: "octo", repo: "hello", sha };

describe("permalink", () => {
  it.each([
    [
      { path: "src/upload.ts", startLine: 9, endLine: 12 },
      `/src/upload.ts#L9-L12`,
    ],
    [{ path: "src/upload.ts", startLine: 9 }, `/src/upload.ts#L9`],
    [{ path: "src/upload.ts", startLine: 9, endLine: 9 }, `/src/upload.ts#L9`],
    [{ path: "src/upload.ts" }, `/src/upload.ts`],
    [{ path: "docs/a b#1?.md", startLine: 3 }, `/docs/a%20b%231%3F.md#L3`],
    [{ path: "ünï/100%.ts" }, `/%C3%BCn%C3%AF/100%25.ts`],
  ])("%j", (input, tail) => {
    expect(permalink({ ...at, ...input })).toBe(
      `https://github.com/octo/hello/blob/${sha}${tail}`,
    );
  });

  it("links the commit", () => {
    expect(commitLink(at)).toBe(`https://github.com/octo/hello/commit/${sha}`);
  });

  it("links on the repository's own web host (GitHub Enterprise Server), from its html_url", () => {
    const onGhes = { ...at, htmlUrl: "https://ghe.example.com/octo/hello/" };
    expect(permalink({ ...onGhes, path: "docs/a b.md", startLine: 3 })).toBe(
      `https://ghe.example.com/octo/hello/blob/${sha}/docs/a%20b.md#L3`,
    );
    expect(commitLink(onGhes)).toBe(
      `https://ghe.example.com/octo/hello/commit/${sha}`,
    );
  });
});
