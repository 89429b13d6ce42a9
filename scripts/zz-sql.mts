import { PgDialect } from "drizzle-orm/pg-core";
import { directoryPageStatement } from "../src/server/features/listings/directory-query";
import { listingQuerySchema } from "../src/shared/schemas/listings";
const q = JSON.parse(process.argv[2] ?? "{}");
const { statement } = directoryPageStatement({ viewer: null, query: listingQuerySchema.parse({ limit: "20", ...q }) });
const { sql, params } = new PgDialect().sqlToQuery(statement);
let text = sql;
// inline params for psql (largest index first)
params.map((p, i) => [i + 1, p] as const).reverse().forEach(([i, p]) => { text = text.replaceAll(`$${i}`, `'${String(p).replaceAll("'", "''")}'`); });
console.log(text + ";");
