/** How much a streamed body hands over at a time. */
export const STREAM_CHUNK_BYTES = 64 * 1024;

/**
 * A body of `totalBytes` sent in chunks with no Content-Length, as a client streams it. Chunks are made only when
 * the reader asks for them, and `counter.pulled` says how many bytes it asked for: what a limited reader read.
 */
export function streamedBody(totalBytes: number) {
  const counter = { pulled: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (counter.pulled >= totalBytes) return controller.close();
      const size = Math.min(STREAM_CHUNK_BYTES, totalBytes - counter.pulled);
      counter.pulled += size;
      controller.enqueue(new Uint8Array(size).fill(0x61));
    },
  });
  return { stream, counter };
}
