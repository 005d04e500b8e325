/**
 * T1, T2, T4: where a room's mode is a boundary and where it is only a
 * convention, per transport, and why. Pure; the capability panel and the room
 * header show it so nobody mistakes a default for a guarantee.
 */
import { profileOf } from "./profiles";
import type { Mode } from "./types";

export const TRANSPORTS = ["built-in", "claude-code"] as const;
export type Transport = (typeof TRANSPORTS)[number];

export interface TransportGuarantee {
  transport: Transport;
  label: string;
  holds: "boundary" | "convention";
  why: string;
}

export interface HostFacts {
  /** the OS sandbox (bubblewrap) works on this server */
  sandbox: { available: true } | { available: false; reason: string };
  /** the Claude Code CLI is started inside the sandbox with the mode's mount plan */
  claudeCodeSandboxed: boolean;
  /** why it is not, when it is not (shown to people) */
  claudeCodeReason?: string;
}

export function transportGuarantees(mode: Mode, host: HostFacts): TransportGuarantee[] {
  const profile = profileOf(mode);
  const readOnly = profile.posture === "read-only";
  const commands = host.sandbox.available
    ? `commands run in the sandbox with the worktree ${readOnly ? "mounted read-only" : "writable"}`
    : `there is no OS sandbox on this server (${host.sandbox.reason}), so no command runs at all`;
  const builtIn: TransportGuarantee = {
    transport: "built-in",
    label: "Built-in harness",
    holds: "boundary",
    why: `Gatehouse builds the surface itself: a tool off it does not exist for the model, every call passes the guard and the approval gate before it runs (T1), and ${commands}.`,
  };
  const claudeCode: TransportGuarantee = host.claudeCodeSandboxed && host.sandbox.available
    ? {
        transport: "claude-code",
        label: "Claude Code",
        holds: "boundary",
        why:
          `The CLI loads only the surface's tools, every call passes Gatehouse's guard first, and the CLI itself runs in the sandbox under ${profile.label} mode's mount plan` +
          `${readOnly ? " with the worktree mounted read-only, so even a call that slipped past the guard could not write it" : ""}; its only way out is Gatehouse's relay to the model endpoint (T4, H4).`,
      }
    : {
        transport: "claude-code",
        label: "Claude Code",
        holds: "convention",
        why:
          `The CLI starts in ${mode === "chat" ? "its default permission mode" : "permission mode plan"} (T2), loads only the surface's tools and asks Gatehouse's guard before every call (T4), ` +
          `but it runs outside the sandbox on this server (${host.sandbox.available ? (host.claudeCodeReason ?? "the CLI cannot be sandboxed here") : host.sandbox.reason}). What holds: its file tools' paths are resolved like Gatehouse's own, ` +
          `so no link leads out of the worktree or into .git (H2), and every model request goes through Gatehouse's relay, counted and within the budget (T5). ` +
          `What does not: the CLI opens the resolved path itself, after the check, so a folder another process swaps for a link in between is not caught` +
          `${readOnly ? ", and the worktree is not also mounted read-only" : ""}; its shell and web fetch are withheld for that reason.`,
      };
  return [builtIn, claudeCode];
}
