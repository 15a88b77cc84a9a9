// Reading a decompression stream chunk by chunk, for the PDF and ZIP guards.

/**
 * Yields what `reader` gives until it ends. A failed read (corrupt or truncated data) throws
 * `corrupt()`, or without it ends quietly with what came out so far. The reader is cancelled
 * whenever the loop stops (its end, an error, or the consumer giving up).
 */
export async function* readChunks(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  corrupt?: () => Error,
): AsyncGenerator<Uint8Array> {
  try {
    for (;;) {
      let r: ReadableStreamReadResult<Uint8Array>;
      try {
        r = await reader.read();
      } catch {
        if (corrupt) throw corrupt();
        return;
      }
      if (r.done) return;
      yield r.value;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
}
