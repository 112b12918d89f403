/**
 * A small browser stand-in for tests that drive redirects by hand: it keeps cookies by name (honouring
 * Max-Age=0 and Path) and sends the ones whose path matches, as a browser would on one host.
 */
export class CookieJar {
  private cookies = new Map<string, { value: string; path: string }>();

  /** Reads every Set-Cookie of a response (or of its headers). */
  store(response: Response | Headers): void {
    const headers = response instanceof Response ? response.headers : response;
    for (const header of headers.getSetCookie()) {
      const [pair = "", ...attributes] = header.split(";").map((part) => part.trim());
      const at = pair.indexOf("=");
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      const attribute = (key: string) =>
        attributes.find((a) => a.toLowerCase().startsWith(`${key}=`))?.slice(key.length + 1);
      const path = attribute("path") ?? "/";
      const expired = attribute("max-age") === "0" || (attribute("expires") ?? "").includes("1970");
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, { value, path });
    }
  }

  /** The Cookie header for a URL (path matching as RFC 6265 5.1.4). */
  header(url: string | URL): string {
    const path = new URL(url).pathname;
    return [...this.cookies]
      .filter(([, c]) => path === c.path || path.startsWith(c.path.endsWith("/") ? c.path : `${c.path}/`))
      .map(([name, c]) => `${name}=${c.value}`)
      .join("; ");
  }

  names(): string[] {
    return [...this.cookies.keys()];
  }

  get(name: string): string | undefined {
    return this.cookies.get(name)?.value;
  }

  set(name: string, value: string, path = "/"): void {
    this.cookies.set(name, { value, path });
  }

  delete(name: string): void {
    this.cookies.delete(name);
  }

  /** fetch with this jar's cookies, without following redirects. */
  async fetch(url: string | URL, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    const cookie = this.header(url);
    if (cookie) headers.set("Cookie", cookie);
    const response = await fetch(url, { ...init, headers, redirect: "manual" });
    this.store(response);
    return response;
  }
}
