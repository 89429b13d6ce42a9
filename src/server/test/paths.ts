import { fileURLToPath } from "node:url";

export const TEST_DIR = fileURLToPath(new URL("../../../.data/test", import.meta.url));
export const PGLITE_SNAPSHOT = `${TEST_DIR}/pglite-snapshot.tar.gz`;
export const PG_TEMPLATE_DB = "ppc_test_template";
