import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { afterAll, expect, vi } from "vitest";

/**
 * RouterProvider and Link are browser code: rendered to a string they warn about their useLayoutEffect, which is
 * harmless there. Call at the top of a test file (the describe blocks render while they are collected); every
 * other message still shows.
 */
export function silenceServerLayoutEffectWarnings() {
  const consoleError = console.error.bind(console);
  vi.spyOn(console, "error").mockImplementation((message: unknown, ...rest: unknown[]) => {
    if (typeof message === "string" && message.startsWith("Warning: useLayoutEffect does nothing on the server")) return;
    consoleError(message, ...rest);
  });
  afterAll(() => {
    vi.restoreAllMocks();
  });
}

/** A component as the server sends it at `path`: `Form` and `Link` need a data router around them. */
export function renderInRouter(element: ReactElement, path: string) {
  const router = createMemoryRouter([{ path: "*", element }], { initialEntries: [path] });
  return renderToStaticMarkup(<RouterProvider router={router} />);
}

/** The same, while a form posting `fields` to `action` is in flight (its action never answers). */
export async function renderWhileSubmitting(element: ReactElement, { path, action = path, fields }: { path: string; action?: string; fields: Record<string, string> }) {
  const router = createMemoryRouter([{ path: "*", element, action: () => new Promise<never>(() => {}) }], { initialEntries: [path] });
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.set(name, value);
  void router.navigate(action, { formMethod: "post", formData });
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(router.state.navigation.state).toBe("submitting");
  return renderToStaticMarkup(<RouterProvider router={router} />);
}
