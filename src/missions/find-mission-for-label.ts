import type { Mission } from "./mission-schema.js";

/**
 * The mission a label starts, if any. GitHub label names are
 * case-insensitive ("Bug" and "bug" are one label), and so is this.
 *
 * @example
 * findMissionForLabel(missions, "AskCode: Triage") // the mission listing "askcode: triage"
 * findMissionForLabel(missions, "enhancement")     // undefined
 */
export function findMissionForLabel(
  missions: readonly Mission[],
  label: string,
): Mission | undefined {
  const wanted = label.trim().toLowerCase();
  return missions.find((mission) =>
    mission.labels.some((claimed) => claimed.toLowerCase() === wanted),
  );
}
