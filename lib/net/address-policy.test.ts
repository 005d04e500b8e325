import { describe, expect, it } from "vitest";
import { addressKind, ipKey, parseHostRule, parseHostRules, parseIPv6, refuseAddress } from "./address-policy";

describe("address policy", () => {
  it("H4: loopback, private, link-local, CGNAT, unique-local and unspecified addresses are not public", () => {
    const cases: [string, string][] = [
      ["127.0.0.1", "loopback"],
      ["127.255.0.9", "loopback"],
      ["10.1.2.3", "private"],
      ["172.16.0.1", "private"],
      ["172.31.255.255", "private"],
      ["192.168.1.1", "private"],
      ["100.64.0.1", "shared (CGNAT)"],
      ["100.127.255.254", "shared (CGNAT)"],
      ["169.254.169.254", "link-local"],
      ["0.0.0.0", "unspecified"],
      ["224.0.0.1", "multicast"],
      ["255.255.255.255", "reserved"],
      ["::1", "loopback"],
      ["::", "unspecified"],
      ["fc00::1", "unique-local"],
      ["fd12:3456::1", "unique-local"],
      ["fe80::1", "link-local"],
      ["febf::1", "link-local"],
      ["::ffff:127.0.0.1", "loopback"],
      ["::ffff:7f00:1", "loopback"],
      ["::ffff:a00:1", "private"],
      ["64:ff9b::a9fe:a9fe", "link-local"],
      ["2002:7f00:1::", "loopback"],
      ["::127.0.0.1", "reserved"],
      ["ff02::1", "multicast"],
      ["2001:db8::1", "documentation"],
    ];
    for (const [address, kind] of cases) expect([address, addressKind(address)]).toEqual([address, kind]);
  });

  it("H4: ordinary internet addresses are public", () => {
    for (const address of ["8.8.8.8", "1.1.1.1", "172.32.0.1", "100.128.0.1", "192.169.0.1", "2606:4700::1111", "::ffff:8.8.8.8"]) {
      expect([address, addressKind(address)]).toEqual([address, "public"]);
    }
  });

  it("parses IPv6 in its usual spellings and rejects malformed ones", () => {
    expect(parseIPv6("::1")).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
    expect(parseIPv6("[fe80::1%eth0]")).toEqual([0xfe80, 0, 0, 0, 0, 0, 0, 1]);
    expect(parseIPv6("1:2:3:4:5:6:7:8")).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(parseIPv6("::ffff:1.2.3.4")).toEqual([0, 0, 0, 0, 0, 0xffff, 0x0102, 0x0304]);
    for (const bad of ["1::2::3", "1:2:3", "12345::", "::g", "1.2.3.4", "1:2:3:4:5:6:7:8:9"]) expect([bad, parseIPv6(bad)]).toEqual([bad, null]);
    expect(addressKind("not-an-ip")).toBeNull();
  });

  it("H4: host rules parse host, host:port and [ipv6]:port, normalised as URLs are", () => {
    expect(parseHostRule("localhost:11434")).toEqual({ host: "localhost", port: 11434 });
    expect(parseHostRule("10.0.0.5")).toEqual({ host: "10.0.0.5" });
    expect(parseHostRule("[::1]:8000")).toEqual({ host: "::1", port: 8000 });
    expect(parseHostRule("127.1:80")).toEqual({ host: "127.0.0.1", port: 80 });
    expect(parseHostRule("Ollama.LAN")).toEqual({ host: "ollama.lan" });
    for (const bad of ["http://localhost", "user@host", "*", "host:99999", "host:", "a/b", "[::1"]) {
      expect(typeof parseHostRule(bad)).toBe("string");
    }
    expect(parseHostRules(["localhost:1", "bad/entry"])).toEqual([{ host: "localhost", port: 1 }]);
  });

  it("H4: a rule allows its host (by name or address) on its port only", () => {
    const rules = parseHostRules(["localhost:11434", "10.0.0.5", "127.0.0.1:8000"]);
    expect(refuseAddress({ host: "localhost", port: 11434 }, "127.0.0.1", rules)).toBeNull();
    expect(refuseAddress({ host: "localhost", port: 11435 }, "127.0.0.1", rules)).toMatch(/localhost:11435 resolves to 127\.0\.0\.1, a loopback address/);
    expect(refuseAddress({ host: "10.0.0.5", port: 1 }, "10.0.0.5", rules)).toBeNull();
    expect(refuseAddress({ host: "10.0.0.6", port: 1 }, "10.0.0.6", rules)).toMatch(/10\.0\.0\.6:1 is a private address/);
    // The address the operator allowed, reached by another spelling or a name, is the same destination.
    expect(refuseAddress({ host: "::ffff:7f00:1", port: 8000 }, "::ffff:7f00:1", rules)).toBeNull();
    expect(refuseAddress({ host: "rebind.example", port: 8000 }, "127.0.0.1", rules)).toBeNull();
    expect(refuseAddress({ host: "rebind.example", port: 8001 }, "127.0.0.1", rules)).toMatch(/rebind\.example:8001 resolves to 127\.0\.0\.1/);
    expect(refuseAddress({ host: "example.com", port: 443 }, "93.184.215.14", [])).toBeNull();
    expect(ipKey("::ffff:127.0.0.1")).toBe(ipKey("127.0.0.1"));
  });
});
