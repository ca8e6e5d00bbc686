import { lookup as dnsLookup } from "node:dns/promises";
import { BlockList } from "node:net";
import { ConfigError } from "../shared/errors.js";

export interface ListenHostCheck {
  /** The address askcode will listen on (`operator.server.host`, from HOST). */
  host: string;
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
 * is refused, and a health check run inside the container still passes.
 * (Unset, HOST is 0.0.0.0 in the image: this catches one set on purpose,
 * such as a development `.env` with HOST=localhost.)
 *
 * @example
 * await refuseLoopbackInContainer({ host: "localhost", inContainer: true })
 * // throws ConfigError: askcode cannot start: HOST="localhost" makes askcode listen on 127.0.0.1, ::1 …
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
  throw new ConfigError(
    `askcode cannot start: HOST=${JSON.stringify(check.host)} makes askcode listen on ${addresses.join(", ")}, which is loopback: inside a container no published port reaches it, and every delivery would be refused. Delete the HOST line (the image listens on 0.0.0.0) or set HOST=0.0.0.0.`,
  );
}
