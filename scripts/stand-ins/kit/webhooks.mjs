// Webhook delivery as the services do it; each stand-in signs with its service's scheme.

const WEBHOOK_TIMEOUT_MS = 10_000;

/**
 * Posts `body` (JSON, signed by `headers`) to `url`, waiting at most 10 s, and reads the answer to its end.
 * @param {string} url
 * @param {string} body
 * @param {Record<string, string>} headers
 * @returns {Promise<{ status: number } | { status: null, error: string }>} the answer's status, or why none came
 */
export async function postWebhook(url, body, headers) {
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body,
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    });
    await response.text();
    return { status: response.status };
  } catch (error) {
    return { status: null, error: String(error?.message ?? error) };
  }
}
