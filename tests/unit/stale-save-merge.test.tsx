import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { versionToPost, type AdminFormReply, type StaleSaveMerge } from "~/components/admin/form-reply";
import { StaleSaveMergePanel } from "~/components/admin/stale-save-merge";

const merge: StaleSaveMerge = {
  version: 7,
  fields: [
    { name: "description", label: "Description", mine: "Mine\nin two lines", current: "Theirs", bothChanged: true, defaultChoice: "mine" },
    {
      name: "badge",
      label: "Badge",
      mine: "live",
      current: "none",
      bothChanged: false,
      defaultChoice: "current",
      valueLabels: { none: "None", live: "Live" },
    },
    { name: "icon", label: "Icon", mine: "", current: "fa-house", bothChanged: false, defaultChoice: "mine" },
  ],
};

const reply = (initialValue: Record<string, unknown>, withMerge?: StaleSaveMerge): AdminFormReply => ({
  result: { status: "error", initialValue: initialValue as Record<string, string>, error: { "": ["Refused"] } },
  ...(withMerge ? { merge: withMerge } : {}),
});

/** The panel's radios: id, name, value and whether it starts checked. */
function radios(html: string) {
  return [...html.matchAll(/<input ([^>]*type="radio"[^>]*)\/>/g)].map(([, attributes]) => {
    const attribute = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(attributes!)?.[1];
    return { id: attribute("id"), name: attribute("name"), value: attribute("value"), checked: attributes!.includes('checked=""') };
  });
}

describe("the merge panel", () => {
  const html = renderToString(<StaleSaveMergePanel merge={merge} messageId="product-form-error" />);
  const checked = (name: string) => radios(html).find((radio) => radio.name === name && radio.checked)?.value;

  it("is a group of fieldsets, one per field, each with its legend and two labelled radios", () => {
    expect(html).toMatch(/^<div role="group" aria-labelledby="([^"]+)-title"/);
    expect(html).toContain("Your values and the current ones");
    expect(html.match(/<fieldset/g)).toHaveLength(3);
    expect(html.match(/<legend/g)).toHaveLength(3);
    expect(html.match(/type="radio" name="merge\.description"/g)).toHaveLength(2);
    expect(radios(html)).toHaveLength(6);
    for (const radio of radios(html)) expect(html).toContain(`for="${radio.id}"`);
    expect(html.match(/>Keep mine</g)).toHaveLength(3);
    expect(html.match(/>Use current</g)).toHaveLength(3);
  });

  it("says in text which fields both changed, and checks each field's default", () => {
    expect(html.match(/Changed by both/g)).toHaveLength(1);
    expect(checked("merge.description")).toBe("mine");
    expect(checked("merge.badge")).toBe("current");
    expect(checked("merge.icon")).toBe("mine");
    expect(radios(html).filter((radio) => radio.checked)).toHaveLength(3);
  });

  it("shows codes by their labels and an empty value as such", () => {
    expect(html).toContain(">Live<");
    expect(html).toContain(">None<");
    expect(html).toContain("(empty)");
    expect(html).toContain("Mine\nin two lines");
  });

  it("shows nothing without a merge, or when no field differs", () => {
    expect(renderToString(<StaleSaveMergePanel merge={undefined} messageId="x" />)).toBe("");
    expect(renderToString(<StaleSaveMergePanel merge={{ version: 2, fields: [] }} messageId="x" />)).toBe("");
  });
});

describe("the version a form posts", () => {
  it("is the merge's after a refused stale save, the one posted after another refusal, else the one loaded", () => {
    expect(versionToPost(undefined, 3)).toBe(3);
    expect(versionToPost(reply({ version: "3" }, merge), 3)).toBe(7);
    // Rendered again without JavaScript the loader reads a newer version: the form still saves over the one it had.
    expect(versionToPost(reply({ version: "3" }), 5)).toBe(3);
    expect(versionToPost(reply({ version: "x" }), 5)).toBe(5);
    expect(versionToPost(reply({}), 5)).toBe(5);
    expect(versionToPost(reply({ version: "3" }, merge), undefined)).toBeUndefined();
  });
});
