import { gzipSync } from "node:zlib";
import tar, { type Header } from "tar-stream";
import { HELLO_WORLD, githubFixture } from "./nock-github.js";

export interface TarballContents {
  /** The archive's top directory; GitHub's is `<owner>-<repo>-<short sha>`. */
  prefix?: string;
  files?: Record<string, string | Buffer>;
  /** Link path → target, as stored in the link. */
  symlinks?: Record<string, string>;
  /** Submodule paths: git archive writes each as an empty directory. */
  submodules?: string[];
  /** Entries written as given (no prefix added): hostile names and the like. */
  raw?: Array<{ name: string; content?: string; type?: "file" | "directory" }>;
  /** The commit recorded in the pax global header, as git archive writes it. */
  commit?: string;
}

/**
 * A gzipped tarball shaped like the ones GitHub serves (git archive): a pax
 * global header carrying the commit, one top directory, a directory entry
 * before the files inside it, symlinks as symlink entries, submodules as
 * empty directories. tar-stream writes pax headers itself for long or
 * non-ASCII paths, as git does.
 *
 * @example
 * const gzip = await buildTarball({ files: { "README.md": "# hi\n" } });
 */
export async function buildTarball(contents: TarballContents): Promise<Buffer> {
  const commit = contents.commit ?? HELLO_WORLD.sha;
  const prefix =
    contents.prefix ?? `octo-org-hello-world-${commit.slice(0, 7)}`;
  const pack = tar.pack();
  const chunks: Buffer[] = [];
  // tar-stream emits Buffers; its types say unknown.
  pack.on("data", (chunk) => {
    chunks.push(chunk as Buffer);
  });
  const finished = new Promise<void>((resolve) =>
    pack.on("end", () => resolve()),
  );
  const mtime = new Date("2024-01-15T10:00:00Z");
  const add = (
    header: Partial<Header> & { name: string },
    body?: string | Buffer,
  ) =>
    new Promise<void>((resolve, reject) => {
      const full = { mtime, mode: 0o644, ...header };
      const done = (error?: Error | null) =>
        error ? reject(error) : resolve();
      pack.entry(full, body ?? "", done);
    });

  // Written as a file and re-flagged as a pax global header ("g") below.
  await add(
    { name: "pax_global_header", mode: 0o666 },
    paxRecord("comment", commit),
  );
  await add({ name: `${prefix}/`, type: "directory", mode: 0o775 });
  const written = new Set<string>();
  const directory = async (path: string) => {
    const parts = path.split("/").slice(0, -1);
    for (let i = 1; i <= parts.length; i++) {
      const dir = parts.slice(0, i).join("/");
      if (written.has(dir)) continue;
      written.add(dir);
      await add({ name: `${prefix}/${dir}/`, type: "directory", mode: 0o775 });
    }
  };
  for (const [path, body] of Object.entries(contents.files ?? {})) {
    await directory(path);
    await add({ name: `${prefix}/${path}` }, body);
  }
  for (const [path, target] of Object.entries(contents.symlinks ?? {})) {
    await directory(path);
    await add({
      name: `${prefix}/${path}`,
      type: "symlink",
      linkname: target,
      mode: 0o777,
    });
  }
  for (const path of contents.submodules ?? []) {
    await directory(path);
    await add({ name: `${prefix}/${path}/`, type: "directory", mode: 0o775 });
  }
  for (const entry of contents.raw ?? []) {
    await add(
      { name: entry.name, type: entry.type ?? "file" },
      entry.content ?? "",
    );
  }
  pack.finalize();
  await finished;
  const archive = Buffer.concat(chunks);
  markGlobalHeader(archive);
  return gzipSync(archive);
}

/** The test repository of test/fixtures/github, as GitHub's tarball of its commit. */
export function helloWorldTarball(): Promise<Buffer> {
  const file = (name: string) =>
    Buffer.from(
      githubFixture<{ content: string }>(`contents/${name}`).content,
      "base64",
    );
  return buildTarball({
    files: {
      "README.md": file("file-readme.json"),
      "docs/logo.png": file("file-binary.json"),
      "src/lib/backoff.ts": file("file-backoff.json"),
      "src/retry.ts": file("file-retry.json"),
    },
    symlinks: { "docs/latest.md": "../README.md" },
    submodules: ["vendor/octicons"],
  });
}

// A pax record is "<length> <key>=<value>\n", the length counting itself.
function paxRecord(key: string, value: string): string {
  const body = ` ${key}=${value}\n`;
  let length = body.length + 1;
  while (String(length).length + body.length !== length) length++;
  return `${length}${body}`;
}

// Typeflag "g" at byte 156 of the first header, then its checksum again:
// the sum of the header's bytes with the checksum field read as spaces.
function markGlobalHeader(archive: Buffer): void {
  archive[156] = "g".charCodeAt(0);
  archive.fill(" ", 148, 156);
  let sum = 0;
  for (let i = 0; i < 512; i++) sum += archive[i] ?? 0;
  archive.write(sum.toString(8).padStart(6, "0") + "\0 ", 148, "latin1");
}
