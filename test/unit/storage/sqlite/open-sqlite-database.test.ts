import { spawn } from "node:child_process";
import { once } from "node:events";
import { chmodSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { tempDirForThisFile } from "../../../helpers/temp-dirs-of-this-file.js";

const MODULE = new URL(
  "../../../../src/storage/sqlite/open-sqlite-database.ts",
  import.meta.url,
).pathname;

// root writes anywhere whatever the mode, so as root the store is opened by
// a process running as nobody (65534), as the image's uid 1000 meets a
// root-owned bind mount.
const asRoot = process.getuid?.() === 0;
const UID = asRoot ? 65534 : process.getuid!();

/** Opens the embedded store in `dir` from a process of uid `UID`; what it printed. */
async function openAsOtherProcess(dir: string) {
  const child = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      "--input-type=module",
      "-e",
      `const { openSqliteDatabase } = await import(${JSON.stringify(MODULE)});
       try { (await openSqliteDatabase(process.argv[1])).close(); console.log("opened"); }
       catch (error) { console.error(error.message); process.exitCode = 1; }`,
      dir,
    ],
    asRoot ? { uid: UID, gid: UID } : {},
  );
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk));
  const [code] = (await once(child, "close")) as [number | null];
  return { code, stdout, stderr };
}

describe("openSqliteDatabase", () => {
  it("names the directory, the uid and the fix when the data directory exists but cannot be written", async () => {
    const dir = join(tempDirForThisFile("askcode-data-"), "read-only");
    const parent = join(dir, "..");
    chmodSync(parent, 0o755);
    mkdirSync(dir, { mode: 0o555 });
    try {
      expect(await openAsOtherProcess(dir)).toEqual({
        code: 1,
        stdout: "",
        stderr:
          `askcode cannot write its data directory ${dir} (ASKCODE_DATA_DIR) as uid ${UID}: permission denied. ` +
          `Make it writable by uid ${UID} (chown it to uid ${UID} on the host; in a container, mount a named volume there rather than a host directory), ` +
          `or point ASKCODE_DATA_DIR at a directory uid ${UID} can write.\n`,
      });
    } finally {
      chmodSync(dir, 0o755);
    }
  });
});
