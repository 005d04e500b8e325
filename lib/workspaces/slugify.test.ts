import { describe, expect, it } from "vitest";
import { SLUG_MAX_LENGTH, slugCandidate, slugify } from "./slugify";

describe("slugify", () => {
  it("lower-cases, strips accents and joins words with single dashes", () => {
    expect(slugify("  Ünïcode   Team!! ")).toBe("unicode-team");
    expect(slugify("Acme / Platform -- Infra")).toBe("acme-platform-infra");
  });

  it("falls back to 'workspace' when nothing usable is left", () => {
    expect(slugify("🚀🚀")).toBe("workspace");
    expect(slugify("---")).toBe("workspace");
  });

  it("stays within the length limit without a trailing dash", () => {
    const slug = slugify(`${"a".repeat(39)} b`);
    expect(slug.length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
    expect(slug.endsWith("-")).toBe(false);
  });

  it("numbers later candidates and keeps them within the limit", () => {
    expect(slugCandidate("acme", 1)).toBe("acme");
    expect(slugCandidate("acme", 3)).toBe("acme-3");
    const long = "a".repeat(SLUG_MAX_LENGTH);
    expect(slugCandidate(long, 12)).toHaveLength(SLUG_MAX_LENGTH);
    expect(slugCandidate(long, 12).endsWith("-12")).toBe(true);
  });
});
