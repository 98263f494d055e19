import { data } from "@remix-run/node";

/** A form of fields (no file) is far below this; a larger body is refused before it is read whole. */
export const MAX_FORM_BYTES = 100_000;

export const BODY_MESSAGES = {
  unsupportedType: "This form must be sent as a web form (application/x-www-form-urlencoded or multipart/form-data).",
  unreadable: "The form could not be read. Please reload the page and try again.",
  tooLarge: "The form is too large.",
} as const;

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

function refuse(status: 400 | 413 | 415, message: string): never {
  throw data(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/** The body's bytes, refused (413) as soon as they pass `maxBytes`, whatever Content-Length claimed. */
async function readLimited(request: Request, maxBytes: number) {
  const declared = Number(request.headers.get("Content-Length"));
  if (Number.isFinite(declared) && declared > maxBytes) refuse(413, BODY_MESSAGES.tooLarge);
  if (!request.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = request.body.getReader();
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch {
      refuse(400, BODY_MESSAGES.unreadable);
    }
    if (chunk.done) break;
    total += chunk.value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      refuse(413, BODY_MESSAGES.tooLarge);
    }
    chunks.push(chunk.value);
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
  const type = request.headers.get("Content-Type")?.split(";")[0].trim().toLowerCase() ?? "";
  if (!FORM_TYPES.includes(type)) refuse(415, BODY_MESSAGES.unsupportedType);
  const body = await readLimited(request, maxBytes);
  try {
    return await new Response(body, { headers: { "Content-Type": request.headers.get("Content-Type") ?? type } }).formData();
  } catch {
    refuse(400, BODY_MESSAGES.unreadable);
  }
}

/** True when the hidden `website` field (HoneypotField) was filled in, which only bots do. */
export function isHoneypotFilled(formData: FormData) {
  const value = formData.get("website");
  return typeof value === "string" && value.length > 0;
}
