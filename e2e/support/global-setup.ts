import type { TestProject } from "vitest/node";
import { type RunningServer, startServer } from "./server";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
  }
}

let server: RunningServer | undefined;

export async function setup(project: TestProject) {
  // Domain verification reads a page the test serves on 127.0.0.1, which production refuses.
  server = await startServer({ VERIFY_ALLOW_PRIVATE: "1" });
  project.provide("baseURL", server.url);
}

export async function teardown() {
  await server?.stop();
}
