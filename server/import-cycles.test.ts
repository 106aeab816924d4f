import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCycles, importGraph, runtimeImports, sourceFiles } from './test/import-cycles';

// Issue 33 item 4: no runtime import cycle among the server's modules (features, plugins, …) and
// shared/. The one there was (commands.service ↔ moderation/reports.service) is broken by
// commands/command-visibility.ts. eslint-plugin-import's no-cycle would do this in the linter; it
// is not a dependency, so this test walks the imports itself.

const repo = path.resolve(__dirname, '..');
const relative = (cycle: string[]) => cycle.map((file) => path.relative(repo, file)).join(' → ');

describe('import cycles', () => {
  it('has none among server/ and shared/ modules', () => {
    const files = [
      ...sourceFiles(path.join(repo, 'server')),
      ...sourceFiles(path.join(repo, 'shared')),
    ];
    const graph = importGraph(files);
    // The walk sees the tree (not an empty graph that would pass whatever the code does).
    expect(graph.size).toBeGreaterThan(200);
    expect([...graph.values()].flat().length).toBeGreaterThan(400);
    expect(importCycles(graph).map(relative)).toEqual([]);
  });

  it('reads runtime imports, not type-only ones', () => {
    const source = [
      "import type { A } from './types';",
      "import type {\n  B,\n} from './more-types';",
      "import {\n  one,\n  type Two,\n} from '../one';",
      "import * as repo from './x.repository';",
      "import './side-effect';",
      "export { three } from './three';",
      "export * from './all';",
      "export type { Four } from './four';",
      "import fs from 'node:fs';",
      "const later = () => import('./lazy');",
    ].join('\n');
    expect(runtimeImports(source)).toEqual([
      '../one',
      './x.repository',
      './side-effect',
      './three',
      './all',
    ]);
  });

  it('finds a planted cycle, two or three modules long, and a self-import', () => {
    const files: Record<string, string> = {
      '/r/a.service.ts': "import { b } from './b.service';",
      '/r/b.service.ts': "import {\n  a,\n} from './a.service';",
      '/r/c.ts': "import { d } from './sub';",
      '/r/sub/index.ts': "export { d } from '../e';",
      '/r/e.ts': "import { c } from './c';",
      '/r/f.ts': "import { f } from './f';",
      '/r/g.ts': "import type { a } from './a.service';\nimport { c } from './c';",
    };
    const graph = importGraph(Object.keys(files), (file) => files[file]!);
    expect(importCycles(graph)).toEqual([
      ['/r/a.service.ts', '/r/b.service.ts'],
      ['/r/c.ts', '/r/e.ts', '/r/sub/index.ts'],
      ['/r/f.ts'],
    ]);
  });
});
