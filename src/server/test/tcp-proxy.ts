import { connect, createServer, type Server, type Socket } from "node:net";

/**
 * A TCP relay in front of PostgreSQL, for outage tests: `cut()` closes every connection and refuses new
 * ones (the database is down), `hang()` accepts connections but never answers (a network black hole),
 * `restore()` relays again on the same port.
 */
export interface TcpProxy {
  port: number;
  cut(): Promise<void>;
  hang(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let mode: "relay" | "hang" = "relay";
  let server: Server | undefined;

  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
  };

  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const srv = createServer((client) => {
        track(client);
        if (mode === "hang") return;
        const upstream = connect(target.port, target.host);
        track(upstream);
        client.pipe(upstream);
        upstream.pipe(client);
        client.on("close", () => upstream.destroy());
        upstream.on("close", () => client.destroy());
      });
      srv.once("error", reject);
      srv.listen(port, "127.0.0.1", () => {
        server = srv;
        const address = srv.address();
        resolve(typeof address === "object" && address ? address.port : port);
      });
    });

  const stop = async () => {
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    const srv = server;
    server = undefined;
    if (srv) await new Promise<void>((resolve) => srv.close(() => resolve()));
  };

  const port = await listen(0);
  return {
    port,
    cut: stop,
    hang: async () => {
      await stop();
      mode = "hang";
      await listen(port);
    },
    restore: async () => {
      await stop();
      mode = "relay";
      await listen(port);
    },
    close: stop,
  };
}
