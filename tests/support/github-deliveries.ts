/**
 * GitHub's recorded pull_request deliveries (@octokit/webhooks-examples),
 * pointed at a test's repository, commits and clock, and checked against
 * GitHub's payload schemas (@octokit/webhooks-schemas) before they are sent:
 * a test never proves something with a payload GitHub could not send. Only
 * the fields that must name the test's world are replaced (repository,
 * number, refs, commits, title, state, updated_at, before/after); `edited`,
 * which the recorded examples lack, is a recorded `opened` with the action
 * and GitHub's `changes` object, as the schema describes it.
 */
import { createRequire } from "node:module";
import Ajv, { type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import examples from "@octokit/webhooks-examples/api.github.com/index.json";

const require = createRequire(import.meta.url);
const recorded = (examples as unknown as { name: string; examples: Record<string, unknown>[] }[]).find((e) => e.name === "pull_request")!.examples;

let ajv: Ajv | null = null;
const validators = new Map<string, ValidateFunction>();

/** GitHub's schema for one pull_request action. */
function schemaFor(action: string): ValidateFunction {
  if (!ajv) {
    ajv = new Ajv({ strict: false, allErrors: false, validateSchema: false, logger: false, code: { optimize: false } });
    addFormats(ajv);
    ajv.addSchema(require("@octokit/webhooks-schemas") as object, "webhooks");
  }
  let fn = validators.get(action);
  if (!fn) {
    fn = ajv.compile({ $ref: `webhooks#/definitions/pull_request$${action}` });
    validators.set(action, fn);
  }
  return fn;
}

export interface PullDelivery {
  fullName: string;
  number: number;
  title: string;
  head: { ref: string; sha: string };
  base: { ref: string; sha: string };
  /** GitHub's clock: pull_request.updated_at */
  updatedAt: string;
  state?: "open" | "closed";
  merged?: boolean;
  draft?: boolean;
  /** synchronize: the head before the push */
  before?: string;
  /** edited: what changed, as GitHub reports it */
  changes?: { title?: { from: string }; base?: { ref: { from: string }; sha: { from: string } } };
}

/** A recorded pull_request delivery of `action` describing `pull`, valid against GitHub's schema (or the test fails here). */
export function pullDelivery(action: string, pull: PullDelivery): Record<string, unknown> {
  const validate = schemaFor(action);
  const source = action === "edited" ? "opened" : action;
  // The first recorded example of the action that GitHub's current schema accepts (the oldest ones predate some fields).
  const sample = recorded.filter((e) => e.action === source).find((e) => schemaFor(source)(e));
  if (!sample) throw new Error(`no recorded pull_request.${source} fits GitHub's schema`);
  const payload = structuredClone(sample) as Record<string, any>;
  payload.action = action;
  payload.number = pull.number;
  const pr = payload.pull_request;
  pr.number = pull.number;
  pr.title = pull.title;
  pr.state = pull.state ?? (action === "closed" ? "closed" : "open");
  pr.updated_at = pull.updatedAt;
  if (pull.draft !== undefined) pr.draft = pull.draft;
  if (pr.state === "closed") {
    pr.closed_at = pull.updatedAt;
    pr.merged = pull.merged ?? false;
    pr.merged_at = pull.merged ? pull.updatedAt : null;
  } else {
    pr.closed_at = null;
    pr.merged = false;
    pr.merged_at = null;
  }
  pr.head = { ...pr.head, ref: pull.head.ref, sha: pull.head.sha, label: `acme:${pull.head.ref}` };
  pr.base = { ...pr.base, ref: pull.base.ref, sha: pull.base.sha, label: `acme:${pull.base.ref}` };
  payload.repository = { ...payload.repository, full_name: pull.fullName, name: pull.fullName.split("/")[1] };
  if (action === "synchronize") {
    payload.before = pull.before ?? payload.before;
    payload.after = pull.head.sha;
  }
  if (action === "edited") payload.changes = pull.changes ?? {};
  if (!validate(payload)) throw new Error(`the pull_request.${action} delivery does not fit GitHub's schema: ${JSON.stringify(validate.errors?.slice(0, 3))}`);
  return payload;
}
