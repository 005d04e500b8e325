/**
 * What kind of file a path is, for the offline reviewer's rules. Most false
 * positives of naive diff scanners come from ignoring this: console.log in a
 * test or a script is fine, a lockfile is large by nature, a Markdown file
 * talking about TODOs is not a TODO.
 */

/** Lower-case extension without the dot ("" if none). `a/b.test.ts` → "ts". */
export function extensionOf(path: string): string {
  const base = basenameOf(path);
  const dot = base.lastIndexOf(".");
  return dot <= 0 ? "" : base.slice(dot + 1).toLowerCase();
}

/** Last path segment. */
export function basenameOf(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}

const TEST_DIR = /(^|\/)(__tests__|__mocks__|__fixtures__|tests?|specs?|e2e|testdata|test-data|fixtures?|cypress|playwright)\//i;
// R11: the layouts projects actually use — `test.js` itself, type tests (`*.test-d.ts`), `*_test.go`, `test_*.py`, `*_spec.rb`, `FooTest.java`.
const TEST_FILE =
  /(^(tests?|specs?)\.[cm]?[jt]sx?$)|(\.(test|spec|e2e|cy)(-d)?\.[cm]?[jt]sx?$)|(\.test-d\.ts$)|(_test\.(go|py|rb|exs?|dart|rs|c|cc|cpp)$)|(^test_[^/]*\.py$)|(^tests?\.py$)|(^conftest\.py$)|((Tests?|IT|Spec)\.(java|kt|cs|swift|scala|groovy)$)|(_spec\.rb$)/;

/** A test, spec, fixture or test-data file. */
export function isTestPath(path: string): boolean {
  return TEST_DIR.test(path) || TEST_FILE.test(basenameOf(path));
}

const SCRIPT_DIR = /(^|\/)(scripts?|bin|bench|benchmarks?|examples?|demos?)\//i;

/** Scripts, CLIs, benchmarks and examples: printing to the console is their job. */
export function isScriptPath(path: string): boolean {
  const base = basenameOf(path);
  return SCRIPT_DIR.test(path) || /^(cli|__main__|manage)\.[a-z]+$/i.test(base) || /\.(sh|bash|zsh|ps1)$/i.test(base);
}

const PROSE = new Set(["md", "mdx", "markdown", "rst", "txt", "adoc", "asciidoc", "org"]);

/** Documentation prose. */
export function isProsePath(path: string): boolean {
  return PROSE.has(extensionOf(path));
}

const LOCKFILES = new Set([
  "package-lock.json", "npm-shrinkwrap.json", "yarn.lock", "pnpm-lock.yaml", "bun.lockb", "bun.lock",
  "Cargo.lock", "Gemfile.lock", "poetry.lock", "Pipfile.lock", "composer.lock", "go.sum", "uv.lock", "flake.lock",
]);

/** Dependency lockfiles: machine-written and large by nature. */
export function isLockfile(path: string): boolean {
  return LOCKFILES.has(basenameOf(path));
}

const GENERATED_DIR = /(^|\/)(dist|build|out|vendor|node_modules|generated|__generated__|\.next|coverage)\//;
const GENERATED_FILE = /(\.min\.(js|css)$)|(\.map$)|(\.snap$)|(\.pb\.go$)|(_pb2\.py$)|(\.g\.dart$)|(\.generated\.[a-z]+$)/i;

/** Build output, vendored or generated code. */
export function isGeneratedPath(path: string): boolean {
  return GENERATED_DIR.test(path) || GENERATED_FILE.test(basenameOf(path));
}

const SOURCE = new Set([
  "ts", "tsx", "js", "jsx", "mjs", "cjs", "mts", "cts", "vue", "svelte", "py", "go", "rs", "java", "kt", "kts",
  "rb", "php", "cs", "c", "cc", "cpp", "cxx", "h", "hpp", "swift", "scala", "ex", "exs", "dart", "m", "mm", "sql",
]);

/** Program source that tests would be expected to cover (not tests, scripts or generated code). */
export function isSourcePath(path: string): boolean {
  return SOURCE.has(extensionOf(path)) && !isTestPath(path) && !isScriptPath(path) && !isGeneratedPath(path);
}

/** Environment files such as `.env` or `.env.production`, but not `.env.example`. */
export function isEnvFile(path: string): boolean {
  const base = basenameOf(path);
  return /^\.env(\.[\w-]+)*$/.test(base) && !isTemplatePath(path);
}

/** Example, sample and template files hold placeholders by design. */
export function isTemplatePath(path: string): boolean {
  return /(^|[./_-])(example|examples|sample|template|dist|tmpl|tpl)($|[./_-])/i.test(basenameOf(path));
}

/** Key=value configuration where an unquoted value is a literal. */
export function isConfigPath(path: string): boolean {
  const base = basenameOf(path);
  return /^\.env/.test(base) || ["ini", "cfg", "conf", "properties", "yml", "yaml", "toml"].includes(extensionOf(path));
}
