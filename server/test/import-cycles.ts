import fs from 'node:fs';
import path from 'node:path';

// Runtime import cycles among server modules (issue 33 item 4). A cycle between two services
// makes which one loads first depend on who is imported first, and a value read at load time (a
// constant, a class) can be undefined. Type-only imports vanish when compiled and do not count;
// dynamic import() loads later and does not either.

/** `import … from './x'`, `export … from './x'` and `import './x'`, not `import type`. */
const RUNTIME_IMPORT =
  /^\s*(?:import|export)\s+(?!type[\s{])(?:[^'";]*?\sfrom\s+)?['"](\.{1,2}\/[^'"]+)['"]/gm;

/** The relative modules a source file imports at run time, as written. */
export function runtimeImports(source: string): string[] {
  return [...source.matchAll(RUNTIME_IMPORT)].map((m) => m[1]!);
}

/** Every non-test .ts file under a folder. */
export function sourceFiles(root: string): string[] {
  return fs
    .readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('.d.ts'))
    .map((f) => path.join(root, f));
}

/** The import graph of these files: each file to the files of the set it imports. */
export function importGraph(files: string[], read = (f: string) => fs.readFileSync(f, 'utf8')) {
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets = runtimeImports(read(file))
      .map((spec) => path.resolve(path.dirname(file), spec))
      .flatMap((base) => [base, `${base}.ts`, path.join(base, 'index.ts')])
      .filter((candidate) => known.has(candidate));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Each cycle once (Tarjan's strongly connected components of two or more, or a self-import). */
export function importCycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node)!, index.get(to)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || graph.get(node)?.includes(node)) cycles.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}
