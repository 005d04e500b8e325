import "server-only";
/**
 * One database handle per process. DATABASE_URL set → PostgreSQL through
 * @prisma/adapter-pg; unset → embedded PGlite in a data directory (the
 * zero-setup default), migrated on open. Both expose LISTEN/NOTIFY so live
 * updates fan out the same way.
 */
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { dataDir } from "../config/data-dir";
import { env } from "../config/env";
import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "./generated/client";
import { migrate, pgRunner, type SqlRunner } from "./migrate";
import { loadQueryCompilerFromFile } from "./query-compiler-wasm";

/**
 * Prisma's defaults (wait 2 s for a connection, 5 s for the whole transaction) abort
 * correct work on a busy shared host: a transaction that waits on a row lock or a CPU
 * that other processes hold runs past 5 s and is rolled back half-way through a request.
 * Locks still bound how long one transaction can hold another up; these only stop a slow
 * machine from turning into failed writes.
 */
const TRANSACTION_OPTIONS = { maxWait: 15_000, timeout: 60_000 } as const;

/** Options every PrismaClient here is built with: the transaction limits above, and the query compiler compiled without keeping its base64 text (./query-compiler-wasm.ts). */
// `__internal` is in the runtime's options but not in the generated client's type, hence `{}`.
const CLIENT_OPTIONS = { transactionOptions: TRANSACTION_OPTIONS, ...({ __internal: { configOverride: loadQueryCompilerFromFile } } as {}) };

export interface Database {
  kind: "postgres" | "pglite";
  prisma: PrismaClient;
  /** raw SQL outside Prisma (migrations, LISTEN) */
  sql: SqlRunner;
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** PostgreSQL; unset → DATABASE_URL; null → the embedded PGlite even when DATABASE_URL is set */
  url?: string | null;
  /** PGlite data directory; "memory://" keeps it in memory */
  dataDir?: string;
  migrate?: boolean;
  /** PGlite only: start from this dumped data directory (PGlite's dumpDataDir), e.g. a migrated template in tests */
  loadDataDir?: Blob;
}

export function defaultDataDir(): string {
  return join(dataDir(), "pgdata");
}

async function openPostgres(url: string, runMigrations: boolean): Promise<Database> {
  if (runMigrations) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await migrate(pgRunner(client));
    } finally {
      await client.end();
    }
  }
  const pool = new pg.Pool({ connectionString: url, max: env().GATEHOUSE_DB_POOL });
  // An idle connection dropped by the server (restart, failover) must not crash the process;
  // the pool replaces it on the next query.
  pool.on("error", (error) => console.error("[gatehouse] idle database connection lost:", error.message));
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool), ...CLIENT_OPTIONS });
  // One listening connection, even when several subscribers ask for it at once (the event hub,
  // the access watch and the worker start together).
  let listener: Promise<pg.Client> | null = null;
  const handlers = new Map<string, Set<(payload: string) => void>>();
  // LISTEN statements run one at a time: pg warns about (and will drop) overlapping queries on a client.
  let listenQueue: Promise<unknown> = Promise.resolve();

  function listenerClient(): Promise<pg.Client> {
    listener ??= (async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      client.on("notification", (n) => handlers.get(n.channel)?.forEach((h) => h(n.payload ?? "")));
      // A dropped LISTEN connection is re-opened lazily and re-subscribed.
      client.on("error", () => {
        listener = null;
        void resubscribe();
      });
      return client;
    })().catch((error) => {
      listener = null;
      throw error;
    });
    return listener;
  }
  function runListen(client: pg.Client, channel: string): Promise<unknown> {
    const run = listenQueue.then(() => client.query(`LISTEN "${channel}"`));
    listenQueue = run.catch(() => undefined);
    return run;
  }
  async function resubscribe() {
    const client = await listenerClient().catch(() => null);
    if (!client) return;
    for (const channel of handlers.keys()) await runListen(client, channel);
  }

  return {
    kind: "postgres",
    prisma,
    sql: preparedRunner(pool),
    async listen(channel, onMessage) {
      assertChannel(channel);
      const client = await listenerClient();
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await runListen(client, channel);
      }
      set.add(onMessage);
      return async () => {
        set.delete(onMessage);
      };
    },
    async notify(channel, payload) {
      await pool.query("SELECT pg_notify($1, $2)", [channel, payload]);
    },
    async close() {
      await prisma.$disconnect();
      await (await listener?.catch(() => null))?.end().catch(() => undefined);
      await pool.end();
    },
  };
}

