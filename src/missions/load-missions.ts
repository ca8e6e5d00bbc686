import { readdir, readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { AskcodeError, ConfigError } from "../shared/errors.js";
import { checkMissionConflicts } from "./check-mission-conflicts.js";
import type { Mission } from "./mission-schema.js";
import { parseMissionFile } from "./parse-mission-file.js";

/**
 * Loads and validates every `*.yaml` (and `*.yml`) mission in `dir`, in
 * file-name order. Meant for start-up: any broken file, two missions with
 * one name, or two missions claiming one label throws one `ConfigError`
 * that lists every problem in every file, so a single restart shows them
 * all. A missing directory is an error too (a mistyped
 * `ASKCODE_MISSIONS_DIR` would otherwise switch missions off in silence);
 * an empty one means no missions.
 *
 * @example
 * const missions = await loadMissions(operator.missionsDir);
 * log.info(`missions: ${missions.map((m) => m.name).join(", ")}`);
 */
export async function loadMissions(dir: string): Promise<Mission[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    throw new ConfigError(
      `The missions directory ${resolve(dir)} cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)}). Set ASKCODE_MISSIONS_DIR to the directory that holds the mission files, or create it empty for no missions.`,
      { cause: error },
    );
  }
  const files = names.filter((name) => /\.ya?ml$/i.test(name)).sort();
  const missions: Mission[] = [];
  const problems: string[] = [];
  for (const name of files) {
    const file = join(dir, name);
    try {
      missions.push(parseMissionFile(await readFile(file, "utf8"), file));
    } catch (error) {
      // A mistake in one file should not hide the mistakes in the next.
      if (!(error instanceof AskcodeError)) throw error;
      problems.push(error.message);
    }
  }
  if (problems.length === 0) {
    try {
      checkMissionConflicts(missions);
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      problems.push(error.message);
    }
  }
  if (problems.length > 0) throw new ConfigError(problems.join("\n\n"));
  return missions;
}
