/** Waits until `url` answers 2xx: a server the bench started is ready (up to a minute by default). */
export async function waitUntilAnswers(url: string, tries = 600): Promise<void> {
  for (let i = 0; i < tries; i++) {
    if (await fetch(url).then((r) => r.ok, () => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not come up`);
}
