// Offline checks for the Helm chart and the kustomize manifests. Helm itself cannot run here, so these
// helpers check what can be checked without it: values against the schema, template syntax (balanced
// actions and blocks), `.Values` references, and the static YAML skeleton of each template.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import Ajv, { type ErrorObject } from 'ajv';
import { parse, parseAllDocuments } from 'yaml';

export const repoRoot = process.cwd();
export const chartDir = path.join(repoRoot, 'charts', 'fleet');
export const deployDir = path.join(repoRoot, 'deploy');

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function readText(file: string): string {
  return readFileSync(file, 'utf8');
}

/** Parses a single-document YAML file; throws on any YAML error. */
export function readYaml(file: string): unknown {
  return parse(readText(file), { prettyErrors: true, uniqueKeys: true });
}

/** Parses every document of a YAML file; throws on the first YAML error, naming the file. */
export function readYamlDocuments(file: string): unknown[] {
  const docs = parseAllDocuments(readText(file), { prettyErrors: true, uniqueKeys: true });
  const list = Array.isArray(docs) ? docs : [docs];
  const values: unknown[] = [];
  for (const doc of list) {
    if (doc.errors.length > 0) {
      throw new Error(`${file}: ${doc.errors.map((e) => e.message).join('; ')}`);
    }
    const value: unknown = doc.toJS();
    if (value !== null && value !== undefined) values.push(value);
  }
  return values;
}

/** Every file under a directory, as paths relative to it, sorted. */
export function listFiles(dir: string, base = dir): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...listFiles(full, base));
    else out.push(path.relative(base, full).split(path.sep).join('/'));
  }
  return out.sort();
}

// ---------------------------------------------------------------------------------------------
// Values and schema

/**
 * Merges user values over chart defaults the way Helm does: maps merge key by key, lists and
 * scalars replace, and `null` removes the key.
 */
export function mergeValues(base: JsonObject, override: JsonObject): JsonObject {
  const out: JsonObject = { ...base };
  for (const [key, value] of Object.entries(override)) {
    const current = out[key];
    if (value === null) delete out[key];
    else if (isObject(current) && isObject(value)) out[key] = mergeValues(current, value);
    else out[key] = value;
  }
  return out;
}

export function loadDefaultValues(): JsonObject {
  const values = readYaml(path.join(chartDir, 'values.yaml'));
  if (!isObject(values)) throw new Error('values.yaml is not a map');
  return values;
}

export function loadSchema(): JsonObject {
  return JSON.parse(readText(path.join(chartDir, 'values.schema.json'))) as JsonObject;
}

/** The schema compiled by ajv in strict mode; returns the errors as `/path message` lines. */
export function createValuesValidator(schema: JsonObject = loadSchema()): (values: unknown) => string[] {
  const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true });
  const validate = ajv.compile(schema);
  return (values) => (validate(values) ? [] : (validate.errors ?? []).map(describeError));
}

function describeError(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  let at = error.instancePath;
  if (error.keyword === 'additionalProperties') at += `/${String(params.additionalProperty)}`;
  if (error.keyword === 'required') at += `/${String(params.missingProperty)}`;
  return `${at || '/'} ${error.message ?? error.keyword}`;
}

/**
 * Keys documented with bitnami-style `## @param <path> <description>` comments.
 */
