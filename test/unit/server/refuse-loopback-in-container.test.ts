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
  it.each([
    ["unset (the image's HOST erased by HOST=)", "localhost", undefined],
    ["127.0.0.1", "127.0.0.1", "127.0.0.1"],
    ["::1", "::1", "::1"],
    ["127.0.1.1", "127.0.1.1", "127.0.1.1"],
  ])(
    "refuses a loopback HOST inside the container: %s",
    async (_, host, rawHost) => {
      const refused = refuseLoopbackInContainer({
        host,
        rawHost,
        inContainer: true,
        lookup,
      });
      await expect(refused).rejects.toBeInstanceOf(ConfigError);
      await expect(refused).rejects.toThrow(
        /askcode cannot start: HOST.*loopback: inside a container no published port reaches it\. Delete the HOST line from the env file, so the image's HOST=0\.0\.0\.0 applies, or set HOST=0\.0\.0\.0\./,
      );
    },
  );

  it("names the erased HOST when the env file emptied it", async () => {
    await expect(
      refuseLoopbackInContainer({
        host: "localhost",
        rawHost: undefined,
        inContainer: true,
        lookup,
      }),
    ).rejects.toThrow(
      "HOST is unset (an empty HOST= line in an env file erases the image's HOST=0.0.0.0), so askcode would listen on localhost (127.0.0.1, ::1)",
    );
  });

  it.each(["0.0.0.0", "::", "askcode-1"])(
    "accepts HOST=%s inside the container",
    async (host) => {
      await expect(
        refuseLoopbackInContainer({
          host,
          rawHost: host,
          inContainer: true,
          lookup,
        }),
      ).resolves.toBeUndefined();
    },
  );

  it("accepts loopback outside a container, Probot's default for a development machine", async () => {
    await expect(
      refuseLoopbackInContainer({
        host: "localhost",
        rawHost: undefined,
        inContainer: false,
        lookup,
      }),
    ).resolves.toBeUndefined();
  });
});
