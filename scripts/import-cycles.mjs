#!/usr/bin/env node
// Fails when the TypeScript modules of a package import each other in a circle. Every relative import counts:
// value and type imports, re-exports and `import()` of lazy pages, since each ties the modules of a circle
// together (changing one means reading all of them, and a circle of value imports can load a module before
// the one it needs). Prints each circle as one path `a → b → … → a` with all the modules tied into it, and exits
// 1; prints the module count and exits 0 when there is none.
//   node scripts/import-cycles.mjs [folder …]   (default: packages/*/src)
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const EXTENSIONS = ['.ts', '.tsx', '.mts'];

/** The TypeScript files under `folder`, without node_modules and build output. */
function sourcesIn(folder) {
  const out = [];
  for (const name of readdirSync(folder)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const path = join(folder, name);
    if (statSync(path).isDirectory()) out.push(...sourcesIn(path));
    else if (EXTENSIONS.some((ext) => name.endsWith(ext)) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

// `import … from 'x'`, `export … from 'x'` (also `import type`, across lines), `import 'x'`, `import('x')`.
const SPECIFIERS = [
  /\b(?:import|export)\s[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g,
  /\bimport\s*['"]([^'"]+)['"]/g,
  /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
];

/** The file a relative specifier names (with or without extension, `.js` for `.ts`, or a folder's index). */
function resolveSpecifier(from, specifier) {
  const base = resolve(dirname(from), specifier);
  const candidates = [
    base,
    ...EXTENSIONS.map((ext) => base + ext),
    ...EXTENSIONS.map((ext) => base.replace(/\.m?js$/, ext)),
    ...EXTENSIONS.map((ext) => join(base, `index${ext}`)),
  ];
  return candidates.find(
    (c) => EXTENSIONS.some((ext) => c.endsWith(ext)) && existsSync(c) && statSync(c).isFile(),
  );
}

/** Module → the modules it imports (relative imports only: packages import each other one way). */
function importGraph(files) {
  const graph = new Map();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const targets = new Set();
    for (const pattern of SPECIFIERS) {
      for (const match of text.matchAll(pattern)) {
        if (!match[1].startsWith('.')) continue;
        const target = resolveSpecifier(file, match[1]);
        if (target) targets.add(target);
      }
    }
    graph.set(file, [...targets]);
  }
  return graph;
}

/** Strongly connected components of more than one module, or of one that imports itself (Tarjan). */
function circles(graph) {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (start) => {
    // Iterative, so that long import chains do not overflow the call stack.
    const work = [[start, 0]];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const [node, i] = frame;
      const targets = graph.get(node) ?? [];
      if (i < targets.length) {
        frame[1] += 1;
        const target = targets[i];
        if (!index.has(target)) {
          index.set(target, next);
          low.set(target, next++);
          stack.push(target);
          onStack.add(target);
          work.push([target, 0]);
        } else if (onStack.has(target)) low.set(node, Math.min(low.get(node), index.get(target)));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) === index.get(node)) {
        const members = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          members.push(member);
        } while (member !== node);
        if (members.length > 1 || targets.includes(node)) found.push(members);
      }
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

/** One circle through the members of a component: the shortest way back to its first module. */
function pathThrough(graph, members) {
  const inside = new Set(members);
  const start = [...members].sort()[0];
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    for (const target of graph.get(node) ?? []) {
      if (!inside.has(target)) continue;
      if (target === start) {
        const path = [start];
        for (let at = node; at !== null; at = previous.get(at)) path.unshift(at);
        return path;
      }
      if (!previous.has(target)) {
        previous.set(target, node);
        queue.push(target);
      }
    }
  }
  return [start, start];
}

const folders = process.argv.slice(2);
const roots = folders.length
  ? folders.map((f) => resolve(f))
  : readdirSync(join(root, 'packages'))
      .map((p) => join(root, 'packages', p, 'src'))
      .filter((p) => existsSync(p));
const files = roots.flatMap(sourcesIn);
const graph = importGraph(files);
const found = circles(graph);
if (found.length === 0) {
  console.log(`import circles: none among ${files.length} modules`);
} else {
  for (const members of found) {
    const path = pathThrough(graph, members).map((f) => relative(root, f));
    console.log(`import circle of ${members.length} modules: ${path.join(' → ')}`);
    for (const member of members.map((m) => relative(root, m)).sort()) console.log(`  ${member}`);
  }
  console.log(`import circles: ${found.length} among ${files.length} modules`);
  process.exit(1);
}
