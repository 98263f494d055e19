import { useRouteLoaderData } from "@remix-run/react";
import type { RootLoaderData } from "~/root";

export function useOptionalUser() {
  return useRouteLoaderData<RootLoaderData>("root")?.user ?? null;
}
