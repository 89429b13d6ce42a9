// npm run quality:recompute: recomputes every publisher's stored quality score. Each write that changes
// a fact already recomputes its own profile; run this once after the formula in
// src/server/features/publishers/quality-score.ts changes, so the stored figures (the audit trail's)
// follow; the screens compute the score from the facts as they read them.

import "./development-default";
import { loadConfig } from "../src/server/config";
import { recomputeAllQualityScores } from "../src/server/features/publishers/quality-score";
import { openScriptDatabase } from "./script-database";

const config = loadConfig();
const database = await openScriptDatabase(config, {
  command: "npm run quality:recompute",
  whileServerRuns:
    "leave it running: every screen computes the score from the profile's facts as it reads it.",
});
try {
  const count = await recomputeAllQualityScores({ db: database.db });
  console.log(`Updated the quality score of ${count} publisher profile${count === 1 ? "" : "s"}.`);
} finally {
  await database.close();
}
