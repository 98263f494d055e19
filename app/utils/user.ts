import { useRouteLoaderData } from "@remix-run/react";
import type { RootLoaderData } from "~/root";

export function useOptionalUser() {
  return useRouteLoaderData<RootLoaderData>("root")?.user ?? null;
}

export function useUser() {
  const user = useOptionalUser();
  if (!user) throw new Error("useUser is for signed-in pages; the _app layout guarantees a user.");
  return user;
}
