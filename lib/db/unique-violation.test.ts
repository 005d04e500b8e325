import { describe, expect, it } from "vitest";
import { isUniqueViolation, retryOnUniqueViolation } from "./unique-violation";

const violation = () => Object.assign(new Error("Unique constraint failed"), { code: "P2002" });

describe("a writer that lost a race for a unique value", () => {
  it("tries again until it wins, counting attempts from 1", async () => {
    const seen: number[] = [];
    const result = await retryOnUniqueViolation(
      async (attempt) => {
        seen.push(attempt);
        if (attempt < 3) throw violation();
        return "stored";
      },
      { attempts: 4 },
    );
    expect(result).toBe("stored");
    expect(seen).toEqual([1, 2, 3]);
  });

  it("gives up after the last attempt with the violation, or the error the caller names", async () => {
    await expect(retryOnUniqueViolation(() => Promise.reject(violation()), { attempts: 2 })).rejects.toMatchObject({ code: "P2002" });
    await expect(
      retryOnUniqueViolation(() => Promise.reject(violation()), { attempts: 2, exhausted: () => new Error("try again later") }),
    ).rejects.toThrow("try again later");
  });

  it("throws any other error at once, and stops when the caller's check throws", async () => {
    let calls = 0;
    const other = new Error("connection lost");
    await expect(
      retryOnUniqueViolation(() => {
        calls++;
        return Promise.reject(other);
      }, { attempts: 5 }),
    ).rejects.toBe(other);
    expect(calls).toBe(1);
    await expect(
      retryOnUniqueViolation(() => Promise.reject(violation()), {
        attempts: 5,
        onViolation: () => {
          throw new Error("it exists");
        },
      }),
    ).rejects.toThrow("it exists");
  });

  it("recognises only P2002 as a unique violation", () => {
    expect(isUniqueViolation(violation())).toBe(true);
    expect(isUniqueViolation(Object.assign(new Error(), { code: "P2025" }))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
  });
});
