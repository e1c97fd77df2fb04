// Prints the gzip size of the JavaScript and CSS the first page loads (what index.html references),
// and the total of everything built. Usage: node scripts/size.mjs [dist folder]
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const dir = resolve(process.argv[2] ?? 'dist');
const BUDGET_KB = 130;
const html = readFileSync(join(dir, 'index.html'), 'utf8');
const gzipKb = (file) => gzipSync(readFileSync(file), { level: 9 }).length / 1024;
const fmt = (kb) => `${kb.toFixed(1).padStart(7)} kB`;

const initial = [...html.matchAll(/(?:src|href)="([^"]+\.(js|css))"/g)].map(([, path, kind]) => ({
  path,
  kind,
  kb: gzipKb(join(dir, path)),
}));

const walk = (folder) =>
  readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
const everything = walk(dir).filter((file) => /\.(js|css)$/.test(file));

const sum = (items) => items.reduce((total, item) => total + item.kb, 0);
const js = sum(initial.filter((file) => file.kind === 'js'));
const css = sum(initial.filter((file) => file.kind === 'css'));
const all = everything.reduce((total, file) => total + gzipKb(file), 0);

console.log('First page (gzip):');
for (const file of initial) console.log(`  ${fmt(file.kb)}  ${file.path}`);
console.log(`JavaScript, first page: ${fmt(js)}  (budget ${BUDGET_KB} kB)`);
console.log(`CSS, first page:        ${fmt(css)}`);
console.log(`First page total:       ${fmt(js + css)}`);
console.log(`All built JS and CSS:   ${fmt(all)}  (${everything.length} files, most loaded per route or on demand)`);
