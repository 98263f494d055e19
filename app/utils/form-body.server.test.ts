import { describe, expect, test } from "vitest";
import { BODY_MESSAGES, MAX_FORM_BYTES, MAX_WEBHOOK_BYTES, readForm, readJsonText } from "./form-body.server";
import { STREAM_CHUNK_BYTES as CHUNK_BYTES, streamedBody } from "../../tests/setup/streamed-body";

function post(body: BodyInit, headers: Record<string, string>) {
  return new Request("http://localhost:3000/webhooks/stripe", { method: "POST", body, headers, duplex: "half" } as RequestInit);
}

/** The response a reader threw, as status and text. */
async function refusal(read: Promise<unknown>) {
  const thrown = await read.then(
    () => null,
    (error: unknown) => error,
  );
  expect(thrown).toBeInstanceOf(Response);
  const response = thrown as Response;
  return { status: response.status, text: await response.text() };
}

describe("the raw text of a JSON body (webhooks)", () => {
  test("is exactly the text sent, accents included", async () => {
    const body = JSON.stringify({ description: "Café crème", amount: 4.5 });
    expect(await readJsonText(post(body, { "Content-Type": "application/json; charset=utf-8" }))).toBe(body);
  });

  test("a body that is not JSON is 415", async () => {
    expect(await refusal(readJsonText(post("a=b", { "Content-Type": "application/x-www-form-urlencoded" })))).toEqual({ status: 415, text: BODY_MESSAGES.notJson });
    expect((await refusal(readJsonText(post("{}", {})))).status).toBe(415);
  });

  test("bytes that are not UTF-8 are 400, so no two different bodies read as the same text", async () => {
    const bytes = new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d]);
    expect(await refusal(readJsonText(post(bytes, { "Content-Type": "application/json" })))).toEqual({ status: 400, text: BODY_MESSAGES.jsonUnreadable });
  });

  test("a Content-Length past the limit is 413 before a byte is read", async () => {
    const { stream, counter } = streamedBody(50_000_000);
    const request = post(stream, { "Content-Type": "application/json", "Content-Length": "50000000" });
    expect(await refusal(readJsonText(request))).toEqual({ status: 413, text: BODY_MESSAGES.jsonTooLarge });
    expect(counter.pulled).toBeLessThanOrEqual(CHUNK_BYTES);
  });

  test("a streamed 50 MB body is 413 once 1 MB has been read; the rest is never read", async () => {
    const { stream, counter } = streamedBody(50_000_000);
    expect((await refusal(readJsonText(post(stream, { "Content-Type": "application/json" })))).status).toBe(413);
    expect(counter.pulled).toBeGreaterThan(MAX_WEBHOOK_BYTES);
    expect(counter.pulled).toBeLessThanOrEqual(MAX_WEBHOOK_BYTES + 2 * CHUNK_BYTES);
  });
});

describe("a form", () => {
  test("a streamed 50 MB form is 413 once its limit has been read; the rest is never read", async () => {
    const { stream, counter } = streamedBody(50_000_000);
    expect(await refusal(readForm(post(stream, { "Content-Type": "application/x-www-form-urlencoded" })))).toEqual({ status: 413, text: BODY_MESSAGES.tooLarge });
    expect(counter.pulled).toBeLessThanOrEqual(MAX_FORM_BYTES + 2 * CHUNK_BYTES);
  });

  test("JSON sent to a form is 415", async () => {
    expect((await refusal(readForm(post("{}", { "Content-Type": "application/json" })))).status).toBe(415);
  });
});
