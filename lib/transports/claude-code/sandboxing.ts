/**
 * T4: whether this build starts the Claude Code CLI inside the sandbox. Not yet:
 * the sandbox has no network namespace the CLI could reach its model endpoint
 * from, and the CLI binary (≈400 MB, in node_modules) is not among the mounts.
 * Until both are solved the transport is a gated convention, and says so.
 */
export const CLAUDE_CODE_SANDBOXED = false;
