import { describe, expect, it } from "vitest";
import { z } from "zod";
import { describeIssues, fieldLabel, fieldMessage, issueWords } from "./issue-words";

const issuesOf = (schema: z.ZodType, value: unknown) => {
  const parsed = schema.safeParse(value);
  if (parsed.success) throw new Error("expected a failure");
  return parsed.error.issues;
};

describe("issue words", () => {
  it("H5: a refused field is named as people call it, never by its API name", () => {
    const issues = issuesOf(z.strictObject({ body: z.string().trim().min(1), content: z.string().max(3) }), { body: " ", content: "long text" });
    const words = describeIssues(issues);
    expect(words).toBe("The text can't be empty. The message can be at most 3 characters.");
    expect(words).not.toMatch(/\bbody\b|\bcontent\b|Too small|>=/);
  });

  it("our schemas' own messages stay, read as sentences; fragments get the field's name in front", () => {
    expect(issueWords({ path: ["content"], message: "write a message first" })).toBe("Write a message first.");
    expect(issueWords({ path: ["modes", 0, "description"], message: "must be at most 240 characters" })).toBe("The description must be at most 240 characters.");
    expect(issueWords({ path: [], message: "Send at least one field to change." })).toBe("Send at least one field to change.");
  });

  it("zod's defaults become what to fix: missing, a number's range, a choice, an address", () => {
    const schema = z.strictObject({ name: z.string(), confidence: z.number().max(1), priority: z.enum(["P0", "P1"]), email: z.email(), baseUrl: z.url() });
    const words = issuesOf(schema, { confidence: 3, priority: "P9", email: "nope", baseUrl: "nope", extra: 1 }).map(issueWords);
    expect(words).toEqual([
      "The name is missing.",
      "The confidence must be at most 1.",
      "The priority must be one of: P0, P1.",
      "The email address must look like ada@example.com.",
      "The base URL must be a full address, like https://example.com.",
      'This form does not take the field "extra"; leave it out.',
    ]);
  });

  it("beside a field, a schema's own words stay as written; zod's defaults and fragments read in words", () => {
    expect(fieldMessage({ path: ["P0"], message: "at least one confirmation: R3 needs another person" })).toBe("at least one confirmation: R3 needs another person");
    expect(fieldMessage({ path: ["body"], message: "Too small: expected string to have >=1 characters", code: "too_small", minimum: 1, origin: "string" })).toBe("The text can't be empty.");
    expect(fieldMessage({ path: ["label"], message: "must not be empty" })).toBe("Label must not be empty.");
  });

  it("unknown fields read in words", () => {
    expect(fieldLabel("moduleAllowlist.2")).toBe("Module allowlist");
    expect(fieldLabel([])).toBe("This");
  });
});
