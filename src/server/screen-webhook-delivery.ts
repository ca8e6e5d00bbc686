import { createHmac, timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";

/** GitHub caps a delivery's payload at 25 MB (docs: "Webhook events and payloads"). */
export const MAX_DELIVERY_BYTES = 25 * 1024 * 1024;

export type ScreenedDelivery =
  | { ok: true; body: string }
  | {
      ok: false;
      status: 400 | 413;
      reason: "unsigned" | "signature mismatch" | "too large";
      /** Bytes received, or declared by `content-length` when refused unread. */
      bytes: number;
    };

/**
 * Reads a webhook delivery's body and checks it before Probot sees it: at
 * most `maxBytes`, signed (`x-hub-signature-256`, HMAC-SHA256 of the raw
 * body) with the app's secret. A refused delivery is described by a reason
 * and a size, never by its body: Probot's verifier logs a bad signature as an
 * error that carries the whole payload (a 1 MB forged body gave 0.99 MB of
 * log), twice, with stack traces. A body over the cap is not read further.
 *
 * @example
 * const screened = await screenWebhookDelivery(request, { secret, maxBytes: MAX_DELIVERY_BYTES });
 * if (!screened.ok) log.warn({ reason: screened.reason, bytes: screened.bytes }, "webhook delivery refused");
 */
export async function screenWebhookDelivery(
  request: IncomingMessage,
  options: { secret: string; maxBytes: number },
): Promise<ScreenedDelivery> {
  const declared = Number(request.headers["content-length"] ?? 0);
  if (declared > options.maxBytes)
    return { ok: false, status: 413, reason: "too large", bytes: declared };
  const read = await readAtMost(request, options.maxBytes);
  if (read.over)
    return { ok: false, status: 413, reason: "too large", bytes: read.bytes };
  const { body, bytes } = read;
  const signature = request.headers["x-hub-signature-256"];
  if (typeof signature !== "string" || signature === "")
    return { ok: false, status: 400, reason: "unsigned", bytes };
  const expected = Buffer.from(
    `sha256=${createHmac("sha256", options.secret).update(body).digest("hex")}`,
  );
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, status: 400, reason: "signature mismatch", bytes };
  return { ok: true, body: body.toString("utf8") };
}

/**
 * The body, or how far it got past `maxBytes`: reading stops there without
 * destroying the request, so the 413 can still be sent (the caller closes
 * the connection, and Node discards the rest).
 */
function readAtMost(
  request: IncomingMessage,
  maxBytes: number,
): Promise<
  { over: false; body: Buffer; bytes: number } | { over: true; bytes: number }
> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let bytes = 0;
    const onData = (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes <= maxBytes) return void chunks.push(chunk);
      request.off("data", onData).off("end", onEnd).off("error", reject);
      request.pause();
      resolve({ over: true, bytes });
    };
    const onEnd = () =>
      resolve({ over: false, body: Buffer.concat(chunks), bytes });
    request.on("data", onData).once("end", onEnd).once("error", reject);
  });
}
