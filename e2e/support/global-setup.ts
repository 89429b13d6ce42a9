import type { TestProject } from "vitest/node";
import { type RunningServer, startServer } from "./server";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
  }
}

let server: RunningServer | undefined;

export async function setup(project: TestProject) {
  server = await startServer();
  project.provide("baseURL", server.url);
}

export async function teardown() {
  await server?.stop();
}
