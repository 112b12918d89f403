/**
 * A route that must move a browser without JavaScript on after a moment (the authentication check) says
 * so in its handle; the document puts the refresh in its head, inside <noscript>, the one place HTML
 * allows a <meta http-equiv="refresh"> that only script-less browsers follow.
 */
export interface RefreshHandle {
  refreshWithoutScript: { seconds: number; url: string };
}

export function refreshOf(handles: unknown[]): RefreshHandle["refreshWithoutScript"] | undefined {
  for (const handle of handles) {
    const refresh = (handle as Partial<RefreshHandle> | undefined)?.refreshWithoutScript;
    if (refresh) return refresh;
  }
  return undefined;
}
