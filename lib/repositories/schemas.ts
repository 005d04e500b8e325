/**
 * Repository bodies and the view the browser gets. A repository is a git
 * repository in a folder on the server, or only a remote URL, or both (a local
 * clone plus the forge its pull requests come from). Either way Gatehouse
 * works on a mirror of its own (H3). The webhook secret is write-only: views
 * say whether one is set.
 */
import path from "node:path";
import { z } from "zod";
import { InvalidRefError, validateBranchName } from "../repos/git-refs";
import { parseRemoteUrl, RemoteUrlError } from "../repos/remote-url";

/** Forms send "" for a field left blank; that means "not given". */
const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

const name = z
  .string()
  .trim()
  .min(1, "Give the repository a name.")
  .max(100, "Use at most 100 characters.")
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, "Use letters, digits, '.', '_' or '-' (no spaces), starting with a letter or digit.");

const localPath = z
  .string()
  .trim()
  .max(4096, "That path is too long.")
  .refine((p) => !p.includes("\0"), "A path cannot contain a NUL character.")
  .refine((p) => path.isAbsolute(p), "Use an absolute path, e.g. /srv/git/my-project.");

// H3: https://, ssh:// and git@host:path only; remote helpers (`ext::`), local transports
// and anything git or ssh could read as an option (`-oProxyCommand=…`) are refused here.
// Which hosts may be plain http or internal is the operator's call, checked on the server.
const remoteUrl = z
  .string()
  .trim()
  .superRefine((url, ctx) => {
    try {
      parseRemoteUrl(url);
    } catch (error) {
      if (!(error instanceof RemoteUrlError)) throw error;
      ctx.addIssue({ code: "custom", message: error.message });
    }
  });

const defaultBranch = z
  .string()
  .trim()
  .superRefine((branch, ctx) => {
    try {
      validateBranchName(branch);
    } catch (error) {
      if (!(error instanceof InvalidRefError)) throw error;
      ctx.addIssue({ code: "custom", message: `"${branch.slice(0, 80)}" is not a valid branch name.` });
    }
  });

const githubFullName = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})\/[A-Za-z0-9._-]{1,100}$/, "Use the GitHub name as owner/repository, e.g. acme/gatehouse.")
  .refine((full) => ![".", ".."].includes(full.split("/")[1] ?? ""), "Use the GitHub name as owner/repository, e.g. acme/gatehouse.");

const webhookSecret = z
  .string()
  .min(16, "Use a webhook secret of at least 16 characters (a long random string).")
  .max(256, "Use at most 256 characters.");

export const registerRepositoryBody = z
  .object({
    name,
    path: z.preprocess(blankToUndefined, localPath.optional()),
    remoteUrl: z.preprocess(blankToUndefined, remoteUrl.optional()),
    defaultBranch: z.preprocess(blankToUndefined, defaultBranch.default("main")),
    githubFullName: z.preprocess(blankToUndefined, githubFullName.optional()),
    webhookSecret: z.preprocess(blankToUndefined, webhookSecret.optional()),
  })
  .refine((body) => body.path !== undefined || body.remoteUrl !== undefined, {
    path: ["path"],
    message: "Give the path of a git repository on the server, or its remote URL (or both).",
  })
  .refine((body) => !body.webhookSecret || body.githubFullName, {
    path: ["githubFullName"],
    message: "A webhook secret needs the GitHub name (owner/repository) whose deliveries it signs.",
  });

export type RegisterRepositoryBody = z.input<typeof registerRepositoryBody>;

/** Forms send "" for a field emptied; on an edit that removes it. */
const blankToNull = (value: unknown) => (typeof value === "string" && value.trim() === "" ? null : value);

/**
 * An edit of what registration set, checked by the same rules: absent keeps a
 * field, null (or "") removes an optional one. The webhook secret stays
 * write-only: a value replaces it, null removes it.
 */
export const updateRepositoryBody = z
  .strictObject({
    name: name.optional(),
    path: z.preprocess(blankToNull, localPath.nullable().optional()),
    remoteUrl: z.preprocess(blankToNull, remoteUrl.nullable().optional()),
    defaultBranch: defaultBranch.optional(),
    githubFullName: z.preprocess(blankToNull, githubFullName.nullable().optional()),
    webhookSecret: z.preprocess(blankToNull, webhookSecret.nullable().optional()),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: "Change at least one setting." });

export type UpdateRepositoryBody = z.input<typeof updateRepositoryBody>;

