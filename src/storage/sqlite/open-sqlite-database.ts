import { accessSync, constants, mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import type { DatabaseSync } from "node:sqlite";
import { ConfigError } from "../../shared/errors.js";
import { applySqliteSchema } from "./sqlite-schema.js";

/** The embedded store's file, under `ASKCODE_DATA_DIR`. */
export const DATABASE_FILE = "askcode.db";

/**
 * Opens askcode's embedded store, `<dir>/askcode.db`, creating the directory
 * and the file if missing. It is Node's own SQLite (`node:sqlite`): no
 * native addon to build or download, nothing to install beside Node, and
 * one file on a volume. Its tables, for every store that keeps something
 * here (the queue, the claims, the limits, the answers, the 👎 memory), are
 * one versioned schema (`sqlite-schema.ts`), brought up to date here before
 * any store opens: a file a newer askcode wrote is refused.
 *
 * - WAL with `synchronous=NORMAL`: a commit survives the process being
 *   killed (only a power loss could take the last ones back), at a cost a
 *   webhook response does not notice.
 * - An exclusive lock for the process's lifetime: two askcode processes on
 *   one directory would both take up its queued questions, so the second is
 *   refused at start with a message. The operating system drops the lock
 *   when the holder dies, however it dies.
 *
 * @example
 * const db = await openSqliteDatabase(operator.dataDir);
 * const journal = createSqliteJobJournal(db, { clock });
 */
export async function openSqliteDatabase(dir: string): Promise<DatabaseSync> {
  const path = join(resolve(dir), DATABASE_FILE);
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    throw new ConfigError(
      `askcode cannot create its data directory ${resolve(dir)} (ASKCODE_DATA_DIR): ${(error as Error).message}. ${writableFix()}`,
      { cause: error },
    );
  }
  // SQLite says only "unable to open database file" for a directory it may
  // not write (a root-owned bind mount, a read-only volume): asked first,
  // the operating system says which.
  try {
    accessSync(dir, constants.W_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ConfigError(
      `askcode cannot write its data directory ${resolve(dir)} (ASKCODE_DATA_DIR) as uid ${uid()}: ${code === "EROFS" ? "it is on a read-only file system (mount it read-write)" : code === "EACCES" || code === "EPERM" ? "permission denied" : (code ?? (error as Error).message)}. ${writableFix()}`,
      { cause: error },
    );
  }
  const { DatabaseSync } = await importSqlite();
  let db: DatabaseSync;
  try {
    db = new DatabaseSync(path, { timeout: 1_000 });
    db.exec("PRAGMA journal_mode = WAL");
    db.exec("PRAGMA synchronous = NORMAL");
    db.exec("PRAGMA locking_mode = EXCLUSIVE");
    // The exclusive lock is taken by the first write, not by the pragma.
    db.exec("BEGIN EXCLUSIVE; COMMIT");
  } catch (error) {
    const message = (error as Error).message;
    throw new ConfigError(
      /locked|busy/i.test(message)
        ? `askcode cannot open ${path}: another askcode process is using it. One process per ASKCODE_DATA_DIR; several replicas share Redis (REDIS_URL) instead.`
        : `askcode cannot open its embedded store ${path} (ASKCODE_DATA_DIR): ${message}.`,
      { cause: error },
    );
  }
  try {
    applySqliteSchema(db, path);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

function uid(): string {
  return String(process.getuid?.() ?? "unknown");
}

function writableFix(): string {
  return `Make it writable by uid ${uid()} (chown it to uid ${uid()} on the host; in a container, mount a named volume there rather than a host directory), or point ASKCODE_DATA_DIR at a directory uid ${uid()} can write.`;
}

// Node 22 and 24 print "SQLite is an experimental feature" when the module
// first loads: one line, not JSON, in every production log. The module is
// stable enough for what askcode asks of it (a few tables, plain SQL), so
// that one warning is dropped; every other warning goes out as before.
async function importSqlite(): Promise<typeof import("node:sqlite")> {
  const emitWarning = process.emitWarning;
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    if (String(warning).includes("SQLite is an experimental feature")) return;
    (emitWarning as (...args: unknown[]) => void).call(
      process,
      warning,
      ...rest,
    );
  }) as typeof process.emitWarning;
  try {
    return await import("node:sqlite");
  } finally {
    process.emitWarning = emitWarning;
  }
}
