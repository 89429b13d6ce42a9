// npm run quality:recompute: recomputes every publisher's stored quality score. Each write that changes
// a fact already recomputes its own profile; run this once after the formula in
// src/server/features/publishers/quality-score.ts changes (docs/publishers.md#quality-score).

import "./development-default";
import { loadConfig } from "../src/server/config";
import { openDatabase } from "../src/server/db/client";
import { recomputeAllQualityScores } from "../src/server/features/publishers/quality-score";

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
try {
  const count = await recomputeAllQualityScores({ db: database.db });
  console.log(`Updated the quality score of ${count} publisher profile${count === 1 ? "" : "s"}.`);
} finally {
  await database.close();
}
