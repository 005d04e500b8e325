/**
 * Checks a request against GitHub's own description of its REST API
 * (@octokit/openapi, api.github.com): the method and path name an operation,
 * path and query parameters have the declared types (no undeclared query
 * parameter), and the JSON body matches the operation's request body schema
 * (required fields, types, enums, lengths; no body where none is described).
 * The local GitHub API (github-api-server.ts) runs every request Gatehouse
 * sends through it, so a request GitHub would not accept fails the test even
 * where the stand-in itself is lenient.
 */
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import Ajv, { type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";

interface Operation {
  template: string;
  method: string;
  pattern: RegExp;
  params: string[];
  /** path and query parameters, refs resolved */
  parameters: { name: string; in: string; required?: boolean; schema?: unknown }[];
  body: { required: boolean; schema: unknown } | null;
}

/** What requests need of the description: operations with their parameters and bodies, and the schemas bodies reach. */
interface RequestIndex {
  operations: { template: string; method: string; parameters: Operation["parameters"]; body: Operation["body"] }[];
  schemas: Record<string, unknown>;
}

type Spec = { info: { version: string }; paths: Record<string, Record<string, { parameters?: unknown[]; requestBody?: unknown }>>; components: Record<string, Record<string, unknown>> };

let loaded: { operations: Operation[]; ajv: Ajv; compiled: Map<string, ValidateFunction> } | null = null;

/**
 * The full description is 13 MB; parsing it and letting Ajv walk it costs
 * seconds on a busy machine, so the part requests need is derived once and
 * kept beside the package version in the system's temporary folder.
 */
function requestIndex(): RequestIndex {
  const pkgFile = createRequire(import.meta.url).resolve("@octokit/openapi/package.json");
  const version = (JSON.parse(readFileSync(pkgFile, "utf8")) as { version: string }).version;
  const cache = join(tmpdir(), `gatehouse-github-openapi-requests-${version}-v1.json`);
  try {
    return JSON.parse(readFileSync(cache, "utf8")) as RequestIndex;
  } catch {
    // not derived yet
  }
  const spec = JSON.parse(readFileSync(join(dirname(pkgFile), "generated", "api.github.com.json"), "utf8")) as Spec;
  const index: RequestIndex = { operations: [], schemas: {} };
  const reach = (node: unknown): void => {
    if (!node || typeof node !== "object") return;
    if (Array.isArray(node)) return node.forEach(reach);
    const ref = (node as { $ref?: unknown }).$ref;
    if (typeof ref === "string") {
      const name = /^#\/components\/schemas\/(.+)$/.exec(ref)?.[1];
      if (name && !(name in index.schemas)) {
        index.schemas[name] = spec.components.schemas![name];
        reach(index.schemas[name]);
      }
    }
    for (const value of Object.values(node)) reach(value);
  };
  for (const [template, item] of Object.entries(spec.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!["get", "post", "put", "patch", "delete"].includes(method)) continue;
      const parameters = [...((item as { parameters?: unknown[] }).parameters ?? []), ...(op.parameters ?? [])]
        .map((p) => deref(spec, p) as Operation["parameters"][number])
        .map(({ name, in: where, required, schema }) => ({ name, in: where, required, schema: deref(spec, schema) }));
      let body: Operation["body"] = null;
      const rb = op.requestBody ? (deref(spec, op.requestBody) as { required?: boolean; content?: Record<string, { schema?: unknown }> }) : null;
      const schema = rb?.content?.["application/json"]?.schema;
      if (schema) {
        body = { required: Boolean(rb!.required), schema };
        reach(schema);
      }
      index.operations.push({ template, method: method.toUpperCase(), parameters, body });
    }
  }
  const temporary = `${cache}.${process.pid}`;
  writeFileSync(temporary, JSON.stringify(index));
  renameSync(temporary, cache);
  return index;
}

function load() {
  if (loaded) return loaded;
  const index = requestIndex();
  const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false, logger: false, code: { optimize: false } });
  addFormats(ajv);
  // Bodies refer to #/components/schemas/…; each body is compiled against this root.
  ajv.addSchema({ components: { schemas: index.schemas } }, "github");
  const operations = index.operations.map((op): Operation => {
    const params: string[] = [];
    const pattern = new RegExp(
      "^" +
        op.template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{([^}]+)\}/g, (_m, name: string) => {
          params.push(name);
          return "([^/]+)";
        }) +
        "$",
    );
    return { ...op, pattern, params };
  });
  loaded = { operations, ajv, compiled: new Map() };
  return loaded;
}

