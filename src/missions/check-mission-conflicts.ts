import { ConfigError } from "../shared/errors.js";
import type { Mission } from "./mission-schema.js";

/**
 * Two missions may not share a name (repositories enable missions by name)
 * or a label (one label must start one mission, or which one runs would
 * depend on file order). Labels compare without regard to case, as GitHub
 * treats them.
 *
 * @example
 * checkMissionConflicts([triage, alsoTriage])
 * // throws ConfigError: Two missions claim the label "bug": missions/a.yaml (triage) and missions/b.yaml (deep_triage). …
 */
export function checkMissionConflicts(missions: readonly Mission[]): void {
  const problems: string[] = [];
  const byName = new Map<string, Mission>();
  const byLabel = new Map<string, Mission>();
  for (const mission of missions) {
    const first = byName.get(mission.name);
    if (first) {
      problems.push(
        `Two missions are named "${mission.name}": ${first.file} and ${mission.file}. Rename one; repositories enable missions by name.`,
      );
    } else byName.set(mission.name, mission);
    for (const label of mission.labels) {
      const key = label.toLowerCase();
      const claimed = byLabel.get(key);
      if (claimed && claimed !== mission) {
        problems.push(
          `Two missions claim the label "${label}": ${claimed.file} (${claimed.name}) and ${mission.file} (${mission.name}). A label starts one mission; remove it from one of them.`,
        );
      } else byLabel.set(key, mission);
    }
  }
  if (problems.length > 0) throw new ConfigError(problems.join("\n"));
}