async function openPglite(dataDir: string, runMigrations: boolean, loadDataDir?: Blob): Promise<Database> {
  // Loaded only for the embedded default: a PostgreSQL deployment never pays for the WebAssembly build.
  const [{ PGlite }, { PrismaPGlite }] = await Promise.all([import("@electric-sql/pglite"), import("pglite-prisma-adapter")]);
  // PostgreSQL initialises every shared buffer at start, so the default 128 MB of them is
  // resident at once; one person's embedded database is served well by 8 MB (its files stay
  // in the OS page cache). It runs as one single-user backend, so the per-connection shared
  // arrays sized for 100 connections are not needed either. Measured on PGlite reopened on a
  // small database: 314 → 164 MB for 128 → 16 MB of buffers; its WebAssembly memory's
  // resident part 29 → 17 MB for 16 → 8 MB and 100 → 5 connections.
  const startParams = [...PGlite.defaultStartParams, "-c", "shared_buffers=8MB", "-c", "max_connections=5"];
  const onDisk = !dataDir.startsWith("memory://");
  if (onDisk && !loadDataDir && !existsSync(join(dataDir, "PG_VERSION"))) {
    // A new data directory: initdb runs in a PGlite of its own, closed afterwards —
    // WebAssembly memory never shrinks, and what initdb grew it to (~500 MB) would otherwise
    // stay resident for the life of the process — and in a process of its own where it can
    // (./pglite-initdb.mjs), since closing it still left ~10–15 MB of this process's heap behind.
    mkdirSync(dataDir, { recursive: true });
    const script = join(process.env.GATEHOUSE_ROOT ?? process.cwd(), "lib/db/pglite-initdb.mjs");
    if (existsSync(script)) {
      await initdbInChild(script, dataDir, startParams);
    } else {
      const first = new PGlite(dataDir, { startParams });
      await first.waitReady;
      await first.close();
    }
  }
  if (onDisk) mkdirSync(dataDir, { recursive: true });
  const lite = new PGlite(dataDir, loadDataDir ? { loadDataDir, startParams } : { startParams });
  await lite.waitReady;
  if (runMigrations) await migrate(lite as unknown as SqlRunner);
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(lite), ...CLIENT_OPTIONS });
  return {
    kind: "pglite",
    prisma,
    sql: lite as unknown as SqlRunner,
    async listen(channel, onMessage) {
      assertChannel(channel);
      const unsubscribe = await lite.listen(channel, onMessage);
      return unsubscribe;
    },
    async notify(channel, payload) {
      await lite.query("SELECT pg_notify($1, $2)", [channel, payload]);
    },
    async close() {
      await prisma.$disconnect();
      await lite.close();
    },
  };
}

/** How many distinct statements a pool connection keeps prepared (the worker's hot path has ~15). */
const MAX_PREPARED = 64;

/**
 * The pool's raw runner. A statement sent by the worker at every step is prepared once
 * per connection (a named statement): later sends skip parsing and describing it, on
 * PostgreSQL's side and in the driver. Statements past the first MAX_PREPARED distinct
 * texts run unnamed, so a caller building many texts cannot fill the server's memory.
 */
function preparedRunner(pool: pg.Pool): SqlRunner {
  const names = new Map<string, string>();
  return {
    ...pgRunner(pool),
    async query<T>(text: string, params?: unknown[]) {
      let name = names.get(text);
      if (!name && names.size < MAX_PREPARED) {
        name = `gatehouse_${names.size}`;
        names.set(text, name);
      }
      return (await pool.query(name ? { name, text, values: params } : { text, values: params })) as unknown as { rows: T[] };
    },
  };
}

/** Runs initdb for a new PGlite data directory in a child process (./pglite-initdb.mjs). */
async function initdbInChild(script: string, dataDir: string, startParams: string[]): Promise<void> {
  const { execFile } = await import("node:child_process");
  await new Promise<void>((resolve, reject) => {
    execFile(process.execPath, [script, dataDir, JSON.stringify(startParams)], { timeout: 600_000, maxBuffer: 4 * 1024 * 1024 }, (error, _stdout, stderr) => {
      if (error) reject(new Error(`Could not initialise the embedded database in ${dataDir}: ${stderr.trim().split("\n").slice(-3).join(" ") || error.message}`));
      else resolve();
    });
  });
}

/** Channel names are interpolated into LISTEN, so only plain identifiers pass. */
function assertChannel(channel: string) {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`invalid channel name ${channel}`);
}

export async function openDatabase(options: OpenOptions = {}): Promise<Database> {
  const url = options.url === null ? undefined : (options.url ?? env().DATABASE_URL);
  const runMigrations = options.migrate ?? true;
  return url ? openPostgres(url, runMigrations) : openPglite(options.dataDir ?? defaultDataDir(), runMigrations, options.loadDataDir);
}

const globalForDb = globalThis as unknown as { gatehouseDb?: Promise<Database> };

/** The process-wide handle; survives Next.js dev reloads. */
export function getDatabase(): Promise<Database> {
  globalForDb.gatehouseDb ??= openDatabase();
  return globalForDb.gatehouseDb;
}

export async function getPrisma(): Promise<PrismaClient> {
  return (await getDatabase()).prisma;
}
