/**
 * The Node flags the server runs with: `npm start`, `npm run serve` (package.json spells them out, and a unit
 * test holds the two to this list), a deployment (README), and every script and test that starts the built
 * server.
 *
 * --max-old-space-size: V8 sizes its heap to the machine (up to 4 GB, a quarter of its memory) and, with so
 * much room, lets garbage grow by up to four times the live heap before a full collection. The server's live
 * heap is 30–60 MB; with a 1 GB ceiling V8 collects sooner (a CSV export of 100,000 messages peaked 70 MB
 * above idle without it, 30 MB with it; `npm run bench -- --only large`), and the ceiling is still twenty
 * times what the server holds.
 */
export const SERVER_NODE_FLAGS = ["--max-old-space-size=1024"];