function deref(spec: Spec, value: unknown): unknown {
  let v = value as { $ref?: string };
  for (let i = 0; i < 10 && v && typeof v === "object" && typeof v.$ref === "string"; i++) {
    const parts = v.$ref.replace(/^#\//, "").split("/").map((p) => p.replace(/~1/g, "/").replace(/~0/g, "~"));
    v = parts.reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], spec) as { $ref?: string };
  }
  return v;
}

function validatorFor(op: Operation): ValidateFunction {
  const l = load();
  const id = `${op.method} ${op.template}`;
  let fn = l.compiled.get(id);
  if (!fn) {
    // Local refs point into the "github" root, where the components live.
    const schema = JSON.parse(JSON.stringify(op.body!.schema).replace(/"\$ref":"#\//g, '"$ref":"github#/'));
    fn = l.ajv.compile(schema as object);
    l.compiled.set(id, fn);
  }
  return fn;
}

function typeOk(schema: unknown, raw: string): boolean {
  const type = (schema as { type?: string } | undefined)?.type;
  if (type === "integer") return /^-?\d+$/.test(raw);
  if (type === "number") return Number.isFinite(Number(raw));
  if (type === "boolean") return raw === "true" || raw === "false";
  const values = (schema as { enum?: unknown[] } | undefined)?.enum;
  if (values) return values.map(String).includes(raw);
  return true;
}

/**
 * The problems GitHub's description finds with one request (empty: valid).
 * `path` is relative to the API base and may carry a query string; `body` is
 * the parsed JSON body, or undefined when none was sent.
 */
export function openApiProblems(method: string, path: string, body: unknown): string[] {
  const { operations } = load();
  const url = new URL(path, "http://api.invalid");
  const candidates = operations.filter((op) => op.method === method.toUpperCase() && op.pattern.test(url.pathname));
  if (candidates.length === 0) return [`${method} ${url.pathname}: no such operation in GitHub's REST API description`];
  // The most literal template wins (/repos/{owner}/{repo}/pulls/comments/{id} over …/pulls/{pull_number}/…).
  const op = candidates.sort((a, b) => a.params.length - b.params.length)[0]!;
  const problems: string[] = [];
  const values = op.pattern.exec(url.pathname)!.slice(1).map(decodeURIComponent);
  op.params.forEach((name, i) => {
    const declared = op.parameters.find((p) => p.in === "path" && p.name === name);
    if (!declared) problems.push(`path parameter {${name}} is not described`);
    else if (!typeOk(declared.schema, values[i]!)) problems.push(`path parameter ${name}=${values[i]} is not a ${(declared.schema as { type?: string }).type}`);
  });
  for (const [name, raw] of url.searchParams) {
    const declared = op.parameters.find((p) => p.in === "query" && p.name === name);
    if (!declared) problems.push(`query parameter "${name}" is not described for ${op.method} ${op.template}`);
    else if (!typeOk(declared.schema, raw)) problems.push(`query parameter ${name}=${raw} does not match its schema`);
  }
  for (const p of op.parameters) if (p.in === "query" && p.required && !url.searchParams.has(p.name)) problems.push(`query parameter "${p.name}" is required`);
  if (!op.body) {
    if (body !== undefined && !(typeof body === "object" && body !== null && Object.keys(body).length === 0)) problems.push(`${op.method} ${op.template} takes no body`);
  } else if (body === undefined) {
    if (op.body.required) problems.push(`${op.method} ${op.template} needs a JSON body`);
  } else {
    const validate = validatorFor(op);
    if (!validate(body)) problems.push(...(validate.errors ?? []).map((e) => `body${e.instancePath || ""} ${e.message ?? "is invalid"}${e.params && "additionalProperty" in e.params ? ` (${String(e.params.additionalProperty)})` : ""}`));
  }
  return problems.map((p) => `${op.method} ${op.template}: ${p}`);
}
