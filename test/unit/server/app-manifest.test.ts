import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";

// Probot's own manifest builder, as its setup page runs it (not exported by
// Probot, so read from its files like src/server/start-setup-server.ts does).
async function buildManifest(baseUrl: string): Promise<Record<string, any>> {
  const lib = dirname(createRequire(import.meta.url).resolve("probot"));
  const { ManifestCreation } = await import(
    pathToFileURL(join(lib, "manifest-creation.js")).href
  );
  const creation = new ManifestCreation({ updateEnv: () => ({}) });
  // It reads app.yml from the working directory: jest runs in the repository root.
  return JSON.parse(creation.getManifest({ pkg: creation.pkg, baseUrl }));
}

describe("app.yml, as Probot's manifest flow reads it", () => {
  const saved = process.env.WEBHOOK_PROXY_URL;
  afterEach(() => {
    if (saved === undefined) delete process.env.WEBHOOK_PROXY_URL;
    else process.env.WEBHOOK_PROXY_URL = saved;
  });

  it("sends deliveries to the smee channel when WEBHOOK_PROXY_URL is set", async () => {
    process.env.WEBHOOK_PROXY_URL = "https://smee.io/askcode-test-channel";
    const manifest = await buildManifest("http://localhost:3000");
    expect(manifest.hook_attributes).toStrictEqual({
      url: "https://smee.io/askcode-test-channel",
    });
  });

  it("sends them to the address the setup page was opened at otherwise (askcode serves POST / as well)", async () => {
    delete process.env.WEBHOOK_PROXY_URL;
    const manifest = await buildManifest("https://askcode.example.com");
    expect(manifest.hook_attributes).toStrictEqual({
      url: "https://askcode.example.com/",
    });
  });

  it("keeps askcode's own name, events, narrow permissions and private visibility", async () => {
    const manifest = await buildManifest("http://localhost:3000");
    expect(manifest).toMatchObject({
      name: "askcode",
      public: false,
      redirect_url: "http://localhost:3000/probot/setup",
      default_events: [
        "issues",
        "issue_comment",
        "pull_request_review_comment",
        "discussion",
        "discussion_comment",
        "push",
      ],
      default_permissions: {
        contents: "read",
        metadata: "read",
        issues: "write",
        pull_requests: "write",
        discussions: "write",
      },
    });
  });
});
