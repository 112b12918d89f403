import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const toast = vi.fn();
vi.mock("~/components/ui/toast", () => ({ toast }));

describe("the unauthorized redirect (SPEC 4 and 8)", () => {
  const location = { href: "http://localhost/admin/products" };

  beforeEach(() => {
    vi.useFakeTimers();
    vi.resetModules();
    toast.mockClear();
    location.href = "http://localhost/admin/products";
    vi.stubGlobal("window", { location });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("shows the destructive notice, then 500 ms after it is on screen goes to /api/login, once however often it is called", async () => {
    const { redirectToLogin, UNAUTHORIZED_REDIRECT_DELAY_MS } = await import("~/utils/unauthorized");
    expect(UNAUTHORIZED_REDIRECT_DELAY_MS).toBe(500);
    redirectToLogin();
    redirectToLogin();
    expect(toast).toHaveBeenCalledTimes(1);
    expect(toast).toHaveBeenCalledWith(
      { title: "Unauthorized", description: "You are logged out. Logging in again...", variant: "destructive" },
      expect.any(Function),
    );
    // The notice's script is still loading: the delay has not started.
    vi.advanceTimersByTime(800);
    expect(location.href).toBe("http://localhost/admin/products");
    const shown = toast.mock.calls[0]![1] as () => void;
    shown();
    vi.advanceTimersByTime(499);
    expect(location.href).toBe("http://localhost/admin/products");
    vi.advanceTimersByTime(1);
    expect(location.href).toBe("/api/login");
  });

  it("goes to /api/login after 3 s if the notice cannot be drawn", async () => {
    const { redirectToLogin } = await import("~/utils/unauthorized");
    redirectToLogin();
    vi.advanceTimersByTime(2_999);
    expect(location.href).toBe("http://localhost/admin/products");
    vi.advanceTimersByTime(1);
    expect(location.href).toBe("/api/login");
  });

  it("treats a 401 status, a 401 response or a '401: ...Unauthorized' error as logged out, and nothing else", async () => {
    const { handleUnauthorized, isUnauthorizedError } = await import("~/utils/unauthorized");
    expect(isUnauthorizedError(new Error('401: {"message":"Unauthorized"}'))).toBe(true);
    expect(isUnauthorizedError(new Error("403: Forbidden"))).toBe(false);
    expect(isUnauthorizedError("401: Unauthorized")).toBe(false);
    expect(handleUnauthorized(400)).toBe(false);
    expect(handleUnauthorized(new Response(null, { status: 404 }))).toBe(false);
    expect(toast).not.toHaveBeenCalled();
    expect(handleUnauthorized(new Response(null, { status: 401 }))).toBe(true);
    expect(toast).toHaveBeenCalledTimes(1);
  });
});