const githubToken = z
  .string()
  .trim()
  .min(20, "That is too short to be a GitHub token.")
  .max(255, "That is too long to be a GitHub token.")
  .regex(/^[A-Za-z0-9_]+$/, "A GitHub token is letters, digits and underscores (ghp_…, github_pat_…, ghs_…).");

/**
 * R12, H4: how a repository publishes to GitHub. The token is write-only (null
 * removes it, absent keeps it). Where it is sent is not a repository's choice:
 * only the operator's GitHub API (GATEHOUSE_GITHUB_API_URL), so any other field
 * — a base URL, a host — is refused.
 */
/**
 * R12: what a hold verdict publishes as. Neutral is SPEC R12's default, but
 * GitHub's branch protection counts a neutral check as passing, so a team that
 * wants a hold to block merging picks failure.
 */
export const publishHoldAs = z.enum(["neutral", "failure"], { error: "holdAs is neutral or failure." });
export type PublishHoldAs = z.infer<typeof publishHoldAs>;

/** A GitHub App installation id as GitHub shows it (Settings → Installed GitHub Apps → the number in the address). */
const installationId = z.union([
  z.coerce.number({ error: "The installation id is the number in the installation's address." }).int("The installation id is a whole number.").positive("The installation id is a positive number.").max(Number.MAX_SAFE_INTEGER, "That installation id is too large."),
  z.null(),
]);

const SETTABLE = ["token", "webhookSecret", "publishComments", "installationId", "holdAs"] as const;

export const githubPublishingBody = z
  .strictObject(
    {
      token: z.union([githubToken, z.null()]).optional(),
      /** H3: write-only like the token; a new one replaces a secret that was revoked with its setter (null removes it) */
      webhookSecret: z.union([webhookSecret, z.null()]).optional(),
      publishComments: z.boolean({ error: "publishComments is true or false." }).optional(),
      /** null: let the GitHub App find its installation on the repository */
      installationId: installationId.optional(),
      holdAs: publishHoldAs.optional(),
    },
    {
      error: (issue) =>
        issue.code === "unrecognized_keys"
          ? `Only ${SETTABLE.map((k) => `"${k}"`).join(", ")} can be set here (not ${issue.keys.map((k) => `"${k}"`).join(", ")}); tokens go only to the GitHub API the operator configured.`
          : undefined,
    },
  )
  .refine((body) => SETTABLE.some((key) => body[key] !== undefined), { message: "Send a token or webhookSecret (or null to remove it), publishComments, installationId or holdAs." });

export type GithubPublishingBody = z.input<typeof githubPublishingBody>;

export interface RepositoryView {
  id: string;
  name: string;
  /** the folder on the server it is read from, or null when it is only a remote */
  path: string | null;
  remoteUrl: string | null;
  defaultBranch: string;
  githubFullName: string | null;
  /** the secret itself never leaves the server */
  hasWebhookSecret: boolean;
  /** R12: whether a GitHub token is set, and its last 4 characters to tell tokens apart (never the token) */
  githubToken: { set: boolean; last4: string | null };
  /** R12: anchored findings are also posted as review comments */
  publishComments: boolean;
  /** R12: the GitHub App installation a person set for it (decimal), or null: the app finds it */
  githubInstallationId: string | null;
  /** R12: the conclusion a hold verdict publishes as */
  publishHoldAs: PublishHoldAs;
  createdAt: string;
}

export const repositorySelect = {
  id: true,
  name: true,
  path: true,
  remoteUrl: true,
  defaultBranch: true,
  githubFullName: true,
  webhookSecret: true,
  githubToken: true,
  publishComments: true,
  githubInstallationId: true,
  publishHoldAs: true,
  createdAt: true,
} as const;

export function toRepositoryView(row: {
  id: string;
  name: string;
  path: string | null;
  remoteUrl: string | null;
  defaultBranch: string;
  githubFullName: string | null;
  webhookSecret: string | null;
  githubToken: string | null;
  publishComments: boolean;
  githubInstallationId: bigint | null;
  publishHoldAs: string;
  createdAt: Date;
}): RepositoryView {
  const { webhookSecret: secret, githubToken: token, githubInstallationId, publishHoldAs: holdAs, createdAt, ...rest } = row;
  return {
    ...rest,
    githubInstallationId: githubInstallationId === null ? null : githubInstallationId.toString(),
    // Stored text parsed, never cast: anything unknown reads as the SPEC's default.
    publishHoldAs: publishHoldAs.catch("neutral").parse(holdAs),
    hasWebhookSecret: Boolean(secret),
    githubToken: { set: Boolean(token), last4: token && token.length >= 20 ? token.slice(-4) : null },
    createdAt: createdAt.toISOString(),
  };
}