export function documentedParams(valuesText: string): string[] {
  const params: string[] = [];
  for (const match of valuesText.matchAll(/^\s*## @param (\S+)/gm)) params.push(match[1] as string);
  return params;
}

/**
 * Paths in the values tree that need a `## @param`: a documented path covers everything below it;
 * an undocumented non-empty map is looked into; anything else undocumented is reported.
 */
export function undocumentedValues(values: JsonObject, documented: Set<string>, prefix = ''): string[] {
  const missing: string[] = [];
  for (const [key, value] of Object.entries(values)) {
    const at = prefix ? `${prefix}.${key}` : key;
    if (documented.has(at)) continue;
    if (isObject(value) && Object.keys(value).length > 0) {
      missing.push(...undocumentedValues(value, documented, at));
    } else {
      missing.push(at);
    }
  }
  return missing;
}

/** Whether a dotted path exists in the values tree. */
export function hasValuePath(values: JsonObject, dotted: string): boolean {
  let node: Json = values;
  for (const key of dotted.split('.')) {
    if (!isObject(node) || !(key in node)) return false;
    node = node[key] as Json;
  }
  return true;
}

/** Every leaf path of the values tree (empty maps and lists count as leaves). */
export function valueLeafPaths(values: JsonObject, prefix = ''): string[] {
  const out: string[] = [];
  for (const [key, value] of Object.entries(values)) {
    const at = prefix ? `${prefix}.${key}` : key;
    if (isObject(value) && Object.keys(value).length > 0) out.push(...valueLeafPaths(value, at));
    else out.push(at);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Templates

const ACTION = /\{\{-?([\s\S]*?)-?\}\}/g;

/** The `.Values.a.b.c` paths a template refers to (also `$.Values...`), as `a.b.c`. */
export function valuesReferences(template: string): string[] {
  const found = new Set<string>();
  for (const action of template.matchAll(ACTION)) {
    for (const ref of (action[1] as string).matchAll(/\.Values((?:\.[A-Za-z_][A-Za-z0-9_]*)+)/g)) {
      found.add((ref[1] as string).slice(1));
    }
  }
  return [...found].sort();
}

/** Names passed to `include "name"` / `template "name"`. */
export function includedTemplates(template: string): string[] {
  const found = new Set<string>();
  for (const m of template.matchAll(/\b(?:include|template)\s+"([^"]+)"/g)) found.add(m[1] as string);
  return [...found].sort();
}

/** Names declared with `define "name"`. */
export function definedTemplates(template: string): string[] {
  return [...template.matchAll(/\{\{-?\s*define\s+"([^"]+)"/g)].map((m) => m[1] as string);
}

const BLOCK_OPENERS = new Set(['if', 'range', 'with', 'define', 'block']);

/**
 * Syntax problems a Go template parser would reject: unmatched `{{` / `}}`, unterminated comments,
 * `else` outside a block, `end` without a block, blocks left open. Returns one line per problem.
 */
export function templateSyntaxProblems(template: string): string[] {
  const problems: string[] = [];
  const stack: { keyword: string; line: number }[] = [];
  const lineAt = (index: number) => template.slice(0, index).split('\n').length;
  let rest = '';
  let last = 0;
  for (const match of template.matchAll(ACTION)) {
    const index = match.index ?? 0;
    rest += template.slice(last, index);
    last = index + match[0].length;
    const body = (match[1] as string).trim();
    const line = lineAt(index);
    if (body.startsWith('/*')) {
      if (!body.endsWith('*/')) problems.push(`line ${line}: unterminated comment`);
      continue;
    }
    if (body === '') {
      problems.push(`line ${line}: empty action`);
      continue;
    }
    const keyword = body.split(/\s+/)[0] as string;
    if (BLOCK_OPENERS.has(keyword)) {
      stack.push({ keyword, line });
    } else if (keyword === 'else') {
      const top = stack[stack.length - 1];
      if (!top || !['if', 'with', 'range'].includes(top.keyword)) {
        problems.push(`line ${line}: else outside if/with/range`);
      }
    } else if (keyword === 'end') {
      if (!stack.pop()) problems.push(`line ${line}: end without an open block`);
    }
    const quotes = (body.match(/(?<!\\)"/g) ?? []).length;
    if (quotes % 2 !== 0) problems.push(`line ${line}: unbalanced quotes in {{ ${body} }}`);
  }
  rest += template.slice(last);
  if (rest.includes('{{')) problems.push(`unclosed "{{" near line ${lineAt(template.indexOf('{{', 0))}`);
  if (rest.includes('}}')) problems.push('"}}" without a matching "{{"');
  for (const open of stack) problems.push(`line ${open.line}: ${open.keyword} is never closed with end`);
  return problems;
}

/**
 * The static YAML skeleton of a template: lines that hold only template actions are dropped and
 * inline actions become the placeholder `X`. What remains must be valid YAML with the resource's
 * fixed structure (kind, probes, ports...); values filled in by `toYaml` show up as empty keys.
 */
export function templateSkeleton(template: string): string {
  const withoutComments = template.replace(/\{\{-?\s*\/\*[\s\S]*?\*\/\s*-?\}\}/g, '');
  return withoutComments
    .split('\n')
    .filter((line) => line.replace(ACTION, '').trim() !== '' || line.trim() === '')
    .map((line) => line.replace(ACTION, 'X'))
    .join('\n');
}

export function parseSkeleton(template: string): JsonObject {
  const value = parse(templateSkeleton(template), { uniqueKeys: true });
  if (!isObject(value)) throw new Error('template skeleton is not a map');
  return value;
}

/** Follows a path through maps and lists (numbers index lists); undefined when absent. */
export function dig(value: unknown, ...keys: (string | number)[]): unknown {
  let node: unknown = value;
  for (const key of keys) {
    if (typeof key === 'number') {
      if (!Array.isArray(node)) return undefined;
      node = node[key];
    } else {
      if (!isObject(node)) return undefined;
      node = node[key];
    }
  }
  return node;
}
