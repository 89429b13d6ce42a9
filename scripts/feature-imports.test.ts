import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import {
  ARCHITECTURE_DOC,
  deriveFeatureImports,
  documentedFeatureImports,
  renderFeatureImports,
} from "./feature-imports";

// docs/architecture.md lists which server feature imports which; this keeps the list true to the imports.

const ROOT = fileURLToPath(new URL("..", import.meta.url));

describe("the feature imports listed in docs/architecture.md", () => {
  it("are the features' imports, as scripts/feature-imports.ts reads them", () => {
    const derived = renderFeatureImports(deriveFeatureImports(ROOT));
    const documented = documentedFeatureImports(readFileSync(join(ROOT, ARCHITECTURE_DOC), "utf8"));
    expect(
      documented,
      `${ARCHITECTURE_DOC}'s list of feature imports differs from the imports: run ` +
        `\`npx tsx scripts/feature-imports.ts --write\`, or put this list between its markers:\n\n${derived}\n`,
    ).toBe(derived);
  });
});

describe("reading the features' imports", () => {
  const scratch = mkdtempSync(join(tmpdir(), "feature-imports-"));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  const plant = (path: string, text: string) => {
    const file = join(scratch, "src/server/features", path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  };

  it("finds every form of import of another feature, and only those", () => {
    plant(
      "alpha/use-case.ts",
      [
        'import { a } from "../beta/b-service";',
        'import type { T } from "../gamma/types";',
        "import {",
        "  x,",
        "  y,",
        '} from "../delta/multi-line";',
        'export { z } from "../beta/re-exported";',
        'export const load = () => import("../epsilon/lazy");',
        'import "../zeta";',
        'import { own } from "./own-file";',
        'import { up } from "../../features/eta/from-above";',
        'import { lib } from "../../lib/viewer";',
        'import { z as zod } from "zod";',
      ].join("\n"),
    );
    plant("alpha/nested/deeper.ts", 'import { n } from "../../theta/nested-import";\n');
    plant("alpha/use-case.test.ts", 'import { t } from "../iota/only-a-test";\n');
    plant("beta/b-service.ts", 'import { a } from "../alpha/use-case";\nexport const b = a;\n');
    plant("kappa/alone.ts", 'import { lib } from "../../lib/paging";\n');

    expect(Object.fromEntries(deriveFeatureImports(scratch))).toEqual({
      alpha: [
        "beta/b-service",
        "beta/re-exported",
        "delta/multi-line",
        "epsilon/lazy",
        "eta/from-above",
        "gamma/types",
        "theta/nested-import",
        "zeta/index",
      ],
      beta: ["alpha/use-case"],
    });
  });

  it("writes one line per importing feature and reads the list back from between the markers", () => {
    const list = renderFeatureImports(
      new Map([
        ["alpha", ["beta/b-service", "gamma/types"]],
        ["beta", ["gamma/types"]],
      ]),
    );
    expect(list).toBe("- `alpha` → `beta/b-service`, `gamma/types`\n- `beta` → `gamma/types`");
    const doc = `# Doc\n\ntext\n\n<!-- feature-imports -->\n${list}\n<!-- /feature-imports -->\n\nmore\n`;
    expect(documentedFeatureImports(doc)).toBe(list);
    expect(documentedFeatureImports("# A document without the markers\n")).toBeNull();
  });
});
