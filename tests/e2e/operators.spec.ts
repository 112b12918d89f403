// Runs with and without JavaScript (@nojs): the Operators screen's dialogs (pages without JavaScript), an editor's sign-in, the 403 page.
import { expectNoAxeViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { expectNotice, open, recordSurface, withJs } from "./support/admin-pages";
import { useOperatorSession } from "./support/session";
import { signIn } from "./support/sign-in";

/**
 * Issue 36: an admin adds an editor; the editor writes a post but is refused the Operators screen (403 in
 * the admin layout, and no Operators link in the sidebar); removing the editor signs them out on their
 * next request.
 */
test("an admin adds an editor, who writes a post but not operators, and is signed out once removed", { tag: "@nojs" }, async ({ page, browser }, testInfo) => {
  const js = withJs(testInfo);
  const project = testInfo.project.name.replace(/[^a-z0-9]/gi, "").toLowerCase();
  const email = `edith.${project}.${Date.now()}@kestrelinsight.example`;
  const name = `Edith Editor ${project}`;

  await useOperatorSession(page);
  await open(page, "/admin/operators", js);
  await expectNoAxeViolations(page, "the Operators screen");
  await page.getByRole("link", { name: "Add Operator" }).click();
  let surface = await recordSurface(page, js, "Add New Operator");
  await surface.getByLabel("Email").fill(email);
  await surface.getByLabel("Name").fill(name);
  await surface.getByLabel("Role").selectOption({ label: "Editor" });
  await expectNoAxeViolations(page, "the new operator form");
  await surface.getByRole("button", { name: "Add Operator" }).click();
  await expectNotice(page, "Operator created successfully!");
  const row = page.getByRole("listitem").filter({ hasText: email });
  await expect(row).toContainText("Editor");

  // The editor signs in through the identity provider, in a browser of their own.
  const editorContext = await browser.newContext({ javaScriptEnabled: js });
  const editor = await editorContext.newPage();
  await signIn(editor, { email, firstName: "Edith" });
  await expect(editor).toHaveURL(/\/admin$/);
  const sidebar = editor.getByRole("navigation", { name: "Admin" });
  await expect(sidebar.getByRole("link", { name: "News" })).toBeVisible();
  await expect(sidebar.getByRole("link", { name: "Operators" })).toHaveCount(0);

  const title = `Editor's post ${project} ${Date.now()}`;
  await open(editor, "/admin/news/new", js);
  await editor.getByLabel("Title").fill(title);
  await editor.getByLabel("Summary").fill("Written by an editor.");
  await editor.getByLabel("Body").fill("Some words.");
  await editor.getByRole("button", { name: "Save draft" }).click();
  await expectNotice(editor, "Post created successfully!");

  // Their own sessions: this one marked, and no other operator's.
  await open(editor, "/admin/sessions", js);
  await expect(editor.getByText("This session")).toBeVisible();
  await expect(editor.getByLabel("Operator")).toHaveCount(0);
  await expectNoAxeViolations(editor, "the Sessions screen");

  const refused = await editor.goto("/admin/operators");
  expect(refused?.status()).toBe(403);
  await expect(editor.getByRole("heading", { name: "You do not have access to this", level: 1 })).toBeVisible();
  await expect(editor.getByText("This needs the Admin role.", { exact: false })).toBeVisible();
  await expect(editor.getByRole("navigation", { name: "Admin" })).toBeVisible();
  await expectNoAxeViolations(editor, "the 403 page");

  // The admin removes the editor: their next request finds no session.
  await open(page, "/admin/operators", js);
  await page.getByRole("link", { name: `Delete ${name}` }).click();
  surface = await recordSurface(page, js, "Delete Operator");
  await surface.getByRole("button", { name: "Delete" }).click();
  await expectNotice(page, "Operator deleted successfully!");
  await expect(page.getByRole("listitem").filter({ hasText: email })).toHaveCount(0);

  expect((await editor.request.get("/api/auth/user")).status()).toBe(401);
  expect((await editor.goto("/admin/news"))?.status()).toBe(404);
  await editorContext.close();
});
