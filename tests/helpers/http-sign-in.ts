import { CookieJar } from "./cookie-jar";

/**
 * Signs in to a running local site through its own identity provider, as a browser would, and returns
 * the jar holding the session cookie. `origin` must be the site's PUBLIC_URL origin.
 */
export async function signInOverHttp(
  origin: string,
  identity: { email: string; firstName: string } = { email: "admin@kestrelinsight.example", firstName: "Ada" },
): Promise<CookieJar> {
  const jar = new CookieJar();
  let response = await jar.fetch(`${origin}/api/login`);
  if (response.status !== 302) throw new Error(`/api/login answered ${response.status}`);
  response = await jar.fetch(response.headers.get("Location")!);
  const interaction = new URL(response.headers.get("Location")!, origin);
  await jar.fetch(interaction);
  response = await jar.fetch(interaction, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin },
    body: new URLSearchParams({ ...identity, intent: "sign-in" }),
  });
  while (response.status === 303 || response.status === 302) {
    const next = new URL(response.headers.get("Location")!, origin);
    if (next.pathname === "/admin") return jar;
    response = await jar.fetch(next);
  }
  throw new Error(`sign-in did not reach /admin (last answer ${response.status})`);
}
