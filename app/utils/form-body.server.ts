/** A form of fields (no file) is far below this; a larger body is refused before it is read whole. */
export const MAX_FORM_BYTES = 100_000;

/** Stripe's and Plaid's webhook events are a few kilobytes; a larger body is refused after this much. */
export const MAX_WEBHOOK_BYTES = 1_000_000;

export const BODY_MESSAGES = {
  unsupportedType: "This form must be sent as a web form (application/x-www-form-urlencoded or multipart/form-data).",
  unreadable: "The form could not be read. Please reload the page and try again.",
  tooLarge: "The form is too large.",
  notJson: "This request must be sent as JSON (application/json).",
  jsonUnreadable: "The request body is not UTF-8 text.",
  jsonTooLarge: "The request body is too large.",
} as const;

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/** Thrown as a plain-text response: a page route shows it on its error page, a resource route (a webhook) answers with it as it is. */
export function refuse(status: 400 | 413 | 415, message: string): never {
  throw new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

function mediaType(request: Request) {
  return request.headers.get("Content-Type")?.split(";")[0].trim().toLowerCase() ?? "";
}

/**
 * The body's bytes, refused (413) before reading when Content-Length claims more than `maxBytes`, and as soon
 * as the bytes read pass it whatever Content-Length claimed. What is left of a refused body is not read: the
 * reader lets go of it without cancelling, since cancelling the request's stream destroys the connection
 * before the answer is sent (scripts/web-server.mjs closes it after the answer instead).
 */
async function readLimited(request: Request, maxBytes: number, tooLarge: string, unreadable: string) {
  const declared = Number(request.headers.get("Content-Length"));
  if (Number.isFinite(declared) && declared > maxBytes) refuse(413, tooLarge);
  if (!request.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = request.body.getReader();
  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch {
        refuse(400, unreadable);
      }
      if (chunk.done) break;
      total += chunk.value.byteLength;
      if (total > maxBytes) refuse(413, tooLarge);
      chunks.push(chunk.value);
    }
  } finally {
    reader.releaseLock();
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/**
 * The one way every action reads its form: a body that is not a web form is
 * 415, one larger than `maxBytes` 413, one that cannot be parsed 400 — each a
 * short message, thrown as a response so the route's error page shows it and
 * nothing is written. Never a 500 for what a client sent.
 */
export async function readForm(request: Request, { maxBytes = MAX_FORM_BYTES }: { maxBytes?: number } = {}): Promise<FormData> {
  const type = mediaType(request);
  if (!FORM_TYPES.includes(type)) refuse(415, BODY_MESSAGES.unsupportedType);
  const body = await readLimited(request, maxBytes, BODY_MESSAGES.tooLarge, BODY_MESSAGES.unreadable);
  try {
    return await new Response(body, { headers: { "Content-Type": request.headers.get("Content-Type") ?? type } }).formData();
  } catch {
    refuse(400, BODY_MESSAGES.unreadable);
  }
}

/**
 * The raw text of a JSON body, for a signature to be checked over it before anything parses it (the webhooks):
 * 415 when it is not sent as JSON, 413 past `maxBytes`, 400 when its bytes are not UTF-8 — so the text is
 * exactly the bytes that were sent, and a signature over one is a signature over the other.
 */
export async function readJsonText(request: Request, { maxBytes = MAX_WEBHOOK_BYTES }: { maxBytes?: number } = {}): Promise<string> {
  if (mediaType(request) !== "application/json") refuse(415, BODY_MESSAGES.notJson);
  const body = await readLimited(request, maxBytes, BODY_MESSAGES.jsonTooLarge, BODY_MESSAGES.jsonUnreadable);
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(body);
  } catch {
    refuse(400, BODY_MESSAGES.jsonUnreadable);
  }
}

/** True when the hidden `website` field (HoneypotField) was filled in, which only bots do. */
export function isHoneypotFilled(formData: FormData) {
  const value = formData.get("website");
  return typeof value === "string" && value.length > 0;
}
