/** The app's log lines, kept in memory: pass `logger` to buildApp and read `lines` / `entries()`. */
export function captureLogs(level = "info") {
  const lines: string[] = [];
  return {
    logger: { level, stream: { write: (line: string) => lines.push(line) } },
    lines,
    /** Every line parsed (each must be one JSON object). */
    entries: (from = 0) => lines.slice(from).map((line) => JSON.parse(line) as Record<string, unknown>),
    bytes: (from = 0) => lines.slice(from).reduce((sum, line) => sum + Buffer.byteLength(line), 0),
  };
}
