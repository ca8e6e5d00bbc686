import { lookup as dnsLookup } from "node:dns/promises";
import { BlockList } from "node:net";
import { ConfigError } from "../shared/errors.js";

export interface ListenHostCheck {
  /** The address askcode will listen on (`operator.server.host`). */
  host: string;
  /** `HOST` as the environment gave it (unset when empty: the image's value was erased). */
  rawHost: string | undefined;
  inContainer: boolean;
  /** Resolves a host name to every address it has (node:dns `lookup` with `all`). */
  lookup?(host: string): Promise<Array<{ address: string }>>;
}

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet("127.0.0.0", 8, "ipv4");
LOOPBACK.addAddress("::1", "ipv6");
LOOPBACK.addSubnet("::ffff:127.0.0.0", 104, "ipv6");

/**
 * Refuses to start askcode inside its container when it would listen only
 * on loopback: a published port cannot reach that address, every delivery
 * is refused, and a health check run inside the container still passes. The
 * usual cause is an env file with an empty `HOST=` line, which Docker passes
 * as an empty value over the image's `HOST=0.0.0.0`.
 *
 * @example
 * await refuseLoopbackInContainer({ host: "localhost", rawHost: undefined, inContainer: true })
 * // throws ConfigError: askcode cannot start: HOST is unset, so askcode would listen on localhost …
 */
export async function refuseLoopbackInContainer(
  check: ListenHostCheck,
): Promise<void> {
  if (!check.inContainer) return;
  const lookup =
    check.lookup ?? ((host: string) => dnsLookup(host, { all: true }));
  const addresses = (await lookup(check.host)).map((found) => found.address);
  const loopback = (address: string) =>
    LOOPBACK.check(address, address.includes(":") ? "ipv6" : "ipv4");
  if (addresses.length === 0 || !addresses.every(loopback)) return;
  const given =
    check.rawHost === undefined
      ? "HOST is unset (an empty HOST= line in an env file erases the image's HOST=0.0.0.0)"
      : `HOST=${JSON.stringify(check.rawHost)}`;
  throw new ConfigError(
    `askcode cannot start: ${given}, so askcode would listen on ${check.host} (${addresses.join(", ")}), which is loopback: inside a container no published port reaches it. Delete the HOST line from the env file, so the image's HOST=0.0.0.0 applies, or set HOST=0.0.0.0.`,
  );
}
