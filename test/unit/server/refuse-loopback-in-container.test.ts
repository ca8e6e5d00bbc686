import { refuseLoopbackInContainer } from "../../../src/server/refuse-loopback-in-container.js";
import { ConfigError } from "../../../src/shared/errors.js";

/** A resolver that answers from a table, as /etc/hosts would. */
const hosts: Record<string, string[]> = {
  localhost: ["127.0.0.1", "::1"],
  "askcode-1": ["172.18.0.3"],
};
const lookup = async (host: string) =>
  (hosts[host] ?? [host]).map((address) => ({ address }));

describe("refuseLoopbackInContainer", () => {
  it.each(["localhost", "127.0.0.1", "127.0.1.1", "::1"])(
    "refuses HOST=%s inside the container, naming HOST and the fix",
    async (host) => {
      const refused = refuseLoopbackInContainer({
        host,
        inContainer: true,
        lookup,
      });
      await expect(refused).rejects.toBeInstanceOf(ConfigError);
      await expect(refused).rejects.toThrow(
        `askcode cannot start: HOST=${JSON.stringify(host)} makes askcode listen on ${(hosts[host] ?? [host]).join(", ")}, which is loopback: inside a container no published port reaches it, and every delivery would be refused. Delete the HOST line (the image listens on 0.0.0.0) or set HOST=0.0.0.0.`,
      );
    },
  );

  it.each(["0.0.0.0", "::", "askcode-1"])(
    "accepts HOST=%s inside the container",
    async (host) => {
      await expect(
        refuseLoopbackInContainer({ host, inContainer: true, lookup }),
      ).resolves.toBeUndefined();
    },
  );

  it("accepts loopback outside a container, Probot's default for a development machine", async () => {
    await expect(
      refuseLoopbackInContainer({
        host: "localhost",
        inContainer: false,
        lookup,
      }),
    ).resolves.toBeUndefined();
  });
});
