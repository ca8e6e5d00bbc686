import { gunzipSync, gzipSync } from "node:zlib";
import {
  SnapshotTooLargeError,
  unpackTarball,
} from "../../../../src/code-host/github/unpack-tarball.js";
import { AskcodeError } from "../../../../src/shared/errors.js";
import {
  buildTarball,
  helloWorldTarball,
} from "../../../helpers/build-tarball.js";

// Keeps every file: these tests are about reading archives; what a snapshot keeps is below.
const options = {
  label: "tarball:octo-org/hello-world@7fd1a60",
  maxKeptBytes: 1 << 20,
  keep: () => true,
  skipText: () => undefined,
};

describe("unpackTarball", () => {
  it("strips the top directory, skips the pax global header and directories, and keeps symlinks with targets", async () => {
    const unpacked = await unpackTarball(await helloWorldTarball(), options);

    expect(unpacked.entries).toStrictEqual([
      { path: "README.md", type: "file", size: 61 },
      { path: "docs/logo.png", type: "file", size: 70 },
      { path: "src/lib/backoff.ts", type: "file", size: 201 },
      { path: "src/retry.ts", type: "file", size: 856 },
      {
        path: "docs/latest.md",
        type: "symlink",
        size: 12,
        target: "../README.md",
      },
    ]);
    expect(unpacked.files.get("README.md")?.toString("utf8")).toBe(
      "# hello-world\n\nA small repository that askcode's tests read.\n",
    );
    expect(
      unpacked.files.get("docs/logo.png")?.subarray(1, 4).toString("latin1"),
    ).toBe("PNG");
    expect(unpacked.skipped.size).toBe(0);
    expect(unpacked.keptBytes).toBe(61 + 70 + 201 + 856);
  });

  it("applies pax headers for long and non-ASCII paths and link targets", async () => {
    const long = `src/${"deeply-nested-directory/".repeat(6)}module.ts`;
    const target = `../${"far-away-target/".repeat(8)}file.md`;
    const gzip = await buildTarball({
      files: { [long]: "export {};\n", "docs/résumé 🚀.md": "# CV\n" },
      symlinks: { "docs/far.md": target },
    });

    const { entries, files } = await unpackTarball(gzip, options);

    expect(entries.map((entry) => entry.path)).toStrictEqual([
      long,
      "docs/résumé 🚀.md",
      "docs/far.md",
    ]);
    expect(entries[2]).toMatchObject({ type: "symlink", target });
    expect(files.get("docs/résumé 🚀.md")?.toString()).toBe("# CV\n");
  });

  it("lists files it does not keep without their bytes", async () => {
    const gzip = await buildTarball({
      files: { "big.json": "x".repeat(3000), "small.ts": "ok\n" },
    });

    const unpacked = await unpackTarball(gzip, {
      ...options,
      keep: (_path, size) => size <= 1000,
    });

    expect(unpacked.entries).toStrictEqual([
      { path: "big.json", type: "file", size: 3000 },
      { path: "small.ts", type: "file", size: 3 },
    ]);
    expect([...unpacked.skipped]).toStrictEqual(["big.json"]);
    expect(unpacked.files.has("big.json")).toBe(false);
    expect(unpacked.keptBytes).toBe(3);
  });

  it("aborts before reading a kept file that would pass the cap, even when the download is tiny (a gzip bomb)", async () => {
    const gzip = await buildTarball({
      files: { "zeros.txt": Buffer.alloc(20 * 1024 * 1024) },
    });
    expect(gzip.length).toBeLessThan(64 * 1024);

    const error = await unpackTarball(gzip, {
      ...options,
      maxKeptBytes: 1024 * 1024,
    }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(SnapshotTooLargeError);
    expect((error as Error).message).toBe(
      "The snapshot tarball:octo-org/hello-world@7fd1a60 holds more than 1 MB of text retrieval reads, the snapshot cap.",
    );
  });

  it("drains what it does not keep, so a bomb of dropped files costs no memory and no cap", async () => {
    const gzip = await buildTarball({
      files: { "zeros.bin": Buffer.alloc(20 * 1024 * 1024), "a.ts": "x\n" },
    });

    const unpacked = await unpackTarball(gzip, {
      ...options,
      maxKeptBytes: 1024,
      keep: (path) => path.endsWith(".ts"),
    });

    expect(unpacked.keptBytes).toBe(2);
    expect([...unpacked.files.keys()]).toStrictEqual(["a.ts"]);
    expect([...unpacked.skipped]).toStrictEqual(["zeros.bin"]);
    expect(unpacked.unpackedBytes).toBeGreaterThan(20 * 1024 * 1024);
  });

  it("skips entries whose path would leave the repository", async () => {
    const gzip = await buildTarball({
      files: { "ok.ts": "fine\n" },
      raw: [
        {
          name: "octo-org-hello-world-7fd1a60/../../outside.txt",
          content: "no",
        },
        {
          name: "octo-org-hello-world-7fd1a60/src/../../../etc/passwd",
          content: "no",
        },
        { name: "stray-top-level-file", content: "no" },
      ],
    });

    const { entries } = await unpackTarball(gzip, options);

    expect(entries).toStrictEqual([{ path: "ok.ts", type: "file", size: 5 }]);
  });

  it("says so when the body is not a gzipped tarball", async () => {
    const error = await unpackTarball(
      Buffer.from("<html>Service Unavailable</html>"),
      options,
    ).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(AskcodeError);
    expect((error as Error).message).toMatch(
      /^Could not unpack the snapshot tarball:octo-org\/hello-world@7fd1a60: /,
    );
  });

  it("says so when the archive is cut short", async () => {
    const whole = await helloWorldTarball();
    const cut = gzipSync(gunzipSync(whole).subarray(0, 2000));

    await expect(unpackTarball(cut, options)).rejects.toThrow(
      /Could not unpack the snapshot/,
    );
  });
});
