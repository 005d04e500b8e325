import { describe, expect, it } from "vitest";
import { checkRemoteUrl, isInternalHost, parseRemoteUrl, RemoteUrlError } from "./remote-url";

describe("remote URLs (H3)", () => {
  it.each([
    ["https://github.com/acme/widgets.git", { protocol: "https", host: "github.com", port: null }],
    ["https://git.example.com:8443/team/repo", { protocol: "https", host: "git.example.com", port: 8443 }],
    ["ssh://git@github.com/acme/widgets.git", { protocol: "ssh", host: "github.com", port: null }],
    ["ssh://deploy@git.example.com:2222/srv/repo.git", { protocol: "ssh", host: "git.example.com", port: 2222 }],
    ["git@github.com:acme/widgets.git", { protocol: "ssh", host: "github.com", port: null }],
    ["git@[2001:db8::1]:acme/widgets.git", null],
  ])("accepts the forms git fetches over: %s", (url, parsed) => {
    if (parsed === null) expect(() => parseRemoteUrl(url)).toThrow(RemoteUrlError);
    else expect(parseRemoteUrl(url)).toEqual(parsed);
  });

  it.each([
    ["-oProxyCommand=touch /tmp/pwned", /starts with "-"/],
    ["ssh://-oProxyCommand=touch%20/tmp/pwned/x", /host .* starts with "-"/],
    ["ssh://git@-oProxyCommand=id/x", /host .* starts with "-"/],
    ["ssh://-u@github.com/acme/x", /user/],
    ["git@-oProxyCommand=id:acme/x", /host .* starts with "-"/],
    ["-x@github.com:acme/x", /starts with "-"/],
    ["git@github.com:-oProxyCommand=id", /path .* starts with "-"/],
    ["ssh://github.com/-oProxyCommand=id", /path .* starts with "-"/],
    ["ext::sh -c touch% /tmp/pwned", /spaces/],
    ["ext::sh", /remote helpers/],
    ["fd::17", /remote helpers/],
    ["file:///srv/git/repo.git", /file:\/\/ transport is not allowed/],
    ["git://github.com/acme/x.git", /git:\/\/ transport is not allowed/],
    ["/srv/git/repo.git", /path on the server/],
    ["https://user:token@github.com/acme/x.git", /credentials/],
    ["https://github.com/acme/x.git?upload-pack=evil", /query/],
    ["https://github.com", /names no repository/],
    ["ssh://2130706433/x.git", /not a dotted-quad/],
    ["ssh://0x7f.1/x.git", /not a dotted-quad/],
    ["https://bad_host.example/x", /not a valid host/],
    ["https://github.com/a b", /spaces/],
  ])("refuses %j with a message naming the field", (url, why) => {
    let error: unknown;
    try {
      parseRemoteUrl(url);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(RemoteUrlError);
    expect((error as Error).message).toMatch(/^Remote URL: /);
    expect((error as Error).message).toMatch(why);
  });

  it("H3: plain http and internal addresses only for hosts the operator lists", () => {
    expect(() => checkRemoteUrl("http://git.example.com/x.git", [])).toThrow(/plain http:\/\/ is not allowed/);
    expect(() => checkRemoteUrl("https://127.0.0.1/x.git", [])).toThrow(/loopback or private/);
    expect(() => checkRemoteUrl("https://2130706433/x.git", [])).toThrow(/loopback or private/); // URL parsing makes it 127.0.0.1
    expect(() => checkRemoteUrl("ssh://git@10.1.2.3/x.git", [])).toThrow(/loopback or private/);
    expect(() => checkRemoteUrl("git@localhost:x.git", [])).toThrow(/loopback or private/);
    expect(() => checkRemoteUrl("https://[::1]/x.git", [])).toThrow(/loopback or private/);
    expect(() => checkRemoteUrl("https://169.254.169.254/latest", [])).toThrow(/loopback or private/);
    expect(checkRemoteUrl("http://127.0.0.1:8080/x.git", ["127.0.0.1:8080"])).toMatchObject({ protocol: "http", host: "127.0.0.1", port: 8080 });
    expect(() => checkRemoteUrl("http://127.0.0.1:9090/x.git", ["127.0.0.1:8080"])).toThrow(/GATEHOUSE_ALLOWED_GIT_HOSTS/);
    expect(checkRemoteUrl("ssh://git@git.internal/x.git", ["git.internal"])).toMatchObject({ host: "git.internal" });
    expect(checkRemoteUrl("https://github.com/acme/x.git", [])).toMatchObject({ host: "github.com" });
  });

  it("classifies internal hosts", () => {
    for (const host of ["127.0.0.1", "10.0.0.1", "172.16.0.1", "192.168.1.1", "169.254.1.1", "100.64.0.1", "0.0.0.0", "::1", "fd00::1", "fe80::1", "::ffff:127.0.0.1", "localhost", "x.localhost"]) {
      expect(isInternalHost(host), host).toBe(true);
    }
    for (const host of ["8.8.8.8", "github.com", "2001:db8::1", "172.32.0.1"]) expect(isInternalHost(host), host).toBe(false);
  });
});
