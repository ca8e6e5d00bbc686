import { compressChunk } from "../../../../src/retrieval/pack/compress-chunk.js";
import { omittedMarker } from "../../../../src/retrieval/pack/render-context.js";

// A method as the Python syntax tree cuts it: its outline is the signature
// and the docstring (lines 120-121 where the tests place it).
const pythonChunk = [
  "    def send(self, request, timeout=None):",
  '        """Send a request and return the response."""',
  "        adapter = self.get_adapter(request.url)",
  "        start = time.time()",
  "        for hook in self.hooks:",
  "            hook(request)",
  "        response = adapter.send(request, timeout=timeout)",
  "        elapsed = time.time() - start",
  "        response.elapsed = elapsed",
  "        if response.status_code >= 500:",
  "            raise ServerError(response)",
  "        history = []",
  "        for r in response.history:",
  "            history.append(r)",
  "        response.history = history",
  "        self.cookies.update(response.cookies)",
  "        self.stats.record(elapsed)",
  "        log.debug('sent %s', request.url)",
  "        return response",
].join("\n");

describe("compressChunk", () => {
  const marker = (from: number, to: number, indent: string): string =>
    omittedMarker("pkg/sessions.py", from, to, indent);

  it("keeps the outline, exits and last lines, and marks what it drops with the file's comment syntax", () => {
    const compressed = compressChunk(
      {
        text: pythonChunk,
        startLine: 120,
        outline: [120, 121],
      },
      { marker },
    );
    expect(compressed).toBeDefined();
    const lines = compressed!.text.split("\n");
    expect(lines[0]).toBe("    def send(self, request, timeout=None):");
    expect(lines).toContain("            raise ServerError(response)");
    expect(lines[lines.length - 1]).toBe("        return response");
    expect(compressed!.text).toContain("        # … lines 123-129 omitted");
    expect(compressed!.omitted[0]).toEqual([123, 129]);
    // Every kept line is a line of the chunk, verbatim.
    const original = new Set(pythonChunk.split("\n"));
    for (const line of lines)
      if (!line.includes("omitted")) expect(original.has(line)).toBe(true);
    expect(
      compressed!.keptLines +
        compressed!.omitted.reduce((n, [a, b]) => n + b - a + 1, 0),
    ).toBe(19);
  });

  it("reads a piece of a function cut on a syntax tree as code: its exits are kept, never Markdown rules", () => {
    // The middle of a long Rust function: no declaration starts in it, so
    // its outline is empty, yet it is code.
    const body = [
      "        let n = self.len();",
      ...Array.from(
        { length: 8 },
        (_, i) => `        self.slots[${i}].clear();`,
      ),
      "        if n == 0 {",
      "            return Err(Error::Empty);",
      "        }",
      ...Array.from({ length: 8 }, (_, i) => `        self.mark(${i});`),
      "        Ok(n)",
    ].join("\n");
    const compressed = compressChunk(
      { text: body, startLine: 40, outline: [] },
      { marker, headLines: 1, tailLines: 1 },
    );
    expect(compressed?.text).toContain("return Err(Error::Empty);");
    expect(compressed?.text).not.toContain("self.slots[4].clear();");
  });

  it("also keeps lines the caller asks for", () => {
    const compressed = compressChunk(
      { text: pythonChunk, startLine: 1, outline: [1, 2] },
      { marker, keep: (line) => line.includes("cookies") },
    );
    expect(compressed!.text).toContain("self.cookies.update(response.cookies)");
  });

  it("keeps a JavaScript function's signature and exits, with // markers", () => {
    const js = [
      "export async function drain(queue) {",
      "  const started = Date.now();",
      "  let count = 0;",
      "  while (queue.length > 0) {",
      "    const job = queue.shift();",
      "    count++;",
      "    await job.run();",
      "    metrics.observe(job);",
      "  }",
      "  if (count === 0) {",
      "    throw new Error('empty');",
      "  }",
      "  log(started);",
      "  return count;",
      "}",
    ].join("\n");
    const compressed = compressChunk(
      // Cut on its tree: the outline is the signature.
      { text: js, startLine: 10, outline: [10, 10] },
      {
        marker: (a, b, indent) => omittedMarker("src/queue.ts", a, b, indent),
        headLines: 1,
        tailLines: 1,
      },
    );
    expect(compressed!.text.split("\n")).toEqual([
      "export async function drain(queue) {",
      "  // … lines 11-19 omitted",
      "    throw new Error('empty');",
      "  // … lines 21-22 omitted",
      "  return count;",
      "}",
    ]);
  });

  it("uses a neutral marker where the format has no comments", () => {
    expect(omittedMarker("README.md", 3, 9, "")).toBe("… lines 3-9 omitted");
  });

  it("declines when cutting would save little", () => {
    expect(
      compressChunk(
        {
          text: "function f() {\n  return 1;\n}\n",
          startLine: 1,
          outline: [1, 1],
        },
        { marker },
      ),
    ).toBeUndefined();
  });
});
