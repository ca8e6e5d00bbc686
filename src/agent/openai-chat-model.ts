import OpenAI, {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
} from "openai";
import type { Clock } from "../shared/clock.js";
import { ModelError } from "../shared/errors.js";
import type { ChatModel, ChatRequest, ChatResponse } from "./chat-model.js";
import {
  describeEndpointURL,
  parseRetryAfter,
  type EndpointFailure,
} from "./endpoint-failure.js";
import {
  fromWireCompletion,
  toWireRequest,
  type WireOptions,
} from "./openai-wire-format.js";
import {
  DEFAULT_RETRY_POLICY,
  retryModelCall,
  type RetryPolicy,
} from "./retry-model-call.js";

export interface OpenAIChatModelOptions {
  /** Sent as a bearer token; local servers (Ollama, llama.cpp) accept anything. */
  apiKey?: string;
  /** The API root of any OpenAI-compatible server (default https://api.openai.com/v1). */
  baseURL?: string;
  model: string;
  /** How long one attempt may take (default 120 s). */
  timeoutMs?: number;
  /** Every wait between retries goes through this. */
  clock: Clock;
  /** Retries after the first attempt, for 408/409/429/5xx, timeouts and connection errors (default 3). */
  maxRetries?: number;
  /** Backoff and `retry-after` bounds (see `RetryPolicy`). */
  retry?: Partial<Omit<RetryPolicy, "maxRetries">>;
  /** How the reply's length limit is sent; switched once automatically if the server asks for the other. */
  maxTokensParameter?: WireOptions["maxTokensParameter"];
  temperature?: number;
  /** Extra headers (an Azure `api-key`, a gateway's routing header). */
  headers?: Record<string, string>;
  log?: {
    info(meta: object, message: string): void;
    warn(meta: object, message: string): void;
  };
  /** Jitter source for backoff (default Math.random). */
  random?: () => number;
}

/**
 * A `ChatModel` on the `openai` package, against any OpenAI-compatible
 * endpoint: OpenAI, Azure, vLLM, Ollama, llama.cpp. The only file that knows
 * the package's API. Requests are non-streaming; the client's own retries are
 * off (`maxRetries: 0`) and `retryModelCall` retries instead, waiting through
 * the injected clock; failures end in a `ModelError` that says what to do.
 *
 * @example
 * const model = createOpenAIChatModel({
 *   apiKey: env.OPENAI_API_KEY, baseURL: "http://localhost:11434/v1",
 *   model: "qwen2.5-coder:14b", timeoutMs: 120_000, clock: systemClock, maxRetries: 3,
 * });
 * const { message } = await model.complete({ messages, tools });
 */
export function createOpenAIChatModel(
  options: OpenAIChatModelOptions,
): ChatModel {
  const baseURL = options.baseURL ?? "https://api.openai.com/v1";
  const timeoutMs = options.timeoutMs ?? 120_000;
  const client = new OpenAI({
    // The client reads OPENAI_* variables for anything not given: give it all,
    // so configuration is read in one place (docs/conventions.md, "Clients are passed in").
    apiKey: options.apiKey || "unused",
    baseURL,
    organization: null,
    project: null,
    timeout: timeoutMs + 1_000, // a backstop: our own timer (in `complete`) fires first
    maxRetries: 0,
    ...(options.headers ? { defaultHeaders: options.headers } : {}),
  });
  const endpoint = {
    url: describeEndpointURL(baseURL),
    model: options.model,
    timeoutMs,
  };
  const policy: RetryPolicy = {
    ...DEFAULT_RETRY_POLICY,
    ...options.retry,
    maxRetries: options.maxRetries ?? DEFAULT_RETRY_POLICY.maxRetries,
  };
  let maxTokensParameter = options.maxTokensParameter ?? "max_tokens";
  let ids = 0;
  const nextId = (): string => `call_askcode_${++ids}`;

  const send = (request: ChatRequest, signal: AbortSignal) =>
    client.chat.completions.create(
      toWireRequest(request, {
        model: options.model,
        maxTokensParameter,
        temperature: options.temperature,
      }) as unknown as OpenAI.ChatCompletionCreateParamsNonStreaming,
      { signal },
    );

  // One attempt; if the server refuses the length parameter and names the
  // other (OpenAI's reasoning models want max_completion_tokens), switch for good.
  const sendOnce = async (request: ChatRequest, signal: AbortSignal) => {
    try {
      return await send(request, signal);
    } catch (error) {
      if (
        request.maxTokens === undefined ||
        !namesOtherParameter(error, maxTokensParameter)
      )
        throw error;
      maxTokensParameter =
        maxTokensParameter === "max_tokens"
          ? "max_completion_tokens"
          : "max_tokens";
      options.log?.info(
        { model: options.model, maxTokensParameter },
        "The model endpoint asked for the other length parameter; using it from now on",
      );
      return await send(request, signal);
    }
  };

  return {
    name: options.model,
    async complete(request, deadline): Promise<ChatResponse> {
      const attempt = async () => {
        // Our own timer, so a timeout is told from a dropped connection
        // whatever the fetch underneath reports when it is aborted. With the
        // run's deadline, an attempt lasts min(timeoutMs, the time left).
        const timer = options.clock.timeout(timeoutMs);
        const either = deadline
          ? AbortSignal.any([deadline.signal, timer])
          : timer;
        try {
          return await sendOnce(request, either);
        } catch (error) {
          if (timer.aborted && !deadline?.signal.aborted)
            throw new TimedOut(error);
          throw error;
        }
      };
      const completion = await retryModelCall(attempt, {
        policy,
        clock: options.clock,
        classify: (error) => classify(error, options.clock),
        endpoint,
        ...(deadline ? { deadline } : {}),
        ...(options.log ? { log: options.log } : {}),
        ...(options.random ? { random: options.random } : {}),
      });
      const response = fromWireCompletion(completion, nextId);
      if (!response)
        throw new ModelError(
          `The model endpoint at ${endpoint.url} answered without a message (no choices). Check that it serves chat completions for the model "${options.model}".`,
        );
      return response;
    },
  };
}

/** An attempt that outlived `timeoutMs`. */
class TimedOut extends Error {
  constructor(cause: unknown) {
    super("The model endpoint did not answer in time.", { cause });
  }
}

function classify(error: unknown, clock: Clock): EndpointFailure | undefined {
  if (error instanceof TimedOut) return { kind: "timeout" };
  if (error instanceof APIUserAbortError) return { kind: "aborted" };
  if (error instanceof APIConnectionTimeoutError) return { kind: "timeout" };
  if (error instanceof APIConnectionError) {
    const cause =
      error.cause instanceof Error ? error.cause.message : undefined;
    return { kind: "connection", message: cause ?? error.message };
  }
  if (error instanceof APIError && typeof error.status === "number") {
    const retryAfterMs = parseRetryAfter(error.headers, clock.now());
    return {
      kind: "status",
      status: error.status,
      message: serverMessage(error),
      ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
    };
  }
  return undefined;
}

function serverMessage(error: APIError): string {
  const body = error.error as { message?: unknown } | undefined;
  const message =
    typeof body?.message === "string" ? body.message : error.message;
  return message.length > 300 ? `${message.slice(0, 300)}…` : message;
}

function namesOtherParameter(error: unknown, current: string): boolean {
  if (!(error instanceof APIError) || error.status !== 400) return false;
  const other =
    current === "max_tokens" ? "max_completion_tokens" : "max_tokens";
  const text = serverMessage(error);
  return text.includes(current) && text.includes(other);
}
