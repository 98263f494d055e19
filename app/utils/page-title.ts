import { useMatches } from "@remix-run/react";
import { PRODUCT_NAME } from "~/components/brand";

export type PageHandle = { title?: string };

/** The deepest route's `handle.title`, or the product name. */
export function usePageTitle() {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const title = (matches[index].handle as PageHandle | undefined)?.title;
    if (title) return title;
  }
  return PRODUCT_NAME;
}
