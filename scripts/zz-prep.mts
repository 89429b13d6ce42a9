// Prints a psql script: PREPARE the app's statement for a query, EXECUTE it 7 times, EXPLAIN the 8th.
import { PgDialect } from "drizzle-orm/pg-core";
import { directoryPageStatement } from "../src/server/features/listings/directory-query";
import { listingQuerySchema } from "../src/shared/schemas/listings";
const q = JSON.parse(process.argv[2] ?? "{}");
const { statement } = directoryPageStatement({ viewer: null, query: listingQuerySchema.parse({ ...q }) });
const { sql, params } = new PgDialect().sqlToQuery(statement);
const lit = (p: unknown) => `'${String(p).replaceAll("'", "''")}'`;
const args = `(${params.map(lit).join(", ")})`;
console.log(`prepare p as ${sql};`);
for (let i = 0; i < 7; i++) console.log(`execute p${args};`);
console.log(`explain (analyze, buffers, summary) execute p${args};`);
