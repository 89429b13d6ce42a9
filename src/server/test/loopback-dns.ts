import { createSocket, type RemoteInfo } from "node:dgram";
import type { AddressInfo } from "node:net";
import { type Answer, decode, encode, type Question } from "dns-packet";

// A real DNS server on 127.0.0.1 (UDP) answering from a table the test fills: made-up domains can then
// be proved on one machine, through the same DNS client the server uses for real ones
// (VERIFY_DNS_SERVERS points the domain checks at it). Names it does not know get NXDOMAIN.

export interface LoopbackDns {
  /** "127.0.0.1:PORT", as VERIFY_DNS_SERVERS takes it. */
  server: string;
  /** The name's A records (addresses) and TXT records (each one string). */
  setRecords(name: string, records: { a?: string[]; txt?: string[] }): void;
  close(): Promise<void>;
}

export async function startLoopbackDns(): Promise<LoopbackDns> {
  const table = new Map<string, { a: string[]; txt: string[] }>();
  const socket = createSocket("udp4");

  function answersFor(question: Question): Answer[] | null {
    const records = table.get(question.name.toLowerCase());
    if (!records) return null;
    if (question.type === "A") {
      return records.a.map((data) => ({ type: "A", name: question.name, ttl: 5, data }));
    }
    if (question.type === "TXT") {
      return records.txt.map((data) => ({ type: "TXT", name: question.name, ttl: 5, data }));
    }
    return [];
  }

  socket.on("message", (message: Buffer, from: RemoteInfo) => {
    let query: ReturnType<typeof decode>;
    try {
      query = decode(message);
    } catch {
      return; // not DNS: a real server drops it too
    }
    const question = query.questions?.[0];
    const answers = question ? answersFor(question) : null;
    const reply = encode({
      type: "response",
      id: query.id,
      // Recursion desired and available; NXDOMAIN (rcode 3) for unknown names.
      flags: 0x0100 | 0x0080 | (answers === null ? 3 : 0),
      questions: query.questions,
      answers: answers ?? [],
    });
    socket.send(reply, from.port, from.address);
  });

  await new Promise<void>((resolve) => socket.bind(0, "127.0.0.1", resolve));
  const { port } = socket.address() as AddressInfo;
  return {
    server: `127.0.0.1:${port}`,
    setRecords(name, records) {
      table.set(name.toLowerCase(), { a: records.a ?? [], txt: records.txt ?? [] });
    },
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
